import { useT } from "../runtime/i18n-context";
import type { MatchReasonJson } from "../../src/features/discovery/discovery-types";

/** "87% match" (MATCHING.md 'Values questions'); nothing while the % is unknown. */
export function MatchBadge({ percent }: { percent: number | null | undefined }) {
  const t = useT();
  if (percent === null || percent === undefined) return null;
  return (
    <span className="badge badge-match" data-testid="match-percent">
      {t("match.values.percent", { percent })}
    </span>
  );
}

/**
 * The % with the questions behind it: up to three both agree on and one they differ on, as the
 * server names them (only questions both made public, never the answers; docs/decisions/0133).
 */
export function MatchSummary({ percent, reasons }: { percent: number | null | undefined; reasons: readonly MatchReasonJson[] | undefined }) {
  const t = useT();
  if (percent === null || percent === undefined) return null;
  const agree = (reasons ?? []).filter((reason) => reason.agrees);
  const differ = (reasons ?? []).filter((reason) => !reason.agrees);
  return (
    <section className="match-summary" aria-label={t("match.values.percent", { percent })} data-testid="match-summary">
      <p className="match-summary-percent">
        <strong>{t("match.values.percent", { percent })}</strong>
      </p>
      {agree.length > 0 ? (
        <>
          <p className="match-summary-label">{t("match.values.agreeOn")}</p>
          <ul className="match-summary-list match-summary-agree">
            {agree.map((reason) => (
              <li key={reason.text}>{reason.text}</li>
            ))}
          </ul>
        </>
      ) : null}
      {differ.length > 0 ? (
        <>
          <p className="match-summary-label">{t("match.values.differOn")}</p>
          <ul className="match-summary-list match-summary-differ">
            {differ.map((reason) => (
              <li key={reason.text}>{reason.text}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
