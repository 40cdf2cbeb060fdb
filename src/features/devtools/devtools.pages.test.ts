import { afterEach, describe, expect, it } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { maskValue } from "./setup-status";
import { eq } from "drizzle-orm";
import { photos, profiles, users } from "../../../db/schema";
import { enrolAndProve } from "../admin/second-factor/second-factor.test-support";

const FIREBASE_ENV = {
  FIREBASE_API_KEY: "AIzaSyTestKey-abcdefghijklmnop-K9x2",
  FIREBASE_PROJECT_ID: "kasih-test-project",
  FIREBASE_APP_ID: "1:123456789012:web:0a1b2c3d4e5f6789",
};
const ANDROID_ENV = {
  ANDROID_OAUTH_CLIENT_ID: "123456789012-android.apps.googleusercontent.com",
  ANDROID_PACKAGE_NAME: "id.kasih.app",
  ANDROID_SHA256_FINGERPRINT: "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89",
  FIREBASE_ANDROID_APP_ID: "1:123456789012:android:feedface0001",
};

let testApp: TestApp | null = null;
async function appWith(env: Record<string, string> = {}) {
  testApp = await createTestApp({ env });
  return testApp;
}
afterEach(async () => {
  await testApp?.close();
  testApp = null;
});

async function page(app: TestApp, path: string, lang: "en" | "id" = "en") {
  const response = await app.request("GET", path, { headers: { Cookie: `app-language=${lang}` } });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** The server-rendered markup without scripts (the copy shipped to islands would match any text). */
function markup(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

/** Text of the configuration card of /firebase-test (the data-testid block). */
function block(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</dl>", start));
}

describe("setup status", () => {
  it("masks a configured value down to its last four characters", () => {
    expect(maskValue("AIzaSyTestKey-abcdefghijklmnop-K9x2")).toBe("••••K9x2");
    expect(maskValue("short")).toBe("••••");
  });
});

describe("configuration of the operator pages", () => {
  it("reads the Android identifiers and the support contact, with a default mailbox at the app's host", async () => {
    const { parseConfig } = await import("../../config");
    const bare = parseConfig({ APP_ORIGIN: "https://kasih.example" });
    expect(bare.android).toEqual({ oauthClientId: undefined, packageName: undefined, sha256Fingerprint: undefined, firebaseAppId: undefined });
    expect(bare.supportEmail).toBe("support@kasih.example");
    const set = parseConfig({ APP_ORIGIN: "https://kasih.example", ...ANDROID_ENV, SUPPORT_EMAIL: "help@kasih.example" });
    expect(set.android.packageName).toBe("id.kasih.app");
    expect(set.supportEmail).toBe("help@kasih.example");
    expect(() => parseConfig({ SUPPORT_EMAIL: "not an email" })).toThrow("SUPPORT_EMAIL");
  });
});

describe("GET /google-setup", () => {
  it("shows the app origin and the exact redirect URIs with copy buttons", async () => {
    const app = await appWith();
    const { status, html } = await page(app, "/google-setup");
    expect(status).toBe(200);
    expect(html).toContain("http://localhost:3000/api/auth/google/callback");
    expect(html).toContain("http://localhost:3000/api/auth/facebook/callback");
    expect(html).toContain('data-island="copy-button"');
    expect(html).toContain('href="/api/auth/google"');
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
  });

  it("renders the admin access button disabled with the reason when no bootstrap secret is set", async () => {
    const app = await appWith();
    const { html } = await page(app, "/google-setup");
    expect(html).toContain("the server has no ADMIN_BOOTSTRAP_SECRET");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="admin-access-disabled"/);
  });

  it("offers the admin access dialog when a bootstrap secret is set, without revealing it", async () => {
    const secret = "bootstrap-secret-for-tests-0001";
    const app = await appWith({ ADMIN_BOOTSTRAP_SECRET: secret });
    const { html } = await page(app, "/google-setup");
    expect(markup(html)).not.toContain("ADMIN_BOOTSTRAP_SECRET. Set one");
    expect(html).toContain('"state":"available"');
    expect(html).not.toContain(secret);
  });

  it("shows Missing for unset Google credentials and a masked client id when set", async () => {
    const unset = await appWith();
    expect((await page(unset, "/google-setup")).html).toContain(">Missing<");
    await unset.close();
    testApp = await createTestApp({ env: { GOOGLE_CLIENT_ID: "1234-web-client.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "GOCSPX-super-secret-value" } });
    const { html } = await page(testApp, "/google-setup");
    expect(html).toContain("••••.com");
    expect(html).not.toContain("1234-web-client.apps.googleusercontent.com");
    expect(html).not.toContain("GOCSPX-super-secret-value");
  });

  it("speaks Indonesian when the language cookie says id", async () => {
    const app = await appWith();
    const { html } = await page(app, "/google-setup", "id");
    expect(html).toContain('lang="id"');
    expect(html).toContain("Alamat aplikasimu");
    expect(html).toContain("Akses admin sementara");
  });
});

describe("GET /firebase-test", () => {
  it("lists API Key, Project ID and App ID as Missing when Firebase is not configured, in English", async () => {
    const app = await appWith();
    const { status, html } = await page(app, "/firebase-test");
    expect(status).toBe(200);
    const card = block(html, "firebase-config");
    for (const label of ["API Key", "Project ID", "App ID"]) expect(card).toContain(label);
    expect(card.match(/>Missing</g)?.length).toBe(3);
    // Not configured: the signed-out state is rendered at once and no SDK configuration is shipped.
    expect(html).toContain("Sign in with Google");
    expect(html).toContain("Sign in with Facebook");
    expect(html).toContain("Firebase is not configured on this server");
    expect(html).toContain('"firebase":null');
  });

  it("lists them as Belum diisi in Indonesian", async () => {
    const app = await appWith();
    const card = block((await page(app, "/firebase-test", "id")).html, "firebase-config");
    expect(card.match(/>Belum diisi</g)?.length).toBe(3);
  });

  it("shows configured values as Configured with a masked suffix, never the whole key", async () => {
    const app = await appWith(FIREBASE_ENV);
    const { html } = await page(app, "/firebase-test");
    const card = block(html, "firebase-config");
    expect(card.match(/>Configured</g)?.length).toBe(3);
    expect(card).toContain("••••K9x2");
    expect(card).not.toContain(FIREBASE_ENV.FIREBASE_API_KEY);
    // Configured: the page starts in the loading state and hands the SDK its web configuration.
    expect(html).toContain("Loading Firebase Auth");
    expect(html).toContain('"projectId":"kasih-test-project"');
    expect(html).toContain("Setup Complete");
  });

  it("derives the migration steps and Facebook statuses from the configuration", async () => {
    const bare = await appWith();
    const bareHtml = (await page(bare, "/firebase-test")).html;
    expect(bareHtml).toContain("0 of 4 steps complete");
    expect(bareHtml).toContain("Need to Create");
    expect(bareHtml).toContain("Need to Configure");
    expect(bareHtml).toContain("Need to Add");
    expect(bareHtml).toContain("Pending Verification");
    await bare.close();
    testApp = await createTestApp({ env: { ...FIREBASE_ENV, ...ANDROID_ENV, FACEBOOK_CLIENT_ID: "998877665544", FACEBOOK_CLIENT_SECRET: "fb-secret-value-123" } });
    const html = (await page(testApp, "/firebase-test")).html;
    expect(html).toContain("3 of 4 steps complete");
    expect(markup(html)).not.toContain("Need to Create");
    expect(html).not.toContain("fb-secret-value-123");
  });

  it("shows the mobile configuration from the environment, Missing when unset", async () => {
    const bare = await appWith();
    const mobile = (await page(bare, "/firebase-test")).html;
    expect(mobile.slice(mobile.indexOf('data-testid="mobile-config"')).match(/>Missing</g)?.length).toBeGreaterThanOrEqual(4);
    await bare.close();
    testApp = await createTestApp({ env: ANDROID_ENV });
    const html = (await page(testApp, "/firebase-test")).html;
    expect(html).toContain("id.kasih.app");
    expect(html).toContain(ANDROID_ENV.ANDROID_SHA256_FINGERPRINT);
    expect(html).toContain("123456789012-android.apps.googleusercontent.com");
  });
});

describe("GET /oauth-dashboard", () => {
  it("stacks every section with a back link to /auth and links to the static pages", async () => {
    const app = await appWith();
    const { status, html } = await page(app, "/oauth-dashboard");
    expect(status).toBe(200);
    expect(html).toContain('href="/auth"');
    for (const id of ["oauth-tests", "hosted-test", "requirements", "auth-setup", "integration-status", "credentials", "key-hash", "play-store", "production-migration", "refused"]) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('href="/create-facebook-icon.html"');
    expect(html).toContain('href="/privacy-policy"');
    expect(html).toContain('href="/data-deletion"');
    expect(html).toContain("Refused to Connect");
  });

  it("masks credentials and never prints a secret", async () => {
    const app = await appWith({ ...FIREBASE_ENV, GOOGLE_CLIENT_ID: "1234-web-client.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "GOCSPX-super-secret-value" });
    const credentials = block((await page(app, "/oauth-dashboard")).html, "credentials");
    expect(credentials).toContain("••••.com");
    expect(credentials).not.toContain("GOCSPX-super-secret-value");
    expect(credentials.match(/>Missing</g)?.length).toBe(2); // Facebook id and secret
  });

  it("is in Indonesian with the id cookie", async () => {
    const app = await appWith();
    expect((await page(app, "/oauth-dashboard", "id")).html).toContain("Dasbor Pengujian OAuth");
  });
});

describe("GET /privacy-policy and /data-deletion", () => {
  it("publishes a privacy policy naming what is stored and the PDP Law rights, with the support contact", async () => {
    const app = await appWith({ SUPPORT_EMAIL: "privacy@kasih.example" });
    const { status, html } = await page(app, "/privacy-policy");
    expect(status).toBe(200);
    for (const text of ["metadata", "Faith details", "Payment records", "Sign-in provider IDs", "Device language", "UU No. 27 Tahun 2022", "privacy@kasih.example"]) expect(html).toContain(text);
  });

  it("publishes the terms of use that onboarding's consent links to: 18+, no asking for money, in both languages", async () => {
    const app = await appWith();
    const en = await page(app, "/terms");
    expect(en.status).toBe(200);
    for (const text of ["Terms of use", "at least 18 years old", "Never ask another member for money", "Republic of Indonesia"]) expect(en.html).toContain(text);
    const id = (await page(app, "/terms", "id")).html;
    for (const text of ["Ketentuan penggunaan", "minimal 18 tahun", "Jangan pernah meminta uang"]) expect(id).toContain(text);
    expect((await page(app, "/")).html).toContain('href="/terms"');
  });

  it("publishes the Indonesian privacy policy", async () => {
    const app = await appWith();
    const { html } = await page(app, "/privacy-policy", "id");
    expect(html).toContain("Kebijakan privasi");
    expect(html).toContain("Hakmu menurut UU PDP");
    // Default contact: the support mailbox at the app's own host.
    expect(html).toContain("support@localhost");
  });

  it("explains how to delete data, what is deleted and the Facebook instructions, in both languages", async () => {
    const app = await appWith();
    const en = (await page(app, "/data-deletion")).html;
    for (const text of ["What gets deleted", "takes effect at once", "Apps and websites", "http://localhost:3000/data-deletion"]) expect(en).toContain(text);
    // Both self-service actions are linked (Settings → Your data).
    expect(en).toMatch(/href="\/settings#your-data">Download my data<\/a><a class="button button-danger" href="\/settings#your-data">Delete my account</);
    const id = (await page(app, "/data-deletion", "id")).html;
    for (const text of ["Apa yang dihapus", "langsung berlaku", "Aplikasi dan situs web", "Unduh dataku", "Hapus akunku"]) expect(id).toContain(text);
  });

  it("is reachable while signed in too", async () => {
    const app = await appWith();
    const user = await app.registerUser();
    const response = await app.request("GET", "/data-deletion", { cookie: user.cookie });
    expect(response.status).toBe(200);
  });
});

describe("who may open the developer pages (docs/decisions/0139)", () => {
  const DEVELOPER_PAGES = ["/firebase-test", "/google-setup", "/oauth-dashboard"] as const;

  /** A member with a profile and a photo, so the 404 page answers them rather than the profile editor. */
  async function memberWithPhoto(app: TestApp) {
    const member = await app.registerUser();
    await app.deps.db.insert(profiles).values({ userId: member.id, age: 28, gender: "female", denomination: "Protestant", churchName: "GKI Kwitang", faithTestimony: "Met Jesus at a youth camp.", faithDuration: "10+ years", bio: "Worship and coffee." });
    await app.deps.db.insert(photos).values({ id: crypto.randomUUID(), userId: member.id, position: 0, fileName: "x.jpg", mimeType: "image/jpeg", width: 10, height: 10, byteSize: 10 });
    return member;
  }

  it("answers everyone while no admin exists (first setup), signed out or a member", async () => {
    const app = await appWith();
    const member = await memberWithPhoto(app);
    for (const path of DEVELOPER_PAGES) {
      expect((await app.request("GET", path)).status).toBe(200);
      expect((await app.request("GET", path, { cookie: member.cookie })).status).toBe(200);
    }
  });

  it("once an admin exists: signed out → /auth, member → the ordinary 404, admin without the second factor → /admin/2fa, admin with it → the page", async () => {
    const app = await appWith();
    const member = await memberWithPhoto(app);
    const moderator = await memberWithPhoto(app);
    const admin = await app.registerUser();
    await app.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    await app.deps.db.update(users).set({ role: "moderator" }).where(eq(users.id, moderator.id));
    const unprovenAdmin = await app.registerUser();
    await app.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, unprovenAdmin.id));
    await enrolAndProve(app, admin.cookie);
    await enrolAndProve(app, moderator.cookie);
    const notFound = await app.request("GET", "/no-such-page", { cookie: member.cookie });
    const withoutNonce = (html: string) => markup(html).replace(/nonce="[^"]*"/g, "");
    const notFoundHtml = withoutNonce(await notFound.text());

    for (const path of DEVELOPER_PAGES) {
      const signedOut = await app.request("GET", path);
      expect([path, signedOut.status, signedOut.headers.get("location")]).toEqual([path, 302, "/auth"]);
      for (const who of [member, moderator]) {
        const response = await app.request("GET", path, { cookie: who.cookie });
        expect([path, response.status]).toEqual([path, 404]);
        // The very page any unknown address gets: nothing says a developer page is here.
        expect(withoutNonce(await response.text())).toBe(notFoundHtml);
      }
      const unproven = await app.request("GET", path, { cookie: unprovenAdmin.cookie });
      expect([path, unproven.status, unproven.headers.get("location")]).toEqual([path, 302, "/admin/2fa"]);
      const proven = await app.request("GET", path, { cookie: admin.cookie });
      expect([path, proven.status]).toEqual([path, 200]);
    }
  });
});
