/**
 * The sandbox gateway's hosted page, /pay/sandbox/{paymentId} (PAYMENTS.md 'The sandbox gateway'):
 * the owner of a sandbox payment sees its amount and its QR string or virtual account, and pays
 * or declines. Either button makes the server send itself the sandbox's signed notification,
 * which goes through the same verification and activation code as a real gateway's. The page
 * exists only while the sandbox is on (`kasih demo`, PAYMENT_SANDBOX=1).
 */
import { Hono, type Context } from "hono";
import { and, eq } from "drizzle-orm";
import { payments } from "../../../db/schema";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { AuthShell } from "../../views/components";
import type { RenderPage } from "../../views/render";
import { formatRupiah } from "../../../islands/plan-dialog";
import { QrCode } from "../../../islands/components/qr-code";
import { sandboxKey } from "./gateway-choice";
import { sandboxNotification, type SandboxTransactionStatus } from "./gateways/sandbox";
import { handleNotification } from "./notifications";
import { isWallet, type BankInstructionsJson, type PaymentStatus } from "./payments.schemas";
import type { Wallet } from "./gateways/gateway";
import { WALLET_NAMES } from "./wallet-names";

/** Where the sandbox page's "Back to Kasih" goes: where real gateways return the payer (payments.service.ts). */
export const SANDBOX_RETURN_PATH = "/settings";
import { paymentOf } from "./payments.service";

interface SandboxPayment {
  paymentId: string;
  status: PaymentStatus;
  plan: string;
  amount: number;
  method: string;
  /** The e-wallet of an `ewallet` payment: the sandbox page stands in for its app (docs/decisions/0126). */
  wallet: Wallet | null;
  qrCode: string | null;
  bankInstructions: BankInstructionsJson | null;
}

function SandboxPage({ payment, lang }: { payment: SandboxPayment; lang: string }) {
  const t = useT();
  const settled = payment.status !== "pending";
  return (
    <AuthShell>
      <div className="card auth-card sandbox-card" data-status={payment.status}>
        <p className="sandbox-label">{t("sandboxPay.label")}</p>
        <h1 className="auth-title">{t("sandboxPay.title")}</h1>
        <p className="muted">{t("sandboxPay.lead")}</p>
        <dl className="sandbox-facts">
          <div>
            <dt>{t("sandboxPay.plan")}</dt>
            <dd>{t(`plans.names.${payment.plan}`)}</dd>
          </div>
          <div>
            <dt>{t("sandboxPay.amount")}</dt>
            <dd className="sandbox-amount">{formatRupiah(payment.amount, lang)}</dd>
          </div>
          <div>
            <dt>{t("sandboxPay.method")}</dt>
            <dd>
              {t(`plans.payment.methods.${payment.method}.label`)}
              {payment.wallet !== null ? ` · ${WALLET_NAMES[payment.wallet]}` : null}
            </dd>
          </div>
          {payment.bankInstructions !== null ? (
            <div>
              <dt>{t("sandboxPay.virtualAccount", { bank: payment.bankInstructions.bank_name })}</dt>
              <dd className="sandbox-code">{payment.bankInstructions.virtual_account}</dd>
            </div>
          ) : null}
          {payment.qrCode !== null ? (
            <div>
              <dt>{t("sandboxPay.qris")}</dt>
              <dd className="sandbox-qr">
                <QrCode value={payment.qrCode} label={t("sandboxPay.qris")} size={200} />
              </dd>
            </div>
          ) : null}
        </dl>
        {settled ? (
          <p className="sandbox-outcome" role="status" data-outcome={payment.status}>
            {t(`sandboxPay.outcome.${payment.status}`)}
          </p>
        ) : (
          <form method="post" className="sandbox-actions">
            <button type="submit" name="action" value="pay" className="button button-primary button-block">
              {t("sandboxPay.pay", { amount: formatRupiah(payment.amount, lang) })}
            </button>
            <button type="submit" name="action" value="decline" className="button button-outline button-block">
              {t("sandboxPay.decline")}
            </button>
          </form>
        )}
        <p className="muted sandbox-note">{t(settled ? "sandboxPay.closeTab" : "sandboxPay.note")}</p>
        {/* Where a real gateway's return brings the member: Settings, with the plan and this payment's outcome. */}
        <a className="button button-ghost button-block sandbox-back" href={SANDBOX_RETURN_PATH}>
          {t("plans.walletPay.backToKasih")}
        </a>
      </div>
    </AuthShell>
  );
}

const ACTIONS: Record<string, SandboxTransactionStatus> = { pay: "settlement", decline: "deny" };

export function sandboxPages(deps: AppDeps, render: RenderPage) {
  /** The signed-in owner's sandbox payment, or null (unknown, another member's, or not a sandbox payment). */
  const load = async (c: Context<AppEnv>): Promise<SandboxPayment | null> => {
    const user = c.get("user");
    if (!deps.config.payments.sandbox || user === null) return null;
    const paymentId = c.req.param("paymentId") ?? "";
    const payment = await paymentOf(deps, user.id, paymentId);
    if (payment === null || payment.gateway !== "sandbox") return null;
    const [row] = await deps.db.select({ details: payments.details }).from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, user.id))).limit(1);
    const details = (row?.details ?? {}) as { qrCode?: string | null; bankInstructions?: BankInstructionsJson | null; wallet?: unknown };
    return { ...payment, wallet: isWallet(details.wallet) ? details.wallet : null, qrCode: details.qrCode ?? null, bankInstructions: details.bankInstructions ?? null };
  };
  const notFound = (c: Context<AppEnv>) => {
    if (c.get("user") === null && deps.config.payments.sandbox) return c.redirect("/auth", 303);
    return c.json({ message: "Payment not found" }, 404);
  };

  return new Hono<AppEnv>()
    .get("/pay/sandbox/:paymentId", async (c) => {
      const payment = await load(c);
      if (payment === null) return notFound(c);
      c.header("Cache-Control", "no-store");
      return render(c, { title: c.get("t")("sandboxPay.title"), entry: "landing", hydrates: false }, <SandboxPage payment={payment} lang={c.get("lang")} />);
    })
    .post("/pay/sandbox/:paymentId", async (c) => {
      const payment = await load(c);
      if (payment === null) return notFound(c);
      const form = await c.req.parseBody();
      const transactionStatus = ACTIONS[String(form.action ?? "")];
      if (transactionStatus === undefined) return c.json({ message: "Invalid action" }, 400);
      if (payment.status === "pending") {
        const body = sandboxNotification(sandboxKey(deps.config.dataDir), payment.paymentId, payment.amount, transactionStatus);
        const answer = await handleNotification(deps, "sandbox", { headers: new Headers({ "Content-Type": "application/json" }), rawBody: JSON.stringify(body), path: "/api/payment/notify/sandbox" });
        if (answer.status !== 200) return c.json({ message: answer.message }, answer.status);
      }
      return c.redirect(`/pay/sandbox/${payment.paymentId}`, 303);
    });
}
