import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "bun:test";
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { oauthAccounts, settings, users } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";

const projectId = "kasih-test";
const kid = "test-key-1";
let privateKey: CryptoKey;
let otherKey: CryptoKey;
/** The same RSA key material, usable for RS512: only the algorithm differs. */
let sameKeyRs512: CryptoKey;
let jwks: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  sameKeyRs512 = (await importJWK({ ...(await exportJWK(pair.privateKey)), alg: "RS512" }, "RS512")) as CryptoKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: "RS256", use: "sig" };
  // Stands in for https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com
  jwks = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ keys: [publicJwk] }, { headers: { "Cache-Control": "public, max-age=3600" } }) });
});
afterAll(() => jwks.stop(true));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { FIREBASE_PROJECT_ID: projectId, FIREBASE_API_KEY: "test-api-key" }, deps: { identityEndpoints: { firebaseJwks: `http://127.0.0.1:${jwks.port}/keys` } } });
});
afterEach(() => t.close());

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** A token as Firebase mints it: claims per the ID token reference, signed with our test key. */
async function idToken(overrides: { claims?: Partial<JWTPayload> & Record<string, unknown>; alg?: string; kid?: string; key?: CryptoKey } = {}) {
  const now = nowSeconds();
  const claims: Record<string, unknown> = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: "firebase-uid-123",
    iat: now - 10,
    exp: now + 3600,
    auth_time: now - 10,
    email: "ruth@example.com",
    email_verified: true,
    name: "Ruth Wijaya",
    firebase: { sign_in_provider: "google.com", identities: {} },
    ...overrides.claims,
  };
  for (const key of Object.keys(claims)) if (claims[key] === undefined) delete claims[key];
  return new SignJWT(claims).setProtectedHeader({ alg: overrides.alg ?? "RS256", kid: overrides.kid ?? kid, typ: "JWT" }).sign(overrides.key ?? privateKey);
}

const firebaseLogin = (token: string, extra: Record<string, unknown> = {}) => t.request("POST", "/api/auth/firebase-login", { body: { idToken: token, uid: "firebase-uid-123", email: "ruth@example.com", displayName: "Ruth Wijaya", photoURL: null, provider: "google", ...extra } });

describe("POST /api/auth/firebase-login", () => {
  it("accepts a correct token: creates the account from the token's verified email, links it and starts a session", async () => {
    const response = await firebaseLogin(await idToken());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isNewUser: true });
    const me = await (await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).json();
    expect(me).toMatchObject({ email: "ruth@example.com", firstName: "Ruth", lastName: "Wijaya" });
    const links = await t.deps.db.select().from(oauthAccounts);
    expect(links).toMatchObject([{ provider: "firebase", providerUserId: "firebase-uid-123", userId: me.id }]);
    // A second sign-in finds the same account.
    const again = await firebaseLogin(await idToken());
    expect(again.status).toBe(200);
    expect((await t.deps.db.select().from(users)).length).toBe(1);
  });

  it("refuses a Google popup sign-in while the admin has Google sign-in switched off, and allows Facebook", async () => {
    await t.deps.db.insert(settings).values({ key: "google_auth", value: false });
    const refused = await firebaseLogin(await idToken());
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Google sign-in is turned off" });
    expect(await t.deps.db.select().from(users)).toEqual([]);
    const facebook = await firebaseLogin(await idToken({ claims: { firebase: { sign_in_provider: "facebook.com", identities: {} } } }), { provider: "facebook" });
    expect(facebook.status).toBe(200);
  });

  it("replaces the session the browser already had", async () => {
    const earlier = await t.registerUser();
    const response = await t.request("POST", "/api/auth/firebase-login", { cookie: earlier.cookie, body: { idToken: await idToken() } });
    expect(response.status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: earlier.cookie })).status).toBe(401);
  });

  it("links to an existing password account with the same verified email", async () => {
    const existing = await t.registerUser({ email: "ruth@example.com" });
    const response = await firebaseLogin(await idToken());
    expect(response.status).toBe(200);
    const me = await (await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).json();
    expect(me.id).toBe(existing.id);
  });

  it("linking a verified email to an unverified password account locks out whoever registered it first", async () => {
    // Someone registers the victim's address before she ever signs up (pre-account hijacking).
    const squatter = await t.registerUser({ email: "ruth@example.com", password: "squatter's password 1" });
    const response = await firebaseLogin(await idToken());
    expect(response.status).toBe(200);
    const me = await (await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).json();
    expect(me.id).toBe(squatter.id);
    // The squatter's session and password no longer open the account.
    expect((await t.request("GET", "/api/auth/user", { cookie: squatter.cookie })).status).toBe(401);
    const login = await t.request("POST", "/api/auth/login", { body: { email: "ruth@example.com", password: "squatter's password 1" } });
    expect(login.status).toBe(401);
    // Once verified, a later link changes nothing more: her own session stays.
    const again = await firebaseLogin(await idToken());
    expect(again.status).toBe(200);
    expect((await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(again) })).status).toBe(200);
  });

  it("never links by an unverified email, and never trusts the email in the body", async () => {
    const existing = await t.registerUser({ email: "ruth@example.com" });
    const unverified = await firebaseLogin(await idToken({ claims: { email_verified: false } }));
    expect(unverified.status).toBe(400);
    expect((await t.deps.db.select().from(oauthAccounts)).length).toBe(0);
    // A token for someone else with the victim's email in the body.
    const other = await firebaseLogin(await idToken({ claims: { sub: "attacker", email: "attacker@example.com" } }), { uid: "attacker", email: existing.email });
    expect(other.status).toBe(200);
    const me = await (await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(other) })).json();
    expect(me.id).not.toBe(existing.id);
    expect(me.email).toBe("attacker@example.com");
  });

  it("refuses a uid in the body that differs from the token's subject", async () => {
    const response = await firebaseLogin(await idToken(), { uid: "someone-else" });
    expect(response.status).toBe(401);
  });

  const refusals: [string, () => Promise<string>][] = [
    ["another algorithm (RS512, same key)", () => idToken({ alg: "RS512", key: sameKeyRs512 })],
    ["another algorithm (HS256)", () => idToken({ alg: "HS256", key: new TextEncoder().encode("a-shared-secret-of-enough-length!") as unknown as CryptoKey })],
    ["an unknown kid", () => idToken({ kid: "unknown-key" })],
    ["a key that is not Google's", () => idToken({ key: otherKey })],
    ["a wrong audience", () => idToken({ claims: { aud: "another-project" } })],
    ["a wrong issuer", () => idToken({ claims: { iss: "https://securetoken.google.com/another-project" } })],
    ["an expired token", () => idToken({ claims: { iat: nowSeconds() - 7200, auth_time: nowSeconds() - 60, exp: nowSeconds() - 60 } })],
    ["an iat in the future", () => idToken({ claims: { iat: nowSeconds() + 600 } })],
    ["an empty sub", () => idToken({ claims: { sub: "" } })],
    ["a stale auth_time (older than 5 minutes)", () => idToken({ claims: { auth_time: nowSeconds() - 6 * 60 } })],
    ["an auth_time in the future", () => idToken({ claims: { auth_time: nowSeconds() + 600 } })],
  ];
  for (const [name, mint] of refusals) {
    it(`refuses ${name} with 401 and creates nothing`, async () => {
      const response = await firebaseLogin(await mint(), { uid: undefined });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Invalid or expired sign-in token. Please sign in again" });
      expect(response.headers.getSetCookie().some((cookie) => cookie.includes("kasih_session="))).toBe(false);
      expect(await t.deps.db.select().from(users)).toEqual([]);
    });
  }

  it("refuses a body without a token", async () => {
    expect((await t.request("POST", "/api/auth/firebase-login", { body: { uid: "x", email: "ruth@example.com" } })).status).toBe(400);
  });
});

describe("POST /api/auth/firebase-login without FIREBASE_PROJECT_ID", () => {
  it("answers 400 that the hosted sign-in is not configured", async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.request("POST", "/api/auth/firebase-login", { body: { idToken: await idToken() } });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Firebase sign-in is not configured on this server" });
    } finally {
      await plain.close();
    }
  });
});

