/**
 * The member's history of plans (PAYMENTS.md 'Calls': GET /api/payments and Settings): their
 * payments and the plans Kasih set by hand ("Granted by Kasih", PAYMENTS.md 'Grants'), newest
 * first. A payment entry is exactly PaymentJson plus `kind: "payment"`, so older clients that read
 * payments keep working; a grant entry has `kind: "grant"` and no paymentId.
 */
import type { AppDeps } from "../../app-env";
import { grantsOf, type PlanGrantJson } from "../admin/plans/plan-grants";
import { paymentsOf } from "./payments.service";
import type { PaymentJson } from "./payments.schemas";

export type PlanHistoryEntry = (PaymentJson & { kind: "payment" }) | PlanGrantJson;

export async function planHistoryOf(deps: Pick<AppDeps, "db" | "clock">, userId: string, limit = 50): Promise<PlanHistoryEntry[]> {
  const [paid, granted] = await Promise.all([paymentsOf(deps, userId, limit), grantsOf(deps.db, userId, limit)]);
  const entries: PlanHistoryEntry[] = [...paid.map((payment) => ({ ...payment, kind: "payment" as const })), ...granted];
  // ISO times of one clock sort as text.
  return entries.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, limit);
}
