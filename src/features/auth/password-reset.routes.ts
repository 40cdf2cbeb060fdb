import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import type { AppDeps, AppEnv } from "../../app-env";
import { clientIp } from "../../middleware/client-ip";
import { RateLimiter } from "../../middleware/rate-limit";
import { RESET_MAILS_PER_ACCOUNT_PER_HOUR } from "../../platform/constants";
import { createMailer } from "../mail/mailer";
import { AUTH_MESSAGES } from "./auth.schemas";
import { invalidInput } from "../../middleware/invalid-input";
import { checkPasswordStrength, PASSWORD_PROBLEM_MESSAGES } from "./password";
import { forgotPasswordBodySchema, RESET_MESSAGES, resetFormProblem, resetPasswordBodySchema } from "./password-reset.schemas";
import { findResetTokenUser, resetPassword, sendPasswordReset } from "./password-reset.service";
import { describeRoutes } from "../api-docs/describe-routes";
import { passwordResetApiDocs } from "./auth.api-docs";

const hourMs = 60 * 60_000;
/** Per network: generous for a shared office or campus, low enough to stop mail bombing. */
const forgotRequestsPerIpPerHour = 30;

/**
 * Forgot and reset password (spec points 2, 3, 7). All three routes are for anyone: the
 * reset token itself is the credential.
 */
export function passwordResetRoutes(deps: AppDeps) {
  const mailer = deps.mailer ?? createMailer(deps.config);
  const now = () => deps.clock.now().getTime();
  const mailsByAccount = new RateLimiter(RESET_MAILS_PER_ACCOUNT_PER_HOUR, hourMs, now);
  const requestsByIp = new RateLimiter(forgotRequestsPerIpPerHour, hourMs, now);

  const routes = new Hono<AppEnv>()
    .post("/auth/forgot-password", zValidator("json", forgotPasswordBodySchema, invalidInput(RESET_MESSAGES.emailRequired)), async (c) => {
      const { email } = c.req.valid("json");
      if (email === "") return c.json({ message: RESET_MESSAGES.emailRequired }, 400);
      const ip = clientIp(c, deps.config.trustProxy);
      if (!requestsByIp.hit(ip)) {
        c.header("Retry-After", String(requestsByIp.retryAfterSeconds(ip)));
        return c.json({ message: RESET_MESSAGES.tooManyRequests }, 429);
      }
      // The account limit is kept silently: answering differently would tell that the email exists.
      if (mailsByAccount.hit(email.toLowerCase())) {
        // Not awaited: the lookup, token and mail happen after the answer, so its timing is the
        // same for known and unknown emails.
        deps.background.run("password reset mail", () => sendPasswordReset(deps, mailer, email));
      }
      return c.json({ message: RESET_MESSAGES.linkSent });
    })
    .get("/auth/verify-reset-token/:token", async (c) => {
      c.header("Cache-Control", "no-store");
      c.header("Referrer-Policy", "no-referrer");
      const userId = await findResetTokenUser(deps, c.req.param("token").slice(0, 200));
      if (userId === null) return c.json({ valid: false, message: RESET_MESSAGES.tokenInvalid }, 400);
      return c.json({ valid: true, message: RESET_MESSAGES.tokenValid });
    })
    .post("/auth/reset-password", zValidator("json", resetPasswordBodySchema, invalidInput(AUTH_MESSAGES.fillAllFields)), async (c) => {
      const { token, newPassword } = c.req.valid("json");
      if (token === "") return c.json({ message: RESET_MESSAGES.tokenInvalid }, 400);
      const formProblem = resetFormProblem({ newPassword });
      if (formProblem !== null) return c.json({ message: formProblem }, 400);
      const strengthProblem = checkPasswordStrength(newPassword);
      if (strengthProblem !== null) return c.json({ message: PASSWORD_PROBLEM_MESSAGES[strengthProblem] }, 400);
      const userId = await resetPassword(deps, token, newPassword);
      if (userId === null) return c.json({ message: RESET_MESSAGES.tokenInvalid }, 400);
      // Sessions were deleted in the reset's batch; open sockets close on this event.
      deps.events.emit("sessions.revoked", { userId, sessionIds: null });
      return c.json({ message: RESET_MESSAGES.passwordReset });
    });
  return describeRoutes(routes, passwordResetApiDocs);
}
