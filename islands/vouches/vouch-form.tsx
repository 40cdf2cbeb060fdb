import { useState, type FormEvent } from "react";
import { useT } from "../runtime/i18n-context";
import { api } from "../runtime/api";
import { errorText } from "../runtime/messages";
import { VOUCH_NOTE_MAX } from "../../src/features/vouches/vouch-limits";

export interface VouchFormProps {
  member: { id: string; firstName: string };
  church: string;
}

/** The vouch link's form (docs/decisions/0134): an optional note and the Vouch button. */
export function VouchForm({ member, church }: VouchFormProps) {
  const t = useT();
  const [note, setNote] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState("sending");
    setError(null);
    try {
      await api("POST", "/api/vouches", { userId: member.id, note: note.trim() === "" ? undefined : note });
      setState("sent");
    } catch (caught) {
      setError(errorText(t, caught));
      setState("idle");
    }
  };

  if (state === "sent") {
    return (
      <div className="vouch-sent" role="status" data-testid="vouch-sent">
        <h2>{t("profile.vouch.sentTitle")}</h2>
        <p>{t("profile.vouch.sentBody", { name: member.firstName })}</p>
        <a className="button button-outline" href="/">
          {t("profile.vouch.toApp")}
        </a>
      </div>
    );
  }
  return (
    <form className="vouch-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="vouch-note">{t("profile.vouch.noteLabel", { name: member.firstName })}</label>
        <textarea id="vouch-note" value={note} maxLength={VOUCH_NOTE_MAX} onChange={(event) => setNote(event.target.value)} placeholder={t("profile.vouch.notePlaceholder", { church })} aria-describedby="vouch-note-hint" />
        <span className="field-hint" id="vouch-note-hint">
          {t("profile.vouch.noteHint", { count: note.length, max: VOUCH_NOTE_MAX })}
        </span>
      </div>
      {error === null ? null : (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-primary button-block" disabled={state === "sending"}>
        {t("profile.vouch.submit", { name: member.firstName })}
      </button>
    </form>
  );
}
