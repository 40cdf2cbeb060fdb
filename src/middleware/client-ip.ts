import type { Context } from "hono";
import { getConnInfo } from "hono/bun";

/** The caller's address for rate limits. X-Forwarded-For is only believed behind a configured proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  // The socket's address only when it is the answer: asking Bun for it showed in bench:load.
  const forwarded = forwardedAddress(trustProxy, c.req.header("X-Forwarded-For"));
  if (forwarded !== undefined) return forwarded;
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket
  }
  return socketAddress ?? "unknown";
}

/** The same rule from its parts (the socket's address already known). */
export function clientAddress(trustProxy: boolean, forwardedFor: string | null | undefined, socketAddress: string | undefined): string {
  return forwardedAddress(trustProxy, forwardedFor) ?? socketAddress ?? "unknown";
}

/**
 * Behind the proxy, the LAST X-Forwarded-For entry: the one the proxy added. Proxies (nginx's
 * $proxy_add_x_forwarded_for, most balancers) append to whatever the caller sent, so the first
 * entry is the caller's own claim, and believing it let anyone pick a fresh address per request
 * and walk past every per-address limit.
 */
function forwardedAddress(trustProxy: boolean, forwardedFor: string | null | undefined): string | undefined {
  if (!trustProxy) return undefined;
  return forwardedFor?.split(",").at(-1)?.trim() || undefined;
}
