/**
 * Deleting an account for good: the admin panel's "Delete" and "Remove" of a temp user today, a
 * member's own "delete my account" later. ADMIN.md: the account, profile, photos (files too),
 * swipes, matches, messages and sessions are gone; the admin log keeps the name.
 */
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AppDeps } from "../../app-env";
import { matches, photos, photoVerifications, users } from "../../../db/schema";
import { removeSelfie } from "../verification/selfie-store";
import { fileNameFromUrl, removeStoredFile } from "../profile/photos/photo-store";
import { holdAddressesStatements } from "../safety/registration-holds";
import { chaperoneOf, endChaperoneAccountStatements, endMemberChaperoneStatements } from "../chaperone/chaperone-endings";

export interface DeleteAccountOptions {
  /**
   * A further condition (SQL over `users`) the account must still meet when it goes, e.g. "still
   * a temp user". Checked inside the batch, so a profile saved a moment earlier saves the account.
   */
  onlyIf?: SQL;
  /**
   * Statements committed in the same batch just before the account goes (the admin log row).
   * They receive the batch's guard ("the account is there and meets onlyIf") to write under it.
   */
  alongside?: (guard: SQL) => BatchItem<"sqlite">[];
}

export interface DeletedAccount {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** The matches that ended with it; both members' open chats were told (match_removed). */
  removedMatches: { matchId: string; userIds: [string, string] }[];
  /** Upload files removed from disk (photos and the profile picture). */
  removedFiles: string[];
}

type Deps = Pick<AppDeps, "db" | "config" | "events" | "clock">;

/**
 * Deletes the account `userId` and everything that belongs to it; null when there is no such
 * account (or it no longer meets `onlyIf`), and then nothing at all was written.
 *
 * One db.batch (docs/decisions/0002). Matches and photos are deleted by their own statements
 * with RETURNING, so the events and the file removal name exactly what went, even if a match was
 * made between any earlier read and this batch; the user row's delete then takes the rest with
 * it through the foreign keys (profile, swipes, messages, sessions, blocks, provider links,
 * tokens, daily counters, payments), and the admin log's and the reports' references become null
 * while the log's name and the reports' snapshot and evidence stay (docs/decisions/0129). Files go after the commit: a crash in between leaves an unreferenced file, never a
 * row pointing at a missing one.
 */
export async function deleteAccount(deps: Deps, userId: string, options: DeleteAccountOptions = {}): Promise<DeletedAccount | null> {
  const { db } = deps;
  const target = and(eq(users.id, userId), options.onlyIf);
  const guard = sql`exists (select 1 from users where ${target})`;
  const [addresses] = await db.select({ id: users.id, email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  // The member's chaperone loses access with the account (their sessions, and their account
  // unless they chaperone someone else); a chaperone's own account going ends what it accepted
  // (MATCHING.md 'Chaperone', docs/decisions/0135).
  const chaperoneId = await chaperoneOf(db, userId);
  const now = deps.clock.now();
  const results = (await db.batch([
    ...(options.alongside?.(guard) ?? []),
    // Reports outlive the account (their ids become null); its addresses are held while reports
    // against it were open, so it cannot register again at once (docs/decisions/0129).
    ...(addresses === undefined ? [] : holdAddressesStatements(deps, addresses, now, guard)),
    ...endMemberChaperoneStatements(db, userId, now, guard),
    ...endChaperoneAccountStatements(db, userId, now, guard),
    // Selfies waiting for review live outside uploads/ (src/features/verification): named here to remove their files.
    db.delete(photoVerifications).where(and(eq(photoVerifications.userId, userId), guard)).returning({ file: photoVerifications.selfieFile }),
    db
      .delete(matches)
      .where(and(or(eq(matches.user1Id, userId), eq(matches.user2Id, userId)), guard))
      .returning({ id: matches.id, user1Id: matches.user1Id, user2Id: matches.user2Id }),
    db.delete(photos).where(and(eq(photos.userId, userId), guard)).returning({ fileName: photos.fileName }),
    db.delete(users).where(target).returning({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, profileImageUrl: users.profileImageUrl }),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];

  const [removedSelfieRows, removedMatchRows, removedPhotoRows, removedUsers] = results.slice(-4) as [
    { file: string | null }[],
    { id: string; user1Id: string; user2Id: string }[],
    { fileName: string }[],
    { id: string; firstName: string; lastName: string; email: string; profileImageUrl: string | null }[],
  ];
  const account = removedUsers[0];
  if (account === undefined) return null;

  const files = new Set(removedPhotoRows.map((row) => row.fileName));
  const picture = account.profileImageUrl ? fileNameFromUrl(account.profileImageUrl) : null;
  if (picture !== null && !(await fileStillUsed(deps, picture))) files.add(picture);
  await Promise.all([...files].map((fileName) => removeStoredFile(deps.config.dataDir, fileName)));
  await Promise.all(removedSelfieRows.map((row) => removeSelfie(deps.config.dataDir, row.file)));

  const removedMatches = removedMatchRows.map((row) => ({ matchId: row.id, userIds: [row.user1Id, row.user2Id] as [string, string] }));
  // The partners' open pages hear match_removed first, then the account's own sockets close.
  for (const match of removedMatches) deps.events.emit("match.removed", match);
  deps.events.emit("sessions.revoked", { userId, sessionIds: null });
  if (chaperoneId !== null) deps.events.emit("sessions.revoked", { userId: chaperoneId, sessionIds: null });
  deps.events.emit("user.deleted", { userId });

  return { id: account.id, firstName: account.firstName, lastName: account.lastName, email: account.email, removedMatches, removedFiles: [...files] };
}

/** A profile picture may be the file of someone's photo row; then it stays. */
async function fileStillUsed(deps: Deps, fileName: string): Promise<boolean> {
  const rows = await deps.db.select({ id: photos.id }).from(photos).where(eq(photos.fileName, fileName)).limit(1);
  return rows.length > 0;
}
