/**
 * Work a request starts and does not wait for: a verification or reset mail, a receipt, a push.
 * Its answer has already gone out, so a stopping server must let this work finish before the
 * database closes, or the member is told "we sent you a link" and none ever arrives
 * (docs/decisions/0106). A failure is logged under the work's name; it never reaches the request.
 */
import { log } from "./log";

export class BackgroundWork {
  #running = new Set<Promise<void>>();

  /** Starts `work` at the next microtask, on its own: the caller does not wait; an error is logged as "`what` failed". */
  run(what: string, work: () => Promise<unknown>): void {
    const running: Promise<void> = Promise.resolve()
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, `${what} failed`),
      )
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  get pending(): number {
    return this.#running.size;
  }

  /**
   * Resolves true once nothing is running (work started meanwhile included), false when
   * `timeoutMs` passes first.
   */
  async settled(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.#running.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.allSettled([...this.#running]), new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
    return true;
  }
}
