import { timingSafeEqual } from "node:crypto";
import { sha256 } from "@oslojs/crypto/sha2";
import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { zValidator } from "../api-docs/documented-validator";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../app-env";
import { settings, users } from "../../../db/schema";
import { clientIp } from "../../middleware/client-ip";
import { currentUser, requireUser } from "../../middleware/guards";
import { RateLimiter } from "../../middleware/rate-limit";
import { setSessionCookie } from "../../middleware/session";
import { createSession, invalidateSession } from "./session";
import { log } from "../../platform/log";
import { describeRoutes } from "../api-docs/describe-routes";
import { adminBootstrapApiDocs } from "./auth.api-docs";

/** The settings row that records the one use of the bootstrap secret. */
export const ADMIN_BOOTSTRAP_USED_KEY = "admin_bootstrap_used";

export const ADMIN_BOOTSTRAP_MESSAGES = {
  disabled: "Temporary admin access is disabled on this server",
  wrongSecret: "Invalid bootstrap secret",
  used: "Temporary admin access has already been used",
  granted: "Admin access granted",
  tooManyAttempts: "Too many attempts. Please try again later",
} as const;

export type AdminBootstrapState = "disabled" | "available" | "used";

/** For the setup page's button: disabled (no secret set), available, or already used. */
export async function adminBootstrapState(deps: Pick<AppDeps, "config" | "db">): Promise<AdminBootstrapState> {
  if (deps.config.adminBootstrapSecret === undefined) return "disabled";
  const [row] = await deps.db.select({ key: settings.key }).from(settings).where(eq(settings.key, ADMIN_BOOTSTRAP_USED_KEY)).limit(1);
  return row === undefined ? "available" : "used";
}

/** Constant-time comparison of the digests, so neither length nor content leaks through timing. */
function secretMatches(presented: string, expected: string): boolean {
  const digest = (value: string) => sha256(new TextEncoder().encode(value));
  return timingSafeEqual(digest(presented), digest(expected));
}

const bodySchema = z.object({ secret: z.string().max(512).optional().default("") });
const fifteenMinutesMs = 15 * 60_000;

/**
 * POST /api/auth/admin-login (spec point 7; SECURITY.md): makes the SIGNED-IN caller an admin,
 * once, when the operator set ADMIN_BOOTSTRAP_SECRET and the caller presents it. Everything
 * else is 403 (401 when signed out): it never grants admin to an anonymous caller.
 */
export function adminBootstrapRoutes(deps: AppDeps) {
  const failuresByIp = new RateLimiter(10, fifteenMinutesMs, () => deps.clock.now().getTime());
  const routes = new Hono<AppEnv>().post("/auth/admin-login", requireUser, zValidator("json", bodySchema, (result, c) => (result.success ? undefined : c.json({ message: ADMIN_BOOTSTRAP_MESSAGES.wrongSecret }, 403))), async (c) => {
    const expected = deps.config.adminBootstrapSecret;
    if (expected === undefined) return c.json({ message: ADMIN_BOOTSTRAP_MESSAGES.disabled }, 403);
    const ip = clientIp(c, deps.config.trustProxy);
    if (failuresByIp.isLimited(ip)) {
      c.header("Retry-After", String(failuresByIp.retryAfterSeconds(ip)));
      return c.json({ message: ADMIN_BOOTSTRAP_MESSAGES.tooManyAttempts }, 429);
    }
    const { secret } = c.req.valid("json");
    if (!secretMatches(secret, expected)) {
      failuresByIp.hit(ip);
      return c.json({ message: ADMIN_BOOTSTRAP_MESSAGES.wrongSecret }, 403);
    }
    const user = currentUser(c);
    const now = deps.clock.now();
    // One batch: the first caller records the use, and the promotion only applies to the user
    // the record names, so two racing callers cannot both become admin.
    const [claimed] = await deps.db.batch([
      deps.db.insert(settings).values({ key: ADMIN_BOOTSTRAP_USED_KEY, value: { usedAt: now.toISOString(), userId: user.id }, updatedAt: now, updatedBy: user.id }).onConflictDoNothing().returning({ key: settings.key }),
      deps.db
        .update(users)
        .set({ isAdmin: true })
        .where(and(eq(users.id, user.id), sql`exists (select 1 from ${settings} where ${settings.key} = ${ADMIN_BOOTSTRAP_USED_KEY} and ${settings.updatedBy} = ${user.id})`)),
    ]);
    if (claimed.length === 0) return c.json({ message: ADMIN_BOOTSTRAP_MESSAGES.used }, 403);
    // New privileges, new session: the old token ends and the admin session policy applies.
    const session = c.get("session");
    if (session !== null) await invalidateSession(deps.db, session.id, user.id);
    const created = await createSession(deps.db, deps.clock, user.id, true);
    setSessionCookie(c, deps.config, created.token, created.session.expiresAt);
    log.warn({ userId: user.id }, "admin bootstrap: a member became an admin");
    return c.json({ message: ADMIN_BOOTSTRAP_MESSAGES.granted });
  });
  return describeRoutes(routes, adminBootstrapApiDocs);
}
