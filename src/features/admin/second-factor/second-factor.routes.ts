import { Hono } from "hono";
import { z } from "zod";
import { zValidator } from "@hono/zod-validator";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { clientIp } from "../../../middleware/client-ip";
import { RateLimiter } from "../../../middleware/rate-limit";
import { rejectInvalid } from "../../../middleware/invalid-input";
import { beginEnrolment, proveSecondFactor, SECOND_FACTOR_MESSAGES } from "./second-factor.service";

/** ADMIN.md 'Who': 5 wrong codes in 15 minutes, then 429 until the window ends. */
export const WRONG_CODES_ALLOWED = 5;
export const WRONG_CODES_WINDOW_MS = 15 * 60_000;

const verifyBodySchema = z.object({ code: z.string().max(40) });

/** Where the verify page sends the admin after a good code: a panel path only (no open redirect). */
export function safeNext(next: string | undefined | null): string {
  return typeof next === "string" && /^\/admin(\/[A-Za-z0-9._~\-/?=&%]*)?$/.test(next) && !next.startsWith("//") ? next : "/admin";
}

/**
 * POST /api/admin/2fa/enrol and /verify (ADMIN.md 'Who'), mounted under /api/admin behind
 * requireStaffApi, which lets staff without a proven code reach /2fa/* alone.
 */
export function secondFactorApi(deps: AppDeps) {
  const wrongCodes = new RateLimiter(WRONG_CODES_ALLOWED, WRONG_CODES_WINDOW_MS, () => deps.clock.now().getTime());
  return new Hono<AppEnv>()
    .post("/2fa/enrol", async (c) => {
      const result = await beginEnrolment(deps, currentUser(c));
      if (!result.ok) return c.json({ message: result.message }, result.status);
      c.header("Cache-Control", "no-store");
      return c.json(result.value);
    })
    .post("/2fa/verify", zValidator("json", verifyBodySchema, rejectInvalid), async (c) => {
      const user = currentUser(c);
      const session = c.get("session");
      if (session === null) return c.json({ message: "Unauthorized" }, 401);
      const limited = () => {
        c.header("Retry-After", String(wrongCodes.retryAfterSeconds(user.id)));
        return c.json({ message: SECOND_FACTOR_MESSAGES.tooManyCodes }, 429);
      };
      // Counted per account, not per address: the code is what is being guessed.
      if (wrongCodes.isLimited(user.id)) return limited();
      const result = await proveSecondFactor(deps, user, session.id, c.req.valid("json").code, clientIp(c, deps.config.trustProxy));
      if (!result.ok) return wrongCodes.hit(user.id) ? c.json({ message: SECOND_FACTOR_MESSAGES.invalidCode }, 400) : limited();
      wrongCodes.reset(user.id);
      const next = safeNext(c.req.query("next"));
      if (c.req.header("HX-Request") === "true") c.header("HX-Redirect", next);
      return c.json({ message: "Second factor verified", proof: result.proof, enrolled: result.enrolled });
    });
}
