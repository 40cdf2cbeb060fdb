import { Hono } from "hono";
import { zValidator } from "../../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { announceChange } from "../htmx";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { idParamSchema } from "../users/users.schemas";
import { MODERATION_MESSAGES, reportDecisionSchema, reportListQuerySchema } from "./moderation.schemas";
import { decideReport, listReports, REPORT_CSV, reportEvidence } from "./moderation.service";
import { ADMIN_LOG_CSV, adminLogQuerySchema, listAdminLog } from "./admin-log-list";
import { answerList } from "../list-csv";

/** A path id that cannot be one of ours names no report: 404 like an unknown one. */
export const validReportId = zValidator("param", idParamSchema, (result, c) => (result.success ? undefined : c.json({ message: MODERATION_MESSAGES.reportNotFound }, 404)));

/**
 * GET /api/admin/reports?page&limit&status, PATCH /api/admin/reports/{id} {status},
 * GET /api/admin/reports/{id}/messages and GET /api/admin/actions?page&limit (spec point 7,
 * ADMIN.md "Lists"). Mounted behind requireStaffApi (admin.routes.ts).
 */
export function moderationApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/reports", zValidator("query", reportListQuerySchema, rejectInvalid), (c) =>
      answerList(c, c.req.valid("query"), { file: "reports", read: (query) => listReports(deps, query), rows: (page) => page.reports, csv: REPORT_CSV }),
    )
    .patch("/reports/:id", validReportId, zValidator("json", reportDecisionSchema, rejectInvalid), async (c) => {
      const result = await decideReport(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json"));
      if (!result.ok) return c.json({ message: result.message }, result.status);
      announceChange(c, { title: c.get("t")("admin.moderation.toast.updated") }, ["reports", "actions"]);
      return c.json({ message: MODERATION_MESSAGES.updated, report: result.value });
    })
    .get("/reports/:id/messages", validReportId, async (c) => {
      const evidence = await reportEvidence(deps, c.req.valid("param").id);
      if (evidence === null) return c.json({ message: MODERATION_MESSAGES.reportNotFound }, 404);
      return c.json({ messages: evidence.messages });
    })
    .get("/actions", zValidator("query", adminLogQuerySchema, rejectInvalid), (c) =>
      answerList(c, c.req.valid("query"), { file: "admin-log", read: (query) => listAdminLog(deps, query), rows: (page) => page.actions, csv: ADMIN_LOG_CSV }),
    );
}
