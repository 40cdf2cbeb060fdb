/**
 * The flood guard in front of the API (/api/* and /ws): a token bucket per client address,
 * checked before any other work, so a flood from one address is answered with cheap 429s and
 * everyone else's calls keep their speed (docs/decisions/0100-operations.md). In memory, per
 * instance: behind a balancer each instance guards itself.
 */
import { API_BURST_FACTOR, API_RATE_PER_ADDRESS } from "../platform/constants";
import type { MiddlewareHandler } from "hono";
import { rateLimited } from "../operations/metrics";
import { clientIp } from "./client-ip";

interface Bucket {
  tokens: number;
  at: number;
}

/** Addresses remembered at most; a full map forgets the quietest half (refilled buckets). */
const MAX_ADDRESSES = 100_000;

export class AddressRateGate {
  #buckets = new Map<string, Bucket>();

  constructor(
    readonly ratePerSecond = API_RATE_PER_ADDRESS,
    readonly burst = ratePerSecond * API_BURST_FACTOR,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Takes one request from the address's bucket; false when it is empty (answer 429). A request
   * with no connection ("unknown": app.request() in tests) is not counted.
   */
  allow(address: string): boolean {
    if (address === "unknown" || this.ratePerSecond === 0) return true;
    const now = this.now();
    let bucket = this.#buckets.get(address);
    if (bucket === undefined) {
      if (this.#buckets.size >= MAX_ADDRESSES) this.#forgetFull(now);
      bucket = { tokens: this.burst, at: now };
      this.#buckets.set(address, bucket);
    } else {
      bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond);
      bucket.at = now;
    }
    if (bucket.tokens < 1) {
      rateLimited.inc();
      return false;
    }
    bucket.tokens -= 1;
    return true;
  }

  /** Seconds until the address may send again (Retry-After). */
  retryAfterSeconds(address: string): number {
    const bucket = this.#buckets.get(address);
    if (bucket === undefined || bucket.tokens >= 1) return 1;
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
  }

  #forgetFull(now: number) {
    for (const [address, bucket] of this.#buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond >= this.burst) this.#buckets.delete(address);
    }
    // Still full (a wide flood): start over rather than grow without end.
    if (this.#buckets.size >= MAX_ADDRESSES) this.#buckets.clear();
  }
}

export const TOO_MANY_REQUESTS = "Too many requests. Please try again later";

function isGuardedPath(path: string): boolean {
  return path.startsWith("/api/") || path === "/ws";
}

/** The middleware: the API and the socket handshake, per client address (src/middleware/client-ip.ts). */
export function apiFloodGuard(deps: { config: { apiRatePerAddress: number; trustProxy: boolean } }): MiddlewareHandler {
  const gate = new AddressRateGate(deps.config.apiRatePerAddress);
  return async (c, next) => {
    if (!isGuardedPath(c.req.path)) return next();
    const address = clientIp(c, deps.config.trustProxy);
    if (gate.allow(address)) return next();
    return c.json({ message: TOO_MANY_REQUESTS }, 429, { "Retry-After": String(gate.retryAfterSeconds(address)) });
  };
}
