import type { Context } from "hono";
import { getConnInfo } from "hono/bun";

/** The caller's address for rate limits. X-Forwarded-For is only believed behind a configured proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket
  }
  return clientAddress(trustProxy, c.req.header("X-Forwarded-For"), socketAddress);
}

/** The same rule from its parts (the native routes have no Hono context). */
export function clientAddress(trustProxy: boolean, forwardedFor: string | null | undefined, socketAddress: string | undefined): string {
  if (trustProxy) {
    const forwarded = forwardedFor?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? "unknown";
}
