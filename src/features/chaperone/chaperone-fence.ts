/**
 * A chaperone can never write, call or see anything else (MATCHING.md 'Chaperone',
 * docs/decisions/0135). One fence in front of every /api call, mounted before any route matches
 * (so a route added later is closed to chaperones until it is listed here): a chaperone's session
 * may make only the calls below; everything else is 403. /ws refuses them in its handshake and
 * member pages send them to /chaperone (src/middleware/guards.ts).
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../app-env";

type Allowed = readonly [method: string, path: RegExp];
const ID = "[^/]+";

/** What a chaperone's session may call, by method and path. */
export const CHAPERONE_CALLS: readonly Allowed[] = [
  // The chaperone's reading.
  ["GET", /^\/api\/chaperone\/matches$/],
  ["GET", new RegExp(`^/api/chaperone/matches/${ID}/messages$`)],
  // Accepting a second member's invitation while signed in.
  ["POST", /^\/api\/chaperone\/accept$/],
  // Their own account's basics: who they are, their language, signing out, their password
  // (the signed-out reset flow) and deleting the account.
  ["GET", /^\/api\/auth\/user$/],
  ["GET", /^\/api\/logout$/],
  ["PATCH", /^\/api\/auth\/language$/],
  ["POST", /^\/api\/auth\/login$/],
  ["POST", /^\/api\/auth\/forgot-password$/],
  ["GET", new RegExp(`^/api/auth/verify-reset-token/${ID}$`)],
  ["POST", /^\/api\/auth\/reset-password$/],
  ["DELETE", /^\/api\/account$/],
];

export function chaperoneMay(method: string, path: string): boolean {
  const asked = method === "HEAD" ? "GET" : method;
  return CHAPERONE_CALLS.some(([allowedMethod, pattern]) => allowedMethod === asked && pattern.test(path));
}

/** Mounted at /api/* in src/app.ts. */
export const chaperoneFence = createMiddleware<AppEnv>((c, next) => {
  const user = c.get("user");
  if (user !== null && user.role === "chaperone" && !chaperoneMay(c.req.method, c.req.path)) return Promise.resolve(c.json({ message: "Forbidden" }, 403));
  return next();
});
