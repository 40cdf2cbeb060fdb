import { useState } from "react";
import { useT } from "../runtime/i18n-context";
import { api } from "../runtime/api";
import { toast } from "../runtime/toast";
import { errorText } from "../runtime/messages";

/** Importance levels, as the API takes them (MATCHING.md; points in src/features/questions/question-bank.ts). */
export const IMPORTANCE_LEVELS = ["irrelevant", "little", "somewhat", "very", "mandatory"] as const;
export type ImportanceLevel = (typeof IMPORTANCE_LEVELS)[number];

export interface OwnAnswerJson {
  answer: string;
  acceptable: string[];
  importance: ImportanceLevel;
  public: boolean;
}

/** A question as GET /api/questions answers it. */
export interface QuestionJson {
  id: string;
  text: string;
  answers: { id: string; text: string }[];
  mine?: OwnAnswerJson;
}

/** Importance of a new answer: enough to count, far from ruling anyone out. */
const DEFAULT_IMPORTANCE: ImportanceLevel = "somewhat";

/**
 * One values question: the member's answer, the answers they accept from a partner, how much it
 * matters and whether the question may be named as a reason (never the answer). `quick`
 * (onboarding): choosing an answer saves at once, accepting the same answer; the rest can be
 * changed and saves as it changes.
 */
export function QuestionEditor({ question, quick = false, onSaved }: { question: QuestionJson; quick?: boolean; onSaved: (id: string, mine: OwnAnswerJson | undefined) => void }) {
  const t = useT();
  const [draft, setDraft] = useState<Partial<OwnAnswerJson>>(question.mine ?? { acceptable: [], importance: DEFAULT_IMPORTANCE, public: true });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = `question-${question.id}`;

  const save = async (next: Partial<OwnAnswerJson>) => {
    if (next.answer === undefined) return setError(t("profile.values.chooseAnswer"));
    if ((next.acceptable ?? []).length === 0) return setError(t("profile.values.chooseAcceptable"));
    setError(null);
    setBusy(true);
    try {
      const saved = await api<{ mine: OwnAnswerJson }>("PUT", `/api/questions/${encodeURIComponent(question.id)}/answer`, next);
      onSaved(question.id, saved.mine);
      if (!quick) toast({ title: t("profile.values.saved"), variant: "success" });
    } catch (caught) {
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api("DELETE", `/api/questions/${encodeURIComponent(question.id)}/answer`);
      setDraft({ acceptable: [], importance: DEFAULT_IMPORTANCE, public: true });
      onSaved(question.id, undefined);
      toast({ title: t("profile.values.removed"), variant: "success" });
    } catch (caught) {
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const change = (patch: Partial<OwnAnswerJson>) => {
    const next = { ...draft, ...patch };
    // A first answer is accepted from a partner too, until the member says otherwise.
    if (patch.answer !== undefined && (draft.acceptable ?? []).length === 0) next.acceptable = [patch.answer];
    setDraft(next);
    if (quick) void save(next);
  };

  const toggleAcceptable = (id: string) => {
    const current = draft.acceptable ?? [];
    change({ acceptable: current.includes(id) ? current.filter((entry) => entry !== id) : [...current, id] });
  };

  return (
    <fieldset className="field values-question" data-question={question.id} aria-busy={busy}>
      <legend className="values-question-text">{question.text}</legend>
      <div className="values-question-part">
        <p className="values-question-label" id={`${name}-answer`}>
          {t("profile.values.myAnswer")}
        </p>
        <div className="choice-chips" role="radiogroup" aria-labelledby={`${name}-answer`}>
          {question.answers.map((answer) => (
            <label key={answer.id} className="choice-chip">
              <input type="radio" name={`${name}-answer`} value={answer.id} checked={draft.answer === answer.id} onChange={() => change({ answer: answer.id })} />
              <span>{answer.text}</span>
            </label>
          ))}
        </div>
      </div>
      {draft.answer === undefined ? null : (
        <>
          <div className="values-question-part">
            <p className="values-question-label" id={`${name}-acceptable`}>
              {t("profile.values.acceptable")}
            </p>
            <div className="choice-chips" role="group" aria-labelledby={`${name}-acceptable`}>
              {question.answers.map((answer) => (
                <label key={answer.id} className="choice-chip">
                  <input type="checkbox" name={`${name}-acceptable`} value={answer.id} checked={(draft.acceptable ?? []).includes(answer.id)} onChange={() => toggleAcceptable(answer.id)} />
                  <span>{answer.text}</span>
                </label>
              ))}
            </div>
          </div>
          <div className="values-question-part">
            <p className="values-question-label" id={`${name}-importance`}>
              {t("profile.values.importance")}
            </p>
            <div className="choice-chips" role="radiogroup" aria-labelledby={`${name}-importance`}>
              {IMPORTANCE_LEVELS.map((level) => (
                <label key={level} className="choice-chip">
                  <input type="radio" name={`${name}-importance`} value={level} checked={draft.importance === level} onChange={() => change({ importance: level })} />
                  <span>{t(`profile.values.importanceOptions.${level}`)}</span>
                </label>
              ))}
            </div>
            {draft.importance === "mandatory" ? <p className="field-hint">{t("profile.values.mandatoryHint")}</p> : null}
          </div>
          <label className="checkbox-row values-question-public">
            <input type="checkbox" checked={draft.public ?? true} onChange={(event) => change({ public: event.target.checked })} />
            <span>{t("profile.values.public")}</span>
          </label>
        </>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {quick ? null : (
        <div className="values-question-actions">
          {question.mine ? (
            <button type="button" className="button button-ghost button-small" onClick={() => void remove()} disabled={busy}>
              {t("profile.values.remove")}
            </button>
          ) : null}
          <button type="button" className="button button-primary button-small" onClick={() => void save(draft)} disabled={busy}>
            {busy ? t("profile.values.saving") : t("profile.values.save")}
          </button>
        </div>
      )}
    </fieldset>
  );
}

/** "12 of 40": how many of the questions the member answered. */
export function answeredCount(questions: readonly QuestionJson[]): number {
  return questions.filter((question) => question.mine !== undefined).length;
}
