import type { ReactNode } from "react";

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
