import { ProfileFacts } from "./profile-facts";
import type { ReactNode } from "react";
import { VerifiedBadge } from "./verified-badge";
import { MatchSummary } from "./match-summary";
import { Dialog } from "./dialog";
import { useT } from "../runtime/i18n-context";
import type { DiscoveryCardJson } from "../../src/features/discovery/discovery-types";
import { initialsOf } from "./swipe-card";
import { CloseIcon } from "./discover-icons";
import { thumbOf } from "./photo-url";
import { VouchBadge } from "../vouches/vouch-badge";

/**
 * The info overlay of a card (spec point 2): age, faith, 'Who is Jesus Christ for me?', bio,
 * church, interests, work and education. `safety` is the slot where the safety area puts its
 * report / block actions for this person; `ad` is the profile-view ad block (free members, decision 0086).
 */
export function ProfileOverlay({ card, open, onClose, safety, ad }: { card: DiscoveryCardJson; open: boolean; onClose: () => void; safety?: ReactNode; ad?: ReactNode }) {
  const t = useT();
  const photo = card.photos[0];
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
      <div className="profile-overlay-hero">
        {photo ? <img src={photo} alt="" /> : <span className="swipe-card-initials">{initialsOf(card.firstName)}</span>}
      </div>
      {card.verified ? <VerifiedBadge /> : null}
      <VouchBadge vouches={card.vouches} className="vouch-badge-large" />
      {card.photos.length > 1 ? (
        <ul className="profile-overlay-photos">
          {card.photos.slice(1).map((url) => (
            <li key={url}>
              <img src={thumbOf(url)} alt="" loading="lazy" />
            </li>
          ))}
        </ul>
      ) : null}
      <MatchSummary percent={card.matchPercent} reasons={card.matchReasons} />
      <ProfileFacts card={card} />
      {ad ?? null}
      <div className="dialog-actions profile-overlay-actions">
        {safety ?? null}
        <button type="button" className="button button-outline" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </Dialog>
  );
}
