import { useEffect, useRef, useState, type PointerEvent, type ReactNode, type RefObject } from "react";
import { useT } from "../runtime/i18n-context";
import { hasNativeAds, recordAdEvent, showNativeAd, type AdLocation, type SlotPlacement } from "../runtime/ads";
import { SWIPE_GESTURE } from "../../src/platform/constants";

export type AdSlotVariant = "card" | "row" | "strip" | "block";

const VARIANT_OF: Record<AdLocation, AdSlotVariant> = { swipe_screen: "card", matches_list: "row", chat_screen: "strip", profile_view: "block" };

/** Where the house ad's button goes on pages without a plan dialog: Discover opens it (decision 0063). */
const PLANS_HREF = "/swipe?plans=1";

/**
 * Calls `onSeen` once, when the slot is first at least half in view (an ad scrolled past below
 * the fold was not seen); at once where IntersectionObserver is missing.
 */
function useSeen(onSeen: () => void) {
  const ref = useRef<HTMLElement>(null);
  const seen = useRef(false);
  const callback = useRef(onSeen);
  callback.current = onSeen;
  useEffect(() => {
    const element = ref.current;
    const fire = () => {
      if (seen.current) return;
      seen.current = true;
      callback.current();
    };
    if (element === null || typeof IntersectionObserver === "undefined") {
      fire();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        fire();
        observer.disconnect();
      }
    }, { threshold: 0.5 });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/**
 * One ad slot (ADMIN.md "Ads"): a card in the deck, a row in the matches list, a strip in chat, a
 * block on a profile. In the Android wrapper the wrapper renders the ad natively (and reports its
 * own events); in a browser it is a clearly labelled house ad for Premium. Premium members never
 * get here: their placement list is empty.
 */
export function AdSlot({ placement, location, onUpgrade, onDismiss }: {
  placement: SlotPlacement;
  location: AdLocation;
  /** Opens the page's plan dialog; without it the button goes to Discover's. */
  onUpgrade?: () => void;
  /** The deck's card: dismissed with its button or a swipe, never counted as a swipe. */
  onDismiss?: () => void;
}) {
  const t = useT();
  const variant = VARIANT_OF[location];
  const [native] = useState(hasNativeAds);
  const ref = useSeen(() => {
    if (native) showNativeAd(placement, location);
    else recordAdEvent(placement.id, "impression");
  });
  const upgrade = () => {
    recordAdEvent(placement.id, "click");
    onUpgrade?.();
  };
  const body = native ? (
    // The wrapper draws the ad over this space; the label stays so the member knows what it is.
    <div className="ad-slot-native" data-placement-id={placement.id} data-ad-type={placement.adType} />
  ) : (
    <div className="ad-slot-house">
      <p className="ad-slot-title">{t("common.ads.houseTitle")}</p>
      {variant === "strip" ? null : <p className="ad-slot-text">{t("common.ads.houseBody")}</p>}
      {onUpgrade ? (
        <button type="button" className="button button-primary button-small ad-slot-cta" onClick={upgrade}>
          {t("common.ads.seePlans")}
        </button>
      ) : (
        <a className="button button-primary button-small ad-slot-cta" href={PLANS_HREF} onClick={upgrade}>
          {t("common.ads.seePlans")}
        </a>
      )}
    </div>
  );
  const content = (
    <>
      <span className="ad-slot-badge">{t("common.ads.badge")}</span>
      {body}
      {onDismiss ? (
        <button type="button" className="button button-outline ad-slot-dismiss" onClick={onDismiss}>
          {t("common.ads.continue")}
        </button>
      ) : null}
    </>
  );
  if (variant === "card") {
    return (
      <AdCard refCallback={ref} onDismiss={onDismiss ?? (() => undefined)} label={t("common.ads.label")} native={native}>
        {content}
      </AdCard>
    );
  }
  return (
    <aside ref={ref} className={`ad-slot ad-slot-${variant}${native ? " ad-slot-is-native" : ""}`} aria-label={t("common.ads.label")}>
      {content}
    </aside>
  );
}

/** The deck's ad card: the same drag as a profile card (past 60 px it leaves), but it only dismisses. */
function AdCard({ refCallback, onDismiss, label, native, children }: { refCallback: RefObject<HTMLElement | null>; onDismiss: () => void; label: string; native: boolean; children: ReactNode }) {
  const start = useRef<{ x: number; id: number } | null>(null);
  const [dx, setDx] = useState(0);
  const [leaving, setLeaving] = useState(0);
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (leaving !== 0 || (event.target as HTMLElement).closest("button, a")) return;
    start.current = { x: event.clientX, id: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (start.current?.id === event.pointerId) setDx(event.clientX - start.current.x);
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (start.current?.id !== event.pointerId) return;
    const moved = event.clientX - start.current.x;
    start.current = null;
    if (Math.abs(moved) > SWIPE_GESTURE.thresholdPx) {
      setLeaving(moved > 0 ? 1 : -1);
      window.setTimeout(onDismiss, SWIPE_GESTURE.callbackMs);
    } else setDx(0);
  };
  const x = leaving === 0 ? dx : leaving * (Math.abs(dx) + 600);
  const dragging = start.current !== null;
  return (
    <aside
      ref={refCallback}
      className={`swipe-card swipe-card-top ad-slot ad-slot-card${native ? " ad-slot-is-native" : ""}`}
      aria-label={label}
      style={{ transform: `translate(${x}px, 0) rotate(${x * SWIPE_GESTURE.rotationDegPerPx}deg)`, opacity: Math.max(SWIPE_GESTURE.minOpacity, 1 - Math.abs(x) / 400), transition: dragging ? "none" : `transform ${SWIPE_GESTURE.callbackMs + 100}ms ease-out, opacity ${SWIPE_GESTURE.callbackMs + 100}ms ease-out` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        setDx(0);
      }}
    >
      {children}
    </aside>
  );
}
