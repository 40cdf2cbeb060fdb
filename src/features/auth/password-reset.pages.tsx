import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { ResetPassword } from "../../../islands/reset-password";
import { Island } from "../../views/island";
import { AuthShell } from "../../views/components";
import type { RenderPage } from "../../views/render";

function ResetPasswordPage() {
  return (
    <AuthShell>
      <div className="card auth-card reset-card">
        <Island name="reset-password" component={ResetPassword} props={{}} />
      </div>
    </AuthShell>
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
