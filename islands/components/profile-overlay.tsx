import { ProfileFacts } from "./profile-facts";
import { useState, type ReactNode, type UIEvent } from "react";
import { VerifiedBadge } from "./verified-badge";
import { MatchSummary } from "./match-summary";
import { Dialog } from "./dialog";
import { useT } from "../runtime/i18n-context";
import type { DiscoveryCardJson } from "../../src/features/discovery/discovery-types";
import { initialsOf } from "./swipe-card";
import { CloseIcon } from "./discover-icons";
import { HeartIcon } from "./icons";
import { VouchBadge } from "../vouches/vouch-badge";

/**
 * The info overlay of a card (spec point 2): age, faith, 'Who is Jesus Christ for me?', bio,
 * church, interests, work and education. `safety` is the slot where the safety area puts its
 * report / block actions for this person; `ad` is the profile-view ad block (free members, decision 0086).
 */
export function ProfileOverlay({
  card,
  open,
  onClose,
  safety,
  ad,
  onAnswer,
}: {
  card: DiscoveryCardJson;
  open: boolean;
  onClose: () => void;
  safety?: ReactNode;
  ad?: ReactNode;
  /** Like (true) or pass (false) from the sheet; absent: no answer buttons (the daily limit, an ad). */
  onAnswer?: (isLike: boolean) => void;
}) {
  const t = useT();
  const [shown, setShown] = useState(0);
  // The dot follows the photo most in view as the gallery is swiped (scroll-snap moves it).
  const onGalleryScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget;
    setShown(Math.round(list.scrollLeft / Math.max(1, list.clientWidth)));
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("discover.overlay.title", { name: card.firstName })}
      className="profile-overlay"
      headerAction={
        // First focusable element: the dialog opens with the top of the profile in view. It stays
        // with the title at the top while a long profile scrolls.
        <button type="button" className="profile-overlay-close" onClick={onClose} aria-label={t("common.close")}>
          <CloseIcon size={20} />
        </button>
      }
    >
      {card.photos.length === 0 ? (
        <div className="profile-overlay-hero">
          <span className="swipe-card-initials">{initialsOf(card.firstName)}</span>
        </div>
      ) : (
        // Every photo full size, swiped sideways one at a time (scroll-snap), with a dot each (docs/decisions/0138).
        <div className="profile-gallery">
          <ul className="profile-gallery-track" onScroll={onGalleryScroll} tabIndex={0} aria-label={t("discover.card.photoOf", { number: shown + 1, total: card.photos.length })} data-testid="profile-gallery">
            {card.photos.map((url, index) => (
              <li key={url}>
                <img src={url} alt="" loading={index === 0 ? undefined : "lazy"} draggable={false} />
              </li>
            ))}
          </ul>
          {card.photos.length > 1 ? (
            <div className="profile-gallery-dots" aria-hidden="true">
              {card.photos.map((url, index) => (
                <span key={url} className={index === shown ? "is-current" : undefined} />
              ))}
            </div>
          ) : null}
        </div>
      )}
      {card.verified ? <VerifiedBadge /> : null}
      <VouchBadge vouches={card.vouches} className="vouch-badge-large" />
      <MatchSummary percent={card.matchPercent} reasons={card.matchReasons} />
      <ProfileFacts card={card} />
      {ad ?? null}
      {onAnswer ? (
        <div className="profile-overlay-answer" role="group" aria-label={t("discover.actions.label")}>
          <button type="button" className="discover-action discover-action-pass" onClick={() => onAnswer(false)} aria-label={t("discover.actions.pass")} title={t("discover.actions.pass")} data-testid="sheet-pass">
            <CloseIcon size={26} />
          </button>
          <button type="button" className="discover-action discover-action-like" onClick={() => onAnswer(true)} aria-label={t("discover.actions.like")} title={t("discover.actions.like")} data-testid="sheet-like">
            <HeartIcon size={26} />
          </button>
        </div>
      ) : null}
      <div className="dialog-actions profile-overlay-actions">
        {safety ?? null}
        <button type="button" className="button button-outline" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </Dialog>
  );
}
