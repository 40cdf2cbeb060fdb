import { useT } from "../runtime/i18n-context";
import { ShieldCheckIcon } from "./icons";

/**
 * "Verified": an admin matched this member's live selfie to their photos (src/features/verification).
 * `compact` shows the icon alone (its name stays for screen readers), for tight headers.
 */
export function VerifiedBadge({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <span className={compact ? "verified-badge verified-badge-compact" : "verified-badge"} title={t("common.verifiedHint")} data-testid="verified-badge">
      <ShieldCheckIcon size={compact ? 18 : 14} />
      <span className={compact ? "visually-hidden" : undefined}>{t("common.verified")}</span>
    </span>
  );
}
