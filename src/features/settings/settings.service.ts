/**
 * Privacy and notification settings (docs/decisions/0090), kept on the account so they follow the
 * member to every device, and the rules that honour them everywhere else:
 * - read receipts show only when BOTH people have them on (as WhatsApp does);
 * - online status and last active show only when both people share theirs, and so do the other
 *   signs of presence: "delivered", typing, and a call declined rather than left ringing
 *   (SECURITY.md 'Privacy and abuse', docs/decisions/0130);
 * - a member's distance shows on their card only when they allow it.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import type { SettingsPatch } from "./settings.schemas";
import type { MemberSettings } from "./settings-types";

const settingsColumns = { readReceipts: users.readReceipts, showActivity: users.showActivity, showDistance: users.showDistance, verifiedOnly: users.verifiedOnly, notifications: users.notifications };

export async function settingsOf(db: Database, userId: string): Promise<MemberSettings | null> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * Applies a partial change in ONE statement: notification choices merge with json_patch inside
 * the UPDATE, so two devices changing different switches at once both keep their change.
 */
export async function updateSettings(db: Database, userId: string, patch: SettingsPatch): Promise<MemberSettings | null> {
  const { notifications, ...switches } = patch;
  const [row] = await db
    .update(users)
    .set({ ...switches, ...(notifications === undefined ? {} : { notifications: sql`json_patch(${users.notifications}, ${JSON.stringify(notifications)})` }) })
    .where(eq(users.id, userId))
    .returning(settingsColumns);
  return row ?? null;
}

/**
 * What two people show each other, in one read: read status only when both have read receipts
 * on, activity (online, last active) only when both share theirs.
 */
export async function sharedBetween(db: Database, a: string, b: string): Promise<{ receipts: boolean; activity: boolean }> {
  // Fixed SQL text (docs/decisions/0104): this runs for every read receipt.
  const { rows } = await db.$client.execute({ sql: "select read_receipts, show_activity from users where id in (?1, ?2)", args: [a, b] });
  const both = rows.length === 2;
  return { receipts: both && rows.every((row) => Number(row.read_receipts) === 1), activity: both && rows.every((row) => Number(row.show_activity) === 1) };
}

/** True when both people have read receipts on: only then does either see the other's read status. */
export async function receiptsShared(db: Database, a: string, b: string): Promise<boolean> {
  return (await sharedBetween(db, a, b)).receipts;
}

/**
 * True when both share their activity: only then does either learn whether the other is online
 * (online, last active, "delivered", typing, a declined call; docs/decisions/0130).
 */
export async function activityShared(db: Database, a: string, b: string): Promise<boolean> {
  return (await sharedBetween(db, a, b)).activity;
}
