import { useId } from "react";
import { useI18n } from "../runtime/i18n-context";
import { INTEREST_GROUPS, INTERESTS, interestKeyOf } from "../../src/features/profile/interests";
import { MAX_INTERESTS, splitInterests } from "../../src/features/profile/profile.schemas";

/** The interest keys a form's text holds ("music, choir"); names and aliases as keys, unknown entries left out. */
export function interestKeysOf(text: string): string[] {
  const keys: string[] = [];
  for (const entry of splitInterests(text)) {
    const key = interestKeyOf(entry);
    if (key !== undefined && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/**
 * Interests as chips (MATCHING.md 'Interests', docs/decisions/0132): each a toggle button of the
 * fixed list, in the member's language; at most MAX_INTERESTS, after which the others are
 * unavailable until one is taken off. The form keeps the keys as "key, key" text (the draft's and
 * the old field's shape).
 */
export function InterestPicker({ value, onChange, error }: { value: string; onChange: (next: string) => void; error?: string }) {
  const { t, lang } = useI18n();
  const headingId = useId();
  const chosen = interestKeysOf(value);
  const full = chosen.length >= MAX_INTERESTS;
  const toggle = (key: string) => {
    const next = chosen.includes(key) ? chosen.filter((entry) => entry !== key) : full ? chosen : [...chosen, key];
    onChange(next.join(", "));
  };
  return (
    <div className="field interest-picker" role="group" aria-labelledby={headingId} aria-describedby={`hint-interests${error ? " error-interests" : ""}`} id="field-interests" tabIndex={-1}>
      <span className="field-label" id={headingId}>
        {t("profile.fields.interests")}
      </span>
      <p className="field-hint" id="hint-interests" aria-live="polite">
        {full ? t("profile.interestPicker.full", { max: MAX_INTERESTS }) : t("profile.interestPicker.count", { count: chosen.length, max: MAX_INTERESTS })}
      </p>
      {INTEREST_GROUPS.map((group) => (
        <div key={group} className="interest-picker-group">
          <p className="interest-picker-group-title" id={`${headingId}-${group}`}>
            {t(`profile.interestPicker.groups.${group}`)}
          </p>
          <ul className="interest-picker-chips" aria-labelledby={`${headingId}-${group}`}>
            {INTERESTS.filter((interest) => interest.group === group).map((interest) => {
              const on = chosen.includes(interest.key);
              return (
                <li key={interest.key}>
                  <button type="button" className={on ? "chip chip-on" : "chip"} aria-pressed={on} disabled={!on && full} onClick={() => toggle(interest.key)}>
                    {on ? <span aria-hidden="true">✓ </span> : null}
                    {interest[lang]}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {error ? (
        <p className="field-error" id="error-interests">
          {error}
        </p>
      ) : null}
    </div>
  );
}
