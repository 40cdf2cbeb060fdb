/**
 * Email verification and the first admin (docs/decisions/0083): the mail sent at registration,
 * the API that consumes its token, the resend limits, and the super-admin address becoming an
 * admin only once proven, on every sign-in path that uses a password.
 */
import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { emailVerificationTokens, sessions, users } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";
import { mailsWithLink, verificationTokenFromMail, waitForMailTo } from "../../testing/outbox";
import { sessionPolicy } from "./session";
import { enrolAndProve } from "../admin/second-factor/second-factor.test-support";

// argon2id hashing is slow on a busy machine.
setDefaultTimeout(60_000);

const SUPER_ADMIN = "pastor@example.com";
const hour = 60 * 60_000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN } });
});
afterEach(() => t.close());

const verify = (token: string, cookie?: string) => t.request("POST", "/api/auth/verify-email", { cookie, body: { token } });
const resend = (cookie?: string) => t.request("POST", "/api/auth/verify-email/resend", { cookie });
const me = async (cookie: string) => (await t.request("GET", "/api/auth/user", { cookie })).json() as Promise<Record<string, unknown>>;
const login = (email: string, password: string) => t.request("POST", "/api/auth/login", { body: { email, password } });
const newSessionCookie = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("kasih_session="));

/** The token of the newest verification mail to `email`. */
async function mailedToken(email: string): Promise<string> {
  return verificationTokenFromMail(await waitForMailTo(t.dataDir, email, "/verify-email"));
}

/** Verification mails to `email` so far. */
const mailsTo = (email: string) => mailsWithLink(t.dataDir, "/verify-email").filter((raw) => raw.includes(`To: ${email}\r\n`));

async function userRow(email: string) {
  const [row] = await t.deps.db.select({ id: users.id, isAdmin: users.isAdmin, emailVerifiedAt: users.emailVerifiedAt, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
  return row!;
}

describe("POST /api/auth/register: the verification mail", () => {
  it("mails a link on APP_ORIGIN whose token is stored only as SHA-256, valid for 48 hours", async () => {
    const user = await t.registerUser();
    const raw = await waitForMailTo(t.dataDir, user.email, "/verify-email");
    expect(raw).toContain("Subject: Confirm your email address for Kasih");
    expect(raw.replace(/=\r?\n/g, "")).toContain("http://localhost:3000/verify-email?token=3D");
    const token = verificationTokenFromMail(raw);
    expect(token.length).toBeGreaterThanOrEqual(26); // ≥ 128 bits in base32
    const rows = await t.deps.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    expect(rows.length).toBe(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.id).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - t.clock.now().getTime()).toBe(48 * hour);
    // Nothing is blocked meanwhile: the account works unverified.
    expect(await me(user.cookie)).toMatchObject({ email: user.email, isAdmin: false });
  });

  it("writes the mail in the language the person registered in", async () => {
    const response = await t.request("POST", "/api/auth/register", {
      body: { email: "sinta@example.com", password: "correct horse battery", firstName: "Sinta", lastName: "Hutapea", captchaToken: await t.solveCaptcha() },
      headers: { Cookie: "app-language=id" },
    });
    expect(response.status).toBe(201);
    const raw = await waitForMailTo(t.dataDir, "sinta@example.com", "/verify-email");
    expect(raw).toContain("Subject: Konfirmasi alamat email akun Kasih-mu");
    expect(raw).toContain("Halo Sinta,");
    expect(raw).toContain("berlaku 48 jam");
  });
});

describe("the SUPER_ADMIN_EMAIL account before and after verification", () => {
  it("registers as a member: isAdmin false, /admin leads to /profile, the admin API answers 403", async () => {
    const admin = await t.registerUser({ email: SUPER_ADMIN });
    expect(await me(admin.cookie)).toMatchObject({ isAdmin: false });
    expect((await userRow(SUPER_ADMIN)).isAdmin).toBe(false);
    const panel = await t.request("GET", "/admin", { cookie: admin.cookie });
    expect(panel.status).toBe(302);
    expect(panel.headers.get("Location")).toBe("/profile");
    expect((await t.request("GET", "/api/admin/stats", { cookie: admin.cookie })).status).toBe(403);
  });

  it("becomes an admin when the mailed link is used, with a new admin session for the caller", async () => {
    const admin = await t.registerUser({ email: SUPER_ADMIN });
    const response = await verify(await mailedToken(SUPER_ADMIN), admin.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Email verified" });
    const row = await userRow(SUPER_ADMIN);
    expect(row.isAdmin).toBe(true);
    expect(row.emailVerifiedAt?.getTime()).toBe(t.clock.now().getTime());
    // New privileges, new session: the old token ends, the new one has the admin lifetime.
    expect((await t.request("GET", "/api/auth/user", { cookie: admin.cookie })).status).toBe(401);
    const cookie = sessionCookieFrom(response);
    expect(await me(cookie)).toMatchObject({ isAdmin: true });
    const [session] = await t.deps.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, row.id));
    expect(session!.expiresAt.getTime() - t.clock.now().getTime()).toBe(sessionPolicy.admin.absoluteLifetimeMs);
    // The panel asks for the second factor first (ADMIN.md 'Who'), then opens.
    expect(await (await t.request("GET", "/api/admin/stats", { cookie })).json()).toEqual({ message: "Second factor required" });
    await enrolAndProve(t, cookie);
    expect((await t.request("GET", "/api/admin/stats", { cookie })).status).toBe(200);
  });

  it("confirmed from outside the account (signed out or as someone else): admin, but the password and sessions of whoever registered it end", async () => {
    // Someone registered the operator's address first; the operator only has the mailbox.
    const squatter = await t.registerUser({ email: SUPER_ADMIN, password: "i got here first" });
    const stranger = await t.registerUser();
    const response = await verify(await mailedToken(SUPER_ADMIN), stranger.cookie);
    expect(response.status).toBe(200);
    expect(newSessionCookie(response)).toBeUndefined();
    expect(await me(stranger.cookie)).toMatchObject({ isAdmin: false });
    const row = await userRow(SUPER_ADMIN);
    expect(row.isAdmin).toBe(true);
    expect(row.passwordHash).toBeNull();
    // The squatter is out: the old session and the password open nothing.
    expect((await t.request("GET", "/api/auth/user", { cookie: squatter.cookie })).status).toBe(401);
    expect((await login(SUPER_ADMIN, "i got here first")).status).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, row.id))).toEqual([]);
  });

  it("signs in with the password as a member before verification and as an admin after confirming signed in", async () => {
    const admin = await t.registerUser({ email: SUPER_ADMIN, password: "shepherd of the flock" });
    const token = await mailedToken(SUPER_ADMIN);
    const before = await login(SUPER_ADMIN, "shepherd of the flock");
    expect(before.status).toBe(200);
    expect(await me(sessionCookieFrom(before))).toMatchObject({ isAdmin: false });
    expect((await userRow(SUPER_ADMIN)).isAdmin).toBe(false);

    // Confirmed by the account's own session: the password holder also holds the mailbox.
    expect((await verify(token, sessionCookieFrom(before))).status).toBe(200);
    t.clock.advance(60_000);
    const after = await login(SUPER_ADMIN, "shepherd of the flock");
    expect(after.status).toBe(200);
    expect(await me(sessionCookieFrom(after))).toMatchObject({ isAdmin: true });
    expect(admin.id).toBe((await userRow(SUPER_ADMIN)).id);
  });

  it("confirms any other address signed out without touching its password", async () => {
    const member = await t.registerUser({ password: "my own good password" });
    expect((await verify(await mailedToken(member.email))).status).toBe(200);
    expect((await login(member.email, "my own good password")).status).toBe(200);
    expect((await userRow(member.email)).emailVerifiedAt).not.toBeNull();
  });

  it("makes no other address an admin by verifying it", async () => {
    const member = await t.registerUser();
    expect((await verify(await mailedToken(member.email), member.cookie)).status).toBe(200);
    const row = await userRow(member.email);
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(row.isAdmin).toBe(false);
  });

  it("never promotes a suspended account, even at the super-admin address", async () => {
    await t.registerUser({ email: SUPER_ADMIN });
    await t.deps.db.update(users).set({ isBanned: true }).where(eq(users.email, SUPER_ADMIN));
    expect((await verify(await mailedToken(SUPER_ADMIN))).status).toBe(200);
    expect((await userRow(SUPER_ADMIN)).isAdmin).toBe(false);
  });
});

describe("POST /api/auth/verify-email", () => {
  it("takes a token once: the second use is refused", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    expect((await verify(token)).status).toBe(200);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: "Invalid or expired verification link" });
    expect(await t.deps.db.select().from(emailVerificationTokens)).toEqual([]);
  });

  it("of two simultaneous uses of one token, only one succeeds", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    const statuses = (await Promise.all([verify(token), verify(token)])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 400]);
  });

  it("refuses a token past its 48 hours, and clears it", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    t.clock.advance(48 * hour - 1000);
    // Still valid one second before the end: looked at, not used.
    expect((await t.request("GET", `/verify-email?token=${token}`)).status).toBe(200);
    t.clock.advance(1000);
    expect((await verify(token)).status).toBe(400);
    expect((await userRow(user.email)).emailVerifiedAt).toBeNull();
    expect(await t.deps.db.select().from(emailVerificationTokens)).toEqual([]);
  });

  it("refuses made-up, empty, oversized and missing tokens with the same message", async () => {
    for (const body of [{ token: "not-a-real-token" }, { token: "" }, { token: "a".repeat(500) }, {}, { token: 42 }]) {
      const response = await t.request("POST", "/api/auth/verify-email", { body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Invalid or expired verification link" });
    }
  });
});

describe("POST /api/auth/verify-email/resend", () => {
  it("mails a new link that voids the older ones", async () => {
    const user = await t.registerUser();
    const first = await mailedToken(user.email);
    const response = await resend(user.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Verification email sent" });
    expect(mailsTo(user.email).length).toBe(2);
    const second = await mailedToken(user.email);
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(400);
    expect((await verify(second)).status).toBe(200);
  });

  it("answers 409 once the address is verified, and 401 signed out", async () => {
    const user = await t.registerUser();
    await verify(await mailedToken(user.email));
    const response = await resend(user.cookie);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Email already verified" });
    expect((await resend()).status).toBe(401);
  });

  it("sends at most 3 mails per account per hour, then 429 with Retry-After", async () => {
    const user = await t.registerUser();
    await mailedToken(user.email);
    for (let i = 0; i < 3; i++) expect((await resend(user.cookie)).status).toBe(200);
    t.clock.advance(10 * 60_000);
    const limited = await resend(user.cookie);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: "Too many requests. Please try again later" });
    expect(Number(limited.headers.get("Retry-After"))).toBe(50 * 60);
    expect(mailsTo(user.email).length).toBe(4); // registration + 3
    // Another account is not affected, and the hour passes.
    const other = await t.registerUser();
    expect((await resend(other.cookie)).status).toBe(200);
    t.clock.advance(50 * 60_000);
    expect((await resend(user.cookie)).status).toBe(200);
  });

  it("writes the new mail in the account's current language", async () => {
    const user = await t.registerUser();
    await mailedToken(user.email);
    await t.request("PATCH", "/api/auth/language", { cookie: user.cookie, body: { language: "id" } });
    expect((await resend(user.cookie)).status).toBe(200);
    expect(mailsTo(user.email).at(-1)).toContain("Subject: Konfirmasi alamat email akun Kasih-mu");
  });

  it("reports a mail relay that fails with 503, and the person can try again", async () => {
    const failing = await createTestApp({ deps: { mailer: { description: "broken", send: () => Promise.reject(new Error("relay down")) } } });
    try {
      const user = await failing.registerUser();
      const response = await failing.request("POST", "/api/auth/verify-email/resend", { cookie: user.cookie });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: "The verification email could not be sent. Please try again later" });
      // The registration itself went through.
      expect((await failing.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    } finally {
      await failing.close();
    }
  });
});
