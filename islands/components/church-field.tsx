import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../runtime/i18n-context";
import { api } from "../runtime/api";
import { TextField } from "./form-control";

/** A church of the directory as GET /api/churches answers it. */
export interface ChurchChoice {
  id: string;
  name: string;
  abbreviation?: string;
  family: string;
}

export interface ChurchValue {
  /** "" when no directory church is chosen: churchName is then the church, written freely. */
  churchId: string;
  church: ChurchChoice | null;
  churchName: string;
}

/** Wait this long after the last key before asking the server (a phone typist's pause). */
const SUGGEST_DELAY_MS = 150;

const display = (church: ChurchChoice) => (church.abbreviation === undefined ? church.name : `${church.abbreviation} — ${church.name}`);

/**
 * The church (MATCHING.md 'Denominations and churches', docs/decisions/0132): a combobox that
 * suggests churches of the directory as the member types (the WAI-ARIA combobox pattern: arrows
 * move, Enter picks, Escape closes, the list is announced), and, once one is picked, an optional
 * field for the local congregation. Text that matches nothing stays the church's name, as before.
 */
export function ChurchField({ value, onChange, onBlur, error, required }: { value: ChurchValue; onChange: (next: ChurchValue) => void; onBlur?: () => void; error?: string; required?: boolean }) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState(value.church !== null ? display(value.church) : value.churchName);
  const [suggestions, setSuggestions] = useState<ChurchChoice[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);

  useEffect(() => {
    if (!open) return;
    const query = text.trim();
    const number = ++asked.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await api<{ churches: ChurchChoice[] }>("GET", `/api/churches?q=${encodeURIComponent(query.slice(0, 100))}`);
        // Only the answer to the latest text counts: an older one may arrive last.
        if (number === asked.current) {
          setSuggestions(answer.churches);
          setActive(-1);
        }
      } catch {
        if (number === asked.current) setSuggestions([]);
      }
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, open]);

  const pick = (church: ChurchChoice) => {
    setText(display(church));
    setOpen(false);
    setActive(-1);
    // A name the member wrote before picking ("GBI Rayon 3") stays as the congregation.
    const typed = value.church === null ? value.churchName : "";
    onChange({ churchId: church.id, church, churchName: typed.trim().toLowerCase() === (church.abbreviation ?? church.name).toLowerCase() ? "" : typed });
  };

  const type = (next: string) => {
    setText(next);
    setOpen(true);
    // Writing again leaves the directory church: the text is the church's name until one is picked.
    onChange({ churchId: "", church: null, churchName: next });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((current) => Math.min(current + 1, suggestions.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((current) => Math.max(current - 1, 0));
    } else if (event.key === "Enter" && open && active >= 0 && suggestions[active] !== undefined) {
      event.preventDefault();
      pick(suggestions[active]!);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const showList = open && suggestions.length > 0;
  const describedBy = [`hint-churchId`, error ? `error-churchName` : null].filter(Boolean).join(" ");
  return (
    <>
      <div className="field church-field">
        <label htmlFor="field-churchName">
          {t("profile.church.label")}
          {required ? <span className="required-mark"> *</span> : null}
        </label>
        <div className="church-combobox">
          <input
            id="field-churchName"
            name="churchName"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={error !== undefined}
            aria-required={required}
            aria-describedby={describedBy}
            placeholder={t("profile.church.placeholder")}
            value={text}
            onChange={(event) => type(event.target.value)}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              // A click on a suggestion lands after the blur: close a moment later.
              setTimeout(() => setOpen(false), 150);
              onBlur?.();
            }}
          />
          <ul id={listId} role="listbox" aria-label={t("profile.church.suggestions")} className="church-suggestions" hidden={!showList}>
            {suggestions.map((church, index) => (
              <li
                key={church.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? "church-suggestion is-active" : "church-suggestion"}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(church);
                }}
              >
                <span className="church-suggestion-name">{church.abbreviation ?? church.name}</span>
                {church.abbreviation === undefined ? null : <span className="church-suggestion-full">{church.name}</span>}
                <span className="church-suggestion-family">{t(`options.denomination.${church.family}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="field-hint" id="hint-churchId">
          {value.church !== null ? t("profile.church.chosen", { family: t(`options.denomination.${value.church.family}`) }) : t("profile.church.hint")}
        </p>
        {error ? (
          <p className="field-error" id="error-churchName">
            {error}
          </p>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {showList ? t("profile.church.count", { count: suggestions.length }) : ""}
        </p>
      </div>
      {value.church !== null ? (
        <TextField
          field="congregation"
          label={t("profile.church.congregation")}
          hint={t("profile.church.congregationHint")}
          value={value.churchName}
          placeholder={t("profile.church.congregationPlaceholder")}
          onChange={(next) => onChange({ ...value, churchName: next })}
        />
      ) : null}
    </>
  );
}
