import { Hono, type Context } from "hono";
import { isStorageFault } from "../../../db/storage-faults";
import { zValidator } from "../api-docs/documented-validator";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../app-env";
import { currentUser, requireUser } from "../../middleware/guards";
import { invalidInput } from "../../middleware/invalid-input";
import { RateLimiter } from "../../middleware/rate-limit";
import { setSessionCookie } from "../../middleware/session";
import { createMailer, type Mailer } from "../mail/mailer";
import { sendVerificationMail, VERIFICATION_MAILS_PER_ACCOUNT_PER_HOUR, verifyEmail, type VerifiedEmail } from "./email-verification.service";
import { createSession, invalidateSession } from "./session";
import { log } from "../../platform/log";
import { describeRoutes } from "../api-docs/describe-routes";
import { emailVerificationApiDocs } from "./auth.api-docs";

/** What the verification routes answer; screens translate them through messages.<slug>. */
export const VERIFY_MESSAGES = {
  verified: "Email verified",
  invalid: "Invalid or expired verification link",
  sent: "Verification email sent",
  alreadyVerified: "Email already verified",
  tooManyRequests: "Too many requests. Please try again later",
  mailFailed: "The verification email could not be sent. Please try again later",
} as const;

const hourMs = 60 * 60_000;

/**
 * One resend limit per app for both ways of asking (the API and the profile's form), so the two
 * cannot be used to double the mails an account receives.
 */
const resendLimiters = new WeakMap<AppDeps, RateLimiter>();
function resendLimiter(deps: AppDeps): RateLimiter {
  let limiter = resendLimiters.get(deps);
  if (limiter === undefined) {
    limiter = new RateLimiter(VERIFICATION_MAILS_PER_ACCOUNT_PER_HOUR, hourMs, () => deps.clock.now().getTime());
    resendLimiters.set(deps, limiter);
  }
  return limiter;
}

export type ResendOutcome = { kind: "sent" } | { kind: "already-verified" } | { kind: "limited"; retryAfterSeconds: number } | { kind: "failed" };

/**
 * A new link for the signed-in account: nothing when the address is already proven, at most
 * three mails an hour, and a failed relay reported (the person can try again) rather than hidden.
 */
export async function resendVerification(deps: AppDeps, mailer: Mailer, userId: string): Promise<ResendOutcome> {
  const limiter = resendLimiter(deps);
  if (limiter.isLimited(userId)) return { kind: "limited", retryAfterSeconds: limiter.retryAfterSeconds(userId) };
  limiter.hit(userId);
  try {
    const outcome = await sendVerificationMail(deps, mailer, userId);
    if (outcome === "already-verified") {
      limiter.release(userId);
      return { kind: "already-verified" };
    }
    return { kind: "sent" };
  } catch (error) {
    // A refused write (full disk, read-only database) is not a failed mail: the app answers it
    // with 503 "cannot save changes" (docs/decisions/0116), and the try does not count.
    if (isStorageFault(error)) {
      limiter.release(userId);
      throw error;
    }
    log.error({ err: error }, "verification mail failed");
    return { kind: "failed" };
  }
}

/**
 * New privileges, new session (like the bootstrap's admin grant): when the caller is the account
 * this verification made an admin, the old token ends and the admin session policy applies.
 */
export async function renewSessionIfPromoted(c: Context<AppEnv>, deps: AppDeps, result: VerifiedEmail): Promise<void> {
  const session = c.get("session");
  if (!result.becameAdmin || session === null || session.userId !== result.userId) return;
  await invalidateSession(deps.db, session.id, session.userId);
  const created = await createSession(deps.db, deps.clock, result.userId, true);
  setSessionCookie(c, deps.config, created.token, created.session.expiresAt);
}

const verifyBodySchema = z.object({ token: z.string().max(200).optional().default("") });

/**
 * POST /api/auth/verify-email (anyone: the token is the credential) and
 * POST /api/auth/verify-email/resend (signed in). Mounted under /api.
 */
export function emailVerificationRoutes(deps: AppDeps) {
  const mailer = deps.mailer ?? createMailer(deps.config);
  const routes = new Hono<AppEnv>()
    .post("/auth/verify-email", zValidator("json", verifyBodySchema, invalidInput(VERIFY_MESSAGES.invalid)), async (c) => {
      const result = await verifyEmail(deps, c.req.valid("json").token, c.get("session")?.userId ?? null);
      if (result === null) return c.json({ message: VERIFY_MESSAGES.invalid }, 400);
      await renewSessionIfPromoted(c, deps, result);
      return c.json({ message: VERIFY_MESSAGES.verified });
    })
    .post("/auth/verify-email/resend", requireUser, async (c) => {
      const outcome = await resendVerification(deps, mailer, currentUser(c).id);
      switch (outcome.kind) {
        case "sent":
          return c.json({ message: VERIFY_MESSAGES.sent });
        case "already-verified":
          return c.json({ message: VERIFY_MESSAGES.alreadyVerified }, 409);
        case "limited":
          c.header("Retry-After", String(outcome.retryAfterSeconds));
          return c.json({ message: VERIFY_MESSAGES.tooManyRequests }, 429);
        case "failed":
          return c.json({ message: VERIFY_MESSAGES.mailFailed }, 503);
      }
    });
  return describeRoutes(routes, emailVerificationApiDocs);
}
