import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { zValidator } from "../api-docs/documented-validator";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { rejectInvalid } from "../../middleware/invalid-input";
import { MAX_PHOTO_BYTES } from "../../platform/constants";
import { PhotoError } from "../profile/photos/photo-store";
import { ImageDecodeError } from "../profile/photos/image-codec";
import { PROFILE_MESSAGES } from "../profile/profile.schemas";
import { createMailer } from "../mail/mailer";
import { announceChange } from "../admin/htmx";
import { idParamSchema } from "../admin/users/users.schemas";
import { REJECTION_REASONS } from "./poses";
import { answerList } from "../admin/list-csv";
import { VERIFICATION_CSV, verificationListQuerySchema } from "./verification-list";
import { readSelfie } from "./selfie-store";
import { decideVerification, listPendingVerifications, pendingSelfieFile, startVerification, submitSelfie, verificationStateOf, VERIFICATION_MESSAGES } from "./verification.service";
import { describeRoutes } from "../api-docs/describe-routes";
import { verificationApiDocs } from "./verification.api-docs";

/**
 * The member's side: GET /api/verification, POST /api/verification/start (draws the pose) and
 * POST /api/verification/selfie (the camera's JPEG as the raw body).
 */
export function verificationRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .use("/verification", requireUser)
    .use("/verification/*", requireUser)
    .get("/verification", async (c) => c.json(await verificationStateOf(deps, currentUser(c).id)))
    .post("/verification/start", async (c) => {
      const result = await startVerification(deps, currentUser(c).id);
      return result.ok ? c.json(result.state, 201) : c.json({ message: result.message }, result.status);
    })
    .post("/verification/selfie", bodyLimit({ maxSize: MAX_PHOTO_BYTES, onError: (c) => c.json({ message: PROFILE_MESSAGES.fileTooLarge }, 413) }), async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      try {
        const result = await submitSelfie(deps, currentUser(c).id, bytes);
        return result.ok ? c.json(result.state, 201) : c.json({ message: result.message }, result.status);
      } catch (error) {
        if (error instanceof PhotoError) return c.json({ message: error.message }, error.status);
        if (error instanceof ImageDecodeError) return c.json({ message: PROFILE_MESSAGES.processingError }, 415);
        throw error;
      }
    });
  return describeRoutes(routes, verificationApiDocs);
}

const decisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve") }),
  z.object({ decision: z.literal("reject"), reason: z.enum(REJECTION_REASONS, { message: VERIFICATION_MESSAGES.reasonRequired }) }),
], { message: "Invalid decision" });
const validId = zValidator("param", idParamSchema, (result, c) => (result.success ? undefined : c.json({ message: VERIFICATION_MESSAGES.notFound }, 404)));

/**
 * The admin's side, behind requireStaffApi (admin.routes.ts): GET /api/admin/verifications,
 * GET /api/admin/verifications/{id}/selfie (never reachable by members) and
 * POST /api/admin/verifications/{id} {decision, reason?}.
 */
export function verificationAdminApi(deps: AppDeps) {
  const mailer = deps.mailer ?? createMailer(deps.config);
  return new Hono<AppEnv>()
    .get("/verifications", zValidator("query", verificationListQuerySchema, rejectInvalid), (c) =>
      answerList(c, c.req.valid("query"), { file: "verifications", read: (query) => listPendingVerifications(deps, query), rows: (page) => page.verifications, csv: VERIFICATION_CSV }),
    )
    .get("/verifications/:id/selfie", validId, async (c) => {
      const file = await pendingSelfieFile(deps, c.req.valid("param").id);
      const bytes = file === null ? null : await readSelfie(deps.config.dataDir, file);
      if (bytes === null) return c.json({ message: VERIFICATION_MESSAGES.notFound }, 404);
      c.header("Content-Type", "image/webp");
      c.header("Cache-Control", "no-store");
      c.header("X-Content-Type-Options", "nosniff");
      return c.body(bytes as Uint8Array<ArrayBuffer>);
    })
    .post("/verifications/:id", validId, zValidator("json", decisionSchema, rejectInvalid), async (c) => {
      const decision = c.req.valid("json");
      const result = await decideVerification(deps, mailer, currentUser(c), c.req.valid("param").id, decision);
      if (!result.ok) return c.json({ message: result.message }, result.status);
      const message = decision.decision === "approve" ? VERIFICATION_MESSAGES.approved : VERIFICATION_MESSAGES.rejected;
      announceChange(c, { title: c.get("t")(`admin.verifications.toast.${decision.decision}`) }, ["verifications", "actions"]);
      return c.json({ message });
    });
}
