import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import type { RenderPage } from "../../views/render";
import { adminBootstrapState } from "../auth/admin-bootstrap";
import { FirebaseTestPage } from "./firebase-test.page";
import { GoogleSetupPage } from "./google-setup.page";
import { DataDeletionPage, PrivacyPolicyPage, TermsPage } from "./legal.pages";
import { OAuthDashboardPage } from "./oauth-dashboard.page";
import { firebaseWebConfig } from "../auth/firebase-client-config";
import { setupStatus } from "./setup-status";
import { developerPageAccess } from "./developer-page-access";
import { notFoundPage } from "../home/home.pages";

/** Copy groups the devtools islands use (copy buttons, hosted sign-in, dashboard toasts). */
const namespaces = ["devtools"];

/**
 * Operator pages of spec point 2 and the public legal pages. The legal pages are for anyone; the
 * three developer pages for an admin with the second factor proven, or anyone before the first
 * admin exists (developer-page-access.ts, docs/decisions/0139). They show configuration status,
 * never a secret.
 */
export function devtoolsPages(deps: AppDeps, render: RenderPage) {
  const status = setupStatus(deps.config);
  const firebase = firebaseWebConfig(deps.config);
  const facts = { mailTransport: deps.config.smtpUrl === undefined ? ("outbox" as const) : ("smtp" as const), tokenSyncConfigured: deps.config.firebase.tokenSyncUrl !== undefined };
  const legal = { supportEmail: deps.config.supportEmail, appOrigin: deps.config.appOrigin };

  const developerOnly = developerPageAccess(deps, notFoundPage(deps, render));
  return new Hono<AppEnv>()
    .get("/google-setup", developerOnly, async (c) => {
      // Read per request: the one use of the bootstrap secret can be spent at any time.
      const adminState = await adminBootstrapState(deps);
      return render(c, { title: c.get("t")("devtools.googleSetup.title"), entry: "devtools", namespaces }, <GoogleSetupPage status={status} signedIn={c.get("user") !== null} adminState={adminState} />);
    })
    .get("/firebase-test", developerOnly, (c) =>
      render(c, { title: c.get("t")("devtools.firebaseTest.pageTitle"), entry: "devtools", namespaces }, <FirebaseTestPage status={status} firebase={firebase} />),
    )
    .get("/oauth-dashboard", developerOnly, (c) =>
      render(c, { title: c.get("t")("devtools.dashboard.title"), entry: "devtools", namespaces }, <OAuthDashboardPage status={status} firebase={firebase} facts={facts} />),
    )
    .get("/privacy-policy", (c) =>
      render(c, { title: c.get("t")("legal.privacy.title"), entry: "landing", hydrates: false, description: c.get("t")("legal.privacy.description") }, <PrivacyPolicyPage {...legal} />),
    )
    .get("/terms", (c) => render(c, { title: c.get("t")("legal.terms.title"), entry: "landing", hydrates: false, description: c.get("t")("legal.terms.description") }, <TermsPage {...legal} />))
    .get("/data-deletion", (c) =>
      render(c, { title: c.get("t")("legal.deletion.title"), entry: "landing", hydrates: false, description: c.get("t")("legal.deletion.description") }, <DataDeletionPage {...legal} />),
    );
}
