import { Hono, type Context } from "hono";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import type { AppDeps, AppEnv } from "../../../app-env";
import { renderFragment, type RenderPage } from "../../../views/render";
import { firstIssueMessage } from "../list-query";
import { invalidListPage, renderAdmin, type AdminPageOptions } from "../admin-render";
import { DialogCancel, EmptyState, formatDate, formatDateTime, ListRegion, Pager, ServerDialog } from "../admin-ui";
import { isHtmx } from "../htmx";
import { ActionLabel, PersonCell, SearchForm } from "../users/member-list-ui";
import { ListHead, pageHref, SortHeader, type ListUrls } from "../list-table";
import { ADMIN_USER_MESSAGES, idParamSchema, MATCH_SORT, matchListQuerySchema, type MatchListQuery } from "../users/users.schemas";
import { findAdminMatch, listAdminMatches, memberName, type AdminMatchEntry } from "./admin-matches.service";

const REGION = "matches-region";
const PATH = "/admin/matches";
const SEARCH_FORM = "matches-search-form";

/** The list's URLs for the shared list controls (docs/decisions/0131). */
function urlsOf(query: MatchListQuery): ListUrls {
  return { path: PATH, api: "/api/admin/matches", regionId: REGION, filters: { search: query.search }, sort: query.sort, defaultSort: MATCH_SORT.defaultSort, limit: query.limit, formId: SEARCH_FORM };
}

type MatchesPage = Awaited<ReturnType<typeof listAdminMatches>>;

function MatchesTable({ matches, urls }: { matches: AdminMatchEntry[]; urls: ListUrls }) {
  const t = useT();
  const { lang } = useI18n();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-member-table admin-matches-table">
        <thead>
          <tr>
            <SortHeader urls={urls} column="member" label={t("admin.matchManagement.columns.members")} />
            <SortHeader urls={urls} column="createdAt" label={t("admin.matchManagement.columns.matched")} firstDescending />
            <SortHeader urls={urls} column="messageCount" label={t("admin.matchManagement.columns.messages")} firstDescending />
            <SortHeader urls={urls} column="lastMessageAt" label={t("admin.matchManagement.columns.lastActivity")} firstDescending />
            <th scope="col">
              <span className="visually-hidden">{t("admin.matchManagement.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {matches.map((match) => (
            <tr key={match.id}>
              <td className="admin-cell-main">
                <span className="admin-match-pair">
                  <PersonCell {...match.user1} />
                  <span className="admin-match-and" aria-hidden="true">
                    &amp;
                  </span>
                  <PersonCell {...match.user2} />
                </span>
              </td>
              <td data-label={t("admin.matchManagement.columns.matched")}>
                <time dateTime={match.createdAt}>{formatDate(lang, match.createdAt)}</time>
              </td>
              <td data-label={t("admin.matchManagement.columns.messages")} className="admin-cell-number">
                {new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US").format(match.messageCount)}
              </td>
              <td data-label={t("admin.matchManagement.columns.lastActivity")}>
                {match.lastMessageAt ? <time dateTime={match.lastMessageAt}>{formatDateTime(lang, match.lastMessageAt)}</time> : <span className="muted">{t("admin.matchManagement.noMessages")}</span>}
              </td>
              <td className="admin-cell-actions">
                <button type="button" className="button button-ghost button-small admin-danger-text" hx-get={`${PATH}/${match.id}/delete`} hx-target="#admin-dialog-slot" hx-swap="innerHTML" data-error-title={t("admin.matchManagement.failed")}>
                  <ActionLabel action={t("admin.matchManagement.delete")} target={`${memberName(match.user1)} & ${memberName(match.user2)}`} />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MatchesRegion({ page, query }: { page: MatchesPage; query: MatchListQuery }) {
  const t = useT();
  const urls = urlsOf(query);
  return (
    <ListRegion id={REGION} area="matches" href={pageHref(urls, query.page)} label={t("admin.matchManagement.listLabel")}>
      <ListHead
        urls={urls}
        sortOptions={[
          { column: "member", label: t("admin.matchManagement.columns.members") },
          { column: "createdAt", label: t("admin.matchManagement.columns.matched") },
          { column: "messageCount", label: t("admin.matchManagement.columns.messages") },
          { column: "lastMessageAt", label: t("admin.matchManagement.columns.lastActivity") },
        ]}
      />
      {page.total === 0 ? (
        query.search !== undefined ? (
          <EmptyState
            title={t("admin.matchManagement.empty.title")}
            body={t("admin.matchManagement.empty.body")}
            action={
              <a className="button button-outline button-small" href={PATH}>
                {t("admin.matchManagement.empty.clear")}
              </a>
            }
          />
        ) : (
          <EmptyState title={t("admin.matchManagement.empty.noneTitle")} body={t("admin.matchManagement.empty.noneBody")} />
        )
      ) : (
        <>
          {page.matches.length > 0 ? <MatchesTable matches={page.matches} urls={urls} /> : null}
          <Pager page={page.page} limit={page.limit} total={page.total} regionId={REGION} hrefFor={(target) => pageHref(urls, target)} />
        </>
      )}
    </ListRegion>
  );
}

function DeleteMatchDialog({ match }: { match: AdminMatchEntry }) {
  const t = useT();
  return (
    <ServerDialog id={`delete-match-${match.id}`} title={t("admin.matchManagement.deleteDialog.title")} description={t("admin.matchManagement.deleteDialog.description", { first: memberName(match.user1), second: memberName(match.user2) })}>
      <div className="admin-form-actions">
        <DialogCancel />
        <button type="button" className="button button-danger" hx-delete={`/api/admin/matches/${match.id}`} hx-swap="none" data-error-title={t("admin.matchManagement.failed")}>
          {t("admin.matchManagement.deleteDialog.confirm")}
        </button>
      </div>
    </ServerDialog>
  );
}

/**
 * /admin/matches (spec point 2, "Match Management: a searchable table with delete"). A bad page
 * or limit answers 400 (invalidListPage), like GET /api/admin/matches.
 */
export function adminMatchesPages(deps: AppDeps, render: RenderPage) {
  const pageOptions = (c: Context<AppEnv>): AdminPageOptions => ({ place: "matches", title: c.get("t")("admin.matchManagement.title"), lead: c.get("t")("admin.matchManagement.lead") });
  return new Hono<AppEnv>()
    .get("/matches", async (c) => {
      const t = c.get("t");
      const parsed = matchListQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return invalidListPage(c, render, pageOptions(c), firstIssueMessage(parsed.error), PATH);
      const query = parsed.data;
      const region = <MatchesRegion page={await listAdminMatches(deps, query)} query={query} />;
      return renderAdmin(
        c,
        render,
        pageOptions(c),
        <>
          <SearchForm
            id={SEARCH_FORM}
            action={PATH}
            regionId={REGION}
            searchId="matches-search"
            label={t("admin.matchManagement.searchLabel")}
            placeholder={t("admin.matchManagement.searchPlaceholder")}
            search={query.search}
          />
          {region}
        </>,
        region,
      );
    })
    .get("/matches/:id/delete", async (c) => {
      if (!isHtmx(c)) return c.redirect(PATH, 303);
      const parsed = idParamSchema.safeParse({ id: c.req.param("id") });
      const match = parsed.success ? await findAdminMatch(deps, parsed.data.id) : null;
      if (match === null) return c.json({ message: ADMIN_USER_MESSAGES.matchNotFound }, 404);
      return renderFragment(c, <DeleteMatchDialog match={match} />);
    });
}
