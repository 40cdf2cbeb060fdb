import { churchById } from "./church-directory";

/** A profile's or card's `church` (MATCHING.md): the directory's entry, or null without one. */
export function churchJson(churchId: string | null): { id: string; name: string; abbreviation?: string; family: string } | null {
  if (churchId === null) return null;
  const church = churchById(churchId);
  if (church === undefined) return null;
  return { id: church.id, name: church.name, ...(church.abbreviation === undefined ? {} : { abbreviation: church.abbreviation }), family: church.family };
}
