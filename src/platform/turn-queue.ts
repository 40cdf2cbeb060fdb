/**
 * Work asked for during one turn of the event loop, done together at the end of the turn, in
 * order of kind (docs/decisions/0111-session-lookups-by-turn.md).
 *
 * Under load a SQLite statement that runs right after other work costs several times what it
 * costs right after itself: its program, its b-tree pages and SQLite's own code are no longer in
 * the processor's caches. Requests that arrive together are therefore looked up together, and go
 * on in order of kind, so that the statements of their next steps also follow one another.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Waiting<In, Out> {
  input: In;
  kind: string;
  /** The asker's async context (its request id on log lines), which the end of the turn does not have. */
  context: ReturnType<typeof AsyncLocalStorage.snapshot>;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
}

export function turnQueue<In, Out>(work: (input: In) => Promise<Out>): (input: In, kind: string) => Promise<Out> {
  let waiting: Waiting<In, Out>[] = [];
  const runWaiting = () => {
    const batch = waiting;
    waiting = [];
    // Array.prototype.sort is stable: within a kind, the order of arrival.
    batch.sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
    for (const item of batch) {
      try {
        item.context(work, item.input).then(item.resolve, item.reject);
      } catch (error) {
        item.reject(error);
      }
    }
  };
  return (input, kind) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, kind, context: AsyncLocalStorage.snapshot(), resolve, reject });
      if (waiting.length === 1) setImmediate(runWaiting);
    });
}
