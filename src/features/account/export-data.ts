/**
 * "Download my data" (UU PDP 27/2022 art. 7 and 13: a copy of one's personal data in a common
 * format): a zip of JSON files and the member's photo files. What is in it is what Kasih holds
 * about the member — never another member's data beyond what the member was shown (a match's
 * first name, the messages of their own conversations), and no secrets (no password hash, no
 * session ids, no report evidence, which is the admin's).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { zipSync, strToU8 } from "fflate";
import type { AppDeps } from "../../app-env";
import { blocks, oauthAccounts, payments, photos, profiles, reports, swipes, users } from "../../../db/schema";
import { uploadsDir } from "../profile/photos/photo-store";
import { answersForExport } from "../questions/answers-export";
import { vouchesForExport } from "../vouches/vouches-export";
import { chaperoneForExport } from "../chaperone/chaperone.service";

type Deps = Pick<AppDeps, "db" | "config" | "clock">;

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The zip's bytes, or null when there is no such account. */
export async function exportAccountData(deps: Deps, userId: string): Promise<Uint8Array | null> {
  const { db } = deps;
  const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (account === undefined) return null;
  const [[profile], photoRows, swipeRows, matchRows, messageRows, blockRows, reportRows, paymentRows, providerRows] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1),
    db.select({ fileName: photos.fileName, position: photos.position }).from(photos).where(eq(photos.userId, userId)).orderBy(photos.position),
    db.select({ swipedId: swipes.swipedId, isLike: swipes.isLike, isSuperLike: swipes.isSuperLike, createdAt: swipes.createdAt }).from(swipes).where(eq(swipes.swiperId, userId)),
    db.all<{ id: string; other_id: string; other_first_name: string; created_at: number }>(sql`
      select m.id, u.id as other_id, u.first_name as other_first_name, m.created_at from matches m
      join users u on u.id = case when m.user1_id = ${userId} then m.user2_id else m.user1_id end
      where m.user1_id = ${userId} or m.user2_id = ${userId} order by m.created_at`),
    db.all<{ match_id: string; sender_id: string; content: string; kind: string; created_at: number; read_at: number | null }>(sql`
      select x.match_id, x.sender_id, x.content, x.kind, x.created_at, x.read_at from messages x
      join matches m on m.id = x.match_id where m.user1_id = ${userId} or m.user2_id = ${userId} order by x.created_at`),
    db.select({ blockedId: blocks.blockedId, createdAt: blocks.createdAt }).from(blocks).where(eq(blocks.blockerId, userId)),
    db.select({ reportedUserId: reports.reportedUserId, reason: reports.reason, description: reports.description, status: reports.status, createdAt: reports.createdAt }).from(reports).where(eq(reports.reporterId, userId)),
    db.select().from(payments).where(eq(payments.userId, userId)),
    db.select({ provider: oauthAccounts.provider, createdAt: oauthAccounts.createdAt }).from(oauthAccounts).where(eq(oauthAccounts.userId, userId)),
  ]);

  const files: Record<string, Uint8Array> = {
    "README.txt": strToU8(
      `Your Kasih data, exported ${deps.clock.now().toISOString()}.\n` +
        "account.json: your account and settings. profile.json: your profile. photos/: your photo files.\n" +
        "matches.json and messages.json: your matches and the messages of your conversations.\n" +
        "swipes.json, blocks.json, reports.json: what you did. payments.json: your payments. sign-in.json: linked providers.\n" +
        "answers.json: your answers to the values questions.\n" +
        "vouches.json: the church vouches you gave and received.\n" +
        "chaperone.json: the chaperones you invited and the conversations you shared with them.\n",
    ),
    "account.json": json({
      id: account.id,
      email: account.email,
      emailVerifiedAt: iso(account.emailVerifiedAt),
      photoVerifiedAt: iso(account.photoVerifiedAt),
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone,
      phoneVerifiedAt: iso(account.phoneVerifiedAt),
      language: account.language,
      plan: account.plan,
      planExpiresAt: iso(account.planExpiresAt),
      createdAt: iso(account.createdAt),
      lastActiveAt: iso(account.lastActiveAt),
      settings: { readReceipts: account.readReceipts, showActivity: account.showActivity, showDistance: account.showDistance, verifiedOnly: account.verifiedOnly, notifications: account.notifications },
      consent: { termsAcceptedAt: iso(account.termsAcceptedAt), adultConfirmedAt: iso(account.adultConfirmedAt) },
    }),
    "profile.json": json(profile ?? null),
    "swipes.json": json(swipeRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }))),
    "matches.json": json(matchRows.map((row) => ({ id: row.id, with: { id: row.other_id, firstName: row.other_first_name }, createdAt: new Date(row.created_at).toISOString() }))),
    "messages.json": json(
      messageRows.map((row) => ({
        matchId: row.match_id,
        fromMe: row.sender_id === userId,
        content: row.content,
        kind: row.kind,
        createdAt: new Date(row.created_at).toISOString(),
        readAt: row.read_at === null ? null : new Date(row.read_at).toISOString(),
      })),
    ),
    "blocks.json": json(blockRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }))),
    "reports.json": json(reportRows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }))),
    "payments.json": json(
      paymentRows.map((row) => ({ id: row.id, plan: row.plan, amount: row.amount, currency: row.currency, method: row.method, gateway: row.gateway, status: row.status, createdAt: iso(row.createdAt), paidAt: iso(row.paidAt) })),
    ),
    "sign-in.json": json(providerRows.map((row) => ({ provider: row.provider, linkedAt: iso(row.createdAt) }))),
    // The values questions' answers (docs/decisions/0133).
    "answers.json": json(await answersForExport(db, userId)),
    // Church vouches given and received (docs/decisions/0134).
    "vouches.json": json(await vouchesForExport(db, userId)),
    // The family chaperone (MATCHING.md 'Chaperone', docs/decisions/0135).
    "chaperone.json": json(await chaperoneForExport(db, userId)),
  };
  const dir = uploadsDir(deps.config.dataDir);
  for (const photo of photoRows) {
    // A file missing on disk (restored database, lost volume) leaves the others in the zip.
    const bytes = await readFile(join(dir, photo.fileName)).catch(() => null);
    if (bytes !== null) files[`photos/${String(photo.position + 1).padStart(2, "0")}-${photo.fileName}`] = new Uint8Array(bytes);
  }
  // Photos are already compressed; JSON compresses well.
  return zipSync(files, { level: 6 });
}
