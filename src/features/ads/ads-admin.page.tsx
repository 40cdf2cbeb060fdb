import { Hono } from "hono";
import type { Context } from "hono";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { AD_LOCATIONS, AD_PLATFORMS, AD_TYPES } from "../../../db/schema";
import type { AppDeps, AppEnv } from "../../app-env";
import type { Database } from "../../../db/client";
import { useI18n, useT } from "../../../islands/runtime/i18n-context";
import { renderFragment, type RenderPage } from "../../views/render";
import { invalidListPage, renderAdmin, type AdminPageOptions } from "../admin/admin-render";
import { ListHead, pageHref, SortHeader, type ListUrls } from "../admin/list-table";
import { firstIssueMessage } from "../admin/list-query";
import { pageOfPlacements, PLACEMENT_SORT, placementListQuerySchema, type PlacementListQuery } from "./placement-list";
import { Badge, DialogCancel, EmptyState, ListRegion, Pager, ServerDialog, useMoney } from "../admin/admin-ui";
import { isHtmx, refreshEvent } from "../admin/htmx";
import { toggleOn } from "../admin/settings.service";
import { adConfigOf } from "./ad-configs.service";
import { revenueSummary, type RevenueSummary } from "./ad-events.service";
import { findPlacement, listPlacements, type AdPlatform, type PlacementJson } from "./ad-placements.service";
import { FREQUENCY, PLACEMENT_MESSAGES, PLACEMENT_NAME_MAX } from "./ads.schemas";

/**
 * Ad Management, /admin/ads (spec points 2, 3, 9; ADMIN.md "Ads"): the revenue summary from
 * recorded events (never sample numbers), each platform's configuration status, and the
 * placements with add and edit dialogs posting to the JSON calls (docs/decisions/0082).
 */

const REVENUE_HREF = "/admin/ads/revenue";
const PLATFORMS_HREF = "/admin/ads/platforms";
const PLACEMENTS_HREF = "/admin/ads/placements";
const DIALOG_SLOT = { "hx-target": "#admin-dialog-slot", "hx-swap": "innerHTML" } as const;

export interface PlatformStatus {
  platform: AdPlatform;
  /** The platform's config (App ID, ad units) from the Settings tab: none, saved but inactive, or active. */
  config: "missing" | "inactive" | "active";
  /** The Overview/Settings switch (ads_google for AdMob, ads_meta for Meta). */
  enabled: boolean;
  activePlacements: number;
}

/** A platform's config as the status card reads it (the ad-config calls own the rows). */
async function configState(db: Database, platform: AdPlatform): Promise<PlatformStatus["config"]> {
  const config = await adConfigOf(db, platform);
  if (config === null || config.appId.trim() === "") return "missing";
  return config.isActive ? "active" : "inactive";
}

export async function platformStatuses(db: Database, placements: PlacementJson[]): Promise<PlatformStatus[]> {
  const [admob, meta, google, metaOn] = await Promise.all([configState(db, "admob"), configState(db, "meta"), toggleOn(db, "ads_google"), toggleOn(db, "ads_meta")]);
  const states: Record<AdPlatform, { config: PlatformStatus["config"]; enabled: boolean }> = { admob: { config: admob, enabled: google }, meta: { config: meta, enabled: metaOn } };
  return AD_PLATFORMS.map((platform) => ({ platform, ...states[platform], activePlacements: placements.filter((p) => p.platform === platform && p.isActive).length }));
}

function useNumber() {
  const { lang } = useI18n();
  const format = new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US");
  const percent = new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    count: (value: number) => format.format(value),
    /** Click-through rate: clicks per impression; none without impressions. */
    ctr: (clicks: number, impressions: number) => (impressions === 0 ? "—" : percent.format(clicks / impressions)),
  };
}

function RevenueSection({ summary }: { summary: RevenueSummary }) {
  const t = useT();
  const { dollars } = useMoney();
  const number = useNumber();
  const noEvents = summary.totalImpressions === 0 && summary.totalClicks === 0;
  return (
    <section id="ad-revenue" className="admin-card" aria-labelledby="ad-revenue-title" hx-get={REVENUE_HREF} hx-trigger={`${refreshEvent("placements")} from:body`} hx-swap="outerHTML">
      <div className="admin-card-head">
        <h2 id="ad-revenue-title" className="admin-card-title">
          {t("admin.adsPage.revenue.title")}
        </h2>
      </div>
      <dl className="admin-stats">
        <div className="admin-stat">
          <dt className="admin-stat-label">{t("admin.adsPage.revenue.total")}</dt>
          <dd className="admin-stat-value" data-testid="ad-total-revenue">
            {dollars(summary.totalRevenue)}
          </dd>
        </div>
        <div className="admin-stat">
          <dt className="admin-stat-label">{t("admin.adsPage.revenue.impressions")}</dt>
          <dd className="admin-stat-value">{number.count(summary.totalImpressions)}</dd>
        </div>
        <div className="admin-stat">
          <dt className="admin-stat-label">{t("admin.adsPage.revenue.clicks")}</dt>
          <dd className="admin-stat-value">{number.count(summary.totalClicks)}</dd>
        </div>
        <div className="admin-stat">
          <dt className="admin-stat-label">{t("admin.adsPage.revenue.ctr")}</dt>
          <dd className="admin-stat-value">{number.ctr(summary.totalClicks, summary.totalImpressions)}</dd>
        </div>
      </dl>
      {noEvents ? <p className="admin-card-lead">{t("admin.adsPage.revenue.noEvents")}</p> : null}
      {summary.byPlacement.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t("admin.adsPage.revenue.byPlacement")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.adsPage.columns.name")}</th>
                <th scope="col" className="admin-num">{t("admin.adsPage.revenue.impressions")}</th>
                <th scope="col" className="admin-num">{t("admin.adsPage.revenue.clicks")}</th>
                <th scope="col" className="admin-num">{t("admin.adsPage.revenue.ctr")}</th>
                <th scope="col" className="admin-num">{t("admin.adsPage.revenue.revenue")}</th>
              </tr>
            </thead>
            <tbody>
              {summary.byPlacement.map((row) => (
                <tr key={row.id}>
                  <td className="admin-person-name">{row.name}</td>
                  <td data-label={t("admin.adsPage.revenue.impressions")} className="admin-num">
                    {number.count(row.impressions)}
                  </td>
                  <td data-label={t("admin.adsPage.revenue.clicks")} className="admin-num">
                    {number.count(row.clicks)}
                  </td>
                  <td data-label={t("admin.adsPage.revenue.ctr")} className="admin-num">
                    {number.ctr(row.clicks, row.impressions)}
                  </td>
                  <td data-label={t("admin.adsPage.revenue.revenue")} className="admin-num">
                    {dollars(row.revenue)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="muted ad-admin-note">{t("admin.adsPage.revenue.source")}</p>
    </section>
  );
}

function PlatformCard({ status }: { status: PlatformStatus }) {
  const t = useT();
  const state = !status.enabled ? "off" : status.config === "active" ? "live" : "houseOnly";
  const tone = state === "live" ? "success" : state === "houseOnly" ? "warning" : "neutral";
  return (
    <li className="admin-tile ad-platform" data-platform={status.platform}>
      <div className="ad-platform-head">
        <h3 className="ad-platform-name">{t(`admin.adsPage.platforms.${status.platform}`)}</h3>
        <Badge tone={tone}>{t(`admin.adsPage.status.state_${state}`)}</Badge>
      </div>
      <dl className="ad-platform-facts">
        <div>
          <dt>{t("admin.adsPage.status.appId")}</dt>
          <dd>
            {status.config === "active" ? (
              <Badge tone="success">{t("admin.adsPage.status.set")}</Badge>
            ) : status.config === "inactive" ? (
              <Badge>{t("admin.adsPage.status.configInactive")}</Badge>
            ) : (
              <Badge tone="warning">{t("admin.adsPage.status.notSet")}</Badge>
            )}
          </dd>
        </div>
        <div>
          <dt>{t(`admin.adsPage.status.toggle_${status.platform}`)}</dt>
          <dd>{status.enabled ? <Badge tone="success">{t("admin.adsPage.status.on")}</Badge> : <Badge>{t("admin.adsPage.status.off")}</Badge>}</dd>
        </div>
        <div>
          <dt>{t("admin.adsPage.status.activePlacements")}</dt>
          <dd>{status.activePlacements}</dd>
        </div>
      </dl>
      <p className="muted ad-platform-hint">{t(`admin.adsPage.status.hint_${state}`)}</p>
    </li>
  );
}

function PlatformSection({ statuses }: { statuses: PlatformStatus[] }) {
  const t = useT();
  return (
    <section
      id="ad-platforms"
      className="admin-card"
      aria-labelledby="ad-platforms-title"
      hx-get={PLATFORMS_HREF}
      hx-trigger={`${refreshEvent("placements")} from:body, ${refreshEvent("settings")} from:body, ${refreshEvent("ad-configs")} from:body`}
      hx-swap="outerHTML"
    >
      <div className="admin-card-head">
        <h2 id="ad-platforms-title" className="admin-card-title">
          {t("admin.adsPage.status.title")}
        </h2>
        <a className="button button-outline button-small" href="/admin/settings">
          {t("admin.adsPage.status.configure")}
        </a>
      </div>
      <ul className="admin-tiles ad-platforms">
        {statuses.map((status) => (
          <PlatformCard key={status.platform} status={status} />
        ))}
      </ul>
    </section>
  );
}

function AddPlacementButton({ className = "button button-primary button-small" }: { className?: string }) {
  const t = useT();
  return (
    <button type="button" className={className} hx-get={`${PLACEMENTS_HREF}/new`} {...DIALOG_SLOT}>
      {t("admin.adsPage.placements.add")}
    </button>
  );
}

/**
 * "Every 3 swipes". Frequency 1 reads "After every swipe" in both languages: Indonesian has no
 * plural forms, so i18next would never pick the _one copy by itself.
 */
function everyText(t: TFunction, placement: Pick<PlacementJson, "placement" | "frequency">): string {
  return placement.frequency === 1 ? t(`admin.adsPage.every.${placement.placement}_one`) : t(`admin.adsPage.every.${placement.placement}`, { count: placement.frequency });
}

const PLACEMENTS_REGION = "ad-placements-region";

/** The placements' URLs for the shared list controls (docs/decisions/0131): the Ad Management page itself. */
const placementUrls = (query: PlacementListQuery): ListUrls => ({ path: "/admin/ads", api: "/api/admin/ad-placements", regionId: PLACEMENTS_REGION, filters: {}, sort: query.sort, defaultSort: PLACEMENT_SORT.defaultSort, limit: query.limit });

function PlacementsRegion({ list, query }: { list: Awaited<ReturnType<typeof pageOfPlacements>>; query: PlacementListQuery }) {
  const t = useT();
  const urls = placementUrls(query);
  const placements = list.placements;
  return (
    <ListRegion id={PLACEMENTS_REGION} area="placements" href={pageHref(urls, query.page)} label={t("admin.adsPage.placements.title")}>
      {list.total === 0 ? (
        <EmptyState title={t("admin.adsPage.placements.emptyTitle")} body={t("admin.adsPage.placements.emptyBody")} action={<AddPlacementButton className="button button-primary" />} />
      ) : (
        <>
          <div className="admin-toolbar ad-placements-toolbar">
            <span className="muted">{t("admin.adsPage.placements.count", { count: list.total })}</span>
            <AddPlacementButton />
          </div>
          <ListHead
            urls={urls}
            sortOptions={[
              { column: "name", label: t("admin.adsPage.columns.name") },
              { column: "adType", label: t("admin.adsPage.columns.type") },
              { column: "platform", label: t("admin.adsPage.columns.platform") },
              { column: "placement", label: t("admin.adsPage.columns.location") },
              { column: "frequency", label: t("admin.adsPage.columns.frequency") },
              { column: "isActive", label: t("admin.adsPage.columns.status") },
              { column: "createdAt", label: t("admin.lists.added") },
            ]}
          />
          <div className="admin-table-wrap">
            <table className="admin-table ad-placements-table">
              <thead>
                <tr>
                  <SortHeader urls={urls} column="name" label={t("admin.adsPage.columns.name")} />
                  <SortHeader urls={urls} column="adType" label={t("admin.adsPage.columns.type")} />
                  <SortHeader urls={urls} column="platform" label={t("admin.adsPage.columns.platform")} />
                  <SortHeader urls={urls} column="placement" label={t("admin.adsPage.columns.location")} />
                  <SortHeader urls={urls} column="frequency" label={t("admin.adsPage.columns.frequency")} />
                  <SortHeader urls={urls} column="isActive" label={t("admin.adsPage.columns.status")} firstDescending />
                  <th scope="col">
                    <span className="visually-hidden">{t("admin.adsPage.columns.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {placements.map((placement) => (
                  <tr key={placement.id} data-placement-id={placement.id}>
                    <td className="admin-person-name">{placement.name}</td>
                    <td data-label={t("admin.adsPage.columns.type")}>{t(`admin.adsPage.types.${placement.adType}`)}</td>
                    <td data-label={t("admin.adsPage.columns.platform")}>{t(`admin.adsPage.platforms.${placement.platform}`)}</td>
                    <td data-label={t("admin.adsPage.columns.location")}>{t(`admin.adsPage.locations.${placement.placement}`)}</td>
                    <td data-label={t("admin.adsPage.columns.frequency")}>{everyText(t, placement)}</td>
                    <td data-label={t("admin.adsPage.columns.status")}>
                      {placement.isActive ? <Badge tone="success">{t("admin.adsPage.placements.active")}</Badge> : <Badge>{t("admin.adsPage.placements.inactive")}</Badge>}
                    </td>
                    <td className="admin-cell-actions">
                      <button
                        type="button"
                        className="button button-outline button-small"
                        hx-get={`${PLACEMENTS_HREF}/${encodeURIComponent(placement.id)}/edit`}
                        {...DIALOG_SLOT}
                        aria-label={t("admin.adsPage.placements.editNamed", { name: placement.name })}
                      >
                        {t("admin.adsPage.placements.edit")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={list.page} limit={list.limit} total={list.total} regionId={PLACEMENTS_REGION} hrefFor={(page) => pageHref(urls, page)} />
        </>
      )}
    </ListRegion>
  );
}

function PlacementsSection({ list, query }: { list: Awaited<ReturnType<typeof pageOfPlacements>>; query: PlacementListQuery }) {
  const t = useT();
  return (
    <section className="admin-card" aria-labelledby="ad-placements-title">
      <div>
        <h2 id="ad-placements-title" className="admin-card-title">
          {t("admin.adsPage.placements.title")}
        </h2>
        <p className="admin-card-lead">{t("admin.adsPage.placements.lead")}</p>
      </div>
      <PlacementsRegion list={list} query={query} />
    </section>
  );
}

type FormValues = Pick<PlacementJson, "name" | "adType" | "platform" | "placement" | "frequency" | "isActive">;

/** Spec point 5's defaults: banner, admob, swipe_screen, every 3, active. */
const NEW_PLACEMENT: FormValues = { name: "", adType: "banner", platform: "admob", placement: "swipe_screen", frequency: FREQUENCY.default, isActive: true };

function Select<T extends string>({ id, name, label, value, options, labelOf }: { id: string; name: string; label: string; value: T; options: readonly T[]; labelOf: (option: T) => string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The add / edit dialog (spec point 5): server HTML, posted as JSON by the admin entry. */
function PlacementDialog({ placement }: { placement: PlacementJson | null }) {
  const t = useT();
  const values: FormValues = placement ?? NEW_PLACEMENT;
  const editing = placement !== null;
  const action = editing ? { "hx-put": `/api/admin/ad-placements/${encodeURIComponent(placement.id)}` } : { "hx-post": "/api/admin/ad-placements" };
  return (
    <ServerDialog id="placement-dialog" title={editing ? t("admin.adsPage.form.editTitle") : t("admin.adsPage.form.addTitle")} description={t("admin.adsPage.form.lead")}>
      <form className="admin-form" {...action} hx-swap="none" data-error-title={t("admin.adsPage.toasts.failed")}>
        <div className="field">
          <label htmlFor="placement-name">{t("admin.adsPage.form.name")}</label>
          <input id="placement-name" name="name" type="text" required maxLength={PLACEMENT_NAME_MAX} defaultValue={values.name} placeholder={t("admin.adsPage.form.namePlaceholder")} autoFocus autoComplete="off" />
        </div>
        <div className="admin-form-grid">
          <Select id="placement-type" name="adType" label={t("admin.adsPage.form.adType")} value={values.adType} options={AD_TYPES} labelOf={(type) => t(`admin.adsPage.types.${type}`)} />
          <Select id="placement-platform" name="platform" label={t("admin.adsPage.form.platform")} value={values.platform} options={AD_PLATFORMS} labelOf={(platform) => t(`admin.adsPage.platforms.${platform}`)} />
          <Select id="placement-location" name="placement" label={t("admin.adsPage.form.location")} value={values.placement} options={AD_LOCATIONS} labelOf={(location) => t(`admin.adsPage.locations.${location}`)} />
          <div className="field">
            <label htmlFor="placement-frequency">{t("admin.adsPage.form.frequency")}</label>
            <input id="placement-frequency" name="frequency" type="number" inputMode="numeric" required min={FREQUENCY.min} max={FREQUENCY.max} step={1} defaultValue={values.frequency} aria-describedby="placement-frequency-hint" />
            <span id="placement-frequency-hint" className="field-hint">
              {t("admin.adsPage.form.frequencyHint", { min: FREQUENCY.min, max: FREQUENCY.max })}
            </span>
          </div>
        </div>
        <label className="ad-admin-check">
          <input type="checkbox" name="isActive" defaultChecked={values.isActive} />
          <span>
            <span className="ad-admin-check-label">{t("admin.adsPage.form.active")}</span>
            <span className="field-hint">{t("admin.adsPage.form.activeHint")}</span>
          </span>
        </label>
        <div className="admin-form-actions">
          <DialogCancel />
          <button type="submit" className="button button-primary" data-requires="#placement-name">
            {editing ? t("admin.adsPage.form.save") : t("admin.adsPage.form.create")}
          </button>
        </div>
      </form>
    </ServerDialog>
  );
}

async function loadPage(db: Database) {
  const [summary, placements] = await Promise.all([revenueSummary(db), listPlacements(db)]);
  return { summary, placements, statuses: await platformStatuses(db, placements) };
}

/**
 * The pieces htmx swaps in (regions that reload after a change, the dialogs). Opened directly in
 * the browser they would be bare fragments: the page itself is where they belong.
 */
async function fragment(c: Context<AppEnv>, body: () => Promise<ReactNode> | ReactNode): Promise<Response> {
  if (!isHtmx(c)) return c.redirect("/admin/ads", 302);
  return renderFragment(c, await body());
}

export function adsAdminPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>()
    .get("/ads", async (c) => {
      const t = c.get("t");
      const options: AdminPageOptions = { place: "ads", title: t("admin.adsPage.title"), lead: t("admin.adsPage.lead") };
      // The placements' sort and size are in the page's URL; a bad one is 400 like the JSON call.
      const parsed = placementListQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return invalidListPage(c, render, options, firstIssueMessage(parsed.error), "/admin/ads");
      const list = await pageOfPlacements(deps.db, parsed.data);
      // htmx asking (a heading, the size, a page, a change's reload) gets the placements' region.
      if (isHtmx(c)) return renderAdmin(c, render, options, null, <PlacementsRegion list={list} query={parsed.data} />);
      const { summary, statuses } = await loadPage(deps.db);
      return renderAdmin(
        c,
        render,
        options,
        <>
          <RevenueSection summary={summary} />
          <PlatformSection statuses={statuses} />
          <PlacementsSection list={list} query={parsed.data} />
        </>,
      );
    })
    .get("/ads/revenue", (c) => fragment(c, async () => <RevenueSection summary={await revenueSummary(deps.db)} />))
    .get("/ads/platforms", (c) => fragment(c, async () => <PlatformSection statuses={await platformStatuses(deps.db, await listPlacements(deps.db))} />))
    .get("/ads/placements", (c) => fragment(c, async () => <PlacementsRegion list={await pageOfPlacements(deps.db, placementListQuerySchema.parse({}))} query={placementListQuerySchema.parse({})} />))
    .get("/ads/placements/new", (c) => fragment(c, () => <PlacementDialog placement={null} />))
    .get("/ads/placements/:id/edit", async (c) => {
      if (!isHtmx(c)) return c.redirect("/admin/ads", 302);
      const placement = await findPlacement(deps.db, c.req.param("id"));
      // A JSON 404: htmx does not swap it and the admin entry toasts the message (decision 0082).
      if (placement === null) return c.json({ message: PLACEMENT_MESSAGES.notFound }, 404);
      return renderFragment(c, <PlacementDialog placement={placement} />);
    });
}
