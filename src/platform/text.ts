/**
 * What people type, made safe to store and show (SECURITY.md 'Requests'): Unicode NFC (one
 * spelling per letter, so "é" typed two ways compares equal), no control characters (a tab and a
 * newline stay in multi-line texts), and no bidirectional embeddings, overrides or isolates, which
 * can make a text read differently from what it holds ("‮gnp.exe" shows as "exe.png").
 * Zero-width joiners stay (emoji sequences need them), but a text that is nothing else is empty.
 */
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Characters that draw nothing: soft hyphen, zero-width space and joiners, word joiner, BOM. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

export function cleanText(value: string, options: { multiline?: boolean } = {}): string {
  return value
    .normalize("NFC")
    .replace(options.multiline ? CONTROLS_BUT_LINES : CONTROLS, "")
    .replace(BIDI_CONTROLS, "")
    .trim();
}

/** True when nothing visible is left (empty, spaces, or only zero-width characters). */
export function isBlank(value: string): boolean {
  return value.replace(INVISIBLE, "").trim() === "";
}

/** How many characters a reader sees, for minimum lengths. */
export function visibleLength(value: string): number {
  return cleanText(value, { multiline: true }).replace(INVISIBLE, "").length;
}

export function hasBidiControls(value: string): boolean {
  return new RegExp(BIDI_CONTROLS.source).test(value);
}
