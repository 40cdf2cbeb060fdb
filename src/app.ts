import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppDeps, AppEnv } from "./app-env";
import { authPages } from "./features/auth/auth.pages";
import { adminBootstrapRoutes } from "./features/auth/admin-bootstrap";
import { authRoutes } from "./features/auth/auth.routes";
import { devtoolsPages } from "./features/devtools/devtools.pages";
import { firebaseCspSources, firebaseWebConfig } from "./features/auth/firebase-client-config";
import { firebaseLoginRoutes } from "./features/auth/firebase-login";
import { oauthRoutes } from "./features/auth/oauth.routes";
import { passwordResetPages } from "./features/auth/password-reset.pages";
import { passwordResetRoutes } from "./features/auth/password-reset.routes";
import { emailVerificationRoutes } from "./features/auth/email-verification.routes";
import { phoneSignInRoutes } from "./features/phone-sign-in/phone-sign-in.routes";
import { emailVerificationPages } from "./features/auth/email-verification.pages";
import { homePages, notFoundPage } from "./features/home/home.pages";
import { profilePages } from "./features/profile/profile.pages";
import { questionsPages } from "./features/questions/questions.pages";
import { profileRoutes } from "./features/profile/profile.routes";
import { pushRoutes } from "./features/push/push.routes";
import { uploadsRoutes } from "./features/profile/uploads.routes";
import { compressResponses } from "./middleware/compression";
import { requestContext } from "./middleware/request-context";
import { securityHeaders } from "./middleware/security-headers";
import { staticFileRoutes } from "./middleware/static-files";
import { pageRenderer } from "./views/render";
import { chatPages } from "./features/chat/chat.pages";
import { chatRoutes } from "./features/chat/chat.routes";
import { matchesPages } from "./features/matches/matches.pages";
import { matchesRoutes } from "./features/matches/matches.routes";
import { settingsRoutes } from "./features/settings/settings.routes";
import { accountRoutes } from "./features/account/account.routes";
import { verificationRoutes } from "./features/verification/verification.routes";
import { verificationPages } from "./features/verification/verification.pages";
import { safetyRoutes } from "./features/safety/safety.routes";
import { discoveryRoutes } from "./features/discovery/discovery.routes";
import { questionsRoutes } from "./features/questions/questions.routes";
import { churchesRoutes } from "./features/churches/churches.routes";
import { vouchesRoutes } from "./features/vouches/vouches.routes";
import { vouchesPages } from "./features/vouches/vouches.pages";
import { discoveryPages } from "./features/discovery/discovery.pages";
import { realtimeFor } from "./realtime/realtime";
import { adminApiRoutes } from "./features/admin/admin.routes";
import { adminPages } from "./features/admin/admin.pages";
import { adsRoutes } from "./features/ads/ads.routes";
import { bodyLimits } from "./middleware/body-limits";
import { apiFloodGuard } from "./middleware/api-rate";
import { metricsRoutes } from "./operations/metrics.routes";
import { observeRequests } from "./operations/request-observer";
import { lifecycle } from "./operations/lifecycle";
import { log } from "./platform/log";
import { STORAGE_RETRY_AFTER_SECONDS, STORAGE_UNAVAILABLE, storageFaultCode } from "../db/storage-faults";
import { storageHealthOf } from "./operations/storage-health";
import { paymentsRoutes } from "./features/payments/payments.routes";
import { googlePayCspSources, mergeCspSources } from "./features/payments/google-pay-csp";
import { sandboxPages } from "./features/payments/sandbox.pages";
import { paymentMethodsRoutes } from "./features/payments/payment-methods.routes";
import { apiDocsRoutes } from "./features/api-docs/api-docs.routes";
import { withMemberWarnings } from "./features/safety/member-warnings";
import { chaperoneFence } from "./features/chaperone/chaperone-fence";
import { chaperoneRoutes } from "./features/chaperone/chaperone.routes";
import { chaperonePages } from "./features/chaperone/chaperone.pages";

/**
 * The map of the server: middleware in the order it runs, then each area's routes.
 * Everything the app uses comes in through `deps`, so tests build it with a temporary
 * database and a fake clock and call app.request().
 */
export function createApp(deps: AppDeps) {
  const firebase = firebaseWebConfig(deps.config);
  // A member's next page carries an admin's warning, once (docs/decisions/0128).
  const render = withMemberWarnings(deps, pageRenderer(deps.assets, { apiBaseUrl: deps.config.apiBaseUrl, tokenSyncUrl: firebase?.tokenSyncUrl, hostedSignIn: firebase !== null, appOrigin: deps.config.appOrigin, trustProxy: deps.config.trustProxy }));
  const app = new Hono<AppEnv>();

  // First: the request id, the metrics and the access log cover everything below.
  app.use(observeRequests());
  app.use(securityHeaders({ isHttps: deps.config.isHttps, extra: mergeCspSources(firebaseCspSources(deps.config), googlePayCspSources(deps.config)) }));
  // Before any other work: a flood is answered with cheap 429s.
  app.use(apiFloodGuard(deps));
  // HTML and JSON leave gzipped (from 1 KB); built scripts and styles come precompressed
  // (brotli or gzip, scripts/build-islands.ts) and are left alone.
  app.use(compressResponses());
  // 503 while stopping (a balancer takes the instance out), and while the database refuses
  // writes, with the reason; 200 again once a probe write commits (docs/decisions/0116).
  const storage = storageHealthOf(deps.db);
  app.get("/healthz", async (c) => {
    if (lifecycle.stopping) return c.json({ status: "stopping" }, 503);
    const state = await storage.check(deps.clock.now().getTime());
    return state.ok ? c.json({ status: "ok" }) : c.json({ status: "degraded", reason: state.reason }, 503);
  });
  app.route("/", metricsRoutes(deps));
  // Digital Asset Links: lets the Android app open the site as a Trusted Web Activity, where web
  // push works (README, "Push notifications and the Android wrapper").
  app.get("/.well-known/assetlinks.json", (c) => {
    const { packageName, sha256Fingerprint } = deps.config.android;
    if (!packageName || !sha256Fingerprint) return c.json({ message: "Not found" }, 404);
    c.header("Cache-Control", "public, max-age=3600");
    return c.json([{ relation: ["delegate_permission/common.handle_all_urls"], target: { namespace: "android_app", package_name: packageName, sha256_cert_fingerprints: [sha256Fingerprint] } }]);
  });
  app.route("/", staticFileRoutes(deps.assets));
  app.use(bodyLimits);
  app.use(requestContext(deps));

  app.route("/", realtimeFor(deps).routes);
  // A chaperone's session may make only its few calls, whatever route matches (docs/decisions/0135).
  app.use("/api/*", chaperoneFence);
  app.route("/api", authRoutes(deps));
  app.route("/api", passwordResetRoutes(deps));
  app.route("/api", emailVerificationRoutes(deps));
  app.route("/api", phoneSignInRoutes(deps));
  app.route("/api", oauthRoutes(deps));
  app.route("/api", firebaseLoginRoutes(deps));
  app.route("/api", adminBootstrapRoutes(deps));
  app.route("/api", profileRoutes(deps));
  app.route("/api", pushRoutes(deps));

  app.route("/api", matchesRoutes(deps));
  app.route("/api", chatRoutes(deps));
  app.route("/api", chaperoneRoutes(deps));
  app.route("/api", safetyRoutes(deps));
  app.route("/api", settingsRoutes(deps));
  app.route("/api", accountRoutes(deps));
  app.route("/api", verificationRoutes(deps));
  app.route("/api", discoveryRoutes(deps));
  app.route("/api", questionsRoutes(deps));
  app.route("/api", churchesRoutes(deps));
  app.route("/api", vouchesRoutes(deps));
  app.route("/api", adsRoutes(deps));
  app.route("/api", paymentMethodsRoutes(deps));
  app.route("/api", paymentsRoutes(deps));
  app.route("/api", adminApiRoutes(deps));
  // The OpenAPI document of everything above and its reference page (docs/decisions/0119).
  app.route("/api", apiDocsRoutes(app, deps, render));

  app.route("/", authPages(deps, render));
  app.route("/", passwordResetPages(deps, render));
  app.route("/", emailVerificationPages(deps, render));
  app.route("/", homePages(deps, render));
  app.route("/", discoveryPages(deps, render));
  app.route("/", questionsPages(deps, render));
  app.route("/", vouchesPages(deps, render));
  app.route("/", matchesPages(deps, render));
  app.route("/", chatPages(deps, render));
  app.route("/", chaperonePages(deps, render));
  app.route("/", verificationPages(deps, render));
  app.route("/", devtoolsPages(deps, render));
  app.route("/", sandboxPages(deps, render));
  app.route("/", adminPages(deps, render));
  app.route("/", uploadsRoutes(deps));
  app.route("/", profilePages(deps, render));

  app.notFound((c) => {
    if (c.req.path.startsWith("/api/")) return c.json({ message: "Not found" }, 404);
    return notFoundPage(deps, render)(c);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status;
      return c.json({ message: error.message || "Request failed" }, status);
    }
    // A refused write (full disk, read-only database) is 503 "try again later", and /healthz
    // turns degraded until writes succeed again (docs/decisions/0116).
    if (storageHealthOf(deps.db).noteFault(error)) {
      log.warn({ code: storageFaultCode(error), method: c.req.method }, "a write was refused by the database's storage");
      return c.json({ message: STORAGE_UNAVAILABLE }, 503, { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) });
    }
    log.error({ err: error, method: c.req.method }, "request failed with an exception");
    // 5xx never carries a stack trace or internal detail.
    return c.json({ message: "Internal server error" }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
