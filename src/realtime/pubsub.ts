/**
 * Fan-out between server instances behind one small interface: the hub delivers to its own
 * sockets, and publishes for the OTHER instances, which deliver to the sockets they hold.
 * One process needs no bus (in-process); with REDIS_URL, instances share Redis pub/sub.
 */
export interface PubSub {
  /** True when every subscriber lives in this process: the hub then publishes nothing. */
  readonly inProcess: boolean;
  /** Reaches the other instances' subscribers, never this one's. */
  publish(message: string): void;
  subscribe(handler: (message: string) => void): () => void;
  /** Resolves once the bus delivers (Redis: the SUBSCRIBE is confirmed). */
  ready(): Promise<void>;
  /**
   * "lost" when something published or sent to this instance may not have crossed (Redis went
   * away, a publish failed), "restored" once both ways work again. A bus that cannot lose
   * anything (in-process) has none.
   */
  onFanOut?(handler: (state: FanOutState) => void): () => void;
  close(): void;
}

export type FanOutState = "lost" | "restored";

/**
 * One process: there are no other instances to reach, so nothing is published or received
 * (the hub delivers to its own sockets itself).
 */
export class InProcessPubSub implements PubSub {
  readonly inProcess = true;

  publish(_message: string): void {}

  subscribe(_handler: (message: string) => void): () => void {
    return () => {};
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  close(): void {}
}
