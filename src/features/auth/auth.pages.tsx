import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { AuthPanel, type AuthPanelProps } from "../../../islands/auth-panel";
import { Island } from "../../views/island";
import { firebaseWebConfig } from "./firebase-client-config";
import { AuthShell } from "../../views/components";
import type { RenderPage } from "../../views/render";
import { toggleOn } from "../admin/settings.service";
import { offeredChannels } from "../phone-sign-in/phone-channels";

function AuthPage(props: AuthPanelProps) {
  const t = useT();
  return (
    <AuthShell>
      <div className="card auth-card">
        <h1 className="auth-title">{t("auth.welcome")}</h1>
        <p className="muted auth-subtitle">{t("auth.subtitle")}</p>
        <Island name="auth-panel" component={AuthPanel} props={props} />
      </div>
    </AuthShell>
  );
}

export function authPages(deps: AppDeps, render: RenderPage) {
  const social = { google: deps.config.google !== undefined, facebook: deps.config.facebook !== undefined, firebase: firebaseWebConfig(deps.config) };
  const page = (tab: "signin" | "register") =>
    new Hono<AppEnv>().get("/", async (c) => {
      // A signed-in person has nothing to do here: send them into the app.
      if (c.get("user") !== null) return c.redirect("/", 302);
      const initialTab = tab === "register" || c.req.query("tab") === "register" ? "register" : "signin";
      return render(c, { title: c.get("t")("auth.pageTitle"), entry: "auth", namespaces: ["auth", "captcha", "social", "phoneSignIn"] }, <AuthPage initialTab={initialTab} social={{ ...social, googleOff: !(await toggleOn(deps.db, "google_auth")) }} phoneChannels={offeredChannels(deps.config)} />);
    });
  return new Hono<AppEnv>().route("/auth", page("signin")).route("/register", page("register"));
}
