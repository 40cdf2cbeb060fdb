import { Dialog } from "./dialog";
import { useT } from "../runtime/i18n-context";
import { HeartIcon } from "./icons";
import { initialsOf } from "./swipe-card";

export interface MatchedPerson {
  firstName: string;
  photo: string | null;
}

/** The 'It's a Match!' moment (spec point 2): Send Message goes to /matches, Keep Swiping closes. */
export function MatchDialog({ person, onClose }: { person: MatchedPerson | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open={person !== null} onClose={onClose} title={t("discover.match.title")} description={person ? t("discover.match.body", { name: person.firstName }) : undefined} className="match-dialog">
      {person ? (
        <div className="match-dialog-art" aria-hidden="true">
          <span className="match-dialog-avatar">{person.photo ? <img src={person.photo} alt="" /> : initialsOf(person.firstName)}</span>
          <span className="match-dialog-heart">
            <HeartIcon size={28} />
          </span>
        </div>
      ) : null}
      <div className="dialog-actions match-dialog-actions">
        <a className="button button-primary" href="/matches">
          {t("discover.match.sendMessage")}
        </a>
        <button type="button" className="button button-outline" onClick={onClose}>
          {t("discover.match.keepSwiping")}
        </button>
      </div>
    </Dialog>
  );
}
