import { churchById } from "./church-directory";

/** A profile's or card's `church` (MATCHING.md): the directory's entry, or null without one. */
export function churchJson(churchId: string | null): { id: string; name: string; abbreviation?: string; family: string } | null {
  if (churchId === null) return null;
  const church = churchById(churchId);
  if (church === undefined) return null;
  return { id: church.id, name: church.name, ...(church.abbreviation === undefined ? {} : { abbreviation: church.abbreviation }), family: church.family };
}

/** How a church is named on a card: the directory's short name with the congregation, or the free text. */
export function churchLabel(churchId: string | null, churchName: string): string {
  const church = churchId === null ? undefined : churchById(churchId);
  if (church === undefined) return churchName;
  const short = church.abbreviation ?? church.name;
  if (churchName.trim() === "") return church.name;
  // "GBI Bethany Surabaya" already names the church; "Rayon 3" does not.
  const lower = churchName.toLowerCase();
  return lower.startsWith(short.toLowerCase()) || lower.startsWith(church.name.toLowerCase()) ? churchName : `${short} ${churchName}`;
}
