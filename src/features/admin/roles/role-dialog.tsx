import { Hono, type Context } from "hono";
import { useT } from "../../../../islands/runtime/i18n-context";
import type { Role } from "../../../../db/schema";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { renderFragment } from "../../../views/render";
import { DialogCancel, ServerDialog } from "../admin-ui";
import { isHtmx } from "../htmx";
import { isSuperAdmin, ROLE_MESSAGES, roleTargetOf, staffTargetRefusal, type RoleTarget } from "./roles.service";

/** Why the dialog offers no change: the super admin, oneself, or another admin or moderator for anyone but the super admin. */
type Refusal = "superAdmin" | "own" | "staff" | null;

export function RoleDialog({ member, refusal }: { member: RoleTarget; refusal: Refusal }) {
  const t = useT();
  const name = `${member.firstName} ${member.lastName}`.trim();
  const base = `role-${member.id}`;
  const current = t(`admin.roles.names.${member.role}`);
  return (
    <ServerDialog id={`${base}-dialog`} title={t("admin.roles.dialogTitle", { name })} description={t("admin.roles.dialogText")}>
      {refusal !== null ? (
        <>
          <p className="admin-role-note">{t(refusal === "superAdmin" ? "admin.roles.superAdminNote" : refusal === "own" ? "admin.roles.ownNote" : "admin.roles.staffNote")}</p>
          <div className="admin-form-actions">
            <button type="button" className="button button-outline" data-close-dialog="">
              {t("common.close")}
            </button>
          </div>
        </>
      ) : (
        <form className="admin-form" hx-post={`/api/admin/users/${member.id}/role`} hx-swap="none" data-error-title={t("admin.roles.failedTitle")}>
          <fieldset className="admin-role-choices">
            <legend className="label">{t("admin.roles.label")}</legend>
            {(["member", "moderator", "admin"] as const).map((role) => (
              <label key={role} className="admin-role-choice">
                <input type="radio" name="role" value={role} defaultChecked={role === member.role || (member.role === "chaperone" && role === "member")} />
                <span className="admin-role-choice-text">
                  <span className="admin-role-choice-name">{t(`admin.roles.names.${role}`)}</span>
                  <span className="muted admin-role-choice-hint">{t(`admin.roles.hints.${role}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <p className="muted admin-role-current">{t("admin.roles.current", { role: current })}</p>
          <div className="admin-form-actions">
            <DialogCancel />
            <button type="submit" className="button button-primary">
              {t("admin.roles.save")}
            </button>
          </div>
        </form>
      )}
    </ServerDialog>
  );
}

/** The button that opens the dialog (admins only: the Users list's rows and a member's page). */
export function RoleButton({ memberId }: { memberId: string }) {
  const t = useT();
  return (
    <button type="button" className="button button-outline button-small" hx-get={`/admin/users/${memberId}/role`} hx-target="#admin-dialog-slot" hx-swap="innerHTML" data-error-title={t("admin.roles.failedTitle")}>
      {t("admin.roles.action")}
    </button>
  );
}

/** Whether `role` may have its role button (staff-permissions.ts "roles"). */
export const showsRoleButton = (role: Role) => role === "admin";

/**
 * GET /admin/users/{id}/role (ADMIN.md 'Who'): the dialog for htmx, with the rules said before
 * the admin tries; a person who opens the URL goes to the member's page.
 */
export function rolePages(deps: AppDeps) {
  return new Hono<AppEnv>().get("/users/:id/role", async (c: Context<AppEnv>) => {
    const id = c.req.param("id") ?? "";
    if (!isHtmx(c)) return c.redirect(`/admin/users/${encodeURIComponent(id)}`, 303);
    const member = id.length > 0 && id.length <= 64 ? await roleTargetOf(deps, { id }) : null;
    if (member === null) return c.json({ message: ROLE_MESSAGES.userNotFound }, 404);
    const caller = currentUser(c);
    const refusal: Refusal = member.id === caller.id ? "own" : isSuperAdmin(deps.config, member) ? "superAdmin" : staffTargetRefusal(deps.config, caller, member) !== null ? "staff" : null;
    return renderFragment(c, <RoleDialog member={member} refusal={refusal} />);
  });
}
