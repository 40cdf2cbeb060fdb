import { lazy, Suspense, type ComponentProps } from "react";
import type { AdSlot as AdSlotComponent } from "./ad-slot";

/**
 * The ad slot, loaded on demand: only free members with an active placement ever need it, so its
 * code stays out of every page's first download (Discover's JavaScript budget, bench/README.md).
 * useAdPlacement() starts the download as soon as a placement arrives, before a slot is due.
 */
const Loaded = lazy(() => import("./ad-slot").then((module) => ({ default: module.AdSlot })));

export function AdSlot(props: ComponentProps<typeof AdSlotComponent>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
