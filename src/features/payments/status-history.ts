/**
 * A payment's status history (ADMIN.md 'One payment': statusHistory). Every status change writes
 * its row in the same db.batch as the change (docs/decisions/0002, 0124), never after it.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import type { PaymentStatusValue } from "../../../db/schema";
import { newId } from "../../platform/ids";

/**
 * The history row of a change guarded by `condition`: put it in the batch BEFORE the change, under
 * the very condition the change's own WHERE holds, so the row exists exactly when the change happens.
 */
export function statusHistoryIf(db: Database, paymentId: string, status: PaymentStatusValue, at: Date, condition: SQL) {
  return db.run(sql`insert into payment_status_history (id, payment_id, status, at) select ${newId()}, ${paymentId}, ${status}, ${at.getTime()} where ${condition}`);
}

/** The history row of a payment written now (its creation): unconditional. */
export function statusHistoryRow(db: Database, paymentId: string, status: PaymentStatusValue, at: Date) {
  return db.run(sql`insert into payment_status_history (id, payment_id, status, at) values (${newId()}, ${paymentId}, ${status}, ${at.getTime()})`);
}
