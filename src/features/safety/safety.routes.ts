import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { rejectInvalid } from "../../middleware/invalid-input";
import { blockSchema, reportSchema } from "./safety.schemas";
import { blockUser, reportUser } from "./safety.service";
import { keepEvidencePhotos } from "./report-snapshot";
import { alertAdminsOfReport } from "./report-alerts";
import { isUrgentReason } from "./report-reasons";
import { clientIp } from "../../middleware/client-ip";
import { describeRoutes } from "../api-docs/describe-routes";
import { safetyApiDocs } from "./safety.api-docs";


/** Signed-in users: POST /api/blocks {userId}, POST /api/reports {reportedUserId, reason, description, block?}. */
export function safetyRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .use("/blocks", requireUser)
    .use("/reports", requireUser)
    .post("/blocks", zValidator("json", blockSchema, rejectInvalid), async (c) => {
      const user = currentUser(c);
      const { userId } = c.req.valid("json");
      const result = await blockUser(deps.db, deps.clock.now(), user.id, userId);
      if (!result.ok) return c.json({ message: result.message }, result.status);
      deps.events.emit("user.blocked", { blockerId: user.id, blockedId: userId });
      if (result.removedMatchId !== null) deps.events.emit("match.removed", { matchId: result.removedMatchId, userIds: [user.id, userId] });
      return c.json({ message: "User blocked" }, 201);
    })
    .post("/reports", zValidator("json", reportSchema, rejectInvalid), async (c) => {
      const user = currentUser(c);
      const result = await reportUser(deps.db, deps.clock.now(), user.id, c.req.valid("json"), { ip: clientIp(c, deps.config.trustProxy) });
      if (!result.ok) {
        if ("retryAfterSeconds" in result) c.header("Retry-After", String(result.retryAfterSeconds));
        return c.json({ message: result.message }, result.status);
      }
      await keepEvidencePhotos(deps.config.dataDir, result.snapshotPhotos);
      // Told after the answer: a slow mail relay never delays the reporter (docs/decisions/0129).
      if (isUrgentReason(result.report.reason)) deps.background.run("report alert", () => alertAdminsOfReport(deps, result.report.id));
      if (result.blocked) {
        deps.events.emit("user.blocked", { blockerId: user.id, blockedId: result.report.reportedUserId });
        if (result.removedMatchId !== null) deps.events.emit("match.removed", { matchId: result.removedMatchId, userIds: [user.id, result.report.reportedUserId] });
      }
      return c.json(result.report, 201);
    });
  return describeRoutes(routes, safetyApiDocs);
}
