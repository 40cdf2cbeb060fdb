import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import type { Role } from "../../../db/schema";
import { useT } from "../../../islands/runtime/i18n-context";
import { renderFragment } from "../../views/render";
import { currentUser } from "../../middleware/guards";
import { pendingReportCount } from "./moderation/moderation.service";
import { pendingVerificationCount } from "../verification/verification.service";
import { count } from "drizzle-orm";
import { payments } from "../../../db/schema";
import { UNSEEN_FLAGS } from "./payments/payments-admin.service";
import { roleMay } from "./staff-permissions";
import { COUNTERS_REFRESH } from "./htmx";

/**
 * The panel's counters (docs/decisions/0131): what waits for a decision beside the section that
 * holds it — Moderation (reports and selfies waiting), Payments (flags not yet seen) — and in
 * Moderation's own tabs. They follow every change without a reload: each change made through
 * htmx announces "kasih:refresh-counters" (htmx.ts announceChange), the listener in the shell
 * asks GET /admin/counters, and its answer replaces each counter out of band (hx-swap-oob) by id.
 * The listener also asks once on load, so no page has to count before it renders.
 */

export const COUNTERS_PATH = "/admin/counters";
export const COUNTERS_EVENT = COUNTERS_REFRESH;

export type CounterId = "moderation" | "payments" | "reports" | "verifications";

export interface PanelCounts {
  pendingReports: number;
  pendingVerifications: number;
  /** Null when the admin's role may not open the payments (a moderator). */
  flaggedPayments: number | null;
}

export async function panelCounts(deps: Pick<AppDeps, "db">, role: Role): Promise<PanelCounts> {
  const [pendingReports, pendingVerifications, flaggedPayments] = await Promise.all([
    pendingReportCount(deps),
    pendingVerificationCount(deps),
    roleMay(role, "payments") ? flaggedPaymentCount(deps) : Promise.resolve(null),
  ]);
  return { pendingReports, pendingVerifications, flaggedPayments };
}

/** Payments flagged late or needs_attention not yet marked seen (the Overview's flaggedPayments). */
async function flaggedPaymentCount(deps: Pick<AppDeps, "db">): Promise<number> {
  const [row] = await deps.db.select({ value: count() }).from(payments).where(UNSEEN_FLAGS);
  return row?.value ?? 0;
}

const counterId = (id: CounterId) => `admin-count-${id}`;

/**
 * One counter: a number (empty, and hidden by CSS, at 0) with its meaning for screen readers.
 * `oob`: in the counters' answer, it replaces the counter of the same id on the page.
 */
export function Counter({ id, count, label, className = "admin-nav-count", oob }: { id: CounterId; count: number; label: string; className?: string; oob?: boolean }) {
  return (
    <span id={counterId(id)} className={className} data-count={count} hx-swap-oob={oob ? "true" : undefined}>
      {count > 0 ? (
        <>
          <span aria-hidden="true">{count}</span>
          <span className="visually-hidden">{` (${label})`}</span>
        </>
      ) : null}
    </span>
  );
}

/** Beside a section's name in the shell: its counter, empty until the counters answer. */
export function SectionCounter({ section }: { section: string }) {
  if (section !== "moderation" && section !== "payments") return null;
  return <span id={counterId(section)} className="admin-nav-count" data-count="" />;
}

/** The shell's listener: asks for the counters on load and after every announced change. */
export function CountersListener() {
  return <span hidden id="admin-counters" hx-get={COUNTERS_PATH} hx-trigger={`load, ${COUNTERS_EVENT} from:body`} hx-swap="none" />;
}

/** The counters' answer: every counter, each swapped into its place out of band. */
function CountersFragment({ counts }: { counts: PanelCounts }) {
  const t = useT();
  const moderation = counts.pendingReports + counts.pendingVerifications;
  return (
    <>
      <Counter id="moderation" count={moderation} label={t("admin.lists.counters.moderation", { count: moderation })} oob />
      {counts.flaggedPayments === null ? null : <Counter id="payments" count={counts.flaggedPayments} label={t("admin.lists.counters.payments", { count: counts.flaggedPayments })} oob />}
      <Counter id="reports" className="admin-subtab-count" count={counts.pendingReports} label={t("admin.moderation.pendingCount", { count: counts.pendingReports })} oob />
      <Counter id="verifications" className="admin-subtab-count" count={counts.pendingVerifications} label={t("admin.lists.counters.verifications", { count: counts.pendingVerifications })} oob />
    </>
  );
}

/** GET /admin/counters: the counters as out-of-band fragments (staff only, like every /admin page). */
export function countersPages(deps: AppDeps) {
  return new Hono<AppEnv>().get("/counters", async (c) => renderFragment(c, <CountersFragment counts={await panelCounts(deps, currentUser(c).role)} />));
}
