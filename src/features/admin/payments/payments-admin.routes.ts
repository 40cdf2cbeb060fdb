import { Hono, type Context } from "hono";
import { z } from "zod";
import { zValidator } from "../../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { ID_CHARACTERS } from "../../../platform/ids";
import { refundPayment } from "../../payments/refunds";
import { actorOf } from "../admin-log";
import { csvResponse, wantsCsv } from "../list-csv";
import { announceRefund, announceSeen } from "./money-toasts";
import { paymentListQuerySchema, PAYMENTS_ADMIN_MESSAGES, refundBodySchema } from "./payments-admin.schemas";
import { listPayments, markFlagsSeen, paymentDetail, paymentsCsv } from "./payments-admin.service";

/** A path id that cannot be one of ours names no payment: 404 like an unknown one. */
const paymentIdParam = zValidator("param", z.object({ id: z.string().min(1).max(64).regex(ID_CHARACTERS) }), (result, c) =>
  result.success ? undefined : c.json({ message: PAYMENTS_ADMIN_MESSAGES.paymentNotFound }, 404),
);

/**
 * The payments' admin calls (ADMIN.md 'Lists', 'One payment'; PAYMENTS.md 'Refunds';
 * docs/decisions/0124), mounted behind requireStaffApi (admin.routes.ts):
 *   GET  /api/admin/payments?page&limit&status&search&gateway&from&to&flagged&sort&format
 *   GET  /api/admin/payments/{id}            one payment with ids, flags, history, notifications
 *   POST /api/admin/payments/{id}/refund     {reason, manual?, note?} → 200 the payment
 *   POST /api/admin/payments/{id}/seen       its flags leave the Overview → 200 the payment
 */
export function paymentsAdminApi(deps: AppDeps) {
  const detailOr404 = async (c: Context<AppEnv>, id: string) => {
    const payment = await paymentDetail(deps, id);
    return payment === null ? c.json({ message: PAYMENTS_ADMIN_MESSAGES.paymentNotFound }, 404) : c.json(payment);
  };
  return new Hono<AppEnv>()
    .get("/payments", zValidator("query", paymentListQuerySchema, rejectInvalid), async (c) => {
      const query = c.req.valid("query");
      if (wantsCsv(c, query.format)) return csvResponse(c, "payments", await paymentsCsv(deps, query));
      return c.json(await listPayments(deps, query));
    })
    .get("/payments/:id", paymentIdParam, async (c) => detailOr404(c, c.req.valid("param").id))
    .post("/payments/:id/refund", paymentIdParam, zValidator("json", refundBodySchema, rejectInvalid), async (c) => {
      const id = c.req.valid("param").id;
      const body = c.req.valid("json");
      const result = await refundPayment(deps, actorOf(currentUser(c)), id, { reason: body.reason, manual: body.manual === true, note: body.note ?? null });
      if (!result.ok) return c.json({ message: result.message }, result.status);
      announceRefund(c, result.status);
      return detailOr404(c, id);
    })
    .post("/payments/:id/seen", paymentIdParam, async (c) => {
      const id = c.req.valid("param").id;
      if (!(await markFlagsSeen(deps, actorOf(currentUser(c)), id))) return c.json({ message: PAYMENTS_ADMIN_MESSAGES.paymentNotFound }, 404);
      announceSeen(c);
      return detailOr404(c, id);
    });
}
