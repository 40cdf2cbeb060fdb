import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { translateMessage } from "../../../islands/runtime/messages";
import { AuthShell } from "../../views/components";
import type { RenderPage } from "../../views/render";
import { createMailer } from "../mail/mailer";
import { findVerificationToken, verificationState, verifyEmail } from "./email-verification.service";
import { renewSessionIfPromoted, resendVerification, VERIFY_MESSAGES } from "./email-verification.routes";

type PageState =
  | { kind: "confirm"; email: string; token: string }
  | { kind: "verified"; admin: boolean; passwordCleared?: boolean }
  | { kind: "already" }
  | { kind: "invalid" };

/** Where the page's one button leads: the admin panel, the profile (its reminder can send a new link), or sign-in. */
type Next = "admin" | "profile" | "signIn";
const nextHref: Record<Next, string> = { admin: "/admin", profile: "/profile", signIn: "/auth" };
const nextLabel: Record<Next, string> = { admin: "verifyEmail.toAdmin", profile: "verifyEmail.toProfile", signIn: "verifyEmail.toSignIn" };

function MailIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4 12 14l-3-3" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01" />
    </svg>
  );
}

function NextButton({ next }: { next: Next }) {
  const t = useT();
  return (
    <a className="button button-primary button-block" href={nextHref[next]}>
      {t(nextLabel[next])}
    </a>
  );
}

/** The states reuse the reset page's centred layout (reset.css): icon, title, text, one action. */
function VerifyEmailCard({ state, next }: { state: PageState; next: Next }) {
  const t = useT();
  let body: React.ReactNode;
  switch (state.kind) {
    case "confirm":
      // A button, not an automatic confirmation: mail scanners that open links must not use them up.
      body = (
        <section className="reset-state verify-state" aria-labelledby="verify-heading" data-state="confirm">
          <span className="reset-state-icon">
            <MailIcon />
          </span>
          <h1 id="verify-heading" className="auth-title">
            {t("verifyEmail.confirmTitle")}
          </h1>
          <p className="muted">{t("verifyEmail.confirmText")}</p>
          <p className="verify-email-address">{state.email}</p>
          <form method="post" action="/verify-email" className="verify-form">
            <input type="hidden" name="token" value={state.token} />
            <button type="submit" className="button button-primary button-block">
              {t("verifyEmail.confirmButton")}
            </button>
          </form>
          <p className="verify-note">{t("verifyEmail.confirmNote")}</p>
        </section>
      );
      break;
    case "verified":
    case "already":
      body = (
        <section className="reset-state verify-state" aria-labelledby="verify-heading" data-state="success">
          <span className="reset-state-icon">
            <CheckIcon />
          </span>
          <h1 id="verify-heading" className="auth-title">
            {t(state.kind === "verified" ? "verifyEmail.verifiedTitle" : "verifyEmail.alreadyTitle")}
          </h1>
          <p className="muted">
            {t(state.kind === "already" ? "verifyEmail.alreadyText" : state.passwordCleared ? "verifyEmail.verifiedSetPasswordText" : state.admin ? "verifyEmail.verifiedAdminText" : "verifyEmail.verifiedText")}
          </p>
          <NextButton next={next} />
        </section>
      );
      break;
    case "invalid":
      body = (
        <section className="reset-state verify-state" aria-labelledby="verify-heading" data-state="invalid">
          <span className="reset-state-icon">
            <WarningIcon />
          </span>
          <h1 id="verify-heading" className="auth-title">
            {t("verifyEmail.invalidTitle")}
          </h1>
          <p className="muted">{t("verifyEmail.invalidText")}</p>
          <p className="muted">{t(next === "signIn" ? "verifyEmail.invalidHintSignedOut" : "verifyEmail.invalidHintSignedIn")}</p>
          <NextButton next={next} />
        </section>
      );
      break;
  }
  return (
    <AuthShell>
      <div className="card auth-card reset-card">{body}</div>
    </AuthShell>
  );
}

export type ReminderStatus = "sent" | "limited" | "failed";

/**
 * The quiet reminder on /profile while the address is unproven: nothing is blocked, one button
 * sends a (new) link. A plain form, so it works before any script has loaded.
 */
export function EmailReminder({ email, linkPending, status }: { email: string; linkPending: boolean; status: ReminderStatus | null }) {
  const t = useT();
  const statusText = status === "sent" ? t("verifyEmail.sent") : status === "limited" ? translateMessage(t, VERIFY_MESSAGES.tooManyRequests) : status === "failed" ? translateMessage(t, VERIFY_MESSAGES.mailFailed) : null;
  return (
    <section className="email-reminder" aria-label={t("verifyEmail.reminderLabel")}>
      <span className="email-reminder-icon" aria-hidden="true">
        <MailIcon />
      </span>
      <div className="email-reminder-body">
        <p className="email-reminder-text">{t(linkPending ? "verifyEmail.reminder" : "verifyEmail.reminderNoLink", { email })}</p>
        {statusText !== null ? (
          <p className="email-reminder-status" role="status" data-tone={status === "sent" ? "success" : "danger"}>
            {statusText}
          </p>
        ) : null}
      </div>
      <form method="post" action="/verify-email/resend" className="email-reminder-form">
        <button type="submit" className="button button-outline button-small">
          {t(linkPending ? "verifyEmail.resend" : "verifyEmail.sendLink")}
        </button>
      </form>
    </section>
  );
}

/** The reminder's status from /profile?verification=…, set by the resend form's redirect. */
export function reminderStatus(value: string | undefined): ReminderStatus | null {
  return value === "sent" || value === "limited" || value === "failed" ? value : null;
}

const formSchema = z.object({ token: z.string().max(200).catch("") });

/**
 * /verify-email (docs/decisions/0083): the mailed link opens a confirm button; the button's POST
 * proves the address and redirects (303) to the result, so a reload never posts twice.
 * Mounted under /.
 */
export function emailVerificationPages(deps: AppDeps, render: RenderPage) {
  const mailer = deps.mailer ?? createMailer(deps.config);

  const page = (c: Context<AppEnv>, state: PageState, next: Next) =>
    render(
      c,
      // No React on the client: the landing entry only runs the language switcher.
      { title: c.get("t")("verifyEmail.pageTitle"), entry: "landing", hydrates: false, status: state.kind === "invalid" ? 400 : 200 },
      <VerifyEmailCard state={state} next={next} />,
    );

  return new Hono<AppEnv>()
    .get("/verify-email", async (c) => {
      // The address carries the token. 'same-origin' keeps it from every other site; 'no-referrer'
      // would also make browsers send "Origin: null" with the confirm form, which the CSRF check refuses.
      c.header("Referrer-Policy", "same-origin");
      const user = c.get("user");
      const fallback: Next = user === null ? "signIn" : "profile";
      const token = (c.req.query("token") ?? "").slice(0, 200);
      if (token !== "") {
        const found = await findVerificationToken(deps, token);
        if (found !== null) return page(c, { kind: "confirm", email: found.email, token }, fallback);
      } else if (c.req.query("status") === "verified") {
        return page(c, { kind: "verified", admin: user?.isAdmin === true }, user?.isAdmin ? "admin" : fallback);
      } else if (c.req.query("status") === "set-password") {
        // The super-admin address confirmed from outside its account: the owner sets a password by reset.
        return page(c, { kind: "verified", admin: true, passwordCleared: true }, "signIn");
      }
      // A link used twice by its own (signed-in) owner: say it is done rather than "invalid".
      if (user !== null && (await verificationState(deps.db, deps.clock.now(), user.id)).verified) return page(c, { kind: "already" }, user.isAdmin ? "admin" : "profile");
      return page(c, { kind: "invalid" }, fallback);
    })
    .post("/verify-email", async (c) => {
      const body = await c.req.parseBody();
      const { token } = formSchema.parse({ token: body.token });
      const result = await verifyEmail(deps, token, c.get("session")?.userId ?? null);
      if (result === null) return c.redirect("/verify-email?status=invalid", 303);
      await renewSessionIfPromoted(c, deps, result);
      return c.redirect(result.passwordCleared ? "/verify-email?status=set-password" : "/verify-email?status=verified", 303);
    })
    // The profile reminder's button; the answer comes back as /profile?verification=…
    .post("/verify-email/resend", async (c) => {
      const user = c.get("user");
      if (user === null) return c.redirect("/", 303);
      const outcome = await resendVerification(deps, mailer, user.id);
      const status = outcome.kind === "already-verified" ? null : outcome.kind;
      return c.redirect(status === null ? "/profile" : `/profile?verification=${status}`, 303);
    });
}
