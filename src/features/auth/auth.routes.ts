import { Hono } from "hono";
import { zValidator } from "@hono/zod-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { requireUser, currentUser } from "../../middleware/guards";
import { clientIp } from "../../middleware/client-ip";
import { RateLimiter } from "../../middleware/rate-limit";
import { clearSessionCookie, setSessionCookie } from "../../middleware/session";
import { AUTH_MESSAGES, loginBodySchema, loginProblem, registerBodySchema, registrationFormProblem } from "./auth.schemas";
import { authenticate, currentUserBody, registerUser } from "./auth.service";
import { consumeCaptcha, createCaptchaChallenge } from "./captcha";
import { createSession, invalidateSession } from "./session";

const fifteenMinutesMs = 15 * 60_000;
const hourMs = 60 * 60_000;

/** Any malformed body gets the form's first message, never a zod dump. */
export const invalidBody = (message: string) => (result: { success: boolean }, c: { json: (body: unknown, status: 400) => Response }) =>
  result.success ? undefined : c.json({ message }, 400);

export function authRoutes(deps: AppDeps) {
  const now = () => deps.clock.now().getTime();
  // SECURITY.md: 10 failed sign-ins per account or per IP in 15 minutes; registrations per IP.
  const failedLoginsByAccount = new RateLimiter(10, fifteenMinutesMs, now);
  const failedLoginsByIp = new RateLimiter(10, fifteenMinutesMs, now);
  const registrationsByIp = new RateLimiter(10, hourMs, now);

  const startSession = async (c: Parameters<typeof setSessionCookie>[0], userId: string, isAdmin: boolean) => {
    const { token, session } = await createSession(deps.db, deps.clock, userId, isAdmin);
    setSessionCookie(c, deps.config, token, session.expiresAt);
  };

  return new Hono<AppEnv>()
    .get("/captcha/challenge", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await createCaptchaChallenge(deps.captcha));
    })
    .post("/auth/register", zValidator("json", registerBodySchema, invalidBody(AUTH_MESSAGES.fillAllFields)), async (c) => {
      const input = c.req.valid("json");
      const ip = clientIp(c, deps.config.trustProxy);
      if (registrationsByIp.isLimited(ip)) {
        c.header("Retry-After", String(registrationsByIp.retryAfterSeconds(ip)));
        return c.json({ message: AUTH_MESSAGES.tooManyRegistrations }, 429);
      }
      const problem = registrationFormProblem(input);
      if (problem !== null) return c.json({ message: problem }, 400);
      if (!(await consumeCaptcha(deps.db, deps.captcha, input.captchaToken))) return c.json({ message: AUTH_MESSAGES.captchaRequired }, 400);
      const result = await registerUser(deps, input);
      if (!result.ok) return c.json({ message: result.message }, result.status);
      registrationsByIp.hit(ip);
      await startSession(c, result.value.id, result.value.isAdmin);
      return c.json({ id: result.value.id, email: input.email.toLowerCase(), firstName: input.firstName, lastName: input.lastName, isAdmin: result.value.isAdmin, isNewUser: true }, 201);
    })
    .post("/auth/login", zValidator("json", loginBodySchema, invalidBody(AUTH_MESSAGES.fillAllFields)), async (c) => {
      const { email, password } = c.req.valid("json");
      const problem = loginProblem({ email, password });
      if (problem !== null) return c.json({ message: problem }, 400);
      const ip = clientIp(c, deps.config.trustProxy);
      const accountKey = email.toLowerCase();
      // Refused before any hashing, so a guessing run costs us nothing. The account's attempt is
      // counted BEFORE hashing (a success resets it below): checking first and counting after the
      // hash let a burst of parallel guesses all pass the check before the first one failed.
      if (failedLoginsByIp.isLimited(ip) || !failedLoginsByAccount.hit(accountKey)) {
        const retryAfter = Math.max(failedLoginsByAccount.retryAfterSeconds(accountKey), failedLoginsByIp.retryAfterSeconds(ip));
        c.header("Retry-After", String(retryAfter));
        return c.json({ message: AUTH_MESSAGES.tooManyAttempts }, 429);
      }
      const result = await authenticate(deps, email, password);
      if (!result.ok) {
        if (result.status === 401) failedLoginsByIp.hit(ip);
        return c.json({ message: result.message }, result.status);
      }
      failedLoginsByAccount.reset(accountKey);
      await startSession(c, result.value.id, result.value.isAdmin);
      return c.json({ isNewUser: !result.value.hasPhoto });
    })
    .get("/auth/user", requireUser, async (c) => {
      const body = await currentUserBody(deps, currentUser(c));
      return c.body(body, 200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    })
    .get("/logout", async (c) => {
      const session = c.get("session");
      if (session !== null) {
        await invalidateSession(deps.db, session.id, session.userId);
        deps.events.emit("sessions.revoked", { userId: session.userId, sessionIds: [session.id] });
      }
      clearSessionCookie(c, deps.config);
      return c.redirect("/", 302);
    });
}
