import { signupOrigin } from "./signup-origin";
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { generateCodeVerifier, generateState } from "arctic";
import type { AppDeps, AppEnv } from "../../app-env";
import { setSessionCookie } from "../../middleware/session";
import { OAUTH_STATE_TTL_SECONDS } from "../../platform/constants";
import { identityEndpoints } from "./identity-endpoints";
import { signInWithIdentity } from "./identity-accounts";
import { facebookFlow, googleFlow, type OAuthFlow, type OAuthProvider } from "./oauth.providers";
import { createSession, invalidateSession } from "./session";
import { rememberLanguage } from "./auth.service";
import { chosenLanguage } from "../../middleware/language";
import { toggleOn } from "../admin/settings.service";
import { log } from "../../platform/log";
import { describeRoutes } from "../api-docs/describe-routes";
import { oauthApiDocs } from "./auth.api-docs";

/** Why a sign-in came back to /auth; the sign-in buttons turn it into a toast. */
export type SignInError = "not_configured" | "failed" | "no_email" | "banned";

const cookiePath = "/api/auth";
const stateCookie = (provider: OAuthProvider) => `kasih_oauth_${provider}_state`;
const verifierCookie = (provider: OAuthProvider) => `kasih_oauth_${provider}_verifier`;

/**
 * Server-side OAuth (spec point 7), for anyone: GET /api/auth/<provider> sends the browser to the
 * provider with a random state (and a PKCE verifier for Google) kept in short-lived HttpOnly
 * cookies; the callback refuses any answer whose state does not match them.
 */
export function oauthRoutes(deps: AppDeps) {
  const endpoints = identityEndpoints(deps.identityEndpoints);
  const { appOrigin } = deps.config;
  const flows: Partial<Record<OAuthProvider, OAuthFlow>> = {
    google: deps.config.google && googleFlow(deps.config.google, appOrigin, endpoints),
    facebook: deps.config.facebook && facebookFlow(deps.config.facebook, appOrigin, endpoints),
  };
  const cookieOptions = { httpOnly: true, secure: deps.config.isHttps, sameSite: "Lax", path: cookiePath, maxAge: OAUTH_STATE_TTL_SECONDS } as const;

  const backToSignIn = (c: Context<AppEnv>, provider: OAuthProvider, error: SignInError) => c.redirect(`/auth?signInError=${error}&provider=${provider}`, 302);

  // ADMIN.md: with google_auth off the Google flow does not exist (404), from the next request on.
  const switchedOff = async (provider: OAuthProvider) => provider === "google" && !(await toggleOn(deps.db, "google_auth"));

  const start = (provider: OAuthProvider) => async (c: Context<AppEnv>) => {
    if (await switchedOff(provider)) return c.json({ message: "Not found" }, 404);
    const flow = flows[provider];
    if (flow === undefined) return backToSignIn(c, provider, "not_configured");
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    setCookie(c, stateCookie(provider), state, cookieOptions);
    if (flow.usesPkce) setCookie(c, verifierCookie(provider), codeVerifier, cookieOptions);
    c.header("Cache-Control", "no-store");
    return c.redirect(flow.authorizationUrl(state, codeVerifier).toString(), 302);
  };

  const callback = (provider: OAuthProvider) => async (c: Context<AppEnv>) => {
    if (await switchedOff(provider)) return c.json({ message: "Not found" }, 404);
    c.header("Cache-Control", "no-store");
    const flow = flows[provider];
    if (flow === undefined) return backToSignIn(c, provider, "not_configured");
    const expectedState = getCookie(c, stateCookie(provider));
    const codeVerifier = getCookie(c, verifierCookie(provider)) ?? "";
    // The state is used once, whatever happens next.
    deleteCookie(c, stateCookie(provider), { path: cookiePath, secure: deps.config.isHttps });
    deleteCookie(c, verifierCookie(provider), { path: cookiePath, secure: deps.config.isHttps });
    const code = c.req.query("code");
    const state = c.req.query("state");
    if (code === undefined || state === undefined || expectedState === undefined || state !== expectedState || (flow.usesPkce && codeVerifier === "")) {
      return backToSignIn(c, provider, "failed");
    }
    let identity;
    try {
      identity = await flow.identity(code, codeVerifier);
    } catch (error) {
      log.warn({ provider, reason: error instanceof Error ? error.message : String(error) }, "social sign-in failed");
      return backToSignIn(c, provider, "failed");
    }
    const result = await signInWithIdentity(deps, identity, c.get("lang"), signupOrigin(c, deps.config.trustProxy));
    if (!result.ok) return backToSignIn(c, provider, result.status === 403 ? "banned" : result.status === 409 ? "failed" : "no_email");
    // A sign-in replaces whatever session this browser had (no session outlives a new sign-in).
    const previous = c.get("session");
    if (previous !== null) await invalidateSession(deps.db, previous.id, previous.userId);
    const { token, session } = await createSession(deps.db, deps.clock, result.userId, result.isAdmin);
    setSessionCookie(c, deps.config, token, session.expiresAt);
    await rememberLanguage(deps.db, result.userId, chosenLanguage(c.req.header("Cookie")));
    return c.redirect(result.isNewUser ? "/edit-profile" : "/", 302);
  };

  const routes = new Hono<AppEnv>()
    .get("/auth/google", start("google"))
    .get("/auth/google/callback", callback("google"))
    .get("/auth/facebook", start("facebook"))
    .get("/auth/facebook/callback", callback("facebook"));
  return describeRoutes(routes, oauthApiDocs);
}
