import { PromptAnswers } from "./prompts-field";
import type { ReactNode } from "react";
import { VerifiedBadge } from "./verified-badge";
import { Dialog } from "./dialog";
import { useT } from "../runtime/i18n-context";
import type { DiscoveryCardJson } from "../../src/features/discovery/discovery-types";
import { initialsOf, useDistanceText } from "./swipe-card";
import { CloseIcon } from "./discover-icons";
import { optionText } from "./option-text";
import { thumbOf } from "./photo-url";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="profile-overlay-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

/**
 * What a card's person shares: age, distance, faith, goals, 'Who is Jesus Christ for me?', bio,
 * prompts, church, interests, work and education. In the info overlay, and beside the card on a
 * desktop (swipe-deck.tsx).
 */
export function ProfileFacts({ card }: { card: DiscoveryCardJson }) {
  const t = useT();
  const distanceText = useDistanceText();
  const none = t("discover.overlay.notShared");
  return (
    <>
      <dl className="profile-overlay-facts">
        <div>
          <dt>{t("discover.overlay.age")}</dt>
          <dd>{card.age || 25}</dd>
        </div>
        {card.distanceHidden ? null : (
          <div>
            <dt>{t("discover.overlay.distance")}</dt>
            <dd>{distanceText(card.distanceKm)}</dd>
          </div>
        )}
        <div>
          <dt>{t("discover.overlay.faith")}</dt>
          <dd>
            {card.denomination ? optionText(t, "denomination", card.denomination) : t("discover.card.defaultDenomination")}
            {card.faithDuration ? ` · ${optionText(t, "faithDuration", card.faithDuration)}` : ""}
          </dd>
        </div>
        {card.relationshipGoals ? (
          <div>
            <dt>{t("discover.overlay.goals")}</dt>
            <dd>{optionText(t, "relationshipGoals", card.relationshipGoals)}</dd>
          </div>
        ) : null}
      </dl>
      <Section title={t("discover.overlay.jesus")}>
        <p>{card.jesusChristMeaning || none}</p>
      </Section>
      <Section title={t("discover.overlay.bio")}>
        <p>{card.bio || none}</p>
      </Section>
      {card.prompts.length > 0 ? <PromptAnswers prompts={card.prompts} /> : null}
      <Section title={t("discover.overlay.church")}>
        <p>
          {card.churchName || none}
          {card.ministryInvolvement ? ` · ${card.ministryInvolvement}` : ""}
        </p>
      </Section>
      <Section title={t("discover.overlay.interests")}>
        {card.interests.length > 0 ? (
          <ul className="swipe-card-interests">
            {card.interests.map((interest) => (
              <li key={interest} className="badge">
                {interest}
              </li>
            ))}
          </ul>
        ) : (
          <p>{none}</p>
        )}
      </Section>
      <Section title={t("discover.overlay.work")}>
        <p>{card.occupation || none}</p>
      </Section>
      <Section title={t("discover.overlay.education")}>
        <p>{card.education || none}</p>
      </Section>
    </>
  );
}

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
      {card.photos.length > 1 ? (
        <ul className="profile-overlay-photos">
          {card.photos.slice(1).map((url) => (
            <li key={url}>
              <img src={thumbOf(url)} alt="" loading="lazy" />
            </li>
          ))}
        </ul>
      ) : null}
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
