/**
 * How a member's church reads on a card (docs/decisions/0132): the free text when it already names
 * the directory church ("GBI Bethany Surabaya"), else the church's short name and the free text
 * ("GBI · Rayon 3"), the church alone, or the free text alone. No imports: islands use it.
 */
export function churchLabel(church: { name: string; abbreviation?: string } | null, churchName: string): string {
  const local = churchName.trim();
  if (church === null) return local;
  if (local === "") return church.abbreviation === undefined ? church.name : `${church.name} (${church.abbreviation})`;
  const lower = local.toLowerCase();
  const short = church.abbreviation ?? church.name;
  if (lower.startsWith(short.toLowerCase()) || lower.startsWith(church.name.toLowerCase())) return local;
  return `${short} · ${local}`;
}
