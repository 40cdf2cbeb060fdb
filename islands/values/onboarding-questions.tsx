import { useEffect, useRef, useState } from "react";
import { useT } from "../runtime/i18n-context";
import { api } from "../runtime/api";
import { ONBOARDING_QUESTION_IDS } from "../../src/features/questions/onboarding-questions";
import { answeredCount, QuestionEditor, type OwnAnswerJson, type QuestionJson } from "./question-editor";

/** The ten onboarding questions, in their order, from GET /api/questions (the member's language). */
export async function loadOnboardingQuestions(): Promise<QuestionJson[]> {
  const { questions } = await api<{ questions: QuestionJson[] }>("GET", "/api/questions");
  const byId = new Map(questions.map((question) => [question.id, question]));
  return ONBOARDING_QUESTION_IDS.map((id) => byId.get(id)).filter((question): question is QuestionJson => question !== undefined);
}

/**
 * Onboarding's last, skippable step (docs/decisions/0133): ten quick values questions after the
 * profile is created. Each answer saves as it is chosen (accepting the same answer, "somewhat"),
 * and can be widened there or later in the profile's questions page.
 */
export function OnboardingQuestions({ questions: initial, onDone }: { questions: QuestionJson[]; onDone: () => void }) {
  const t = useT();
  const [questions, setQuestions] = useState(initial);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const answered = answeredCount(questions);
  const saved = (id: string, mine: OwnAnswerJson | undefined) => setQuestions((current) => current.map((question) => (question.id === id ? { ...question, mine } : question)));
  return (
    <div className="form profile-form onboarding" data-step="questions">
      <div className="onboarding-progress">
        <p className="onboarding-count" id="onboarding-questions-count" data-testid="onboarding-questions-progress">
          {t("onboarding.questions.progress", { count: answered, total: questions.length })}
        </p>
        <div className="progress-track" role="progressbar" aria-labelledby="onboarding-questions-count" aria-valuemin={0} aria-valuemax={questions.length} aria-valuenow={answered}>
          <span className="progress-fill" style={{ width: `${(answered / Math.max(1, questions.length)) * 100}%` }} />
        </div>
      </div>
      <header className="onboarding-header">
        <h1 className="page-title" tabIndex={-1} ref={headingRef}>
          {t("onboarding.questions.title")}
        </h1>
        <p className="muted">{t("onboarding.questions.lead")}</p>
      </header>
      <div className="onboarding-questions">
        {questions.map((question) => (
          <QuestionEditor key={question.id} question={question} quick onSaved={saved} />
        ))}
      </div>
      <div className="profile-form-actions onboarding-actions">
        {answered === 0 ? (
          <button type="button" className="button button-outline" onClick={onDone} data-testid="onboarding-questions-skip">
            {t("onboarding.questions.skip")}
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={onDone} data-testid="onboarding-questions-done">
            {t("onboarding.questions.done")}
          </button>
        )}
      </div>
    </div>
  );
}
