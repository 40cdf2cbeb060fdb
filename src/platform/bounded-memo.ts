/**
 * Values computed once per key and kept, up to `entries` keys: past that all are dropped and
 * computed again as asked. For lookups whose keys come from a small set in practice (a header's
 * few values, the cities and distances of the lists) but that a caller could vary at will.
 */
export class BoundedMemo<V> {
  readonly #values = new Map<string, V>();

  constructor(private readonly entries: number) {}

  get(key: string, compute: () => V): V {
    let value = this.#values.get(key);
    if (value === undefined) {
      if (this.#values.size >= this.entries) this.#values.clear();
      value = compute();
      this.#values.set(key, value);
    }
    return value;
  }

  get size(): number {
    return this.#values.size;
  }
}
