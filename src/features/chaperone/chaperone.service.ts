/**
 * The family chaperone (MATCHING.md 'Chaperone', docs/decisions/0135): a member invites one
 * trusted person by email; once they accept through the mailed link they hold a chaperone account
 * (no profile, never on a deck) that reads the member's matches' public profiles and, for a match
 * the member shares, the messages written from the moment of sharing on, never earlier ones.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { chaperoneInvitations, chaperoneShares, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import type { Lang } from "../../i18n";
import { newId, newToken } from "../../platform/ids";
import { checkPasswordStrength, hashPassword, PASSWORD_PROBLEM_MESSAGES, verifyAgainstDummy, verifyPassword } from "../auth/password";
import { findOpenMatchFor } from "../matches/matches.service";
import { denominationName } from "../profile/denominations";
import { interestName } from "../profile/interests";
import { churchJson } from "../churches/church-json";
import { thumbUrl } from "../profile/profile-json";
import { endMemberChaperoneStatements, openSharesOf } from "./chaperone-endings";

/** A mailed invitation stays open a week: long enough for a parent to find it, short enough to die in an old mailbox. */
export const CHAPERONE_INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
/** The newest messages a chaperone reads in one call. */
export const CHAPERONE_MESSAGE_PAGE = 100;

export const CHAPERONE_MESSAGES = {
  ownAddress: "You cannot be your own chaperone",
  invalidEmail: "Please enter a valid email address",
  invalidInvitation: "This invitation is no longer valid",
  memberAddress: "This address belongs to a member account; a chaperone needs an address of its own",
  wrongPassword: "Invalid email or password",
  nameRequired: "Please enter your name",
  noChaperone: "No chaperone has accepted your invitation yet",
  notFound: "Match not found",
  noInvitation: "You have no chaperone",
} as const;

type Deps = Pick<AppDeps, "db" | "clock" | "config" | "passwordHashCost">;

/** Only a hash of the mailed token is kept, so a leaked table opens no invitation. */
export function invitationTokenHash(token: string): string {
  return Bun.SHA256.hash(token, "hex");
}

/** The link in the mail, always on APP_ORIGIN. */
export function invitationLink(appOrigin: string, token: string): string {
  const url = new URL("/chaperone/accept", appOrigin);
  url.searchParams.set("token", token);
  return url.toString();
}

export interface ChaperoneStatus {
  email: string;
  status: "pending" | "accepted";
  invitedAt: string;
  acceptedAt: string | null;
}

/** The member's live invitation (Settings shows it), or null. */
export async function chaperoneStatusOf(db: Database, memberId: string): Promise<ChaperoneStatus | null> {
  const [row] = await db
    .select({ email: chaperoneInvitations.email, status: chaperoneInvitations.status, createdAt: chaperoneInvitations.createdAt, acceptedAt: chaperoneInvitations.acceptedAt })
    .from(chaperoneInvitations)
    .where(and(eq(chaperoneInvitations.memberId, memberId), inArray(chaperoneInvitations.status, ["pending", "accepted"])))
    .limit(1);
  if (row === undefined || row.status === "ended") return null;
  return { email: row.email, status: row.status, invitedAt: row.createdAt.toISOString(), acceptedAt: row.acceptedAt?.toISOString() ?? null };
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 401 | 404 | 409; message: string };

/**
 * A new invitation: it replaces the member's live one in the same batch (that chaperone's access
 * ends at once). Returns the token for the mail and the matches whose shares closed.
 */
export async function inviteChaperone(deps: Deps, memberId: string, rawEmail: string): Promise<Outcome<{ token: string; status: ChaperoneStatus; closed: { matchId: string; otherId: string }[] }>> {
  const email = rawEmail.trim().toLowerCase();
  const [member] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, memberId)).limit(1);
  if (member === undefined) return { ok: false, status: 404, message: "User not found" };
  if (member.email === email) return { ok: false, status: 409, message: CHAPERONE_MESSAGES.ownAddress };
  const now = deps.clock.now();
  const token = newToken(32);
  const closed = await openSharesOf(deps.db, memberId);
  await deps.db.batch([
    ...endMemberChaperoneStatements(deps.db, memberId, now),
    deps.db.insert(chaperoneInvitations).values({ id: newId(), memberId, email, tokenHash: invitationTokenHash(token), status: "pending", createdAt: now }),
  ] as unknown as Parameters<Database["batch"]>[0]);
  return { ok: true, value: { token, status: { email, status: "pending", invitedAt: now.toISOString(), acceptedAt: null }, closed } };
}

/** The member removes their chaperone (or cancels the invitation): access ends at once. */
export async function removeChaperone(deps: Pick<Deps, "db" | "clock">, memberId: string): Promise<{ removed: boolean; chaperoneId: string | null; closed: { matchId: string; otherId: string }[] }> {
  const status = await chaperoneStatusOf(deps.db, memberId);
  if (status === null) return { removed: false, chaperoneId: null, closed: [] };
  const [live] = (await deps.db.all(sql`select chaperone_id as id from chaperone_invitations where member_id = ${memberId} and status in ('pending', 'accepted') limit 1`)) as { id: string | null }[];
  const closed = await openSharesOf(deps.db, memberId);
  await deps.db.batch(endMemberChaperoneStatements(deps.db, memberId, deps.clock.now()) as unknown as Parameters<Database["batch"]>[0]);
  return { removed: true, chaperoneId: live?.id ?? null, closed };
}

export interface InvitationView {
  id: string;
  email: string;
  memberFirstName: string;
  /** An account with this address exists: a chaperone signs in, a member's address is refused. */
  account: "none" | "chaperone" | "member";
}

/** What the accept page shows for a token: the open invitation, or null. */
export async function findInvitation(deps: Pick<Deps, "db" | "clock">, token: string): Promise<InvitationView | null> {
  if (token === "" || token.length > 100) return null;
  const cutoff = deps.clock.now().getTime() - CHAPERONE_INVITATION_TTL_MS;
  const rows = (await deps.db.all(sql`select ci.id, ci.email, m.first_name as memberFirstName, a.role as role
    from chaperone_invitations ci join users m on m.id = ci.member_id left join users a on a.email = ci.email
    where ci.token_hash = ${invitationTokenHash(token)} and ci.status = 'pending' and ci.created_at > ${cutoff} limit 1`)) as { id: string; email: string; memberFirstName: string; role: string | null }[];
  const row = rows[0];
  if (row === undefined) return null;
  return { id: row.id, email: row.email, memberFirstName: row.memberFirstName, account: row.role === null ? "none" : row.role === "chaperone" ? "chaperone" : "member" };
}

/**
 * Accepts an invitation: a new chaperone account with the password chosen here (the mailed link
 * proved the address), or the existing chaperone account after its password. Returns the account
 * to sign in.
 */
export async function acceptInvitation(deps: Deps, token: string, input: { password: string; firstName?: string }, lang: Lang): Promise<Outcome<{ chaperoneId: string }>> {
  const invitation = await findInvitation(deps, token);
  if (invitation === null) {
    await verifyAgainstDummy(input.password, deps.passwordHashCost);
    return { ok: false, status: 404, message: CHAPERONE_MESSAGES.invalidInvitation };
  }
  if (invitation.account === "member") return { ok: false, status: 409, message: CHAPERONE_MESSAGES.memberAddress };
  const now = deps.clock.now();
  const accept = (chaperoneId: string) =>
    deps.db
      .update(chaperoneInvitations)
      .set({ status: "accepted", chaperoneId, acceptedAt: now })
      .where(and(eq(chaperoneInvitations.id, invitation.id), eq(chaperoneInvitations.status, "pending")));
  if (invitation.account === "chaperone") {
    const [account] = await deps.db.select({ id: users.id, passwordHash: users.passwordHash, isBanned: users.isBanned }).from(users).where(eq(users.email, invitation.email)).limit(1);
    if (account === undefined || account.passwordHash === null || !(await verifyPassword(input.password, account.passwordHash)) || account.isBanned) {
      return { ok: false, status: 401, message: CHAPERONE_MESSAGES.wrongPassword };
    }
    const result = await accept(account.id);
    if (result.rowsAffected === 0) return { ok: false, status: 404, message: CHAPERONE_MESSAGES.invalidInvitation };
    return { ok: true, value: { chaperoneId: account.id } };
  }
  const firstName = (input.firstName ?? "").trim();
  if (firstName.length === 0 || firstName.length > 50) return { ok: false, status: 400, message: CHAPERONE_MESSAGES.nameRequired };
  const problem = checkPasswordStrength(input.password);
  if (problem !== null) return { ok: false, status: 400, message: PASSWORD_PROBLEM_MESSAGES[problem] };
  const id = newId();
  const passwordHash = await hashPassword(input.password, deps.passwordHashCost);
  // One batch: the account exists only with its accepted invitation. The insert is guarded by
  // "still pending, and the address still free", the acceptance by that insert.
  const [inserted] = await deps.db.batch([
    deps.db.run(sql`insert into users (id, email, password_hash, first_name, last_name, role, language, email_verified_at, created_at, last_active_at)
      select ${id}, ${invitation.email}, ${passwordHash}, ${firstName}, '', 'chaperone', ${lang}, ${now.getTime()}, ${now.getTime()}, ${now.getTime()}
      where exists (select 1 from chaperone_invitations where id = ${invitation.id} and status = 'pending')
        and not exists (select 1 from users where email = ${invitation.email})`),
    deps.db.run(sql`update chaperone_invitations set status = 'accepted', chaperone_id = ${id}, accepted_at = ${now.getTime()}
      where id = ${invitation.id} and status = 'pending' and exists (select 1 from users where id = ${id})`),
  ]);
  if (inserted.rowsAffected === 0) return { ok: false, status: 404, message: CHAPERONE_MESSAGES.invalidInvitation };
  return { ok: true, value: { chaperoneId: id } };
}

/**
 * Shares (or stops sharing) one of the member's matches with their chaperone. `announce` runs
 * BEFORE a share is stored, so the other member's socket hears of it before the chaperone can
 * read (MATCHING.md); the share counts from the time taken before that.
 */
export async function setShared(
  deps: Pick<Deps, "db" | "clock">,
  memberId: string,
  matchId: string,
  shared: boolean,
  announce: (notice: { otherId: string; at: Date }) => void,
): Promise<Outcome<{ shared: boolean; sharedAt: string | null; at: string | null }>> {
  const match = await findOpenMatchFor(deps.db, matchId, memberId);
  if (match === null) return { ok: false, status: 404, message: CHAPERONE_MESSAGES.notFound };
  const [open] = await deps.db
    .select({ sharedAt: chaperoneShares.sharedAt })
    .from(chaperoneShares)
    .where(and(eq(chaperoneShares.matchId, matchId), eq(chaperoneShares.memberId, memberId), sql`${chaperoneShares.unsharedAt} is null`))
    .limit(1);
  const now = deps.clock.now();
  if (!shared) {
    if (open === undefined) return { ok: true, value: { shared: false, sharedAt: null, at: null } };
    await deps.db.update(chaperoneShares).set({ unsharedAt: now }).where(and(eq(chaperoneShares.matchId, matchId), eq(chaperoneShares.memberId, memberId), sql`${chaperoneShares.unsharedAt} is null`));
    announce({ otherId: match.otherUserId, at: now });
    return { ok: true, value: { shared: false, sharedAt: null, at: now.toISOString() } };
  }
  if (open !== undefined) return { ok: true, value: { shared: true, sharedAt: open.sharedAt.toISOString(), at: null } };
  const status = await chaperoneStatusOf(deps.db, memberId);
  if (status?.status !== "accepted") return { ok: false, status: 409, message: CHAPERONE_MESSAGES.noChaperone };
  announce({ otherId: match.otherUserId, at: now });
  // The partial unique index keeps one open share per member and match: a double tap stores one.
  await deps.db.insert(chaperoneShares).values({ id: newId(), matchId, memberId, sharedAt: now }).onConflictDoNothing();
  return { ok: true, value: { shared: true, sharedAt: now.toISOString(), at: now.toISOString() } };
}

export interface ChaperoneNotice {
  at: string;
  /** True: from here the member's chaperone can read; false: from here no longer. */
  shared: boolean;
  memberId: string;
}

/** Every share and unshare of a match, oldest first: the chat's notice lines (never messages). */
export async function noticesOf(db: Database, matchId: string): Promise<ChaperoneNotice[]> {
  const rows = await db.select({ memberId: chaperoneShares.memberId, sharedAt: chaperoneShares.sharedAt, unsharedAt: chaperoneShares.unsharedAt }).from(chaperoneShares).where(eq(chaperoneShares.matchId, matchId));
  const notices: ChaperoneNotice[] = [];
  for (const row of rows) {
    notices.push({ at: row.sharedAt.toISOString(), shared: true, memberId: row.memberId });
    if (row.unsharedAt !== null) notices.push({ at: row.unsharedAt.toISOString(), shared: false, memberId: row.memberId });
  }
  return notices.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : Number(b.shared) - Number(a.shared)));
}

interface MemberRow {
  id: string;
  firstName: string;
  photo: string | null;
}

interface ChaperoneMatchRow {
  id: string;
  member_id: string;
  created_at: number;
  other_id: string;
  first_name: string;
  age: number | null;
  denomination: string | null;
  church_id: string | null;
  church_name: string | null;
  city: string | null;
  occupation: string | null;
  bio: string | null;
  interests: string | null;
  photo: string | null;
  shared_at: number | null;
}

/**
 * The chaperone's home: the members who chose them and those members' matches, each with the
 * other person's public profile and whether (since when) the member shares its conversation.
 */
export async function chaperoneOverview(db: Database, chaperoneId: string, lang: Lang) {
  const members = (await db.all(sql`select u.id, u.first_name as firstName,
      (select ph.file_name from photos ph where ph.user_id = u.id order by ph.position limit 1) as photo
    from chaperone_invitations ci join users u on u.id = ci.member_id
    where ci.chaperone_id = ${chaperoneId} and ci.status = 'accepted' order by ci.accepted_at`)) as MemberRow[];
  const rows = (await db.all(sql`select m.id, ci.member_id, m.created_at, o.id as other_id, o.first_name, p.age, p.denomination, p.church_id, p.church_name,
      p.city, p.occupation, p.bio, p.interests,
      (select ph.file_name from photos ph where ph.user_id = o.id order by ph.position limit 1) as photo,
      (select cs.shared_at from chaperone_shares cs where cs.match_id = m.id and cs.member_id = ci.member_id and cs.unshared_at is null) as shared_at
    from chaperone_invitations ci
    join matches m on m.user1_id = ci.member_id or m.user2_id = ci.member_id
    join users o on o.id = case when m.user1_id = ci.member_id then m.user2_id else m.user1_id end
    left join profiles p on p.user_id = o.id
    where ci.chaperone_id = ${chaperoneId} and ci.status = 'accepted' and o.is_banned = 0
      and not exists (select 1 from blocks b where (b.blocker_id = ci.member_id and b.blocked_id = o.id) or (b.blocker_id = o.id and b.blocked_id = ci.member_id))
    order by coalesce(m.last_message_at, m.created_at) desc, m.id desc`)) as ChaperoneMatchRow[];
  return {
    members: members.map((member) => ({ id: member.id, firstName: member.firstName, photo: member.photo === null ? null : thumbUrl(member.photo) })),
    matches: rows.map((row) => {
      const interests = row.interests === null ? [] : (JSON.parse(row.interests) as string[]);
      return {
        id: row.id,
        memberId: row.member_id,
        matchedAt: new Date(row.created_at).toISOString(),
        shared: row.shared_at !== null,
        sharedAt: row.shared_at === null ? null : new Date(row.shared_at).toISOString(),
        profile: {
          id: row.other_id,
          firstName: row.first_name,
          age: row.age,
          denomination: row.denomination,
          denominationName: row.denomination === null ? null : denominationName(row.denomination, lang),
          church: churchJson(row.church_id),
          churchName: row.church_name,
          city: row.city,
          occupation: row.occupation,
          bio: row.bio,
          interestNames: interests.map((key) => interestName(key, lang)),
          photo: row.photo === null ? null : thumbUrl(row.photo),
        },
      };
    }),
  };
}

export type ChaperoneOverview = Awaited<ReturnType<typeof chaperoneOverview>>;

export interface ChaperoneMessage {
  id: string;
  senderId: string;
  sender: { id: string; firstName: string };
  content: string;
  kind: "text" | "missed_call" | "call";
  createdAt: string;
}

/**
 * A shared match's conversation for the chaperone: only while the member's share is open, only
 * messages from its start on (newest CHAPERONE_MESSAGE_PAGE, oldest first; `before` an ISO time
 * for older ones). Null when the match is not shared with this chaperone (the route answers 404).
 */
export async function chaperoneConversation(db: Database, chaperoneId: string, matchId: string, before?: Date) {
  const rows = (await db.all(sql`select cs.shared_at as sharedAt, ci.member_id as memberId, mu.first_name as memberFirstName,
      o.id as otherId, o.first_name as otherFirstName
    from chaperone_shares cs
    join chaperone_invitations ci on ci.member_id = cs.member_id and ci.status = 'accepted' and ci.chaperone_id = ${chaperoneId}
    join matches m on m.id = cs.match_id
    join users mu on mu.id = ci.member_id
    join users o on o.id = case when m.user1_id = ci.member_id then m.user2_id else m.user1_id end
    where cs.match_id = ${matchId} and cs.unshared_at is null and o.is_banned = 0 limit 1`)) as { sharedAt: number; memberId: string; memberFirstName: string; otherId: string; otherFirstName: string }[];
  const share = rows[0];
  if (share === undefined) return null;
  const upper = before === undefined ? sql`` : sql`and x.created_at < ${before.getTime()}`;
  const messages = (await db.all(sql`select x.id, x.sender_id as senderId, u.first_name as firstName, x.content, x.kind, x.created_at as createdAt
    from messages x join users u on u.id = x.sender_id
    where x.match_id = ${matchId} and x.created_at >= ${share.sharedAt} ${upper}
    order by x.created_at desc, x.rowid desc limit ${CHAPERONE_MESSAGE_PAGE}`)) as { id: string; senderId: string; firstName: string; content: string; kind: ChaperoneMessage["kind"]; createdAt: number }[];
  return {
    matchId,
    sharedAt: new Date(share.sharedAt).toISOString(),
    member: { id: share.memberId, firstName: share.memberFirstName },
    other: { id: share.otherId, firstName: share.otherFirstName },
    messages: messages.reverse().map((row): ChaperoneMessage => ({ id: row.id, senderId: row.senderId, sender: { id: row.senderId, firstName: row.firstName }, content: row.content, kind: row.kind, createdAt: new Date(row.createdAt).toISOString() })),
  };
}

export type ChaperoneConversation = NonNullable<Awaited<ReturnType<typeof chaperoneConversation>>>;

/** The member's chaperone section of "download my data". */
export async function chaperoneForExport(db: Database, memberId: string) {
  const [invitations, shares] = await Promise.all([
    db.select({ email: chaperoneInvitations.email, status: chaperoneInvitations.status, createdAt: chaperoneInvitations.createdAt, acceptedAt: chaperoneInvitations.acceptedAt, endedAt: chaperoneInvitations.endedAt }).from(chaperoneInvitations).where(eq(chaperoneInvitations.memberId, memberId)),
    db.select({ matchId: chaperoneShares.matchId, sharedAt: chaperoneShares.sharedAt, unsharedAt: chaperoneShares.unsharedAt }).from(chaperoneShares).where(eq(chaperoneShares.memberId, memberId)),
  ]);
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    invitations: invitations.map((row) => ({ email: row.email, status: row.status, invitedAt: iso(row.createdAt), acceptedAt: iso(row.acceptedAt), endedAt: iso(row.endedAt) })),
    shares: shares.map((row) => ({ matchId: row.matchId, sharedAt: iso(row.sharedAt), unsharedAt: iso(row.unsharedAt) })),
  };
}
