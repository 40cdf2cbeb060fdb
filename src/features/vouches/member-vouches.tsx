/**
 * Church vouches on a member's admin page (ADMIN.md 'One member'; docs/decisions/0134): the vouches
 * they gave and received, each with Remove for admins and moderators (a confirm dialog that calls
 * DELETE /api/admin/vouches/{id}, logged).
 */
import { Hono } from "hono";
import { useT } from "../../../islands/runtime/i18n-context";
import type { AppDeps, AppEnv } from "../../app-env";
import { renderFragment } from "../../views/render";
import { Badge, DialogCancel, ServerDialog } from "../admin/admin-ui";
import { isHtmx } from "../admin/htmx";
import { When } from "../admin/payments/payment-view";
import { memberPageHref } from "../admin/users/member-list-ui";
import type { VouchJson } from "./vouch-types";
import { listVouches } from "./vouches.service";
import { VOUCH_MESSAGES } from "./vouch-rules";

export type MemberVouches = Awaited<ReturnType<typeof listVouches>>;

export function memberVouchesOf(deps: Pick<AppDeps, "db">, userId: string): Promise<MemberVouches> {
  return listVouches(deps, userId);
}

function VouchRows({ memberId, items, direction, canRemove }: { memberId: string; items: VouchJson[]; direction: "given" | "received"; canRemove: boolean }) {
  const t = useT();
  return (
    <ul className="admin-member-list">
      {items.map((vouch) => (
        <li key={vouch.id} data-vouch={vouch.id} className="admin-vouch-row">
          <span>
            <Badge tone={vouch.status === "accepted" ? "success" : "neutral"}>{t(`admin.member.vouches.status.${vouch.status}`)}</Badge>{" "}
            {t(direction === "given" ? "admin.member.vouches.for" : "admin.member.vouches.by")} <a href={memberPageHref(vouch.person.id)}>{vouch.person.firstName || vouch.person.id}</a>
            <span className="muted admin-small">
              {" "}
              · {vouch.church} · <When value={vouch.createdAt} />
            </span>
            {vouch.note ? <p className="admin-member-quote">{vouch.note}</p> : null}
          </span>
          {canRemove ? (
            <button type="button" className="button button-ghost button-small admin-danger-text" hx-get={`${memberPageHref(memberId)}/vouches/${vouch.id}/remove`} hx-target="#admin-dialog-slot" hx-swap="innerHTML" data-error-title={t("admin.member.failed")}>
              {t("admin.member.vouches.remove")}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function MemberVouchesCard({ memberId, vouches, canRemove, Card }: { memberId: string; vouches: MemberVouches; canRemove: boolean; Card: (props: { id: string; title: string; children: React.ReactNode }) => React.ReactNode }) {
  const t = useT();
  const empty = vouches.given.length === 0 && vouches.received.length === 0;
  return (
    <Card id="member-vouches" title={t("admin.member.vouches.title", { count: vouches.given.length + vouches.received.length })}>
      {empty ? (
        <p className="muted">{t("admin.member.vouches.none")}</p>
      ) : (
        <>
          <h3 className="admin-vouch-subtitle">{t("admin.member.vouches.received", { count: vouches.received.length })}</h3>
          {vouches.received.length === 0 ? <p className="muted">—</p> : <VouchRows memberId={memberId} items={vouches.received} direction="received" canRemove={canRemove} />}
          <h3 className="admin-vouch-subtitle">{t("admin.member.vouches.given", { count: vouches.given.length })}</h3>
          {vouches.given.length === 0 ? <p className="muted">—</p> : <VouchRows memberId={memberId} items={vouches.given} direction="given" canRemove={canRemove} />}
        </>
      )}
    </Card>
  );
}

function RemoveVouchDialog({ vouch }: { vouch: VouchJson }) {
  const t = useT();
  return (
    <ServerDialog id={`vouch-remove-${vouch.id}`} title={t("admin.member.vouches.dialogTitle")} description={t("admin.member.vouches.dialogBody", { church: vouch.church })}>
      <div className="admin-form-actions">
        <DialogCancel />
        <button type="button" className="button button-danger" hx-delete={`/api/admin/vouches/${vouch.id}`} hx-swap="none" data-error-title={t("admin.member.failed")}>
          {t("admin.member.vouches.remove")}
        </button>
      </div>
    </ServerDialog>
  );
}

/** GET /admin/users/{id}/vouches/{vouchId}/remove: the confirm dialog (htmx only). */
export function memberVouchDialogs(deps: Pick<AppDeps, "db">) {
  return new Hono<AppEnv>().get("/users/:id/vouches/:vouchId/remove", async (c) => {
    const memberId = c.req.param("id");
    if (!isHtmx(c)) return c.redirect(memberPageHref(memberId), 303);
    const { given, received } = await listVouches(deps, memberId);
    const vouch = [...given, ...received].find((item) => item.id === c.req.param("vouchId"));
    if (vouch === undefined) return c.json({ message: VOUCH_MESSAGES.vouchNotFound }, 404);
    return renderFragment(c, <RemoveVouchDialog vouch={vouch} />);
  });
}
