import { RedisClient } from "bun";
import { log } from "../platform/log";
import { displayUrl } from "../operations/startup-errors";
import type { FanOutState, PubSub } from "./pubsub";

/** How long to wait between attempts to reach Redis again. */
const RETRY_MS = 1000;

/**
 * Redis pub/sub with Bun's built-in client, carrying what other instances' sockets must see
 * (docs/decisions/0100-operations.md). One connection publishes, one subscribes (a subscribed
 * connection can do nothing else).
 *
 * Redis is only the way to the OTHER instances: the hub delivers to its own sockets itself, and
 * each message carries this instance's id so it skips its own echo. So when Redis goes away,
 * every instance keeps serving the members connected to it; the loss is logged once, publishes
 * are dropped rather than queued (a burst of stale typing and call frames on return helps no
 * one; messages themselves are in the database), and a new subscription is made once Redis
 * answers again: the old one does not survive a reconnect. onFanOut reports the loss and the
 * return, and the realtime layer then delivers what was missed from the database
 * (fan-out-catch-up.ts, docs/decisions/0118-metrics-behind-a-proxy-and-fan-out-catch-up.md).
 */
export class RedisPubSub implements PubSub {
  readonly inProcess = false;
  readonly #origin = crypto.randomUUID();
  #publisher: RedisClient;
  #subscriber: RedisClient | null = null;
  #handlers = new Set<(message: string) => void>();
  #ready: Promise<void>;
  #down = false;
  #closed = false;
  #retry: ReturnType<typeof setTimeout> | null = null;
  /** A publish failed while the subscription held: publishing is tried until it works. */
  #publishFailing = false;
  #probe: ReturnType<typeof setTimeout> | null = null;
  /** Whether everything published and sent to this instance crossed (no loss since the last report). */
  #whole = true;
  #fanOutHandlers = new Set<(state: FanOutState) => void>();

  constructor(
    readonly url: string,
    readonly channel = "kasih:realtime",
  ) {
    this.#publisher = this.#newPublisher();
    this.#ready = Promise.all([this.#publisher.connect(), this.#subscribe()]).then(() => undefined);
    // A failed first subscribe is reported by ready() and retried; keep it from being an unhandled rejection.
    this.#ready.catch(() => undefined);
  }

  /** Whether messages currently reach the other instances. */
  get connected(): boolean {
    return !this.#down && this.#subscriber !== null;
  }

  publish(message: string): void {
    if (this.#down) return;
    // A publish lost in the moment Redis goes away is dropped; the loss is reported (onFanOut).
    this.#publisher.publish(this.channel, `${this.#origin}\n${message}`).catch(() => this.#publishFailed());
  }

  onFanOut(handler: (state: FanOutState) => void): () => void {
    this.#fanOutHandlers.add(handler);
    return () => this.#fanOutHandlers.delete(handler);
  }

  subscribe(handler: (message: string) => void): () => void {
    this.#handlers.add(handler);
    return () => this.#handlers.delete(handler);
  }

  ready(): Promise<void> {
    return this.#ready;
  }

  close(): void {
    this.#closed = true;
    if (this.#retry !== null) clearTimeout(this.#retry);
    if (this.#probe !== null) clearTimeout(this.#probe);
    this.#handlers.clear();
    this.#fanOutHandlers.clear();
    this.#publisher.close();
    this.#subscriber?.close();
  }

  #newPublisher(): RedisClient {
    return new RedisClient(this.url, { autoReconnect: true, enableOfflineQueue: false, connectionTimeout: 2000 });
  }

  async #subscribe(): Promise<void> {
    const client = new RedisClient(this.url, { autoReconnect: false, enableOfflineQueue: false, connectionTimeout: 2000 });
    try {
      await client.connect();
      await client.subscribe(this.channel, (message) => this.#receive(message));
    } catch (error) {
      client.close();
      this.#lost(error);
      throw error;
    }
    if (this.#closed) return client.close();
    if (this.#down) {
      // A fresh publisher too, connected before publishing resumes: the old one may still be
      // backing off between its retries.
      this.#publisher.close();
      this.#publisher = this.#newPublisher();
      await this.#publisher.connect().catch(() => undefined);
      if (this.#closed) return client.close();
      this.#publishFailing = false;
    }
    client.onclose = () => {
      if (this.#subscriber !== client) return;
      this.#subscriber = null;
      this.#lost();
    };
    this.#subscriber = client;
    if (this.#down) {
      this.#down = false;
      log.info({ channel: this.channel }, "realtime: Redis is back; messages reach the other instances again");
    }
    this.#mended();
  }

  #receive(raw: string) {
    const cut = raw.indexOf("\n");
    if (cut < 0 || raw.slice(0, cut) === this.#origin) return;
    const message = raw.slice(cut + 1);
    for (const handler of this.#handlers) handler(message);
  }

  /** Redis went away (or never answered): say so once, and try again every RETRY_MS until it answers. */
  #lost(error?: unknown) {
    if (this.#closed) return;
    if (!this.#down) {
      this.#down = true;
      // Also at start: not fatal, an instance serves its own members without Redis (docs/decisions/0117).
      log.error({ err: error, channel: this.channel, setting: "REDIS_URL", redis: displayUrl(this.url) }, "realtime: Redis is unreachable (REDIS_URL); each instance serves only its own sockets until it returns");
      this.#broke();
    }
    if (this.#retry !== null) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#subscribe().catch(() => undefined);
    }, RETRY_MS);
  }

  /** A publish failed while subscribed: lost; try a publish (on a channel of its own) every RETRY_MS until one goes through. */
  #publishFailed() {
    if (this.#closed || this.#down || this.#publishFailing) return;
    this.#publishFailing = true;
    this.#broke();
    const probe = () => {
      this.#probe = setTimeout(() => {
        this.#probe = null;
        if (this.#closed || !this.#publishFailing) return;
        this.#publisher.publish(`${this.channel}:probe`, this.#origin).then(
          () => {
            this.#publishFailing = false;
            this.#mended();
          },
          probe,
        );
      }, RETRY_MS);
    };
    probe();
  }

  #broke() {
    if (!this.#whole) return;
    this.#whole = false;
    for (const handler of this.#fanOutHandlers) handler("lost");
  }

  /** Reported once both ways work again: subscribed, and the publisher answering. */
  #mended() {
    if (this.#whole || this.#closed || this.#down || this.#publishFailing || this.#subscriber === null) return;
    this.#whole = true;
    for (const handler of this.#fanOutHandlers) handler("restored");
  }
}
