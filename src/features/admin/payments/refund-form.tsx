import type { Context } from "hono";
import { z } from "zod";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import type { AppEnv } from "../../../app-env";
import { renderFragment } from "../../../views/render";
import { DialogCancel, formatDateTime, ServerDialog, useMoney } from "../admin-ui";
import { isHtmx } from "../htmx";
import { firstIssueMessage } from "../list-query";
import { memberName, useGatewayName } from "./payment-view";
import type { PaymentDetail } from "./payment-detail.data";

/**
 * The refund of one payment (PAYMENTS.md 'Refunds', docs/decisions/0125), in two steps, both
 * server-rendered dialogs: the form (reason; "manual refund" with its note, offered always and the
 * only way when the gateway cannot refund the method by API), then the confirmation that says what
 * will happen; only its button posts to POST /api/admin/payments/{id}/refund. The first step's
 * post changes nothing: it checks the fields and answers the confirmation.
 */

/** Whether the payment's gateway refunds its method through an API (else the refund is recorded by hand). */
export interface RefundAbility {
  byApi: boolean;
}

export const REFUND_FIELD_LIMITS = { reason: 500, note: 1000 } as const;

export const REFUND_FORM_MESSAGES = {
  reasonRequired: "A reason is required",
  noteRequired: "A manual refund needs a note",
  tooLong: "The text is too long",
} as const;

/** The first step's fields as the panel posts them (JSON, admin-behaviour.ts). */
export const refundDraftSchema = z
  .object({
    reason: z.string({ message: REFUND_FORM_MESSAGES.reasonRequired }).trim().min(1, REFUND_FORM_MESSAGES.reasonRequired).max(REFUND_FIELD_LIMITS.reason, REFUND_FORM_MESSAGES.tooLong),
    manual: z.boolean().optional().default(false),
    note: z.string().trim().max(REFUND_FIELD_LIMITS.note, REFUND_FORM_MESSAGES.tooLong).optional().default(""),
  })
  .refine((draft) => !draft.manual || draft.note.length > 0, { message: REFUND_FORM_MESSAGES.noteRequired });
export type RefundDraft = z.infer<typeof refundDraftSchema>;

function RefundFacts({ payment }: { payment: PaymentDetail }) {
  const { t, lang } = useI18n();
  const refund = payment.refund;
  const rows: [string, string | null][] = [
    [t("admin.money.detail.refundReason"), refund?.reason ?? null],
    [t("admin.money.detail.refundNote"), refund?.note ?? null],
    [t("admin.money.detail.refundGatewayId"), refund?.gatewayRefundId ?? null],
  ];
  return (
    <>
      <p className="admin-small">
        {payment.status === "refunded"
          ? t("admin.money.detail.refundedOn", { date: formatDateTime(lang, refund?.refundedAt ?? null) })
          : t("admin.money.detail.refundRequestedOn", { date: formatDateTime(lang, refund?.requestedAt ?? null) })}
        {refund?.manual === true ? ` · ${t("admin.money.detail.refundManual")}` : refund?.manual === false ? ` · ${t("admin.money.detail.refundByApi")}` : ""}
        {refund?.refundedBy ? ` · ${t("admin.money.detail.refundedBy", { name: refund.refundedBy.name })}` : ""}
      </p>
      <dl className="admin-facts admin-facts-compact">
        {rows
          .filter(([, value]) => value !== null && value !== "")
          .map(([label, value]) => (
            <div key={label} className="admin-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </>
  );
}

/** The refund card of the payment page: what a refund does and its button, or the refund as it was made. */
export function RefundCard({ payment, ability }: { payment: PaymentDetail; ability: RefundAbility }) {
  const t = useT();
  const gatewayName = useGatewayName();
  const refunded = payment.status === "refunded" || payment.status === "refund_pending";
  return (
    <section className="admin-card admin-refund-card" aria-labelledby="payment-refund-title">
      <h2 id="payment-refund-title" className="admin-card-title">
        {t("admin.money.detail.refundTitle")}
      </h2>
      {refunded ? (
        <RefundFacts payment={payment} />
      ) : payment.status !== "paid" ? (
        <p className="muted admin-small">{t("admin.money.refund.onlyPaid")}</p>
      ) : (
        <>
          <p className="admin-card-lead">{t("admin.money.refund.lead")}</p>
          {ability.byApi ? null : (
            <p className="admin-note" data-testid="refund-manual-only">
              {t("admin.money.refund.manualOnly", { gateway: gatewayName(payment.gateway), method: t(`admin.money.methods.${payment.method}`, { defaultValue: payment.method }) })}
            </p>
          )}
          <div className="admin-form-actions admin-form-actions-start">
            <button type="button" className="button button-danger" hx-get={`/admin/payments/${payment.id}/refund`} hx-target="#admin-dialog-slot" hx-swap="innerHTML" data-error-title={t("admin.money.refund.failedTitle")}>
              {t("admin.money.refund.submit")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** Step one: the refund form, in a dialog. */
export function RefundDialog({ payment, ability, draft }: { payment: PaymentDetail; ability: RefundAbility; draft?: RefundDraft }) {
  const t = useT();
  const base = `refund-${payment.id}`;
  const gatewayName = useGatewayName();
  const gateway = gatewayName(payment.gateway);
  return (
    <ServerDialog id={`${base}-dialog`} title={t("admin.money.detail.refundTitle")} description={t("admin.money.refund.lead")}>
      <form
        className="admin-form admin-refund-form"
        hx-post={`/admin/payments/${payment.id}/refund/confirm`}
        hx-target="#admin-dialog-slot"
        hx-swap="innerHTML"
        // Without an API refund, the refund can only be recorded by hand.
        hx-vals={ability.byApi ? undefined : JSON.stringify({ manual: true })}
        data-error-title={t("admin.money.refund.failedTitle")}
        data-validation-title={t("admin.money.refund.failedTitle")}
      >
        <div className="field">
          <label htmlFor={`${base}-reason`}>{t("admin.money.refund.reason")}</label>
          <textarea id={`${base}-reason`} name="reason" rows={3} maxLength={REFUND_FIELD_LIMITS.reason} required autoFocus defaultValue={draft?.reason ?? ""} aria-describedby={`${base}-reason-hint`} />
          <span id={`${base}-reason-hint`} className="field-hint">
            {t("admin.money.refund.reasonHint")}
          </span>
        </div>
        {ability.byApi ? (
          <label className="admin-check" htmlFor={`${base}-manual`}>
            <input id={`${base}-manual`} name="manual" type="checkbox" defaultChecked={draft?.manual ?? false} aria-describedby={`${base}-manual-hint`} />
            <span>{t("admin.money.refund.manual")}</span>
          </label>
        ) : (
          <p className="admin-note">{t("admin.money.refund.manualOnly", { gateway, method: t(`admin.money.methods.${payment.method}`, { defaultValue: payment.method }) })}</p>
        )}
        <span id={`${base}-manual-hint`} className="field-hint">
          {t("admin.money.refund.manualHint")}
        </span>
        <div className="field">
          <label htmlFor={`${base}-note`}>{t("admin.money.refund.note")}</label>
          <textarea id={`${base}-note`} name="note" rows={2} maxLength={REFUND_FIELD_LIMITS.note} defaultValue={draft?.note ?? ""} aria-describedby={`${base}-note-hint`} />
          <span id={`${base}-note-hint`} className="field-hint">
            {t("admin.money.refund.noteHint")}
          </span>
        </div>
        <div className="admin-form-actions">
          <DialogCancel />
          <button type="submit" className="button button-primary" data-requires={`#${base}-reason`} disabled>
            {t("admin.money.refund.continue")}
          </button>
        </div>
      </form>
    </ServerDialog>
  );
}

/** Step two: what the refund will do, and the one button that does it. */
export function RefundConfirmDialog({ payment, draft }: { payment: PaymentDetail; draft: RefundDraft }) {
  const t = useT();
  const { rupiah } = useMoney();
  const name = payment.member === null ? t("admin.money.list.deletedMember") : memberName(payment.member);
  const gatewayName = useGatewayName();
  const gateway = gatewayName(payment.gateway);
  const amount = payment.currency === "IDR" ? rupiah(payment.amount) : `${payment.currency} ${payment.amount}`;
  const body = { reason: draft.reason, ...(draft.manual ? { manual: true, note: draft.note } : draft.note ? { note: draft.note } : {}) };
  return (
    <ServerDialog
      id={`refund-confirm-${payment.id}`}
      title={t("admin.money.refund.confirmTitle", { amount, name })}
      description={
        <>
          <p>{draft.manual ? t("admin.money.refund.confirmManual") : t("admin.money.refund.confirmGateway", { gateway })}</p>
          <p>{t("admin.money.refund.confirmPlan", { name })}</p>
          <p className="muted admin-small">
            {t("admin.money.refund.reason")}: {draft.reason}
            {draft.note ? ` · ${t("admin.money.refund.note")}: ${draft.note}` : ""}
          </p>
        </>
      }
    >
      <div className="admin-form-actions">
        <DialogCancel />
        <button type="button" className="button button-danger" hx-post={`/api/admin/payments/${payment.id}/refund`} hx-vals={JSON.stringify(body)} hx-swap="none" data-error-title={t("admin.money.refund.failedTitle")} autoFocus>
          {draft.manual ? t("admin.money.refund.confirmManualButton") : t("admin.money.refund.confirm")}
        </button>
      </div>
    </ServerDialog>
  );
}

/**
 * GET /admin/payments/{id}/refund (the form) and POST /admin/payments/{id}/refund/confirm (the
 * confirmation, or the field's problem as a 400 the panel toasts). htmx only: a person who opens
 * the URL goes to the payment.
 */
export async function refundDialogRoute(c: Context<AppEnv>, load: (id: string) => Promise<{ payment: PaymentDetail; refund: RefundAbility } | null>, step: "form" | "confirm") {
  const id = c.req.param("id") ?? "";
  if (!isHtmx(c)) return c.redirect(`/admin/payments/${encodeURIComponent(id)}`, 303);
  const found = await load(id);
  if (found === null) return c.json({ message: "Payment not found" }, 404);
  if (found.payment.status !== "paid") return c.json({ message: "Only a paid payment can be refunded" }, 409);
  if (step === "form") return renderFragment(c, <RefundDialog payment={found.payment} ability={found.refund} />);
  const parsed = refundDraftSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) return c.json({ message: firstIssueMessage(parsed.error) }, 400);
  // Without an API refund the refund is manual whatever the body said.
  const draft = found.refund.byApi ? parsed.data : { ...parsed.data, manual: true };
  if (draft.manual && draft.note.length === 0) return c.json({ message: REFUND_FORM_MESSAGES.noteRequired }, 400);
  return renderFragment(c, <RefundConfirmDialog payment={found.payment} draft={draft} />);
}
