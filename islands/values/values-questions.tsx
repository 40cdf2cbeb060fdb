import { useState } from "react";
import { useT } from "../runtime/i18n-context";
import { answeredCount, QuestionEditor, type OwnAnswerJson, type QuestionJson } from "./question-editor";

export interface ValuesQuestionsProps {
  questions: QuestionJson[];
}

/**
 * The values questions of the profile area (docs/decisions/0133): every question with the
 * member's answer, progress "12 of 40"; each opens to answer or change it.
 */
export function ValuesQuestions({ questions: initial }: ValuesQuestionsProps) {
  const t = useT();
  const [questions, setQuestions] = useState(initial);
  const answered = answeredCount(questions);
  const saved = (id: string, mine: OwnAnswerJson | undefined) =>
    setQuestions((current) => current.map((question) => (question.id === id ? { ...question, mine } : question)));
  return (
    <div className="values-questions">
      <div className="onboarding-progress values-progress">
        <p className="onboarding-count" id="values-count" data-testid="values-progress">
          {t("profile.values.progress", { count: answered, total: questions.length })}
        </p>
        <div className="progress-track" role="progressbar" aria-labelledby="values-count" aria-valuemin={0} aria-valuemax={questions.length} aria-valuenow={answered}>
          <span className="progress-fill" style={{ width: `${(answered / Math.max(1, questions.length)) * 100}%` }} />
        </div>
      </div>
      <ul className="values-list">
        {questions.map((question) => (
          <li key={question.id}>
            <details className="values-item">
              <summary>
                <span className="values-item-text">{question.text}</span>
                <span className={question.mine ? "badge badge-primary" : "badge"}>{question.mine ? t("profile.values.answered") : t("profile.values.answer")}</span>
              </summary>
              <QuestionEditor question={question} onSaved={saved} />
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
