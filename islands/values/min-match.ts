/**
 * Discover's minimum match (MATCHING.md: `GET /api/discovery?minMatch=`), kept on the device:
 * the server applies it on every call, the filters' set on the server has no place for it yet
 * (docs/decisions/0133).
 */
const KEY = "kasih-min-match";
export const MIN_MATCH_STEP = 5;

export function readMinMatch(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(KEY) ?? 0);
    return Number.isInteger(value) && value >= 0 && value <= 100 ? value : 0;
  } catch {
    return 0;
  }
}

export function saveMinMatch(value: number): void {
  try {
    if (value > 0) globalThis.localStorage?.setItem(KEY, String(value));
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Private mode without storage: the minimum holds for this page only.
  }
}
