import { Hono } from "hono";
import { z } from "zod";
import { zValidator } from "../../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { announceChange } from "../htmx";
import { formatDate } from "../admin-ui";
import { memberDetail } from "./member-detail";
import { hideMember, MEMBER_ACTION_MESSAGES, requireNewSelfie, suspendMember, SUSPENSION_DAYS, unhideMember, warnMember, WARNING_MAX } from "./member-actions";
import { BAN_REASON_MAX } from "./ban";
import { ADMIN_USER_MESSAGES } from "./users.schemas";
import { changeAnswer, validUserId } from "./users.routes";

/** POST /api/admin/users/{id}/warn: the message the member sees at their next visit. */
export const warnBodySchema = z.object({
  message: z.string({ message: MEMBER_ACTION_MESSAGES.messageRequired }).trim().min(1, MEMBER_ACTION_MESSAGES.messageRequired).max(WARNING_MAX, MEMBER_ACTION_MESSAGES.messageTooLong),
});

/** POST /api/admin/users/{id}/suspend: 1, 7 or 30 days (a form sends "7": taken as the number) and the reason the member sees. */
export const suspendBodySchema = z.object({
  days: z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
    z.union(SUSPENSION_DAYS.map((days) => z.literal(days)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<7>, z.ZodLiteral<30>], { message: MEMBER_ACTION_MESSAGES.invalidDays }),
  ),
  reason: z.string({ message: ADMIN_USER_MESSAGES.reasonRequired }).trim().min(1, ADMIN_USER_MESSAGES.reasonRequired).max(BAN_REASON_MAX, ADMIN_USER_MESSAGES.reasonTooLong),
});

/**
 * One member (ADMIN.md 'One member'): GET /api/admin/users/{id}, and the actions of their page,
 * POST /api/admin/users/{id}/warn|hide|unhide|suspend|reverify (ban, unban and delete are in
 * users.routes.ts, the plan in ../plans). Each answers the JSON message; for the panel (htmx) also
 * the toast and the areas that reload (the member's page listens for "member" and "users").
 */
export function memberApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get("/users/:id", validUserId, async (c) => {
      const member = await memberDetail(deps, c.req.valid("param").id);
      if (member === null) return c.json({ message: ADMIN_USER_MESSAGES.userNotFound }, 404);
      return c.json(member);
    })
    .post("/users/:id/warn", validUserId, zValidator("json", warnBodySchema, rejectInvalid), async (c) => {
      const result = await warnMember(deps, currentUser(c), c.req.valid("param").id, c.req.valid("json").message);
      return changeAnswer(c, result, MEMBER_ACTION_MESSAGES.warned, "admin.member.toast.warned", ["member", "actions"]);
    })
    .post("/users/:id/hide", validUserId, async (c) => {
      const result = await hideMember(deps, currentUser(c), c.req.valid("param").id);
      return changeAnswer(c, result, MEMBER_ACTION_MESSAGES.hidden, "admin.member.toast.hidden", ["member", "users", "actions"]);
    })
    .post("/users/:id/unhide", validUserId, async (c) => {
      const result = await unhideMember(deps, currentUser(c), c.req.valid("param").id);
      return changeAnswer(c, result, MEMBER_ACTION_MESSAGES.unhidden, "admin.member.toast.unhidden", ["member", "users", "actions"]);
    })
    .post("/users/:id/suspend", validUserId, zValidator("json", suspendBodySchema, rejectInvalid), async (c) => {
      const body = c.req.valid("json");
      const result = await suspendMember(deps, currentUser(c), c.req.valid("param").id, body.days, body.reason);
      if (!result.ok) return c.json({ message: result.message }, result.status);
      const t = c.get("t");
      announceChange(c, { title: t("admin.member.toast.suspended"), description: t("admin.member.toast.suspendedUntil", { date: formatDate(c.get("lang"), result.value.until) }) }, ["member", "users", "actions"]);
      return c.json({ message: MEMBER_ACTION_MESSAGES.suspended, suspendedUntil: result.value.until.toISOString() });
    })
    .post("/users/:id/reverify", validUserId, async (c) => {
      const result = await requireNewSelfie(deps, currentUser(c), c.req.valid("param").id);
      return changeAnswer(c, result, MEMBER_ACTION_MESSAGES.reverifyRequested, "admin.member.toast.reverify", ["member", "users", "actions"]);
    });
}
