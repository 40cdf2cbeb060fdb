/**
 * Provider sign-in (server-side Google/Facebook and the hosted Firebase sign-in all end in
 * signInWithIdentity): an address the provider vouches for is a proven address, so the
 * SUPER_ADMIN_EMAIL account becomes an admin; an unvouched one links nothing (docs/decisions/0083).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { oauthAccounts, users } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";
import { signInWithIdentity, type VerifiedIdentity } from "./identity-accounts";
import { hashPassword } from "./password";
import { sessionPolicy } from "./session";
import { sessions } from "../../../db/schema";

setDefaultTimeout(60_000);

const SUPER_ADMIN = "pastor@example.com";
const projectId = "kasih-test";
const kid = "first-admin-key";
let privateKey: CryptoKey;
let jwks: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: "RS256", use: "sig" };
  // Stands in for Google's securetoken key set.
  jwks = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => Response.json({ keys: [publicJwk] }) });
});
afterAll(() => jwks.stop(true));

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({
    env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN, FIREBASE_PROJECT_ID: projectId, FIREBASE_API_KEY: "test-api-key" },
    deps: { identityEndpoints: { firebaseJwks: `http://127.0.0.1:${jwks.port}/keys` } },
  });
});
afterEach(() => t.close());

const identity = (provider: VerifiedIdentity["provider"], verifiedEmail: string | null, providerUserId = `${provider}-1`): VerifiedIdentity => ({ provider, providerUserId, verifiedEmail, firstName: "Yohanes", lastName: "Gembala" });

async function row(email: string) {
  const [found] = await t.deps.db.select({ id: users.id, isAdmin: users.isAdmin, isVerified: users.isVerified, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, email));
  return found;
}

/** A Firebase ID token as the hosted sign-in mints it. */
async function firebaseToken(email: string, emailVerified: boolean) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({ iss: `https://securetoken.google.com/${projectId}`, aud: projectId, sub: "firebase-uid-1", iat: now - 10, exp: now + 3600, auth_time: now - 10, email, email_verified: emailVerified, name: "Yohanes Gembala", firebase: { sign_in_provider: "google.com", identities: {} } })
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .sign(privateKey);
}

describe("signInWithIdentity (Google and Facebook)", () => {
  for (const provider of ["google", "facebook"] as const) {
    it(`${provider}: a new account at the vouched super-admin address is verified and an admin`, async () => {
      const result = await signInWithIdentity(t.deps, identity(provider, "Pastor@Example.com"));
      expect(result).toMatchObject({ ok: true, isAdmin: true, isNewUser: true });
      expect(await row(SUPER_ADMIN)).toMatchObject({ isAdmin: true, isVerified: true, emailVerifiedAt: t.clock.now() });
    });
  }

  it("links a vouched address to an unverified registration of it and makes it an admin", async () => {
    const id = newId();
    await t.deps.db.insert(users).values({ id, email: SUPER_ADMIN, passwordHash: await hashPassword("squatter's password", t.deps.passwordHashCost), firstName: "Someone", lastName: "Else" });
    const result = await signInWithIdentity(t.deps, identity("google", SUPER_ADMIN));
    expect(result).toMatchObject({ ok: true, userId: id, isAdmin: true });
    expect(await row(SUPER_ADMIN)).toMatchObject({ isAdmin: true, isVerified: true });
    expect((await row(SUPER_ADMIN))!.emailVerifiedAt).not.toBeNull();
  });

  it("refuses an address the provider does not vouch for: nothing linked, nobody made an admin", async () => {
    const id = newId();
    await t.deps.db.insert(users).values({ id, email: SUPER_ADMIN, passwordHash: null, firstName: "Yohanes", lastName: "Gembala" });
    const result = await signInWithIdentity(t.deps, identity("facebook", null));
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(await t.deps.db.select().from(oauthAccounts)).toEqual([]);
    expect(await row(SUPER_ADMIN)).toMatchObject({ isAdmin: false, emailVerifiedAt: null });
  });

  it("proves the address of an account linked earlier when the provider vouches for it at a later sign-in", async () => {
    // Linked before addresses were recorded as proven (the migration only back-filled vouched links).
    const id = newId();
    await t.deps.db.insert(users).values({ id, email: SUPER_ADMIN, passwordHash: null, firstName: "Yohanes", lastName: "Gembala" });
    await t.deps.db.insert(oauthAccounts).values({ provider: "google", providerUserId: "google-1", userId: id });
    const unvouched = await signInWithIdentity(t.deps, identity("google", null));
    expect(unvouched).toMatchObject({ ok: true, isAdmin: false });
    const vouched = await signInWithIdentity(t.deps, identity("google", SUPER_ADMIN));
    expect(vouched).toMatchObject({ ok: true, isAdmin: true });
    expect((await row(SUPER_ADMIN))!.emailVerifiedAt).not.toBeNull();
  });

  it("makes no other vouched address an admin", async () => {
    const result = await signInWithIdentity(t.deps, identity("google", "grace@example.com"));
    expect(result).toMatchObject({ ok: true, isAdmin: false });
    expect((await row("grace@example.com"))!.emailVerifiedAt).not.toBeNull();
  });
});

describe("POST /api/auth/firebase-login", () => {
  it("signs the vouched super-admin address in as an admin, with an admin session", async () => {
    const response = await t.request("POST", "/api/auth/firebase-login", { body: { idToken: await firebaseToken(SUPER_ADMIN, true) } });
    expect(response.status).toBe(200);
    const me = await (await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).json();
    expect(me).toMatchObject({ email: SUPER_ADMIN, isAdmin: true });
    const [session] = await t.deps.db.select({ expiresAt: sessions.expiresAt }).from(sessions);
    expect(session!.expiresAt.getTime() - t.clock.now().getTime()).toBe(sessionPolicy.admin.absoluteLifetimeMs);
  });

  it("refuses the super-admin address when the provider did not verify it", async () => {
    const response = await t.request("POST", "/api/auth/firebase-login", { body: { idToken: await firebaseToken(SUPER_ADMIN, false) } });
    expect(response.status).toBe(400);
    expect(await t.deps.db.select().from(users)).toEqual([]);
  });
});
