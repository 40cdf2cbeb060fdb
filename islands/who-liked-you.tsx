import { useState } from "react";
import { api, ApiError } from "./runtime/api";
import { useT } from "./runtime/i18n-context";
import { errorText } from "./runtime/messages";
import { toast } from "./runtime/toast";
import type { LikeEntryJson, PlanName } from "../src/features/discovery/discovery-types";
import { StarIcon } from "./components/discover-icons";
import { MatchDialog, type MatchedPerson } from "./components/match-dialog";
import { initialsOf } from "./components/swipe-card";
import { PlanDialog, type ChoosePlan } from "./plan-dialog";
import { optionText } from "./components/option-text";
import { LockIcon } from "./components/icons";
import { LOCKED_LIKE_FACES } from "../src/platform/constants";

export interface WhoLikedYouProps {
  count: number;
  /** null for free members: they only learn how many. */
  people: LikeEntryJson[] | null;
  plan: PlanName;
  /** The member's own main photo (thumbnail), for the match moment. */
  myPhoto: string | null;
  /** Free members: a blurred face per pending like (null: no photo), made on the server (docs/decisions/0138). */
  blurredFaces?: (string | null)[];
}

/** How many blurred tiles a free member sees (never more than the real count). */
const LOCKED_TILES = LOCKED_LIKE_FACES;

/** Who liked you (issue 5 item 5): premium members see the people and can answer; free members see the count. */
export function WhoLikedYou(props: WhoLikedYouProps & { onChoosePlan?: ChoosePlan }) {
  const t = useT();
  const [people, setPeople] = useState(props.people);
  const [plansOpen, setPlansOpen] = useState(false);
  const [matched, setMatched] = useState<MatchedPerson | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const answer = async (person: LikeEntryJson, isLike: boolean) => {
    setBusyId(person.id);
    try {
      const result = await api<{ isMatch: boolean; matchId?: string }>("POST", "/api/swipe", { swipedId: person.id, isLike });
      setPeople((current) => current?.filter((entry) => entry.id !== person.id) ?? null);
      if (result.isMatch) setMatched({ firstName: person.firstName, photo: person.photo, matchId: result.matchId });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        toast({ title: t("discover.toasts.limitTitle"), description: t("discover.toasts.limitBody"), variant: "destructive" });
        setPlansOpen(true);
      } else {
        toast({ title: t("toast.error"), description: errorText(t, error), variant: "destructive" });
      }
    } finally {
      setBusyId(null);
    }
  };

  if (people === null) {
    return (
      <div className="likes likes-locked">
        <p className="likes-count">{t("likes.count", { count: props.count })}</p>
        <div className="card likes-upsell">
          <h2>{t("likes.lockedTitle")}</h2>
          <p className="muted">{t("likes.lockedBody")}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              toast({ title: t("likes.premiumFeatureTitle"), description: t("likes.premiumFeatureBody") });
              setPlansOpen(true);
            }}
          >
            {t("likes.upgrade")}
          </button>
        </div>
        <ul className="likes-grid" aria-hidden="true">
          {Array.from({ length: Math.min(props.count, LOCKED_TILES) }, (_, index) => (
            <li key={index} className="likes-tile likes-tile-blurred">
              <span className="likes-tile-photo">{props.blurredFaces?.[index] ? <img src={props.blurredFaces[index]!} alt="" loading="lazy" /> : null}</span>
              {/* Locked, not loading: the lock sits over the blur. */}
              <span className="likes-tile-lock">
                <LockIcon size={22} />
              </span>
              <span className="likes-tile-name" />
            </li>
          ))}
        </ul>
        <PlanDialog open={plansOpen} onClose={() => setPlansOpen(false)} onChoosePlan={props.onChoosePlan} currentPlan={props.plan} />
      </div>
    );
  }

  return (
    <div className="likes">
      <p className="likes-count">{t("likes.count", { count: people.length })}</p>
      {people.length === 0 ? (
        <div className="discover-empty">
          <h2>{t("likes.emptyTitle")}</h2>
          <p className="muted">{t("likes.emptyBody")}</p>
          <a className="button button-primary" href="/swipe">
            {t("likes.keepSwiping")}
          </a>
        </div>
      ) : (
        <ul className="likes-grid">
          {people.map((person) => (
            <li key={person.id} className="likes-tile" data-like-id={person.id}>
              <span className="likes-tile-photo">{person.photo ? <img src={person.photo} alt="" loading="lazy" /> : <span className="swipe-card-initials">{initialsOf(person.firstName)}</span>}</span>
              {person.isSuperLike ? (
                <span className="swipe-card-superlike">
                  <StarIcon size={12} /> {t("likes.superLike")}
                </span>
              ) : null}
              <span className="likes-tile-name">
                {person.firstName}, {person.age || 25}
              </span>
              <span className="likes-tile-meta muted">{person.denomination ? optionText(t, "denomination", person.denomination) : t("discover.card.defaultDenomination")}</span>
              <span className="likes-tile-actions">
                <button type="button" className="button button-outline button-small" disabled={busyId !== null} onClick={() => void answer(person, false)}>
                  {t("discover.actions.pass")}
                </button>
                <button type="button" className="button button-primary button-small" disabled={busyId !== null} onClick={() => void answer(person, true)}>
                  {t("likes.likeBack")}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <MatchDialog person={matched} myPhoto={props.myPhoto} onClose={() => setMatched(null)} />
      <PlanDialog open={plansOpen} onClose={() => setPlansOpen(false)} onChoosePlan={props.onChoosePlan} currentPlan={props.plan} />
    </div>
  );
}
