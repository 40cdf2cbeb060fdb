import { Hono, type Context } from "hono";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { renderFragment, type RenderPage } from "../../../views/render";
import { findCity } from "../../profile/cities";
import { firstIssueMessage } from "../list-query";
import { invalidListPage, renderAdmin, type AdminPageOptions } from "../admin-render";
import { Badge, DialogCancel, EmptyState, formatDate, ListRegion, Pager, ServerDialog } from "../admin-ui";
import { isHtmx } from "../htmx";
import { BAN_REASON_MAX } from "./ban";
import { planDialogRoute } from "./plan-dialog";
import { ActionLabel, FilterChips, PersonCell, SearchForm } from "./member-list-ui";
import { ListHead, pageHref, SortHeader, type ListUrls } from "../list-table";
import { ADMIN_USER_MESSAGES, idParamSchema, USER_FILTERS, USER_SORT, userListQuerySchema, type UserFilter, type UserListQuery } from "./users.schemas";
import { findUser, isProtectedSuperAdmin, listUsers, protectionOf, type AdminUserEntry } from "./users.service";
import { isStaffRole, roleMay } from "../staff-permissions";
import { RoleButton } from "../roles/role-dialog";

const REGION = "users-region";
const PATH = "/admin/users";
const SEARCH_FORM = "users-search-form";

/** The list's URLs for the shared list controls (docs/decisions/0131). */
function urlsOf(query: UserListQuery): ListUrls {
  return { path: PATH, api: "/api/admin/users", regionId: REGION, filters: { search: query.search, filter: query.filter }, sort: query.sort, defaultSort: USER_SORT.defaultSort, limit: query.limit, formId: SEARCH_FORM };
}

type UsersPage = Awaited<ReturnType<typeof listUsers>>;

/**
 * Why no ban or delete is offered on a row: it is the admin, or the super admin, or another admin
 * or moderator while the viewer is not the super admin (ADMIN.md "Who").
 */
type Protection = "self" | "superAdmin" | "staff" | null;

/** What the viewer's role offers on the rows (ADMIN.md 'Who', staff-permissions.ts): a moderator has no plan, delete or role. */
interface RowAbilities {
  plans: boolean;
  delete: boolean;
  roles: boolean;
}

/** Spec point 4, "User badge": Verified, else Premium, else Regular. */
function AccountBadges({ user }: { user: AdminUserEntry }) {
  const t = useT();
  return (
    <span className="admin-account">
      <span className="admin-badges">
        {user.isVerified ? (
          <Badge tone="success">{t("admin.users.badges.verified")}</Badge>
        ) : user.isPremium ? (
          <Badge tone="premium">{t("admin.users.badges.premium")}</Badge>
        ) : (
          <Badge>{t("admin.users.badges.regular")}</Badge>
        )}
        {user.isBanned ? <Badge tone="danger">{t("admin.users.badges.banned")}</Badge> : null}
      </span>
      {user.isBanned && user.banReason ? <span className="admin-ban-reason">{t("admin.users.banReason", { reason: user.banReason })}</span> : null}
    </span>
  );
}

/**
 * Whether the member proved their email, shown apart from the Verified badge (which is the
 * approved selfie, decision 0130): the two once shared one word and one filter.
 */
function EmailProof({ user }: { user: AdminUserEntry }) {
  const t = useT();
  return (
    <span className="admin-person-sub admin-email-proof" data-proven={user.emailVerified ? "true" : "false"}>
      {user.emailVerified ? t("admin.users.emailProven") : t("admin.users.emailNotProven")}
    </span>
  );
}

/** Spec point 4, the other list: Admin, Premium, Free. */
function RoleBadge({ user }: { user: AdminUserEntry }) {
  const t = useT();
  if (user.isAdmin) return <Badge tone="primary">{t("admin.users.badges.admin")}</Badge>;
  if (user.role === "moderator") return <Badge tone="primary">{t("admin.roles.names.moderator")}</Badge>;
  if (user.isPremium) return <Badge tone="premium">{t("admin.users.badges.premium")}</Badge>;
  return <Badge>{t("admin.users.badges.free")}</Badge>;
}

function ProfileSummary({ profile }: { profile: AdminUserEntry["profile"] }) {
  const t = useT();
  if (profile === null) return <span className="muted">{t("admin.users.noProfile")}</span>;
  const city = profile.city === null ? null : (findCity(profile.city)?.name ?? profile.city);
  const denomination = t(`options.denomination.${profile.denomination}`, { defaultValue: profile.denomination });
  return (
    <span className="admin-person">
      <span>{t("admin.users.profileSummary", { age: profile.age, gender: t(`options.gender.${profile.gender}`) })}</span>
      <span className="admin-person-sub">{city ? `${denomination} · ${city}` : denomination}</span>
    </span>
  );
}

/** Plans by hand (ADMIN.md): any member's plan, the admin's own included (it changes nothing else). */
function PlanButton({ user }: { user: AdminUserEntry }) {
  const t = useT();
  return (
    <button type="button" className="button button-outline button-small" hx-get={`${PATH}/${user.id}/plan`} hx-target="#admin-dialog-slot" hx-swap="innerHTML" data-error-title={t("admin.money.grant.failedTitle")}>
      <ActionLabel action={t("admin.money.grant.action")} target={`${user.firstName} ${user.lastName}`.trim()} />
    </button>
  );
}

function RowActions({ user, protection, can }: { user: AdminUserEntry; protection: Protection; can: RowAbilities }) {
  const t = useT();
  if (protection !== null)
    return (
      <>
        {can.plans ? <PlanButton user={user} /> : null}
        <span className="muted admin-protected">{t(protection === "self" ? "admin.users.protected.self" : protection === "superAdmin" ? "admin.users.protected.superAdmin" : "admin.roles.staffProtected")}</span>
      </>
    );
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <>
      {can.plans ? <PlanButton user={user} /> : null}
      {can.roles ? <RoleButton memberId={user.id} /> : null}
      {user.isBanned ? (
        <button type="button" className="button button-outline button-small" hx-post={`/api/admin/users/${user.id}/unban`} hx-swap="none" data-error-title={t("admin.users.failed.unban")}>
          <ActionLabel action={t("admin.users.actions.unban")} target={name} />
        </button>
      ) : (
        <button type="button" className="button button-outline button-small" hx-get={`${PATH}/${user.id}/ban`} hx-target="#admin-dialog-slot" hx-swap="innerHTML" data-error-title={t("admin.users.failed.ban")}>
          <ActionLabel action={t("admin.users.actions.ban")} target={name} />
        </button>
      )}
      {can.delete ? (
        <button type="button" className="button button-ghost button-small admin-danger-text" hx-get={`${PATH}/${user.id}/delete`} hx-target="#admin-dialog-slot" hx-swap="innerHTML" data-error-title={t("admin.users.failed.delete")}>
          <ActionLabel action={t("admin.users.actions.delete")} target={name} />
        </button>
      ) : null}
    </>
  );
}

function UsersTable({ users, urls, protectionFor, can }: { users: AdminUserEntry[]; urls: ListUrls; protectionFor: (user: AdminUserEntry) => Protection; can: RowAbilities }) {
  const t = useT();
  const { lang } = useI18n();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-member-table admin-users-table">
        <thead>
          <tr>
            <SortHeader urls={urls} column="name" label={t("admin.users.columns.member")} />
            <th scope="col">{t("admin.users.columns.account")}</th>
            <SortHeader urls={urls} column="plan" label={t("admin.users.columns.role")} />
            <SortHeader urls={urls} column="age" label={t("admin.users.columns.profile")} />
            <SortHeader urls={urls} column="createdAt" label={t("admin.users.columns.joined")} firstDescending />
            <th scope="col">
              <span className="visually-hidden">{t("admin.users.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className={user.isBanned ? "admin-row-banned" : undefined}>
              <td className="admin-cell-main">
                <PersonCell
                  id={user.id}
                  firstName={user.firstName}
                  lastName={user.lastName}
                  email={user.email}
                  extra={
                    <>
                      <EmailProof user={user} />
                      {user.phone ? <span className="admin-person-sub">{user.phone}</span> : null}
                    </>
                  }
                />
              </td>
              <td data-label={t("admin.users.columns.account")}>
                <AccountBadges user={user} />
              </td>
              <td data-label={t("admin.users.columns.role")}>
                <RoleBadge user={user} />
              </td>
              <td data-label={t("admin.users.columns.profile")}>
                <ProfileSummary profile={user.profile} />
              </td>
              <td data-label={t("admin.users.columns.joined")}>
                {/* Last active under the sign-up, not a column of its own: the row's actions keep their room (the sort select offers it). */}
                <span className="admin-person">
                  <time dateTime={user.createdAt}>{formatDate(lang, user.createdAt)}</time>
                  <span className="admin-person-sub">
                    {user.lastActiveAt === null ? t("admin.lists.neverActive") : t("admin.lists.activeOn", { date: formatDate(lang, user.lastActiveAt) })}
                  </span>
                </span>
              </td>
              <td className="admin-cell-actions">
                <RowActions user={user} protection={protectionFor(user)} can={can} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UsersRegion({ page, query, protectionFor, can }: { page: UsersPage; query: UserListQuery; protectionFor: (user: AdminUserEntry) => Protection; can: RowAbilities }) {
  const t = useT();
  const urls = urlsOf(query);
  const narrowed = query.search !== undefined || query.filter !== "all";
  return (
    <ListRegion id={REGION} area="users" href={pageHref(urls, query.page)} label={t("admin.users.listLabel")}>
      <ListHead
        urls={urls}
        sortOptions={[
          { column: "name", label: t("admin.users.columns.member") },
          { column: "plan", label: t("admin.users.columns.role") },
          { column: "age", label: t("admin.users.columns.profile") },
          { column: "createdAt", label: t("admin.users.columns.joined") },
          { column: "lastActiveAt", label: t("admin.lists.lastActive") },
        ]}
      />
      {page.users.length === 0 && page.total === 0 ? (
        narrowed ? (
          <EmptyState
            title={t("admin.users.empty.title")}
            body={t("admin.users.empty.body")}
            action={
              <a className="button button-outline button-small" href={PATH}>
                {t("admin.users.empty.clear")}
              </a>
            }
          />
        ) : (
          <EmptyState title={t("admin.users.empty.noneTitle")} body={t("admin.users.empty.noneBody")} />
        )
      ) : (
        <>
          {page.users.length > 0 ? <UsersTable users={page.users} urls={urls} protectionFor={protectionFor} can={can} /> : null}
          <Pager page={page.page} limit={page.limit} total={page.total} regionId={REGION} hrefFor={(target) => pageHref(urls, target)} />
        </>
      )}
    </ListRegion>
  );
}

function UsersToolbar({ query }: { query: UserListQuery }) {
  const t = useT();
  const options = USER_FILTERS.map((value: UserFilter) => ({ value, label: t(`admin.users.filters.${value}`) }));
  return (
    <SearchForm id={SEARCH_FORM} action={PATH} regionId={REGION} searchId="users-search" label={t("admin.users.searchLabel")} placeholder={t("admin.users.searchPlaceholder")} search={query.search}>
      <FilterChips legend={t("admin.users.filterLabel")} name="filter" options={options} current={query.filter} />
    </SearchForm>
  );
}

function BanDialog({ user }: { user: AdminUserEntry }) {
  const t = useT();
  const name = `${user.firstName} ${user.lastName}`.trim();
  const reasonId = `ban-reason-${user.id}`;
  return (
    <ServerDialog id={`ban-dialog-${user.id}`} title={t("admin.users.banDialog.title", { name })} description={t("admin.users.banDialog.description")}>
      <form className="admin-form" hx-post={`/api/admin/users/${user.id}/ban`} hx-swap="none" data-error-title={t("admin.users.failed.ban")}>
        <div className="field">
          <label htmlFor={reasonId}>{t("admin.users.banDialog.reasonLabel")}</label>
          <textarea id={reasonId} name="reason" maxLength={BAN_REASON_MAX} required aria-describedby={`${reasonId}-hint`} autoFocus rows={4} />
          <span id={`${reasonId}-hint`} className="field-hint">
            {t("admin.users.banDialog.reasonHint")}
          </span>
        </div>
        <div className="admin-form-actions">
          <DialogCancel />
          {/* Spec point 5: confirm stays disabled while the reason is blank (admin-behaviour.ts). */}
          <button type="submit" className="button button-danger" data-requires={`#${reasonId}`} disabled>
            {t("admin.users.banDialog.confirm")}
          </button>
        </div>
      </form>
    </ServerDialog>
  );
}

function DeleteDialog({ user }: { user: AdminUserEntry }) {
  const t = useT();
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <ServerDialog id={`delete-dialog-${user.id}`} title={t("admin.users.deleteDialog.title", { name })} description={t("admin.users.deleteDialog.description", { email: user.email })}>
      <div className="admin-form-actions">
        <DialogCancel />
        <button type="button" className="button button-danger" hx-delete={`/api/admin/users/${user.id}`} hx-swap="none" data-error-title={t("admin.users.failed.delete")}>
          {t("admin.users.deleteDialog.confirm")}
        </button>
      </div>
    </ServerDialog>
  );
}

/**
 * /admin/users (spec point 2's Users tab; ADMIN.md "Lists"): search, filter chips, the table and
 * its pages; the ban and delete dialogs are fragments the rows load into #admin-dialog-slot.
 * A bad page, limit or filter answers 400 (invalidListPage), like GET /api/admin/users.
 */
export function usersPages(deps: AppDeps, render: RenderPage) {
  const protectionsFor = (c: Context<AppEnv>) => {
    const admin = currentUser(c);
    const superAdmin = isProtectedSuperAdmin(deps.config, admin);
    return (user: AdminUserEntry): Protection =>
      user.id === admin.id ? "self" : isProtectedSuperAdmin(deps.config, user) ? "superAdmin" : isStaffRole(user.role) && !superAdmin ? "staff" : null;
  };
  const pageOptions = (c: Context<AppEnv>): AdminPageOptions => ({ place: "users", title: c.get("t")("admin.users.title"), lead: c.get("t")("admin.users.lead") });

  /** A dialog for one member, or the JSON refusal the panel toasts (404 unknown, 400 protected). */
  const dialogFor = async (c: Context<AppEnv>, change: "ban" | "delete") => {
    if (!isHtmx(c)) return c.redirect(PATH, 303);
    const parsed = idParamSchema.safeParse({ id: c.req.param("id") });
    const user = parsed.success ? await findUser(deps, parsed.data.id) : null;
    if (user === null) return c.json({ message: ADMIN_USER_MESSAGES.userNotFound }, 404);
    const refusal = protectionOf(deps.config, currentUser(c), user, change);
    if (refusal !== null) return c.json({ message: refusal }, 400);
    return renderFragment(c, change === "ban" ? <BanDialog user={user} /> : <DeleteDialog user={user} />);
  };

  return new Hono<AppEnv>()
    .get("/users", async (c) => {
      const parsed = userListQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return invalidListPage(c, render, pageOptions(c), firstIssueMessage(parsed.error), PATH);
      const query = parsed.data;
      const page = await listUsers(deps, query);
      const role = currentUser(c).role;
      const can: RowAbilities = { plans: roleMay(role, "plans"), delete: roleMay(role, "users.delete"), roles: roleMay(role, "roles") };
      const region = <UsersRegion page={page} query={query} protectionFor={protectionsFor(c)} can={can} />;
      return renderAdmin(
        c,
        render,
        pageOptions(c),
        <>
          <UsersToolbar query={query} />
          {region}
        </>,
        region,
      );
    })
    .get("/users/:id/ban", (c) => dialogFor(c, "ban"))
    .get("/users/:id/delete", (c) => dialogFor(c, "delete"))
    .get("/users/:id/plan", (c) => planDialogRoute(c, deps, PATH));
}
