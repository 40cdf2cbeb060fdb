import { useT } from "../runtime/i18n-context";

/**
 * A member's interests as chips in the reader's language (MATCHING.md 'Interests'); the ones the
 * reader shares come first and are marked, for sight (colour and a check) and for screen readers.
 */
export function InterestChips({ keys, names, shared, max }: { keys: string[]; names?: string[]; shared?: string[]; max?: number }) {
  const t = useT();
  const nameOf = new Map(keys.map((key, index) => [key, names?.[index] ?? key]));
  const mine = new Set(shared ?? []);
  const ordered = [...keys.filter((key) => mine.has(key)), ...keys.filter((key) => !mine.has(key))].slice(0, max ?? keys.length);
  if (ordered.length === 0) return null;
  return (
    <ul className="swipe-card-interests">
      {ordered.map((key) => (
        <li key={key} className={mine.has(key) ? "badge badge-shared" : "badge"}>
          {mine.has(key) ? (
            <>
              <span aria-hidden="true">✓ </span>
              <span className="visually-hidden">{t("discover.card.sharedInterest")}: </span>
            </>
          ) : null}
          {nameOf.get(key)}
        </li>
      ))}
    </ul>
  );
}
