import { lazy, Suspense, type ComponentType } from "react";

/**
 * A component whose code is fetched when it is first shown (a dialog), so it stays out of the
 * page's first download and parse on a slow phone (bench/page). `preload()` fetches it ahead,
 * when the page is idle, so the first tap does not wait for the network.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => void } {
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchOnce = () => (pending ??= load());
  const Loaded = lazy(() => fetchOnce().then((component) => ({ default: component })));
  function OnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  OnDemand.preload = () => void fetchOnce().catch(() => (pending = null));
  return OnDemand;
}

/** Runs `work` once the browser is idle after the page came to life (or soon, where idle callbacks do not exist). */
export function whenIdle(work: () => void) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 1500);
}
