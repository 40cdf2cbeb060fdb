import { useT } from "../runtime/i18n-context";
import { MAX_PROMPTS, PROMPT_ANSWER_MAX, PROMPT_IDS } from "../../src/features/profile/prompt-list";
import { PlusIcon, XIcon } from "./icons";

export interface PromptValue {
  id: string;
  answer: string;
}

/**
 * Up to three prompts, each chosen from the list and answered (docs/decisions/0096). A prompt
 * chosen once is not offered again; the answer counts down to its limit.
 */
export function PromptsField({ value, onChange, onBlur, error }: { value: PromptValue[]; onChange: (next: PromptValue[]) => void; onBlur?: () => void; error?: string }) {
  const t = useT();
  const unused = PROMPT_IDS.filter((id) => !value.some((entry) => entry.id === id));
  const update = (index: number, change: Partial<PromptValue>) => onChange(value.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  return (
    <fieldset className="field prompts-field" aria-describedby={error ? "error-prompts" : "hint-prompts"}>
      <legend id="field-prompts" tabIndex={-1}>
        {t("prompts.title")}
      </legend>
      <p className="field-hint" id="hint-prompts">
        {t("prompts.hint", { max: MAX_PROMPTS })}
      </p>
      <ol className="prompt-editor-list">
        {value.map((entry, index) => (
          <li key={index} className="prompt-editor">
            <div className="prompt-editor-top">
              <label className="visually-hidden" htmlFor={`prompt-${index}-id`}>
                {t("prompts.choose", { number: index + 1 })}
              </label>
              <select id={`prompt-${index}-id`} value={entry.id} onChange={(event) => update(index, { id: event.target.value })}>
                {[entry.id, ...unused].map((id) => (
                  <option key={id} value={id}>
                    {t(`prompts.list.${id}`)}
                  </option>
                ))}
              </select>
              <button type="button" className="icon-button prompt-remove" onClick={() => onChange(value.filter((_, at) => at !== index))} aria-label={t("prompts.remove", { prompt: t(`prompts.list.${entry.id}`) })}>
                <XIcon size={18} />
              </button>
            </div>
            <label className="visually-hidden" htmlFor={`prompt-${index}-answer`}>
              {t("prompts.answerLabel", { prompt: t(`prompts.list.${entry.id}`) })}
            </label>
            <textarea
              id={`prompt-${index}-answer`}
              rows={2}
              maxLength={PROMPT_ANSWER_MAX}
              value={entry.answer}
              placeholder={t("prompts.answerPlaceholder")}
              onChange={(event) => update(index, { answer: event.target.value })}
              onBlur={onBlur}
            />
            <p className="field-hint prompt-count" aria-live="polite">
              {t("prompts.left", { count: PROMPT_ANSWER_MAX - entry.answer.length })}
            </p>
          </li>
        ))}
      </ol>
      {value.length < MAX_PROMPTS && unused.length > 0 ? (
        <button type="button" className="button button-outline button-small prompt-add" onClick={() => onChange([...value, { id: unused[0]!, answer: "" }])}>
          <PlusIcon size={16} /> {t("prompts.add")}
        </button>
      ) : null}
      {error ? (
        <p className="field-error" id="error-prompts" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Answered prompts as a reader sees them, each prompt in the reader's language. */
export function PromptAnswers({ prompts }: { prompts: PromptValue[] }) {
  const t = useT();
  if (prompts.length === 0) return null;
  return (
    <dl className="prompt-answers">
      {prompts.map((entry) => (
        <div key={entry.id} className="prompt-answer">
          <dt>{t(`prompts.list.${entry.id}`)}</dt>
          <dd>{entry.answer}</dd>
        </div>
      ))}
    </dl>
  );
}
