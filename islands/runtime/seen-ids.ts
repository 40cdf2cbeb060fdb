/**
 * The ids a page has had, the newest `kept` of them: the live connection drops a repeated
 * new_message (a catch-up after a Redis outage may send one the page has; decision 0118).
 */
export class SeenIds {
  #ids = new Set<string>();

  constructor(readonly kept: number) {}

  /** True the first time an id is given (while it is among the newest `kept`), false after. */
  firstTime(id: string): boolean {
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    if (this.#ids.size > this.kept) this.#ids.delete(this.#ids.values().next().value!);
    return true;
  }
}
