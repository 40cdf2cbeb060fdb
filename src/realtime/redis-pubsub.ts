import { RedisClient } from "bun";
import type { PubSub } from "./pubsub";
import { log } from "../platform/log";

/**
 * Redis pub/sub with Bun's built-in client: one connection publishes, one subscribes (a
 * subscribed Redis connection can do nothing else). Every instance receives every message,
 * including its own, so local and remote delivery take the same path.
 */
export class RedisPubSub implements PubSub {
  readonly inProcess = false;
  #publisher: RedisClient;
  #subscriber: RedisClient;
  #handlers = new Set<(message: string) => void>();
  #subscribed: Promise<void>;

  constructor(
    url: string,
    readonly channel = "kasih:realtime",
  ) {
    this.#publisher = new RedisClient(url, { autoReconnect: true, enableOfflineQueue: true });
    this.#subscriber = new RedisClient(url, { autoReconnect: true, enableOfflineQueue: true });
    this.#subscribed = this.#subscriber
      .subscribe(channel, (message) => {
        for (const handler of this.#handlers) handler(message);
      })
      .then(() => undefined);
    // A failed first subscribe is reported by ready(); keep it from being an unhandled rejection.
    this.#subscribed.catch((error) => log.error({ err: error }, "realtime: Redis subscribe failed"));
  }

  publish(message: string): void {
    this.#publisher.publish(this.channel, message).catch((error: unknown) => log.error({ err: error }, "realtime: Redis publish failed"));
  }

  subscribe(handler: (message: string) => void): () => void {
    this.#handlers.add(handler);
    return () => this.#handlers.delete(handler);
  }

  ready(): Promise<void> {
    return this.#subscribed;
  }

  close(): void {
    this.#handlers.clear();
    this.#publisher.close();
    this.#subscriber.close();
  }
}
