import type { ReactNode } from "react";
import { useT } from "../runtime/i18n-context";
import { MAX_AGE, MIN_AGE, SEARCH_DISTANCE_KM } from "../../src/platform/constants";
import { CITIES } from "../../src/features/profile/cities";

/** One labelled control with its hint and live error, wired for screen readers. */
export function Control({
  field,
  label,
  error,
  hint,
  required = false,
  children,
}: {
  field: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string; "aria-required": boolean }) => ReactNode;
}) {
  const describedBy = [hint ? `hint-${field}` : null, error ? `error-${field}` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={`field-${field}`}>
        {label}
        {required ? <span className="required-mark"> *</span> : null}
      </label>
      {children({ id: `field-${field}`, name: field, "aria-invalid": error !== undefined, "aria-describedby": describedBy, "aria-required": required })}
      {hint ? (
        <p className="field-hint" id={`hint-${field}`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`error-${field}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A select of a fixed list whose options are translated (i18n `options.<group>.<value>`), with "Select..." first. */
export function OptionSelect({
  field,
  label,
  error,
  required = false,
  value,
  options,
  group,
  placeholder,
  onChange,
  onBlur,
}: {
  field: string;
  label: string;
  error?: string;
  required?: boolean;
  value: string;
  options: readonly string[];
  group: string;
  placeholder: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const t = useT();
  return (
    <Control field={field} label={label} error={error} required={required}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`options.${group}.${option}`)}
            </option>
          ))}
        </select>
      )}
    </Control>
  );
}

/** A one-line or multi-line text field with its label, hint and error. */
export function TextField({
  field,
  label,
  error,
  required = false,
  hint,
  multiline = false,
  value,
  placeholder,
  onChange,
  onBlur,
}: {
  field: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: string;
  multiline?: boolean;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  return (
    <Control field={field} label={label} error={error} required={required} hint={hint}>
      {(props) =>
        multiline ? (
          <textarea {...props} rows={4} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} placeholder={placeholder} />
        ) : (
          <input {...props} type="text" value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} placeholder={placeholder} />
        )
      }
    </Control>
  );
}

/** An age from 18 to 100, or "any" (empty): the ends of an age range. */
export function AgeSelect({ id, label, anyLabel, value, invalid = false, onChange }: { id: string; label: string; anyLabel: string; value: number | null; invalid?: boolean; onChange: (age: number | null) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ""} aria-invalid={invalid} onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}>
        <option value="">{anyLabel}</option>
        {AGES.map((age) => (
          <option key={age} value={age}>
            {age}
          </option>
        ))}
      </select>
    </div>
  );
}

const AGES = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, index) => MIN_AGE + index);

/** One choice of a short list shown all at once (a chip per option, a real radio inside), with its legend and error. */
export function ChoiceChips({ field, legend, required = false, options, group, value, error, onChange }: { field: string; legend: string; required?: boolean; options: readonly string[]; group: string; value: string; error?: string; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <fieldset className="field choice-field" aria-describedby={error ? `error-${field}` : undefined}>
      <legend id={`field-${field}`} tabIndex={-1}>
        {legend}
        {required ? <span className="required-mark"> *</span> : null}
      </legend>
      <div className="choice-chips">
        {options.map((option) => (
          <label key={option} className="choice-chip">
            <input type="radio" name={field} value={option} checked={value === option} onChange={() => onChange(option)} />
            <span>{t(`options.${group}.${option}`)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={`error-${field}`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The member's city, from the fixed list (only its centre is ever used), or none. */
export function CitySelect({ error, value, onChange, onBlur }: { error?: string; value: string; onChange: (city: string) => void; onBlur?: () => void }) {
  const t = useT();
  return (
    <Control field="city" label={t("profile.fields.city")} error={error} hint={t("profile.hints.city")}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur}>
          <option value="">{t("profile.noCity")}</option>
          {CITIES.map((city) => (
            <option key={city.id} value={city.id}>
              {city.name}, {city.province}
            </option>
          ))}
        </select>
      )}
    </Control>
  );
}

/** The search distance, 5 to 200 km in steps of 5, with the value beside its label. */
export function DistanceSlider({ id, label, valueText, value, hint, className, onChange }: { id: string; label: string; valueText: ReactNode; value: number; hint?: string; className?: string; onChange: (km: number) => void }) {
  return (
    <div className={`field settings-slider${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>
        {label} {valueText}
      </label>
      <input id={id} type="range" min={SEARCH_DISTANCE_KM.min} max={SEARCH_DISTANCE_KM.max} step={SEARCH_DISTANCE_KM.step} value={value} onChange={(event) => onChange(Number(event.target.value))} />
      {hint ? <p className="field-hint">{hint}</p> : null}
    </div>
  );
}
