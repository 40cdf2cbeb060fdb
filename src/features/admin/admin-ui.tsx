import type { ReactNode } from "react";
import { formatRupiah } from "../../platform/money";
import { useI18n, useT } from "../../../islands/runtime/i18n-context";
import { refreshEvent, type RefreshArea } from "./htmx";

/**
 * Building blocks of the panel's screens. Lists are "regions": one element that a search, a
 * filter, a page link or a change elsewhere replaces whole with the same route's fragment
 * (docs/decisions/0082-admin-panel-htmx.md).
 */

const JAKARTA = "Asia/Jakarta";

/** A time as the admin reads it: their language, Jakarta time (the service's day, spec point 9). */
export function formatDateTime(lang: string, value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", { timeZone: JAKARTA, dateStyle: "medium", timeStyle: "short" }).format(date);
}

export function formatDate(lang: string, value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", { timeZone: JAKARTA, dateStyle: "medium" }).format(date);
}

/** A list URL with its query, dropping empty and default values so URLs stay short and shareable. */
export function listHref(path: string, params: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    // Defaults stay out of the URL: page 1, and "all" of a filter (never of a search: "all" is a fine word to look for).
    if (value === undefined || value === null || value === "" || (key === "page" && value === 1) || (value === "all" && (key === "filter" || key === "status"))) continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A list region: reloads itself (same URL) when a change announces its area, and is the target
 * of its own search form and page links (outerHTML, so the reload URL follows the query).
 */
export function ListRegion({ id, area, href, children, label }: { id: string; area: RefreshArea; href: string; label?: string; children: ReactNode }) {
  return (
    <section id={id} className="admin-list" aria-label={label} aria-live="polite" hx-get={href} hx-trigger={`${refreshEvent(area)} from:body`} hx-swap="outerHTML">
      {children}
    </section>
  );
}

/** Attributes of a link or form that replaces a list region and records the URL (a reload keeps it). */
export function regionLink(regionId: string) {
  return { "hx-target": `#${regionId}`, "hx-swap": "outerHTML", "hx-push-url": "true" } as const;
}

/** "Showing 11–20 of 57" and previous / next page links (spec point 9: pages of 10). */
export function Pager({ page, limit, total, hrefFor, regionId }: { page: number; limit: number; total: number; hrefFor: (page: number) => string; regionId: string }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total === 0) return null;
  const from = (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  const link = (target: number, label: string, rel: string) =>
    target < 1 || target > pages ? (
      <span className="button button-outline button-small" aria-disabled="true">
        {label}
      </span>
    ) : (
      <a className="button button-outline button-small" href={hrefFor(target)} rel={rel} hx-get={hrefFor(target)} {...regionLink(regionId)}>
        {label}
      </a>
    );
  return (
    <nav className="admin-pager" aria-label={t("admin.pager.label")}>
      <span className="muted">{from > total ? t("admin.pager.beyond", { total }) : t("admin.pager.showing", { from, to, total })}</span>
      <span className="admin-pager-links">
        {link(page - 1, t("admin.pager.previous"), "prev")}
        <span className="admin-pager-page">{t("admin.pager.page", { page, pages })}</span>
        {link(page + 1, t("admin.pager.next"), "next")}
      </span>
    </nav>
  );
}

export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return (
    <div className="admin-empty">
      <p className="admin-empty-title">{title}</p>
      {body ? <p className="muted">{body}</p> : null}
      {action}
    </div>
  );
}

export type BadgeTone = "neutral" | "primary" | "premium" | "success" | "danger" | "warning";

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge admin-badge admin-badge-${tone}`}>{children}</span>;
}

/**
 * A toggle that posts its new value to the JSON call and shows the spec's toasts; the switch
 * changes when the server's answer reloads the region it sits in (never before).
 */
export function SettingSwitch({ settingKey, checked, label, description, disabled, value, errorTitle, note }: {
  settingKey: string;
  checked: boolean;
  label: string;
  description?: string;
  disabled?: boolean;
  /** The body's value when pressed (default: the boolean opposite). */
  value?: unknown;
  errorTitle: string;
  note?: string;
}) {
  const id = `switch-${settingKey}`;
  return (
    <div className="admin-switch-row">
      <div className="admin-switch-text">
        <span id={`${id}-label`} className="admin-switch-label">
          {label}
        </span>
        {description ? <span className="muted admin-switch-description">{description}</span> : null}
        {note ? <span className="admin-switch-note">{note}</span> : null}
      </div>
      <button
        type="button"
        id={id}
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        disabled={disabled}
        hx-post={`/api/admin/settings/${settingKey}`}
        hx-vals={JSON.stringify({ value: value ?? !checked })}
        hx-swap="none"
        data-error-title={errorTitle}
      >
        <span className="switch-thumb" />
      </button>
    </div>
  );
}

/**
 * A dialog the server renders into #admin-dialog-slot; the admin entry opens it (showModal) and
 * removes it when it closes. `children` is its body, usually a form whose change closes it.
 */
export function ServerDialog({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <dialog id={id} className="dialog admin-dialog" aria-labelledby={`${id}-title`} data-autoshow="">
      <div className="dialog-content">
        <h2 id={`${id}-title`} className="dialog-title" tabIndex={-1}>
          {title}
        </h2>
        {description ? <div className="dialog-description">{description}</div> : null}
        {children}
      </div>
    </dialog>
  );
}

/** A dialog's cancel button: closes it without a request. */
export function DialogCancel() {
  const t = useT();
  return (
    <button type="button" className="button button-ghost" data-close-dialog="">
      {t("admin.cancel")}
    </button>
  );
}

/** Money of the revenue views: IDR for payments, dollars with two decimals for ads (spec point 9). */
export function useMoney() {
  const { lang } = useI18n();
  return {
    rupiah: (amount: number) => formatRupiah(amount, lang),
    dollars: (amount: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount),
  };
}
