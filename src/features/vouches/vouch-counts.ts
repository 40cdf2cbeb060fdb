/**
 * The `vouches` of cards and profiles (MATCHING.md 'Church vouching', docs/decisions/0134): the
 * accepted vouches that speak for the member's church today, counted for a whole page of cards in
 * one grouped read on vouches_user_status_idx (never one read per card).
 */
import type { Database } from "../../../db/client";
import { fixedRows } from "../../../db/prepared";
import { churchById } from "../churches/church-directory";
import { churchLabel } from "../churches/church-label";
import { vouchFitsChurch, type ChurchOf } from "./vouch-rules";

/** What a card and a profile carry: how many vouched, and the church as the card names it; or null. */
export interface CardVouches {
  count: number;
  church: string;
}

/**
 * Fixed SQL text (docs/decisions/0104): the ids travel as one JSON array. The plan is a SEARCH of
 * vouches_user_status_idx (user_id=? AND status=?) per id; only accepted vouches' rows are read.
 */
export const ACCEPTED_VOUCHES_SQL = `select user_id, church_id, church_name, count(*) as n from vouches
  where user_id in (select value from json_each(?1)) and status = 'accepted'
  group by user_id, church_id, church_name`;

/** The members' vouches by id (members without any are absent). */
export async function vouchesFor(db: Database, members: readonly ({ id: string } & ChurchOf)[]): Promise<Map<string, CardVouches>> {
  const found = new Map<string, CardVouches>();
  if (members.length === 0) return found;
  const rows = await fixedRows<{ user_id: string; church_id: string | null; church_name: string; n: number }>(db, ACCEPTED_VOUCHES_SQL, [JSON.stringify(members.map((member) => member.id))]);
  if (rows.length === 0) return found;
  const byId = new Map(members.map((member) => [member.id, member]));
  for (const row of rows) {
    const member = byId.get(row.user_id);
    if (member === undefined || !vouchFitsChurch({ churchId: row.church_id, churchName: row.church_name }, member)) continue;
    const church = churchLabel(member.churchId === null ? null : (churchById(member.churchId) ?? null), member.churchName);
    found.set(row.user_id, { count: (found.get(row.user_id)?.count ?? 0) + row.n, church });
  }
  return found;
}
