/**
 * An address deleted while reports against it were open cannot register again for 90 days
 * (SECURITY.md 'Privacy and abuse', docs/decisions/0129): otherwise a reported member erases the
 * reports by deleting the account and starts over at once. Only a keyed hash of the address is
 * kept (HMAC-SHA-256, key in $DATA_DIR/secrets): the table alone cannot be read back into
 * addresses, nor checked against a list of them without the key.
 */
import { createHmac } from "node:crypto";
import { and, gt, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AppDeps } from "../../app-env";
import { blockedRegistrations } from "../../../db/schema";
import { readOrCreateSecret } from "../../platform/secrets";

/** How long an address deleted with open reports against it is held. */
export const REGISTRATION_HOLD_MS = 90 * 24 * 60 * 60_000;

const HOLD_KEY_NAME = "registration-holds";

/** The keyed hash of "email:" + the lower-cased address, or "phone:" + the number as stored. */
export function addressHash(dataDir: string, kind: "email" | "phone", value: string): string {
  const key = readOrCreateSecret(dataDir, HOLD_KEY_NAME, 32);
  const normalised = kind === "email" ? value.trim().toLowerCase() : value.replace(/[\s-]/g, "");
  return createHmac("sha256", key).update(`${kind}:${normalised}`).digest("hex");
}

/**
 * The statements that hold the account's addresses, for the batch that deletes it (before the
 * user row goes, while the reports still name it): written only when a report against the member
 * is pending and the batch's `guard` holds. A later deletion extends an earlier hold, never shortens it.
 */
export function holdAddressesStatements(deps: Pick<AppDeps, "db" | "config">, account: { id: string; email: string | null; phone: string | null }, now: Date, guard: SQL): BatchItem<"sqlite">[] {
  const until = now.getTime() + REGISTRATION_HOLD_MS;
  // An account made by phone may have no email (docs/decisions/0136).
  const addresses = [...(account.email ? [addressHash(deps.config.dataDir, "email", account.email)] : []), ...(account.phone ? [addressHash(deps.config.dataDir, "phone", account.phone)] : [])];
  return addresses.map((keyHash) =>
    deps.db.run(sql`insert into blocked_registrations (key_hash, until, created_at)
      select ${keyHash}, ${until}, ${now.getTime()}
      where ${guard} and exists (select 1 from reports where reported_user_id = ${account.id} and status = 'pending')
      on conflict (key_hash) do update set until = max(until, excluded.until)`),
  );
}

/** Whether registration with this address is held now (answered like an address in use). */
export async function isRegistrationHeld(deps: Pick<AppDeps, "db" | "config" | "clock">, kind: "email" | "phone", value: string): Promise<boolean> {
  const rows = await deps.db
    .select({ until: blockedRegistrations.until })
    .from(blockedRegistrations)
    .where(and(sql`${blockedRegistrations.keyHash} = ${addressHash(deps.config.dataDir, kind, value)}`, gt(blockedRegistrations.until, deps.clock.now())))
    .limit(1);
  return rows.length > 0;
}
