import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

/**
 * Every request body is refused with 413 before it is read once it is larger than its route needs:
 * by Content-Length when given, else by counting the streamed bytes (hono's bodyLimit does both).
 * Without this, any anonymous call was read up to the server's 48 MB ceiling before a check, and a
 * few parallel 45 MB sign-ins stalled the server. Only the photo and selfie routes take large
 * bodies, under their own limits (src/features/profile/profile.routes.ts, src/features/verification).
 */
export const SMALL_BODY_BYTES = 64 * 1024;
export const BODY_TOO_LARGE = "Request body too large";

const LARGE_BODY_ROUTES = [/^\/api\/profile(\/photos)?$/, /^\/api\/auth\/profile-picture$/, /^\/api\/verification\/selfie$/];
const bodiless = new Set(["GET", "HEAD", "OPTIONS"]);

const small = bodyLimit({ maxSize: SMALL_BODY_BYTES, onError: (c) => c.json({ message: BODY_TOO_LARGE }, 413) });

export const bodyLimits = createMiddleware<AppEnv>((c, next) => {
  if (bodiless.has(c.req.method) || LARGE_BODY_ROUTES.some((route) => route.test(c.req.path))) return next();
  return small(c, next);
});
