/**
 * The flood guard on sending messages: 60 a minute per member, premium included, counted once for
 * every way a message arrives — POST /api/matches/{id}/messages and the socket's send_message — so
 * switching transports does not reset it (over /ws alone, 1,272 messages went through in 4 s).
 */
import type { AppDeps } from "../../app-env";
import { RateLimiter } from "../../middleware/rate-limit";
import { MESSAGES_PER_MINUTE } from "../../platform/constants";

export const TOO_MANY_MESSAGES = "Too many messages. Please slow down";

const limiters = new WeakMap<object, RateLimiter>();

/** The app's one limiter (per deps, so each test app has its own). */
export function messageRateFor(deps: Pick<AppDeps, "clock">): RateLimiter {
  let limiter = limiters.get(deps);
  if (limiter === undefined) limiters.set(deps, (limiter = new RateLimiter(MESSAGES_PER_MINUTE, 60_000, () => deps.clock.now().getTime())));
  return limiter;
}
