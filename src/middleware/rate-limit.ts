/**
 * A fixed-window counter per key, in memory. Enough for one process; the limits it guards
 * (sign-in failures, registrations, reset mails) reset on restart, which only errs towards
 * letting a person back in.
 */
export class RateLimiter {
  #hits = new Map<string, { count: number; windowStart: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for the key; false once the key is over its limit. */
  hit(key: string): boolean {
    const entry = this.#current(key);
    entry.count++;
    return entry.count <= this.limit;
  }

  isLimited(key: string): boolean {
    return this.#current(key).count >= this.limit;
  }

  /** Seconds until the key's window ends, for Retry-After. */
  retryAfterSeconds(key: string): number {
    const entry = this.#current(key);
    return Math.max(1, Math.ceil((entry.windowStart + this.windowMs - this.now()) / 1000));
  }

  /**
   * Gives back one hit counted in the key's current window (a request counted up front that
   * turned out not to count, e.g. a successful sign-in). Harmless when there is nothing to give back.
   */
  release(key: string): void {
    const entry = this.#hits.get(key);
    if (entry === undefined || this.now() - entry.windowStart >= this.windowMs || entry.count === 0) return;
    entry.count--;
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  #current(key: string) {
    const now = this.now();
    let entry = this.#hits.get(key);
    if (entry === undefined || now - entry.windowStart >= this.windowMs) {
      entry = { count: 0, windowStart: now };
      this.#hits.set(key, entry);
      if (this.#hits.size > 100_000) this.#sweep(now);
    }
    return entry;
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#hits) if (now - entry.windowStart >= this.windowMs) this.#hits.delete(key);
  }
}
