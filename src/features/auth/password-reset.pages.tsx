import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { ResetPassword } from "../../../islands/reset-password";
import { Island } from "../../views/island";
import { LanguageSwitcher, Logo } from "../../views/components";
import type { RenderPage } from "../../views/render";

function ResetPasswordPage() {
  const t = useT();
  return (
    <div className="auth-page">
      <header className="auth-top">
        <a href="/" className="logo-link" aria-label={t("common.home")}>
          <Logo />
        </a>
        <LanguageSwitcher />
      </header>
      <main id="main" className="auth-main">
        <div className="card auth-card reset-card">
          <Island name="reset-password" component={ResetPassword} props={{}} />
        </div>
      </main>
    </div>
  );
}

/** /reset-password, for anyone: the token in the address is the credential. */
export function passwordResetPages(_deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>().get("/reset-password", (c) => {
    // The address carries the reset token: no referrer may leak it to another site (SECURITY.md).
    c.header("Referrer-Policy", "no-referrer");
    return render(c, { title: c.get("t")("reset.pageTitle"), entry: "reset-password", namespaces: ["reset"] }, <ResetPasswordPage />);
  });
}
