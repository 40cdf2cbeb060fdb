/**
 * Ad slots in the member app (ADMIN.md "Ads"; docs/decisions/0086-ad-slots-and-revenue.md).
 * - Placements load once per page and location from GET /api/ads (always [] for Premium members,
 *   so their pages render no slot at all).
 * - Inside the Android wrapper (window.KasihAndroid.showAd) AdMob or Meta render natively and the
 *   wrapper reports impressions, clicks and paid revenue back through window.KasihAds.record().
 * - In a plain browser a slot is a labelled house ad for Premium; it reports its own impression
 *   when shown and a click on its button, without revenue.
 * Nothing here may break a page: a failed call simply means no ad.
 */
import { useEffect, useState } from "react";
import { api, apiUrl } from "./api";
import { MAX_EVENT_REVENUE_MICROS } from "../../src/platform/constants";

export type AdLocation = "swipe_screen" | "matches_list" | "chat_screen" | "profile_view";
export type AdEventKind = "impression" | "click";

export interface SlotPlacement {
  id: string;
  adType: "banner" | "interstitial" | "rewarded" | "native";
  platform: "admob" | "meta";
  frequency: number;
}

interface AndroidBridge {
  showAd?: (placementJson: string) => void;
}

declare global {
  interface Window {
    KasihAndroid?: AndroidBridge;
    /** Called by the Android wrapper from its ad callbacks (impression, click, paid event in micros). */
    KasihAds?: { record: (placementId: string, kind: AdEventKind, revenueMicros?: number) => void };
  }
}

/** True inside the Android wrapper, whose bridge renders AdMob and Meta ads natively. */
export function hasNativeAds(): boolean {
  return typeof window !== "undefined" && typeof window.KasihAndroid?.showAd === "function";
}

/**
 * Stores one event; duplicates within a minute are dropped by the server. Never throws. keepalive:
 * a click on the house ad navigates away at once, and the request must still arrive.
 */
export function recordAdEvent(placementId: string, kind: AdEventKind, revenueMicros = 0): void {
  const micros = Number.isInteger(revenueMicros) && revenueMicros > 0 ? Math.min(revenueMicros, MAX_EVENT_REVENUE_MICROS) : 0;
  try {
    void fetch(apiUrl("/api/ads/events"), {
      method: "POST",
      credentials: "include",
      keepalive: true,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ placementId, kind, revenueMicros: micros }),
    }).catch(() => undefined);
  } catch {
    // No fetch (very old browser): no count, and no broken page.
  }
}

/** Asks the wrapper to show a placement natively: the placement plus where it is in the app. */
export function showNativeAd(placement: SlotPlacement, location: AdLocation): void {
  if (typeof window !== "undefined" && window.KasihAds === undefined) window.KasihAds = { record: recordAdEvent };
  window.KasihAndroid?.showAd?.(JSON.stringify({ ...placement, location }));
}

const loaded = new Map<AdLocation, Promise<SlotPlacement[]>>();

/** The placements of one location, fetched once per page. */
export function loadPlacements(location: AdLocation): Promise<SlotPlacement[]> {
  let pending = loaded.get(location);
  if (pending === undefined) {
    pending = api<SlotPlacement[]>("GET", `/api/ads?location=${location}`, undefined, { signedOutIsEmpty: true }).then(
      (list) => (Array.isArray(list) ? list : []),
      () => [],
    );
    loaded.set(location, pending);
  }
  return pending;
}

/** The placement a slot uses: the first active one of its location (null: no ad, e.g. Premium). */
export function useAdPlacement(location: AdLocation, enabled = true): SlotPlacement | null {
  const [placement, setPlacement] = useState<SlotPlacement | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadPlacements(location).then((list) => {
      // The slot's code is fetched only when there is an ad to show (islands/components/ad-slot-lazy.tsx).
      if (list.length > 0) void import("../components/ad-slot").catch(() => undefined);
      if (live) setPlacement(list[0] ?? null);
    });
    return () => {
      live = false;
    };
  }, [location, enabled]);
  return placement;
}

/** An ad is due after every `frequency` actions: the Nth, 2Nth, 3Nth… (spec point 9). */
export function adDue(actions: number, frequency: number): boolean {
  const every = Math.max(1, Math.floor(frequency));
  return actions > 0 && actions % every === 0;
}

/**
 * The list rows an ad row follows (0-based indexes): after every `frequency` rows, and after the
 * last row when the list is shorter than that, so a short list still shows one.
 */
export function adRowsAfter(rows: number, frequency: number): Set<number> {
  const every = Math.max(1, Math.floor(frequency));
  const after = new Set<number>();
  if (rows === 0) return after;
  for (let index = every - 1; index < rows; index += every) after.add(index);
  if (after.size === 0) after.add(rows - 1);
  return after;
}

/**
 * Counts visits to a place in this browser tab (chats opened, profiles viewed): the count after
 * this one. sessionStorage may be unavailable (private modes); then every visit counts as the first.
 */
export function countVisit(key: string): number {
  try {
    const storageKey = `kasih.ads.${key}`;
    const next = (Number(sessionStorage.getItem(storageKey)) || 0) + 1;
    sessionStorage.setItem(storageKey, String(next));
    return next;
  } catch {
    return 1;
  }
}
