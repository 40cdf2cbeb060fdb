/**
 * How a chaperone's access ends (MATCHING.md 'Chaperone', docs/decisions/0135): the statements a
 * caller puts in ITS batch, so the end commits with what caused it (a new invitation, the member
 * removing them, either account deleted). The chaperone's sessions go, and their account too
 * unless they still chaperone someone else.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";

type Statement = BatchItem<"sqlite">;

/**
 * Ends the member's live invitation (pending or accepted) and closes their open shares; the
 * chaperone it named loses every session, and their account goes if no other member's accepted
 * invitation names them. `guard`: a condition the whole change runs under (the caller's batch).
 */
export function endMemberChaperoneStatements(db: Database, memberId: string, now: Date, guard: SQL = sql`1`): Statement[] {
  const at = now.getTime();
  // The chaperone named by the live invitation, read inside each statement (before it ends).
  const ending = sql`(select chaperone_id from chaperone_invitations where member_id = ${memberId} and status = 'accepted' and chaperone_id is not null)`;
  return [
    db.run(sql`update chaperone_shares set unshared_at = ${at} where member_id = ${memberId} and unshared_at is null and ${guard}`),
    db.run(sql`delete from sessions where user_id in ${ending} and ${guard}`),
    db.run(sql`delete from users where id in ${ending} and role = 'chaperone' and ${guard}
      and not exists (select 1 from chaperone_invitations o where o.chaperone_id = users.id and o.status = 'accepted' and o.member_id <> ${memberId})`),
    db.run(sql`update chaperone_invitations set status = 'ended', ended_at = ${at} where member_id = ${memberId} and status in ('pending', 'accepted') and ${guard}`),
  ];
}

/** A chaperone account going: the invitations it accepted end and those members' shares close. */
export function endChaperoneAccountStatements(db: Database, chaperoneId: string, now: Date, guard: SQL = sql`1`): Statement[] {
  const at = now.getTime();
  return [
    db.run(sql`update chaperone_shares set unshared_at = ${at} where unshared_at is null and ${guard}
      and member_id in (select member_id from chaperone_invitations where chaperone_id = ${chaperoneId} and status = 'accepted')`),
    db.run(sql`update chaperone_invitations set status = 'ended', ended_at = ${at} where chaperone_id = ${chaperoneId} and status = 'accepted' and ${guard}`),
  ];
}

/** The matches whose open shares by `memberId` an ending closes: their other members are told. */
export async function openSharesOf(db: Database, memberId: string): Promise<{ matchId: string; otherId: string }[]> {
  const rows = (await db.all(sql`select cs.match_id as matchId, case when m.user1_id = ${memberId} then m.user2_id else m.user1_id end as otherId
    from chaperone_shares cs join matches m on m.id = cs.match_id where cs.member_id = ${memberId} and cs.unshared_at is null`)) as { matchId: string; otherId: string }[];
  return rows;
}

/** The chaperone account a member's live invitation names, if accepted. */
export async function chaperoneOf(db: Database, memberId: string): Promise<string | null> {
  const rows = (await db.all(sql`select chaperone_id as id from chaperone_invitations where member_id = ${memberId} and status = 'accepted' and chaperone_id is not null limit 1`)) as { id: string }[];
  return rows[0]?.id ?? null;
}
