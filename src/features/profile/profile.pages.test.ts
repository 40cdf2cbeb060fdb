import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { verificationTokenFromMail, waitForMailTo } from "../../testing/outbox";
import { dataUrl, jpegWithGps } from "./photos/test-images";

const SUPER_ADMIN = "pastor@example.com";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN } });
});
afterAll(() => t.close());

async function newUser(overrides: { email?: string; firstName?: string } = {}) {
  t.clock.advance(61 * 60_000);
  return t.registerUser(overrides);
}

async function withPhoto(user: { cookie: string }, extra: Record<string, unknown> = {}) {
  const response = await t.request("POST", "/api/profile", {
    cookie: user.cookie,
    body: {
      photos: [dataUrl(jpegWithGps())],
      birthDate: "1995-02-14",
      acceptTerms: true,
      confirmAdult: true,
      gender: "male",
      denomination: "Catholic",
      churchName: "Katedral Jakarta",
      faithTestimony: "Raised in the church, I made my faith my own during university in Yogyakarta.",
      faithDuration: "Born into faith",
      bio: "Engineer who loves choir music and long walks.",
      ...extra,
    },
  });
  expect(response.status).toBe(201);
}

const location = (response: Response) => response.headers.get("Location");

/** Confirms the address with the link mailed at registration; the session is renewed if that made an admin. */
async function verifyByMail(app: TestApp, user: { email: string; cookie: string }): Promise<string> {
  const mail = await waitForMailTo(app.dataDir, user.email, "/verify-email");
  const response = await app.request("POST", "/api/auth/verify-email", { cookie: user.cookie, body: { token: verificationTokenFromMail(mail) } });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith("kasih_session=")) ? sessionCookieFrom(response) : user.cookie;
}

describe("the route table (spec point 2)", () => {
  test("signed out: /, the editor, /profile, /settings and unknown paths lead to the landing page", async () => {
    const landing = await t.request("GET", "/");
    expect(landing.status).toBe(200);
    for (const path of ["/edit-profile", "/profile/edit", "/profile", "/settings", "/somewhere-else"]) {
      const response = await t.request("GET", path);
      expect(response.status).toBe(302);
      expect(location(response)).toBe("/");
    }
  });

  test("signed in without a photo: every page is the profile editor, titled 'Complete Your Profile'", async () => {
    const user = await newUser();
    for (const path of ["/", "/profile", "/settings", "/somewhere-else"]) {
      const response = await t.request("GET", path, { cookie: user.cookie });
      expect(response.status).toBe(302);
      expect(location(response)).toBe("/edit-profile");
    }
    for (const path of ["/edit-profile", "/profile/edit"]) {
      const response = await t.request("GET", path, { cookie: user.cookie });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Complete Your Profile");
      // Onboarding starts with the photos step.
      expect(html).toContain("Step 1 of 5");
      expect(html).toContain('data-step="photos"');
    }
  });

  test("photos uploaded before the first save: still the editor, showing them, and sign-in still says new", async () => {
    const user = await newUser();
    const form = new FormData();
    form.append("photo", new File([Buffer.from(jpegWithGps())], "photo.jpg", { type: "image/jpeg" }));
    const uploaded = await t.app.request("/api/profile/photos", { method: "POST", headers: { Origin: TEST_ORIGIN, Cookie: user.cookie }, body: form });
    expect(uploaded.status).toBe(201);
    expect(location(await t.request("GET", "/", { cookie: user.cookie }))).toBe("/edit-profile");
    const editor = await (await t.request("GET", "/edit-profile", { cookie: user.cookie })).text();
    expect(editor).toContain("Complete Your Profile");
    expect(editor).toMatch(/"photos":\[\{"id":"[a-z2-7]{26}","url":"\/uploads\/[a-z2-7]{26}\.webp"\}\]/);
    const login = await t.request("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    expect(await login.json()).toMatchObject({ isNewUser: true });
  });

  test("signed in with a photo: / opens Discover, and the profile, settings and editor pages open", async () => {
    const user = await newUser({ firstName: "Yohanes" });
    await withPhoto(user);
    const home = await t.request("GET", "/", { cookie: user.cookie });
    expect(location(home)).toBe("/swipe");

    const profile = await t.request("GET", "/profile", { cookie: user.cookie });
    expect(profile.status).toBe(200);
    const html = await profile.text();
    expect(html).toContain("Yohanes");
    expect(html).toContain('class="muted profile-location">Jakarta, Indonesia<');
    expect(html).toContain("Who is Jesus Christ For Me");
    expect(html).toContain("Faith Journey");
    expect(html).toContain('href="/api/logout"');
    expect(html).not.toContain('href="/admin"');

    const settings = await t.request("GET", "/settings", { cookie: user.cookie });
    expect(settings.status).toBe(200);
    expect(await settings.text()).toContain("Notifications");

    const editor = await t.request("GET", "/profile/edit", { cookie: user.cookie });
    const editorHtml = await editor.text();
    expect(editorHtml).toContain("Edit Profile");
    expect(editorHtml).toContain('<option value="More than 10 years"');
    expect(editorHtml).not.toContain('<option value="Less than 1 year"');
  });

  test("the location line shows the chosen city instead of 'Jakarta, Indonesia'", async () => {
    const user = await newUser();
    await withPhoto(user, { city: "medan" });
    const html = await (await t.request("GET", "/profile", { cookie: user.cookie })).text();
    expect(html).toContain('class="muted profile-location">Medan, Sumatera Utara<');
  });

  test("the super-admin is a member until the address is verified, then goes from / to /admin and sees the Admin Panel link", async () => {
    const admin = await newUser({ email: SUPER_ADMIN });
    await withPhoto(admin);
    // Registered, not proven: Discover like everyone, no panel (docs/decisions/0083).
    expect(location(await t.request("GET", "/", { cookie: admin.cookie }))).toBe("/swipe");
    expect(location(await t.request("GET", "/admin", { cookie: admin.cookie }))).toBe("/profile");
    expect(await (await t.request("GET", "/profile", { cookie: admin.cookie })).text()).not.toContain('href="/admin"');

    const cookie = await verifyByMail(t, admin);
    const home = await t.request("GET", "/", { cookie });
    expect(location(home)).toBe("/admin");
    const [row] = await t.deps.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.email, SUPER_ADMIN));
    expect(row!.isAdmin).toBe(true);
    const html = await (await t.request("GET", "/profile", { cookie })).text();
    expect(html).toContain('href="/admin"');
  });

  test("the super-admin without a photo is still sent to the profile editor first", async () => {
    const fresh = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN } });
    try {
      const admin = await fresh.registerUser({ email: SUPER_ADMIN });
      const cookie = await verifyByMail(fresh, admin);
      expect(location(await fresh.request("GET", "/", { cookie }))).toBe("/edit-profile");
    } finally {
      await fresh.close();
    }
  });
});
