import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users, type Plan } from "../../../db/schema";

/** `kasih admin grant EMAIL`: for operators at the terminal (and tests). */
export async function grantAdmin(db: Database, email: string) {
  const updated = await db.update(users).set({ isAdmin: true }).where(eq(users.email, email.toLowerCase())).returning({ id: users.id });
  return updated.length === 1 ? { ok: true, message: `${email} is now an admin.` } : { ok: false, message: `No user with email ${email}.` };
}

/** `kasih user premium EMAIL PLAN`: a plan granted without an end date (free removes it). */
export async function setPlan(db: Database, email: string, plan: Plan) {
  const updated = await db.update(users).set({ plan, planExpiresAt: null }).where(eq(users.email, email.toLowerCase())).returning({ id: users.id });
  return updated.length === 1 ? { ok: true, message: `${email} now has the ${plan} plan.` } : { ok: false, message: `No user with email ${email}.` };
}
