import { Hono, type Context } from "hono";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import type { AppDeps, AppEnv } from "../../../app-env";
import { renderFragment, type RenderPage } from "../../../views/render";
import { firstIssueMessage } from "../list-query";
import { invalidListPage, renderAdmin, type AdminPageOptions } from "../admin-render";
import { DialogCancel, EmptyState, formatDate, ListRegion, Pager, ServerDialog } from "../admin-ui";
import { isHtmx } from "../htmx";
import { ActionLabel, PersonCell } from "../users/member-list-ui";
import { ListHead, pageHref, SortHeader, type ListUrls } from "../list-table";
import { ADMIN_USER_MESSAGES, idParamSchema, TEMP_USER_SORT, tempUserListQuerySchema, type TempUserListQuery } from "../users/users.schemas";
import type { AdminUserEntry } from "../users/users.service";
import { findTempUser, listTempUsers } from "./temp-users.service";

const REGION = "temp-users-region";
const PATH = "/admin/temp-users";
const dayMs = 24 * 60 * 60_000;

type TempUsersPage = Awaited<ReturnType<typeof listTempUsers>>;

function TempUsersTable({ users, now, urls }: { users: AdminUserEntry[]; now: Date; urls: ListUrls }) {
  const t = useT();
  const { lang } = useI18n();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-member-table">
        <thead>
          <tr>
            <SortHeader urls={urls} column="name" label={t("admin.tempUsers.columns.member")} />
            <SortHeader urls={urls} column="createdAt" label={t("admin.tempUsers.columns.joined")} firstDescending />
            <th scope="col">{t("admin.tempUsers.columns.waiting")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("admin.tempUsers.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <td className="admin-cell-main">
                <PersonCell id={user.id} firstName={user.firstName} lastName={user.lastName} email={user.email} />
              </td>
              <td data-label={t("admin.tempUsers.columns.joined")}>
                <time dateTime={user.createdAt}>{formatDate(lang, user.createdAt)}</time>
              </td>
              <td data-label={t("admin.tempUsers.columns.waiting")}>{t("admin.tempUsers.waiting", { count: Math.floor((now.getTime() - new Date(user.createdAt).getTime()) / dayMs) })}</td>
              <td className="admin-cell-actions">
                <button type="button" className="button button-ghost button-small admin-danger-text" hx-get={`${PATH}/${user.id}/remove`} hx-target="#admin-dialog-slot" hx-swap="innerHTML" data-error-title={t("admin.tempUsers.failed")}>
                  <ActionLabel action={t("admin.tempUsers.remove")} target={`${user.firstName} ${user.lastName}`.trim()} />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TempUsersRegion({ page, now, query }: { page: TempUsersPage; now: Date; query: TempUserListQuery }) {
  const t = useT();
  const urls: ListUrls = { path: PATH, api: "/api/admin/temp-users", regionId: REGION, filters: {}, sort: query.sort, defaultSort: TEMP_USER_SORT.defaultSort, limit: query.limit };
  return (
    <ListRegion id={REGION} area="temp-users" href={pageHref(urls, page.page)} label={t("admin.tempUsers.listLabel")}>
      {page.total === 0 ? null : (
        <ListHead
          urls={urls}
          sortOptions={[
            { column: "name", label: t("admin.tempUsers.columns.member") },
            { column: "createdAt", label: t("admin.tempUsers.columns.joined") },
          ]}
        />
      )}
      {page.total === 0 ? (
        <EmptyState title={t("admin.tempUsers.empty.title")} body={t("admin.tempUsers.empty.body")} />
      ) : (
        <>
          {page.users.length > 0 ? <TempUsersTable users={page.users} now={now} urls={urls} /> : null}
          <Pager page={page.page} limit={page.limit} total={page.total} regionId={REGION} hrefFor={(target) => pageHref(urls, target)} />
        </>
      )}
    </ListRegion>
  );
}

function RemoveDialog({ user }: { user: AdminUserEntry }) {
  const t = useT();
  const { lang } = useI18n();
  return (
    <ServerDialog
      id={`remove-temp-${user.id}`}
      title={t("admin.tempUsers.removeDialog.title", { name: `${user.firstName} ${user.lastName}`.trim() })}
      description={t("admin.tempUsers.removeDialog.description", { email: user.email, date: formatDate(lang, user.createdAt) })}
    >
      <div className="admin-form-actions">
        <DialogCancel />
        <button type="button" className="button button-danger" hx-delete={`/api/admin/temp-users/${user.id}`} hx-swap="none" data-error-title={t("admin.tempUsers.failed")}>
          {t("admin.tempUsers.removeDialog.confirm")}
        </button>
      </div>
    </ServerDialog>
  );
}

/**
 * /admin/temp-users (ADMIN.md "Lists"): sign-ups older than 7 days without a profile, each with a
 * confirmed Remove. A bad page or limit answers 400 (invalidListPage), like the JSON call.
 */
export function tempUsersPages(deps: AppDeps, render: RenderPage) {
  const pageOptions = (c: Context<AppEnv>): AdminPageOptions => ({ place: "temp-users", title: c.get("t")("admin.tempUsers.title"), lead: c.get("t")("admin.tempUsers.lead") });
  return new Hono<AppEnv>()
    .get("/temp-users", async (c) => {
      const parsed = tempUserListQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return invalidListPage(c, render, pageOptions(c), firstIssueMessage(parsed.error), PATH);
      const page = await listTempUsers(deps, parsed.data);
      const region = <TempUsersRegion page={page} now={deps.clock.now()} query={parsed.data} />;
      return renderAdmin(c, render, pageOptions(c), region, region);
    })
    .get("/temp-users/:id/remove", async (c) => {
      if (!isHtmx(c)) return c.redirect(PATH, 303);
      const parsed = idParamSchema.safeParse({ id: c.req.param("id") });
      const user = parsed.success ? await findTempUser(deps, parsed.data.id) : null;
      if (user === null) return c.json({ message: ADMIN_USER_MESSAGES.tempUserNotFound }, 404);
      return renderFragment(c, <RemoveDialog user={user} />);
    });
}
