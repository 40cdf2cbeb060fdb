import { createHmac } from "node:crypto";
import { CodeChallengeMethod, OAuth2Client, OAuth2Tokens } from "arctic";
import type { Config } from "../../config";
import type { IdentityEndpoints } from "./identity-endpoints";
import type { VerifiedIdentity } from "./identity-accounts";

export type OAuthProvider = "google" | "facebook";

/** How the server talks to one provider: where to send the person, and what to do with the code. */
export interface OAuthFlow {
  usesPkce: boolean;
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the code and reads the profile; throws when the provider refuses. */
  identity(code: string, codeVerifier: string): Promise<VerifiedIdentity>;
}

export function redirectUri(appOrigin: string, provider: OAuthProvider): string {
  return `${appOrigin}/api/auth/${provider}/callback`;
}

const fetchTimeoutMs = 10_000;

async function getJson(url: string | URL, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(fetchTimeoutMs) });
  if (!response.ok) throw new Error(`${new URL(url).host} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Google: authorization code with PKCE (S256) through arctic's OAuth2Client, so the endpoints can
 * be pointed at a stand-in. The profile comes from the OpenID userinfo endpoint, read with the
 * access token we just received over TLS from Google itself.
 */
export function googleFlow(config: NonNullable<Config["google"]>, appOrigin: string, endpoints: IdentityEndpoints): OAuthFlow {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri(appOrigin, "google"));
  return {
    usesPkce: true,
    authorizationUrl: (state, codeVerifier) => client.createAuthorizationURLWithPKCE(endpoints.googleAuthorize, state, CodeChallengeMethod.S256, codeVerifier, ["openid", "profile", "email"]),
    async identity(code, codeVerifier) {
      const tokens = await client.validateAuthorizationCode(endpoints.googleToken, code, codeVerifier);
      const profile = await getJson(endpoints.googleUserinfo, { headers: { Authorization: `Bearer ${tokens.accessToken()}` } });
      const sub = text(profile.sub);
      if (sub === "") throw new Error("Google userinfo without sub");
      return {
        provider: "google",
        providerUserId: sub,
        verifiedEmail: profile.email_verified === true && text(profile.email) !== "" ? text(profile.email) : null,
        firstName: text(profile.given_name) || text(profile.name),
        lastName: text(profile.family_name),
      };
    },
  };
}

/**
 * Facebook: authorization code without PKCE (Facebook's web flow). The code is exchanged with the
 * secret in the body as Facebook documents (it does not accept HTTP Basic client
 * authentication, which arctic's generic client uses); the Graph call carries appsecret_proof.
 */
export function facebookFlow(config: NonNullable<Config["facebook"]>, appOrigin: string, endpoints: IdentityEndpoints): OAuthFlow {
  const callback = redirectUri(appOrigin, "facebook");
  const client = new OAuth2Client(config.clientId, null, callback);
  return {
    usesPkce: false,
    authorizationUrl: (state) => client.createAuthorizationURL(endpoints.facebookAuthorize, state, ["email", "public_profile"]),
    async identity(code) {
      const body = new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, redirect_uri: callback, code });
      const tokens = new OAuth2Tokens(await getJson(endpoints.facebookToken, { method: "POST", body, headers: { Accept: "application/json" } }));
      const accessToken = tokens.accessToken();
      const url = new URL(endpoints.facebookProfile);
      url.searchParams.set("fields", "id,name,email,first_name,last_name");
      url.searchParams.set("access_token", accessToken);
      url.searchParams.set("appsecret_proof", createHmac("sha256", config.clientSecret).update(accessToken).digest("hex"));
      const profile = await getJson(url);
      const id = text(profile.id);
      if (id === "") throw new Error("Facebook profile without id");
      return {
        provider: "facebook",
        providerUserId: id,
        // Graph only returns a confirmed primary address (docs/decisions/0033).
        verifiedEmail: text(profile.email) || null,
        firstName: text(profile.first_name) || text(profile.name),
        lastName: text(profile.last_name),
      };
    },
  };
}
