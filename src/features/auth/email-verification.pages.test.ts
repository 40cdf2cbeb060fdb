/**
 * /verify-email (the mailed link's page: look, then confirm with one button) and the quiet
 * reminder on /profile (docs/decisions/0083).
 */
import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { emailVerificationTokens, photos, profiles, users } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { mailsWithLink, verificationTokenFromMail, waitForMailTo } from "../../testing/outbox";
import { enrolAndProve } from "../admin/second-factor/second-factor.test-support";

setDefaultTimeout(60_000);

const SUPER_ADMIN = "pastor@example.com";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN } });
});
afterEach(() => t.close());

const mailedToken = async (email: string) => verificationTokenFromMail(await waitForMailTo(t.dataDir, email, "/verify-email"));

/** The confirm button's POST, as the browser sends the form. */
const confirm = (token: string, cookie?: string) =>
  t.app.request("/verify-email", { method: "POST", headers: { Origin: TEST_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) }, body: new URLSearchParams({ token }).toString() });

const resendForm = (cookie: string) => t.app.request("/verify-email/resend", { method: "POST", headers: { Origin: TEST_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie }, body: "" });

async function completeProfile(userId: string) {
  await t.deps.db.insert(profiles).values({ userId, age: 28, gender: "female", denomination: "Protestant", churchName: "GKI Kwitang", faithTestimony: "I met Jesus at a youth camp and He changed everything.", faithDuration: "10+ years", bio: "Worship, hiking and good coffee." });
  await t.deps.db.insert(photos).values({ id: newId(), userId, position: 0, fileName: `${newId()}.webp`, mimeType: "image/webp", width: 800, height: 800, byteSize: 1000 });
}

describe("GET /verify-email", () => {
  it("shows the address and a confirm button, and changes nothing by being opened", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    const response = await t.request("GET", `/verify-email?token=${token}`);
    expect(response.status).toBe(200);
    // The token is in the address: no other site may see it in a Referer.
    expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("Confirm your email");
    expect(html).toContain(user.email);
    expect(html).toContain('action="/verify-email" method="post"');
    expect(html).toContain(`name="token" value="${token}"`);
    expect(html).toContain("Confirm my email");
    // A mail scanner that opens the link proves nothing.
    const [row] = await t.deps.db.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
    expect((await t.deps.db.select().from(emailVerificationTokens)).length).toBe(1);
  });

  it("speaks Indonesian when the screen does", async () => {
    const user = await t.registerUser();
    const html = await (await t.request("GET", `/verify-email?token=${await mailedToken(user.email)}`, { headers: { Cookie: "app-language=id" } })).text();
    expect(html).toContain('lang="id"');
    expect(html).toContain("Konfirmasi emailmu");
    expect(html).toContain("Konfirmasi emailku");
  });

  it("answers 400 with the invalid state for an unknown, used or expired token, pointing signed-out visitors to sign-in", async () => {
    for (const path of ["/verify-email?token=made-up", "/verify-email", "/verify-email?status=invalid"]) {
      const response = await t.request("GET", path);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("This verification link is invalid or has expired.");
      expect(html).toContain('href="/auth"');
    }
  });

  it("tells a signed-in owner who opens a used link that the address is already verified", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    await confirm(token, user.cookie);
    const response = await t.request("GET", `/verify-email?token=${token}`, { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Email already verified");
  });
});

describe("POST /verify-email (the confirm button)", () => {
  it("verifies and redirects to the result page, which offers the profile to a member", async () => {
    const user = await t.registerUser();
    const response = await confirm(await mailedToken(user.email), user.cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/verify-email?status=verified");
    const [row] = await t.deps.db.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    const html = await (await t.request("GET", "/verify-email?status=verified", { cookie: user.cookie })).text();
    expect(html).toContain("Email verified");
    expect(html).toContain('href="/profile"');
  });

  it("makes the super-admin an admin with a new session, and its result page leads to /admin", async () => {
    const admin = await t.registerUser({ email: SUPER_ADMIN });
    await completeProfile(admin.id);
    expect((await t.request("GET", "/", { cookie: admin.cookie })).headers.get("Location")).toBe("/swipe");
    const response = await confirm(await mailedToken(SUPER_ADMIN), admin.cookie);
    expect(response.headers.get("Location")).toBe("/verify-email?status=verified");
    const cookie = sessionCookieFrom(response);
    expect((await t.request("GET", "/api/auth/user", { cookie: admin.cookie })).status).toBe(401);
    const html = await (await t.request("GET", "/verify-email?status=verified", { cookie })).text();
    expect(html).toContain("your admin access is ready");
    expect(html).toContain('href="/admin"');
    expect((await t.request("GET", "/", { cookie })).headers.get("Location")).toBe("/admin");
    // The panel asks for the second factor first (ADMIN.md 'Who'), then opens.
    expect((await t.request("GET", "/admin", { cookie })).headers.get("Location")).toBe("/admin/2fa?next=%2Fadmin");
    await enrolAndProve(t, cookie);
    expect((await t.request("GET", "/admin", { cookie })).status).toBe(200);
  });

  it("confirmed signed out, the super-admin address asks its owner to set a password by reset", async () => {
    await t.registerUser({ email: SUPER_ADMIN });
    const response = await confirm(await mailedToken(SUPER_ADMIN));
    expect(response.headers.get("Location")).toBe("/verify-email?status=set-password");
    const html = await (await t.request("GET", "/verify-email?status=set-password")).text();
    expect(html).toContain("Forgot your password?");
    expect(html).toContain('href="/auth"');
  });

  it("redirects a used or unknown token to the invalid state", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    await confirm(token);
    for (const attempt of [token, "made-up", ""]) {
      const response = await confirm(attempt);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/verify-email?status=invalid");
    }
  });

  it("is refused without our Origin, like every state change", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    const response = await t.app.request("/verify-email", { method: "POST", headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" }, body: `token=${token}` });
    expect(response.status).toBe(403);
  });
});

describe("the reminder on /profile", () => {
  it("asks an unverified member to confirm, offers Resend, and disappears once verified", async () => {
    const user = await t.registerUser();
    await completeProfile(user.id);
    const token = await mailedToken(user.email);
    const html = await (await t.request("GET", "/profile", { cookie: user.cookie })).text();
    expect(html).toContain(`Please confirm your email address — we sent a link to ${user.email}.`);
    expect(html).toContain('action="/verify-email/resend"');
    expect(html).toContain(">Resend<");
    // Nothing is blocked: Discover and the rest of the app still open.
    expect((await t.request("GET", "/", { cookie: user.cookie })).headers.get("Location")).toBe("/swipe");

    await confirm(token, user.cookie);
    expect(await (await t.request("GET", "/profile", { cookie: user.cookie })).text()).not.toContain("Please confirm your email address");
  });

  it("offers to send a link to an account that has none waiting (older accounts, expired links)", async () => {
    const user = await t.registerUser();
    await completeProfile(user.id);
    await mailedToken(user.email);
    await t.deps.db.delete(emailVerificationTokens);
    const html = await (await t.request("GET", "/profile", { cookie: user.cookie })).text();
    expect(html).toContain(`Please confirm your email address, ${user.email}.`);
    expect(html).toContain(">Send link<");
  });

  it("sends a new link from the form and says so, then says when the hour's limit is reached", async () => {
    const user = await t.registerUser();
    await completeProfile(user.id);
    await mailedToken(user.email);
    const sent = await resendForm(user.cookie);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/profile?verification=sent");
    expect(await (await t.request("GET", "/profile?verification=sent", { cookie: user.cookie })).text()).toContain("Verification email sent. Check your inbox.");
    expect(mailsWithLink(t.dataDir, "/verify-email").filter((raw) => raw.includes(`To: ${user.email}\r\n`)).length).toBe(2);
    await resendForm(user.cookie);
    await resendForm(user.cookie);
    const limited = await resendForm(user.cookie);
    expect(limited.headers.get("Location")).toBe("/profile?verification=limited");
    expect(await (await t.request("GET", "/profile?verification=limited", { cookie: user.cookie })).text()).toContain("Too many requests. Please try again later");
    // The API and the form share the limit.
    expect((await t.request("POST", "/api/auth/verify-email/resend", { cookie: user.cookie })).status).toBe(429);
  });

  it("shows the reminder in Indonesian", async () => {
    const user = await t.registerUser();
    await completeProfile(user.id);
    await mailedToken(user.email);
    const html = await (await t.request("GET", "/profile", { cookie: `${user.cookie}; app-language=id` })).text();
    expect(html).toContain(`Tolong konfirmasi alamat emailmu — kami sudah mengirim tautan ke ${user.email}.`);
    expect(html).toContain(">Kirim ulang<");
  });

  it("sends a signed-out visitor of the resend form to the landing page", async () => {
    const response = await t.app.request("/verify-email/resend", { method: "POST", headers: { Origin: TEST_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
  });
});
