import { Dialog } from "./dialog";
import { useT } from "../runtime/i18n-context";
import { HeartIcon } from "./icons";
import { initialsOf } from "./swipe-card";
import { PushInvite } from "./push-invite";
import { MatchSummary } from "./match-summary";
import type { MatchReasonJson } from "../../src/features/discovery/discovery-types";

export interface MatchedPerson {
  firstName: string;
  photo: string | null;
  /** The new match: 'Send Message' opens its chat (else the matches list). */
  matchId?: string;
  /** The values match and its reasons (docs/decisions/0133); absent or null: not shown. */
  matchPercent?: number | null;
  matchReasons?: MatchReasonJson[];
}

/**
 * The 'It's a Match!' moment (spec point 2), the same for both people: the one who swiped sees it
 * at once, the other live if online (the match_created frame). Both photos side by side;
 * 'Send Message' opens the chat, 'Keep Swiping' closes.
 */
export function MatchDialog({ person, myPhoto = null, onClose }: { person: MatchedPerson | null; myPhoto?: string | null; onClose: () => void }) {
  const t = useT();
  const chatHref = person?.matchId ? `/chat/${encodeURIComponent(person.matchId)}` : "/matches";
  return (
    <Dialog open={person !== null} onClose={onClose} title={t("match.title")} description={person ? t("match.body", { name: person.firstName }) : undefined} className="match-dialog">
      {person ? (
        <div className="match-dialog-art" aria-hidden="true" data-testid="match-art">
          <span className="match-dialog-avatar match-dialog-avatar-me">{myPhoto ? <img src={myPhoto} alt="" /> : <HeartIcon size={28} />}</span>
          <span className="match-dialog-heart">
            <HeartIcon size={28} />
          </span>
          <span className="match-dialog-avatar">{person.photo ? <img src={person.photo} alt="" /> : initialsOf(person.firstName)}</span>
        </div>
      ) : null}
      {person ? <MatchSummary percent={person.matchPercent} reasons={person.matchReasons} /> : null}
      <div className="dialog-actions match-dialog-actions">
        <a className="button button-primary" href={chatHref} data-testid="match-send-message">
          {t("match.sendMessage")}
        </a>
        <button type="button" className="button button-outline" onClick={onClose}>
          {t("match.keepSwiping")}
        </button>
      </div>
      {/* After the answer the moment asks for: the invitation is secondary (docs/decisions/0138). */}
      {person ? <PushInvite name={person.firstName} /> : null}
    </Dialog>
  );
}
