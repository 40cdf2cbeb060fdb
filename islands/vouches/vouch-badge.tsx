import { useT } from "../runtime/i18n-context";

/** "Vouched by 2 members of GBI Bethany Surabaya" (MATCHING.md 'Church vouching'): cards, the info sheet, the profile. */
export function VouchBadge({ vouches, className }: { vouches: { count: number; church: string } | null | undefined; className?: string }) {
  const t = useT();
  if (!vouches || vouches.count < 1) return null;
  return (
    <p className={`vouch-badge ${className ?? ""}`.trim()} data-testid="vouch-badge">
      <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
        <circle cx="9" cy="7" r="4" />
        <path d="m16 11 2 2 4-4" />
      </svg>
      <span>{t("discover.card.vouchedBy", { count: vouches.count, church: vouches.church })}</span>
    </p>
  );
}
