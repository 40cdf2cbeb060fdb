import { Hono } from "hono";
import { zValidator } from "../../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../../app-env";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { paymentListQuerySchema } from "./payments-admin.schemas";
import { listPayments } from "./payments-admin.service";

/**
 * GET /api/admin/payments?page&limit&status (ADMIN.md "Lists"): newest first, with the totals of
 * paid revenue. Mounted behind requireAdmin (admin.routes.ts).
 */
export function paymentsAdminApi(deps: AppDeps) {
  return new Hono<AppEnv>().get("/payments", zValidator("query", paymentListQuerySchema, rejectInvalid), async (c) => c.json(await listPayments(deps, c.req.valid("query"))));
}
