import { useEffect, useState } from "react";
import { secondsUntilNextJakartaDay } from "../../src/platform/clock";
import { FREE_DAILY_CHATS, FREE_DAILY_SWIPES } from "../../src/platform/constants";
import { useT } from "../runtime/i18n-context";
import { CrownIcon } from "./icons";

/** "05:23:09": hours, minutes and seconds until the free limits reset (Jakarta midnight). */
function formatCountdown(seconds: number): string {
  const parts = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return parts.map((part) => String(part).padStart(2, "0")).join(":");
}

/** Seconds until Jakarta midnight, ticking every second; `onReset` runs once when it arrives. */
function useResetCountdown(onReset?: () => void): number {
  const [left, setLeft] = useState(() => secondsUntilNextJakartaDay(new Date()));
  useEffect(() => {
    const started = Date.now();
    const total = secondsUntilNextJakartaDay(new Date());
    const timer = window.setInterval(() => {
      const remaining = total - Math.floor((Date.now() - started) / 1000);
      if (remaining <= 0) {
        window.clearInterval(timer);
        onReset?.();
        return;
      }
      setLeft(remaining);
    }, 1000);
    return () => window.clearInterval(timer);
  }, []);
  return left;
}

/**
 * The daily limit as an offer, not an error: what was used, a countdown to the reset at Jakarta
 * midnight, and what Premium gives, with the plans one tap away. `kind` says which limit.
 */
export function LimitOffer({ kind, onSeePlans, plansHref, onReset }: { kind: "swipes" | "messages"; onSeePlans?: () => void; plansHref?: string; onReset?: () => void }) {
  const t = useT();
  const left = useResetCountdown(onReset);
  const count = kind === "swipes" ? FREE_DAILY_SWIPES : FREE_DAILY_CHATS;
  const action = (
    <>
      <CrownIcon size={16} /> {t("limits.seePlans")}
    </>
  );
  return (
    <section className={`limit-offer limit-offer-${kind}`} data-testid="limit-offer" aria-labelledby={`limit-${kind}-title`}>
      <h2 id={`limit-${kind}-title`} className="limit-offer-title">
        {t(`limits.${kind}.title`, { count })}
      </h2>
      <p className="limit-offer-reset">
        {t(`limits.${kind}.resetIn`)}{" "}
        <time className="limit-offer-countdown" data-testid="limit-countdown" aria-live="off">
          {formatCountdown(left)}
        </time>
      </p>
      <p className="limit-offer-pitch">{t(`limits.${kind}.pitch`)}</p>
      {onSeePlans ? (
        <button type="button" className="button button-gold" onClick={onSeePlans} data-testid="limit-plans">
          {action}
        </button>
      ) : (
        <a className="button button-gold" href={plansHref} data-testid="limit-plans">
          {action}
        </a>
      )}
    </section>
  );
}
