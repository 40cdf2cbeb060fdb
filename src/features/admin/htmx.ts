import type { Context } from "hono";
import type { AppEnv } from "../../app-env";

/**
 * The panel's htmx conventions (docs/decisions/0082-admin-panel-htmx.md), on the server side:
 * - a page route answers the full page, or only its list fragment when htmx asks (HX-Request);
 * - a change goes to the JSON call of ADMIN.md; when htmx made it, the answer also carries an
 *   HX-Trigger header: the spec's success toast and the name of the area whose lists reload.
 */
export function isHtmx(c: Context<AppEnv>): boolean {
  return c.req.header("HX-Request") === "true";
}

/** Areas whose lists listen for "kasih:refresh-<area>" (hx-trigger="kasih:refresh-users from:body"). */
export type RefreshArea = "users" | "reports" | "actions" | "matches" | "temp-users" | "settings" | "placements" | "ad-configs" | "verifications" | "payments" | "payment" | "member";

export const refreshEvent = (area: RefreshArea) => `kasih:refresh-${area}`;

/** The event the shell's counters listen for, and the areas whose changes move a counter (reports, selfies, payment flags). */
export const COUNTERS_REFRESH = "kasih:refresh-counters";
const COUNTED_AREAS: ReadonlySet<RefreshArea> = new Set<RefreshArea>(["reports", "verifications", "payment", "payments"]);

export interface ToastPayload {
  title: string;
  description?: string;
  /** "destructive": a call that worked but reports a failure (a gateway refusing the keys). */
  variant?: "success" | "default" | "destructive";
}

/**
 * HX-Trigger for a change that worked: the toast (already in the admin's language) and the lists
 * to reload. Header values must be ASCII, so the JSON escapes everything else (Indonesian copy
 * may carry typographic characters).
 */
export function announceChange(c: Context<AppEnv>, toast: ToastPayload, refresh: RefreshArea[] = []) {
  if (!isHtmx(c)) return;
  const events: Record<string, unknown> = { "kasih:toast": { variant: "success", ...toast } };
  for (const area of refresh) events[refreshEvent(area)] = true;
  // A change to what the counters count: the shell's counters ask again (admin-counters.tsx).
  if (refresh.some((area) => COUNTED_AREAS.has(area))) events[COUNTERS_REFRESH] = true;
  c.header("HX-Trigger", JSON.stringify(events).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`));
}
