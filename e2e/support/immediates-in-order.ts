/**
 * setImmediate callbacks in the order they were queued, in the end-to-end test process
 * (docs/decisions/0115-browser-tests-without-the-flake.md).
 *
 * playwright-core runs inside this Bun process and passes every message between its client and
 * its server, and every message Chromium sends over its pipe, in a setImmediate of its own: it
 * counts on immediates running first in, first out. Bun breaks that when JavaScript waits
 * synchronously (bun:test's `expect(promise).resolves` does): the nested event-loop turn runs the
 * immediates queued since the current batch began while the rest of that batch waits. An event
 * then reaches the client before the `__create__` of its object ("Cannot find object to
 * "frameReceived": ws@…"), and a reply held back in the waiting batch can stall the wait for good.
 *
 * Here each native immediate runs the oldest queued callback instead of its own, so whichever
 * immediate Bun runs first, callbacks run in queue order. Installed once, on import.
 */
const INSTALLED = Symbol.for("kasih.e2e.immediatesInOrder");

interface Queued {
  run: () => void;
  cleared: boolean;
}

type Global = typeof globalThis & { [INSTALLED]?: true };

const nativeSetImmediate = globalThis.setImmediate;
const nativeClearImmediate = globalThis.clearImmediate;

/** Bun's own setImmediate again: only for e2e/stress/browser-setup.ts to show the flake without this. */
export function restoreNativeImmediates() {
  globalThis.setImmediate = nativeSetImmediate;
  globalThis.clearImmediate = nativeClearImmediate;
  delete (globalThis as Global)[INSTALLED];
}

function install() {
  const global = globalThis as Global;
  if (global[INSTALLED]) return;
  global[INSTALLED] = true;
  const waiting: Queued[] = [];
  const queuedBy = new WeakMap<object, Queued>();
  // One native immediate per queued callback: each runs the oldest that is still waiting. In a
  // nested turn the natives of the older callbacks are among those held back, so while callbacks
  // wait, each run queues one more native: the nested turn goes on running them, oldest first,
  // and what it waits for is not left behind the batch it interrupted. A native that finds the
  // queue empty does nothing.
  const runOldest = () => {
    const next = waiting.shift();
    if (waiting.length > 0) nativeSetImmediate(runOldest);
    if (next !== undefined && !next.cleared) next.run();
  };
  const setImmediateInOrder = (<A extends unknown[]>(callback: (...args: A) => void, ...args: A) => {
    const queued: Queued = { run: () => callback(...args), cleared: false };
    waiting.push(queued);
    const handle = nativeSetImmediate(runOldest);
    queuedBy.set(handle, queued);
    return handle;
  }) as typeof setImmediate;
  // Clearing marks the callback; its native immediate still runs (and runs the oldest), so the
  // counts of native immediates and queued callbacks stay equal.
  const clearImmediateInOrder = ((handle?: Parameters<typeof clearImmediate>[0]) => {
    const queued = handle ? queuedBy.get(handle as object) : undefined;
    if (queued === undefined) return nativeClearImmediate(handle);
    queued.cleared = true;
  }) as typeof clearImmediate;
  // Whatever hangs off the function (util.promisify's custom form) stays as it was.
  for (const key of Reflect.ownKeys(nativeSetImmediate)) {
    if (key === "length" || key === "name" || key === "prototype") continue;
    Object.defineProperty(setImmediateInOrder, key, Object.getOwnPropertyDescriptor(nativeSetImmediate, key)!);
  }
  globalThis.setImmediate = setImmediateInOrder;
  globalThis.clearImmediate = clearImmediateInOrder;
}

install();
