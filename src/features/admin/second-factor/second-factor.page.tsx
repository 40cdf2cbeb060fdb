import { Hono, type Context } from "hono";
import { useT } from "../../../../islands/runtime/i18n-context";
import { ArrowLeftIcon, LockIcon, ShieldCheckIcon } from "../../../../islands/components/icons";
import { QrCode } from "../../../../islands/components/qr-code";
import type { AppDeps, AppEnv } from "../../../app-env";
import { currentUser } from "../../../middleware/guards";
import { AuthShell } from "../../../views/components";
import { renderFragment, type RenderPage } from "../../../views/render";
import { beginEnrolment, secondFactorState, type Enrolment } from "./second-factor.service";
import { safeNext } from "./second-factor.routes";

const CARD = "second-factor-card";

/** The code form: a TOTP code or a recovery code, posted as JSON by the admin entry's htmx. */
function CodeForm({ next, enrolling }: { next: string; enrolling: boolean }) {
  const t = useT();
  return (
    <form className="second-factor-form" hx-post={`/api/admin/2fa/verify?next=${encodeURIComponent(next)}`} hx-swap="none" data-error-title={t("admin.secondFactor.failedTitle")}>
      <div className="field">
        <label htmlFor="second-factor-code">{t(enrolling ? "admin.secondFactor.enrol.codeLabel" : "admin.secondFactor.verify.codeLabel")}</label>
        <input
          id="second-factor-code"
          className="second-factor-code"
          name="code"
          type="text"
          inputMode={enrolling ? "numeric" : "text"}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          required
          autoFocus={!enrolling}
          placeholder={enrolling ? "123456" : undefined}
        />
      </div>
      <button type="submit" className="button button-primary button-block" data-requires="#second-factor-code">
        {t(enrolling ? "admin.secondFactor.enrol.finish" : "admin.secondFactor.verify.submit")}
      </button>
    </form>
  );
}

/** The secret as an app's "enter a setup key" screen wants it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/** After "Set up": the QR and key, the ten recovery codes (shown this once), then the first code. */
export function EnrolmentSteps({ enrolment, next }: { enrolment: Enrolment; next: string }) {
  const t = useT();
  return (
    <div className="second-factor-steps">
      <h1 className="auth-title">{t("admin.secondFactor.enrol.title")}</h1>
      <section className="second-factor-step" aria-labelledby="second-factor-scan">
        <h2 id="second-factor-scan" className="second-factor-step-title">
          <span className="second-factor-step-number">1</span> {t("admin.secondFactor.enrol.scanTitle")}
        </h2>
        <p className="muted">{t("admin.secondFactor.enrol.scanText")}</p>
        <div className="second-factor-qr">
          <QrCode value={enrolment.otpauthUrl} label={t("admin.secondFactor.enrol.qrLabel")} size={200} />
        </div>
        <p className="second-factor-key-label muted">{t("admin.secondFactor.enrol.keyLabel")}</p>
        <div className="second-factor-key">
          <code translate="no">{grouped(enrolment.secret)}</code>
          <button type="button" className="button button-outline button-small" data-copy={enrolment.secret} data-copy-item={t("admin.secondFactor.enrol.keyItem")}>
            {t("admin.secondFactor.enrol.copyKey")}
          </button>
        </div>
      </section>
      <section className="second-factor-step" aria-labelledby="second-factor-codes">
        <h2 id="second-factor-codes" className="second-factor-step-title">
          <span className="second-factor-step-number">2</span> {t("admin.secondFactor.enrol.codesTitle")}
        </h2>
        <p className="muted">{t("admin.secondFactor.enrol.codesText")}</p>
        <ol className="second-factor-recovery" translate="no">
          {enrolment.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <button type="button" className="button button-outline button-small" data-copy={enrolment.recoveryCodes.join("\n")} data-copy-item={t("admin.secondFactor.enrol.codesItem")}>
          {t("admin.secondFactor.enrol.copyCodes")}
        </button>
      </section>
      <section className="second-factor-step" aria-labelledby="second-factor-confirm">
        <h2 id="second-factor-confirm" className="second-factor-step-title">
          <span className="second-factor-step-number">3</span> {t("admin.secondFactor.enrol.confirmTitle")}
        </h2>
        <CodeForm next={next} enrolling />
      </section>
    </div>
  );
}

function SecondFactorCard({ enrolled, next, recoveryCodesLeft }: { enrolled: boolean; next: string; recoveryCodesLeft: number }) {
  const t = useT();
  if (!enrolled) {
    return (
      <div className="reset-state second-factor-start">
        <span className="reset-state-icon second-factor-icon" aria-hidden="true">
          <ShieldCheckIcon size={28} />
        </span>
        <h1 className="auth-title">{t("admin.secondFactor.start.title")}</h1>
        <p className="muted">{t("admin.secondFactor.start.text")}</p>
        <p className="muted">{t("admin.secondFactor.start.apps")}</p>
        <button type="button" className="button button-primary button-block" hx-post={`/admin/2fa/enrol?next=${encodeURIComponent(next)}`} hx-target={`#${CARD}`} hx-swap="innerHTML" data-error-title={t("admin.secondFactor.failedTitle")}>
          {t("admin.secondFactor.start.button")}
        </button>
        <a className="button button-ghost button-small" href="/profile">
          <ArrowLeftIcon size={16} /> {t("admin.backToProfile")}
        </a>
      </div>
    );
  }
  return (
    <div className="reset-state second-factor-start">
      <span className="reset-state-icon second-factor-icon" aria-hidden="true">
        <LockIcon size={28} />
      </span>
      <h1 className="auth-title">{t("admin.secondFactor.verify.title")}</h1>
      <p className="muted">{t("admin.secondFactor.verify.text")}</p>
      <CodeForm next={next} enrolling={false} />
      <p className="second-factor-note muted">{t("admin.secondFactor.verify.recoveryHint", { count: recoveryCodesLeft })}</p>
      <a className="button button-ghost button-small" href="/profile">
        <ArrowLeftIcon size={16} /> {t("admin.backToProfile")}
      </a>
    </div>
  );
}

/**
 * /admin/2fa (ADMIN.md 'Who'): where every /admin page sends an admin or moderator whose session
 * has not proven a code: the code, or the enrolment for an account without one. A finished
 * proof goes on to `next` (a panel path).
 */
export function secondFactorPages(deps: AppDeps, render: RenderPage) {
  const page = async (c: Context<AppEnv>) => {
    const next = safeNext(c.req.query("next"));
    if (c.get("session")?.secondFactorAt != null) return c.redirect(next, 302);
    const t = c.get("t");
    const state = await secondFactorState(deps, currentUser(c).id);
    c.header("Cache-Control", "no-store");
    return render(
      c,
      { title: t("admin.secondFactor.pageTitle"), entry: "admin", bodyClassName: "admin-body second-factor-body" },
      <AuthShell>
        <div id={CARD} className="card auth-card second-factor-card">
          <SecondFactorCard enrolled={state.enrolled} next={next} recoveryCodesLeft={state.recoveryCodesLeft} />
        </div>
      </AuthShell>,
    );
  };
  return new Hono<AppEnv>().get("/2fa", page).post("/2fa/enrol", async (c) => {
    const result = await beginEnrolment(deps, currentUser(c));
    // Enrolled meanwhile (another tab): the page asks for the code instead.
    if (!result.ok) {
      c.header("HX-Redirect", "/admin/2fa");
      return c.json({ message: result.message }, result.status);
    }
    return renderFragment(c, <EnrolmentSteps enrolment={result.value} next={safeNext(c.req.query("next"))} />);
  });
}
