/**
 * The route table of spec point 2 for the routes of the platform, walked for each kind of
 * visitor: signed out, signed in without a photo, signed in with a photo, and the super-admin.
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { photos, profiles } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";
import { verificationTokenFromMail, waitForMailTo } from "../../testing/outbox";

// argon2id hashing is slow on a busy machine: a timed-out test would leak requests into the next one.
setDefaultTimeout(60_000);

let t: TestApp;
const cookies: Record<"signedOut" | "noPhoto" | "uploadedOnly" | "withPhoto" | "superAdmin", string | undefined> = { signedOut: undefined, noPhoto: undefined, uploadedOnly: undefined, withPhoto: undefined, superAdmin: undefined };

async function addPhoto(userId: string) {
  await t.deps.db.insert(photos).values({ id: newId(), userId, position: 0, fileName: `${newId()}.webp`, mimeType: "image/webp", width: 800, height: 800, byteSize: 1000 });
}

/** A saved profile with a photo: what opens the app. */
async function completeProfile(userId: string) {
  await t.deps.db.insert(profiles).values({ userId, age: 28, gender: "female", denomination: "Protestant", churchName: "GKI Kwitang", faithTestimony: "I met Jesus at a youth camp and He changed everything.", faithDuration: "10+ years", bio: "Worship, hiking and good coffee." });
  await addPhoto(userId);
}

beforeAll(async () => {
  t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: "shepherd@example.com" } });
  cookies.noPhoto = (await t.registerUser()).cookie;
  const withPhoto = await t.registerUser();
  await completeProfile(withPhoto.id);
  cookies.withPhoto = withPhoto.cookie;
  const superAdmin = await t.registerUser({ email: "shepherd@example.com" });
  await completeProfile(superAdmin.id);
  // The super-admin address makes an admin once proven with the mailed link (docs/decisions/0083),
  // which also renews the session.
  const mail = await waitForMailTo(t.dataDir, "shepherd@example.com", "/verify-email");
  const verified = await t.request("POST", "/api/auth/verify-email", { cookie: superAdmin.cookie, body: { token: verificationTokenFromMail(mail) } });
  const superAdminCookie = sessionCookieFrom(verified);
  // Uploaded while completing the profile, never saved: still only the editor (spec point 4).
  const uploadedOnly = await t.registerUser();
  await addPhoto(uploadedOnly.id);
  cookies.uploadedOnly = uploadedOnly.cookie;
  cookies.superAdmin = superAdminCookie;
});
afterAll(() => t.close());

type Visitor = keyof typeof cookies;
type Expectation = { status: 200 } | { status: 404; contains: string } | { redirect: string } | { status: 200; contains: string };

const table: { visitor: Visitor; path: string; expect: Expectation }[] = [
  { visitor: "signedOut", path: "/", expect: { status: 200, contains: "Find your God-given partner" } },
  { visitor: "signedOut", path: "/auth", expect: { status: 200, contains: 'data-island="auth-panel"' } },
  { visitor: "signedOut", path: "/register", expect: { status: 200, contains: 'data-island="auth-panel"' } },
  { visitor: "signedOut", path: "/no/such/page", expect: { redirect: "/" } },
  { visitor: "noPhoto", path: "/", expect: { redirect: "/edit-profile" } },
  { visitor: "noPhoto", path: "/no/such/page", expect: { redirect: "/edit-profile" } },
  { visitor: "noPhoto", path: "/auth", expect: { redirect: "/" } },
  { visitor: "noPhoto", path: "/register", expect: { redirect: "/" } },
  { visitor: "uploadedOnly", path: "/", expect: { redirect: "/edit-profile" } },
  { visitor: "uploadedOnly", path: "/swipe", expect: { redirect: "/edit-profile" } },
  { visitor: "uploadedOnly", path: "/no/such/page", expect: { redirect: "/edit-profile" } },
  { visitor: "withPhoto", path: "/auth", expect: { redirect: "/" } },
  { visitor: "withPhoto", path: "/no/such/page", expect: { status: 404, contains: "404 Page Not Found" } },
  { visitor: "superAdmin", path: "/", expect: { redirect: "/admin" } },
];

describe("page routes by visitor", () => {
  for (const row of table) {
    it(`${row.visitor}: GET ${row.path} → ${"redirect" in row.expect ? `redirect to ${row.expect.redirect}` : row.expect.status}`, async () => {
      const response = await t.request("GET", row.path, { cookie: cookies[row.visitor] });
      if ("redirect" in row.expect) {
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe(row.expect.redirect);
        return;
      }
      expect(response.status).toBe(row.expect.status);
      if ("contains" in row.expect) expect(await response.text()).toContain(row.expect.contains);
    });
  }

  it("withPhoto: GET / opens Discover, not the landing page or the profile editor", async () => {
    const response = await t.request("GET", "/", { cookie: cookies.withPhoto });
    const location = response.headers.get("Location");
    if (response.status === 302) expect(location).toBe("/swipe");
    else {
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain("Find your God-given partner");
    }
  });

  it("noPhoto: GET /edit-profile never redirects to itself", async () => {
    const response = await t.request("GET", "/edit-profile", { cookie: cookies.noPhoto });
    expect(response.headers.get("Location")).not.toBe("/edit-profile");
  });

  it("the 404 page is in the visitor's language and carries the tab bar", async () => {
    const response = await t.request("GET", "/no/such/page", { cookie: `${cookies.withPhoto}; app-language=id` });
    const html = await response.text();
    expect(html).toContain('<html lang="id"');
    expect(html).toContain('class="tab-bar"');
    // The live connection runs here too: new-message and call toasts reach the member (issue 6).
    expect(html).toContain('<div id="realtime-root" data-notify-messages="true" data-notify-matches="true"></div>');
    expect(html).toContain('src="/assets/shell-test.js"');
  });

  it("API paths answer JSON, never a page or a redirect", async () => {
    for (const visitor of ["signedOut", "noPhoto"] as const) {
      const response = await t.request("GET", "/api/no-such-thing", { cookie: cookies[visitor] });
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("application/json");
    }
  });
});
