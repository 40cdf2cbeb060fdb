/**
 * The payer's phone, where a gateway cannot charge without one (OVO pushes to the OVO app by
 * number; iPaymu requires a phone on every payment): the member's proven phone when the account
 * has one, else the number typed in the payment dialog (docs/decisions/0126). A number counts as
 * proven once a code sent to it was (users.phone_verified_at, API.md 'Phone sign-in',
 * docs/decisions/0136). The number goes only to the gateway that needs it.
 */
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { indonesianMobileE164 } from "../../platform/phone-number";
import { PAYMENT_MESSAGES } from "./payments.schemas";

/** The member's proven mobile number in E.164, or null. */
export async function provenPhone(deps: Pick<AppDeps, "db">, userId: string): Promise<string | null> {
  const [row] = await deps.db.select({ phone: users.phone, provenAt: users.phoneVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.phone && row.provenAt !== null ? indonesianMobileE164(row.phone) : null;
}

export type PayerPhone = { ok: true; phone: string | null } | { ok: false; message: string };

/**
 * The phone a charge carries: null when the gateway needs none (nothing is sent, whatever was
 * typed); the proven one; the typed one in E.164; or the message the dialog answers by asking.
 */
export async function payerPhone(deps: Pick<AppDeps, "db">, userId: string, needed: boolean, typed: unknown): Promise<PayerPhone> {
  if (!needed) return { ok: true, phone: null };
  const proven = await provenPhone(deps, userId);
  if (proven !== null) return { ok: true, phone: proven };
  if (typed === undefined || typed === null || (typeof typed === "string" && typed.trim() === "")) return { ok: false, message: PAYMENT_MESSAGES.phoneRequired };
  const phone = typeof typed === "string" ? indonesianMobileE164(typed) : null;
  return phone === null ? { ok: false, message: PAYMENT_MESSAGES.invalidPhone } : { ok: true, phone };
}
