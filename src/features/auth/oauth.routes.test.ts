import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "bun:test";
import { createHash, createHmac } from "node:crypto";
import { oauthAccounts, users } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";

const google = { clientId: "google-client", clientSecret: "google-secret" };
const facebook = { clientId: "fb-app", clientSecret: "fb-secret" };

/**
 * Stands in for Google's and Facebook's token and profile endpoints, checking requests the way
 * the real ones do: client authentication, the code, the redirect URI and the PKCE verifier.
 */
const expectedChallenges = new Map<string, string>();
let provider: ReturnType<typeof Bun.serve>;
const tokenRequests: URLSearchParams[] = [];

beforeAll(() => {
  provider = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === "/google/token" && request.method === "POST") {
        const form = new URLSearchParams(await request.text());
        tokenRequests.push(form);
        const basic = request.headers.get("Authorization") ?? "";
        if (basic !== `Basic ${btoa(`${google.clientId}:${google.clientSecret}`)}`) return Response.json({ error: "invalid_client" }, { status: 401 });
        const challenge = expectedChallenges.get(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        if (form.get("grant_type") !== "authorization_code" || challenge === undefined || createHash("sha256").update(verifier).digest("base64url") !== challenge || form.get("redirect_uri") !== "http://localhost:3000/api/auth/google/callback") {
          return Response.json({ error: "invalid_grant" }, { status: 400 });
        }
        return Response.json({ access_token: "google-access-token", token_type: "Bearer", expires_in: 3599, scope: "openid email profile" });
      }
      if (url.pathname === "/google/userinfo") {
        if (request.headers.get("Authorization") !== "Bearer google-access-token") return new Response("unauthorized", { status: 401 });
        return Response.json({ sub: "google-sub-1", email: "grace@example.com", email_verified: true, name: "Grace Tan", given_name: "Grace", family_name: "Tan" });
      }
      if (url.pathname === "/facebook/token" && request.method === "POST") {
        const form = new URLSearchParams(await request.text());
        if (form.get("client_id") !== facebook.clientId || form.get("client_secret") !== facebook.clientSecret || form.get("code") !== "fb-good-code") return Response.json({ error: { message: "Invalid verification code format." } }, { status: 400 });
        return Response.json({ access_token: "fb-access-token", token_type: "bearer", expires_in: 5183944 });
      }
      if (url.pathname === "/facebook/me") {
        const token = url.searchParams.get("access_token") ?? "";
        const proof = createHmac("sha256", facebook.clientSecret).update(token).digest("hex");
        if (token !== "fb-access-token" || url.searchParams.get("appsecret_proof") !== proof) return Response.json({ error: { message: "Invalid OAuth access token" } }, { status: 400 });
        expect(url.searchParams.get("fields")).toBe("id,name,email,first_name,last_name");
        return Response.json({ id: "fb-123", name: "Yohanes Putra", email: "yohanes@example.com", first_name: "Yohanes", last_name: "Putra" });
      }
      return new Response("not found", { status: 404 });
    },
  });
});
afterAll(() => provider.stop(true));

let t: TestApp;
beforeEach(async () => {
  const base = `http://127.0.0.1:${provider.port}`;
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, FACEBOOK_CLIENT_ID: facebook.clientId, FACEBOOK_CLIENT_SECRET: facebook.clientSecret },
    deps: {
      identityEndpoints: {
        googleAuthorize: `${base}/google/authorize`,
        googleToken: `${base}/google/token`,
        googleUserinfo: `${base}/google/userinfo`,
        facebookAuthorize: `${base}/facebook/dialog`,
        facebookToken: `${base}/facebook/token`,
        facebookProfile: `${base}/facebook/me`,
      },
    },
  });
});
afterEach(() => t.close());

/** The cookies a response set, as one Cookie header. */
const cookiesFrom = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");

async function startGoogle() {
  const response = await t.request("GET", "/api/auth/google");
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  return { response, location, cookie: cookiesFrom(response), state: location.searchParams.get("state")! };
}

describe("GET /api/auth/google", () => {
  it("redirects to the provider with state and a PKCE S256 challenge kept in short-lived HttpOnly cookies", async () => {
    const { response, location, state } = await startGoogle();
    expect(location.pathname).toBe("/google/authorize");
    expect(location.searchParams.get("client_id")).toBe(google.clientId);
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/google/callback");
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("scope")).toBe("openid profile email");
    expect(state.length).toBeGreaterThanOrEqual(20);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    const challenge = location.searchParams.get("code_challenge")!;
    const setCookies = response.headers.getSetCookie();
    const stateCookie = setCookies.find((c) => c.startsWith("kasih_oauth_google_state="))!;
    const verifierCookie = setCookies.find((c) => c.startsWith("kasih_oauth_google_verifier="))!;
    expect(stateCookie).toContain(`kasih_oauth_google_state=${state}`);
    for (const cookie of [stateCookie, verifierCookie]) {
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("Max-Age=600");
      expect(cookie).toContain("SameSite=Lax");
    }
    // The verifier in the cookie is the one the challenge was made from.
    const verifier = verifierCookie.split(";")[0]!.split("=")[1]!;
    expect(createHash("sha256").update(verifier).digest("base64url")).toBe(challenge);
  });
});

describe("GET /api/auth/google/callback", () => {
  it("with the token exchange answered by the provider, creates the user, links it and starts a session", async () => {
    const { location, cookie, state } = await startGoogle();
    expectedChallenges.set("good-code", location.searchParams.get("code_challenge")!);
    // Signed up from the Indonesian screen: the account keeps that language (mails use it).
    const response = await t.request("GET", `/api/auth/google/callback?code=good-code&state=${state}`, { cookie: `${cookie}; app-language=id` });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/edit-profile");
    const me = await (await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).json();
    expect(me).toMatchObject({ email: "grace@example.com", firstName: "Grace", lastName: "Tan", language: "id" });
    expect(await t.deps.db.select().from(oauthAccounts)).toMatchObject([{ provider: "google", providerUserId: "google-sub-1", userId: me.id }]);
    // The state cookies are spent.
    expect(response.headers.getSetCookie().some((c) => c.startsWith("kasih_oauth_google_state=;"))).toBe(true);
  });

  it("links to the existing account with the same verified email", async () => {
    const existing = await t.registerUser({ email: "grace@example.com" });
    const { location, cookie, state } = await startGoogle();
    expectedChallenges.set("good-code", location.searchParams.get("code_challenge")!);
    const response = await t.request("GET", `/api/auth/google/callback?code=good-code&state=${state}`, { cookie });
    const me = await (await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).json();
    expect(me.id).toBe(existing.id);
    expect((await t.deps.db.select().from(users)).length).toBe(1);
  });

  it("refuses a callback with a wrong state: no token exchange, no user, no session", async () => {
    const { location, cookie } = await startGoogle();
    expectedChallenges.set("good-code", location.searchParams.get("code_challenge")!);
    const before = tokenRequests.length;
    const response = await t.request("GET", "/api/auth/google/callback?code=good-code&state=forged-state", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?signInError=failed&provider=google");
    expect(response.headers.getSetCookie().some((c) => c.includes("kasih_session="))).toBe(false);
    expect(tokenRequests.length).toBe(before);
    expect(await t.deps.db.select().from(users)).toEqual([]);
  });

  it("refuses a callback without the state cookie (another browser)", async () => {
    const { location, state } = await startGoogle();
    expectedChallenges.set("good-code", location.searchParams.get("code_challenge")!);
    const response = await t.request("GET", `/api/auth/google/callback?code=good-code&state=${state}`);
    expect(response.headers.get("Location")).toBe("/auth?signInError=failed&provider=google");
    expect(await t.deps.db.select().from(users)).toEqual([]);
  });

  it("sends the person back to /auth when the provider refuses the code", async () => {
    const { cookie, state } = await startGoogle();
    const response = await t.request("GET", `/api/auth/google/callback?code=bad-code&state=${state}`, { cookie });
    expect(response.headers.get("Location")).toBe("/auth?signInError=failed&provider=google");
    expect(await t.deps.db.select().from(users)).toEqual([]);
  });
});

describe("Facebook", () => {
  it("redirects with state, then the callback exchanges the code, reads the Graph profile and signs in", async () => {
    const start = await t.request("GET", "/api/auth/facebook");
    const location = new URL(start.headers.get("Location")!);
    expect(location.pathname).toBe("/facebook/dialog");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/facebook/callback");
    expect(location.searchParams.get("scope")).toBe("email public_profile");
    const state = location.searchParams.get("state")!;
    const response = await t.request("GET", `/api/auth/facebook/callback?code=fb-good-code&state=${state}`, { cookie: cookiesFrom(start) });
    expect(response.headers.get("Location")).toBe("/edit-profile");
    const me = await (await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).json();
    expect(me).toMatchObject({ email: "yohanes@example.com", firstName: "Yohanes", lastName: "Putra" });
  });
});

describe("an unconfigured provider", () => {
  it("sends /api/auth/google back to /auth with an explanation instead of failing", async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.request("GET", "/api/auth/google");
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/auth?signInError=not_configured&provider=google");
    } finally {
      await plain.close();
    }
  });
});
