import { signupOrigin } from "./signup-origin";
import { Hono, type Context } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import * as z from "zod/mini";
import type { AppDeps, AppEnv } from "../../app-env";
import { requireUser, currentUser } from "../../middleware/guards";
import { clientIp } from "../../middleware/client-ip";
import { RateLimiter } from "../../middleware/rate-limit";
import { clearSessionCookie, setSessionCookie } from "../../middleware/session";
import { AUTH_MESSAGES, loginBodySchema, loginProblem, registerBodySchema, registrationFormProblem } from "./auth.schemas";
import { authenticate, currentUserJson, registerUser, rememberLanguage } from "./auth.service";
import { consumeCaptcha, createCaptchaChallenge } from "./captcha";
import { createSession, invalidateSession } from "./session";
import { chosenLanguage } from "../../middleware/language";
import { LANGUAGES } from "../../i18n";
import { invalidInput } from "../../middleware/invalid-input";
import { createMailer } from "../mail/mailer";
import { sendVerificationMail } from "./email-verification.service";
import { describeRoutes } from "../api-docs/describe-routes";
import { authApiDocs } from "./auth.api-docs";

const fifteenMinutesMs = 15 * 60_000;
const hourMs = 60 * 60_000;

/** PATCH /api/auth/language: the two languages of the interface (spec point 9). */
const languageBodySchema = z.object({ language: z.enum(LANGUAGES) });

export function authRoutes(deps: AppDeps) {
  const now = () => deps.clock.now().getTime();
  // SECURITY.md: 10 failed sign-ins per account or per IP in 15 minutes; registrations per IP.
  const failedLoginsByAccount = new RateLimiter(10, fifteenMinutesMs, now);
  const failedLoginsByIp = new RateLimiter(10, fifteenMinutesMs, now);
  const registrationsByIp = new RateLimiter(10, hourMs, now);
  const mailer = deps.mailer ?? createMailer(deps.config);

  /** A sign-in replaces whatever session this browser had, as the provider and phone sign-ins do. */
  const startSession = async (c: Context<AppEnv>, userId: string, isAdmin: boolean) => {
    const previous = c.get("session");
    if (previous !== null && previous !== undefined) await invalidateSession(deps.db, previous.id, previous.userId);
    const { token, session } = await createSession(deps.db, deps.clock, userId, isAdmin);
    setSessionCookie(c, deps.config, token, session.expiresAt);
  };

  const routes = new Hono<AppEnv>()
    .get("/captcha/challenge", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await createCaptchaChallenge(deps.captcha));
    })
    .post("/auth/register", zValidator("json", registerBodySchema, invalidInput(AUTH_MESSAGES.fillAllFields)), async (c) => {
      const input = c.req.valid("json");
      const ip = clientIp(c, deps.config.trustProxy);
      // Counted before the captcha and the hash, given back unless an account is made: counting
      // only after success let a parallel burst from one address all pass the check.
      if (!registrationsByIp.hit(ip)) {
        c.header("Retry-After", String(registrationsByIp.retryAfterSeconds(ip)));
        return c.json({ message: AUTH_MESSAGES.tooManyRegistrations }, 429);
      }
      const refuse = (message: string, status: 400 | 401 | 403 | 409) => {
        registrationsByIp.release(ip);
        return c.json({ message }, status);
      };
      const problem = registrationFormProblem(input);
      if (problem !== null) return refuse(problem, 400);
      if (!(await consumeCaptcha(deps.db, deps.captcha, input.captchaToken))) return refuse(AUTH_MESSAGES.captchaRequired, 400);
      const result = await registerUser(deps, input, c.get("lang"), signupOrigin(c, deps.config.trustProxy));
      // A taken address keeps its count: otherwise the 409 would let anyone test which emails
      // have accounts as fast as they can solve captchas.
      if (!result.ok && result.status === 409) return c.json({ message: result.message }, 409);
      if (!result.ok) return refuse(result.message, result.status);
      await startSession(c, result.value.id, false);
      // The link that proves the address (docs/decisions/0083), sent after the answer: a slow or
      // failing mail relay neither delays nor undoes the registration. The account works
      // unverified meanwhile, and the profile's reminder sends a new link.
      deps.background.run("verification mail", () => sendVerificationMail(deps, mailer, result.value.id));
      return c.json({ id: result.value.id, email: input.email.toLowerCase(), firstName: input.firstName, lastName: input.lastName, isAdmin: false, isNewUser: true }, 201);
    })
    .post("/auth/login", zValidator("json", loginBodySchema, invalidInput(AUTH_MESSAGES.fillAllFields)), async (c) => {
      const { email, password } = c.req.valid("json");
      const problem = loginProblem({ email, password });
      if (problem !== null) return c.json({ message: problem }, 400);
      const ip = clientIp(c, deps.config.trustProxy);
      const accountKey = email.toLowerCase();
      // Refused before any hashing, so a guessing run costs us nothing. Both the address's and the
      // account's attempt are counted BEFORE hashing (a success gives them back below): checking
      // first and counting after the hash let a burst of parallel guesses all pass the check
      // before the first one failed.
      const ipAllowed = failedLoginsByIp.hit(ip);
      if (!ipAllowed || !failedLoginsByAccount.hit(accountKey)) {
        // Refused by the account's limit alone: nothing was hashed, so the address keeps its slot.
        if (ipAllowed) failedLoginsByIp.release(ip);
        const retryAfter = Math.max(failedLoginsByAccount.retryAfterSeconds(accountKey), failedLoginsByIp.retryAfterSeconds(ip));
        c.header("Retry-After", String(retryAfter));
        return c.json({ message: AUTH_MESSAGES.tooManyAttempts }, 429);
      }
      const result = await authenticate(deps, email, password);
      if (!result.ok) {
        // Only a wrong password (or unknown email) counts against the address, as before.
        if (result.status !== 401) failedLoginsByIp.release(ip);
        return c.json({ message: result.message, ...result.suspension }, result.status);
      }
      failedLoginsByAccount.reset(accountKey);
      failedLoginsByIp.release(ip);
      await startSession(c, result.value.id, result.value.isAdmin);
      // Mails to the account speak the language the person signs in with (when they chose one).
      await rememberLanguage(deps.db, result.value.id, chosenLanguage(c.req.header("Cookie")));
      // A chaperone has no profile to make (MATCHING.md 'Chaperone'): no onboarding.
      return c.json({ isNewUser: result.value.role !== "chaperone" && !result.value.hasPhoto });
    })
    // The Settings switcher: the account's language, for mails (the screens follow the cookie).
    .patch("/auth/language", requireUser, zValidator("json", languageBodySchema, invalidInput(AUTH_MESSAGES.invalidLanguage)), async (c) => {
      const { language } = c.req.valid("json");
      await rememberLanguage(deps.db, currentUser(c).id, language);
      return c.json({ language });
    })
    .get("/auth/user", requireUser, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await currentUserJson(deps, currentUser(c), deps.clock.now()));
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
  return describeRoutes(routes, authApiDocs);
}
