import type { ReactNode } from "react";
import { InterestChips } from "./interest-chips";
import { churchLabel } from "../../src/features/churches/church-label";
import { useT } from "../runtime/i18n-context";
import type { DiscoveryCardJson } from "../../src/features/discovery/discovery-types";
import { useDistanceText } from "./swipe-card";
import { optionText } from "./option-text";
import { PromptAnswers } from "./prompts-field";

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
          {churchLabel(card.church ?? null, card.churchName) || none}
          {card.ministryInvolvement ? ` · ${card.ministryInvolvement}` : ""}
        </p>
      </Section>
      <Section title={t("discover.overlay.interests")}>
        {card.interests.length > 0 ? (
          <InterestChips keys={card.interests} names={card.interestNames} shared={card.sharedInterests} />
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

