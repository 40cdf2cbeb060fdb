import { Hono, type Context } from "hono";
import { z } from "zod";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { invalidInput } from "../../middleware/invalid-input";
import { RateLimiter } from "../../middleware/rate-limit";
import { setSessionCookie } from "../../middleware/session";
import { createSession } from "../auth/session";
import { createMailer } from "../mail/mailer";
import { realtimeFor } from "../../realtime/realtime";
import { INVALID_MATCH_ID, matchParamSchema } from "../matches/matches.schemas";
import { describeRoutes } from "../api-docs/describe-routes";
import { chaperoneApiDocs } from "./chaperone.api-docs";
import { chaperoneInvitationMail } from "./chaperone-mail";
import {
  acceptInvitation,
  CHAPERONE_MESSAGES,
  chaperoneConversation,
  chaperoneOverview,
  chaperoneStatusOf,
  invitationLink,
  inviteChaperone,
  removeChaperone,
  setShared,
} from "./chaperone.service";
import { users } from "../../../db/schema";
import { eq } from "drizzle-orm";

const hourMs = 60 * 60_000;
/** Invitation mails per member per hour (SECURITY.md's limit for mailed links). */
export const CHAPERONE_INVITES_PER_HOUR = 5;
/** Wrong passwords on one invitation in 15 minutes (as sign-in's per-account limit). */
const ACCEPT_TRIES = { limit: 10, windowMs: 15 * 60_000 };
const acceptLimiters = new WeakMap<AppDeps, RateLimiter>();

/** One count of wrong passwords per invitation for the API and the page's form together. */
export function acceptTriesFor(deps: AppDeps): RateLimiter {
  let limiter = acceptLimiters.get(deps);
  if (limiter === undefined) {
    limiter = new RateLimiter(ACCEPT_TRIES.limit, ACCEPT_TRIES.windowMs, () => deps.clock.now().getTime());
    acceptLimiters.set(deps, limiter);
  }
  return limiter;
}

export const inviteSchema = z.object({ email: z.email().max(254) });
export const acceptSchema = z.object({ token: z.string().min(1).max(100), password: z.string().max(1024), firstName: z.string().max(200).optional() });
export const shareSchema = z.object({ shared: z.boolean() });
const messagesQuerySchema = z.object({ before: z.iso.datetime().optional() });

/**
 * The family chaperone (MATCHING.md 'Chaperone', docs/decisions/0135). The member's calls:
 * GET/DELETE /api/chaperone, POST /api/chaperone/invite, PUT /api/matches/{id}/chaperone. The
 * link's: POST /api/chaperone/accept. The chaperone's: GET /api/chaperone/matches and
 * GET /api/chaperone/matches/{id}/messages. chaperone-fence.ts keeps chaperones out of the rest.
 */
export function chaperoneRoutes(deps: AppDeps) {
  const mailer = deps.mailer ?? createMailer(deps.config);
  const clockMs = () => deps.clock.now().getTime();
  const invites = new RateLimiter(CHAPERONE_INVITES_PER_HOUR, hourMs, clockMs);
  const acceptTries = acceptTriesFor(deps);
  const hub = () => realtimeFor(deps).hub;

  /** The other members of matches whose shares an ending closed see "no longer" at once. */
  const announceClosed = (memberId: string, closed: { matchId: string; otherId: string }[]) => {
    const at = deps.clock.now().toISOString();
    for (const { matchId, otherId } of closed) hub().sendToUsers([otherId, memberId], { type: "chaperone_notice", matchId, shared: false, notice: { at, shared: false, memberId } });
  };
  const memberOnly = (c: Context<AppEnv>) => (currentUser(c).role === "chaperone" ? c.json({ message: "Forbidden" }, 403) : null);
  const chaperoneOnly = (c: Context<AppEnv>) => (currentUser(c).role !== "chaperone" ? c.json({ message: "Forbidden" }, 403) : null);

  const routes = new Hono<AppEnv>()
    .get("/chaperone", requireUser, async (c) => {
      const refused = memberOnly(c);
      if (refused !== null) return refused;
      c.header("Cache-Control", "no-store");
      return c.json({ chaperone: await chaperoneStatusOf(deps.db, currentUser(c).id) });
    })
    .post("/chaperone/invite", requireUser, zValidator("json", inviteSchema, invalidInput(CHAPERONE_MESSAGES.invalidEmail)), async (c) => {
      const refused = memberOnly(c);
      if (refused !== null) return refused;
      const user = currentUser(c);
      if (!invites.hit(user.id)) {
        c.header("Retry-After", String(invites.retryAfterSeconds(user.id)));
        return c.json({ message: "Too many invitations. Please try again later" }, 429);
      }
      const result = await inviteChaperone(deps, user.id, c.req.valid("json").email);
      if (!result.ok) {
        invites.release(user.id);
        return c.json({ message: result.message }, result.status);
      }
      announceClosed(user.id, result.value.closed);
      const [member] = await deps.db.select({ firstName: users.firstName, language: users.language }).from(users).where(eq(users.id, user.id)).limit(1);
      const link = invitationLink(deps.config.appOrigin, result.value.token);
      // Sent after the answer: a slow relay does not hold the member's screen.
      deps.background.run("chaperone invitation mail", () => mailer.send(chaperoneInvitationMail(member?.language ?? user.language, result.value.status.email, member?.firstName ?? user.firstName, link)));
      return c.json({ chaperone: result.value.status }, 201);
    })
    .delete("/chaperone", requireUser, async (c) => {
      const refused = memberOnly(c);
      if (refused !== null) return refused;
      const user = currentUser(c);
      const result = await removeChaperone(deps, user.id);
      if (!result.removed) return c.json({ message: CHAPERONE_MESSAGES.noInvitation }, 404);
      announceClosed(user.id, result.closed);
      if (result.chaperoneId !== null) deps.events.emit("sessions.revoked", { userId: result.chaperoneId, sessionIds: null });
      return c.json({ message: "Chaperone removed" });
    })
    .post("/chaperone/accept", zValidator("json", acceptSchema, invalidInput(CHAPERONE_MESSAGES.invalidInvitation)), async (c) => {
      const input = c.req.valid("json");
      if (acceptTries.isLimited(input.token)) {
        c.header("Retry-After", String(acceptTries.retryAfterSeconds(input.token)));
        return c.json({ message: "Too many attempts. Please try again later" }, 429);
      }
      const result = await acceptInvitation(deps, input.token, input, c.get("lang"));
      if (!result.ok) {
        if (result.status === 401) acceptTries.hit(input.token);
        return c.json({ message: result.message }, result.status);
      }
      const { token, session } = await createSession(deps.db, deps.clock, result.value.chaperoneId, false);
      setSessionCookie(c, deps.config, token, session.expiresAt);
      return c.json({ role: "chaperone", isNewUser: false });
    })
    .get("/chaperone/matches", requireUser, async (c) => {
      const refused = chaperoneOnly(c);
      if (refused !== null) return refused;
      c.header("Cache-Control", "no-store");
      return c.json(await chaperoneOverview(deps.db, currentUser(c).id, c.get("lang")));
    })
    .get(
      "/chaperone/matches/:matchId/messages",
      requireUser,
      zValidator("param", matchParamSchema, invalidInput(INVALID_MATCH_ID)),
      zValidator("query", messagesQuerySchema, invalidInput("Invalid query")),
      async (c) => {
        const refused = chaperoneOnly(c);
        if (refused !== null) return refused;
        const before = c.req.valid("query").before;
        const conversation = await chaperoneConversation(deps.db, currentUser(c).id, c.req.valid("param").matchId, before === undefined ? undefined : new Date(before));
        if (conversation === null) return c.json({ message: CHAPERONE_MESSAGES.notFound }, 404);
        c.header("Cache-Control", "no-store");
        return c.json(conversation);
      },
    )
    .put("/matches/:matchId/chaperone", requireUser, zValidator("param", matchParamSchema, invalidInput(INVALID_MATCH_ID)), zValidator("json", shareSchema, invalidInput("Invalid value for shared")), async (c) => {
      const refused = memberOnly(c);
      if (refused !== null) return refused;
      const user = currentUser(c);
      const matchId = c.req.valid("param").matchId;
      const result = await setShared(deps, user.id, matchId, c.req.valid("json").shared, ({ otherId, at }) => {
        const shared = c.req.valid("json").shared;
        hub().sendToUsers([otherId, user.id], { type: "chaperone_notice", matchId, shared, notice: { at: at.toISOString(), shared, memberId: user.id } });
      });
      if (!result.ok) return c.json({ message: result.message }, result.status);
      // `at`: when this call changed it (null when it already was so); the chat draws its line from it.
      return c.json({ matchId, shared: result.value.shared, sharedAt: result.value.sharedAt, at: result.value.at, memberId: user.id });
    });
  return describeRoutes(routes, chaperoneApiDocs);
}
