import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { passwordResetTokens, sessions, users } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";
import { mailsWithLink, resetTokenFromMail, waitForMailsWithLink } from "../../testing/outbox";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const forgot = (email: string) => t.request("POST", "/api/auth/forgot-password", { body: { email } });
const reset = (token: string, newPassword: string) => t.request("POST", "/api/auth/reset-password", { body: { token, newPassword } });
const login = (email: string, password: string) => t.request("POST", "/api/auth/login", { body: { email, password } });

/** Registration mails a verification link too: these tests look at the reset mails only. */
const resetMails = () => mailsWithLink(t.dataDir, "/reset-password");
const waitForResetMails = (count: number) => waitForMailsWithLink(t.dataDir, "/reset-password", count);

/** Asks for a reset and returns the token from the mailed link. */
async function mailedToken(email: string): Promise<string> {
  const before = resetMails().length;
  expect((await forgot(email)).status).toBe(200);
  const messages = await waitForResetMails(before + 1);
  return resetTokenFromMail(messages[before]!);
}

describe("POST /api/auth/forgot-password", () => {
  it("answers byte-for-byte the same for a known and an unknown email", async () => {
    const user = await t.registerUser();
    const known = await forgot(user.email);
    const unknown = await forgot("nobody-here@example.com");
    expect(known.status).toBe(unknown.status);
    const knownBody = await known.text();
    expect(knownBody).toBe(await unknown.text());
    expect(JSON.parse(knownBody)).toEqual({ message: "If an account exists for this email, a reset link has been sent." });
    expect(known.headers.get("Content-Type")).toBe(unknown.headers.get("Content-Type"));
    // Only the real account got mail.
    const messages = await waitForResetMails(1);
    await Bun.sleep(50);
    expect(resetMails().length).toBe(1);
    expect(messages[0]).toContain(`To: ${user.email}`);
  });

  it("refuses an empty email with the specification's message", async () => {
    const response = await forgot("  ");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Please enter your email address" });
  });

  it("mails at most 3 links per account per hour, answering the same each time", async () => {
    const user = await t.registerUser();
    for (let i = 0; i < 5; i++) expect(await (await forgot(user.email)).json()).toEqual({ message: "If an account exists for this email, a reset link has been sent." });
    await waitForResetMails(3);
    await Bun.sleep(100);
    expect(resetMails().length).toBe(3);
    t.clock.advance(60 * 60_000);
    await forgot(user.email);
    await waitForResetMails(4);
  });

  it("stores only the SHA-256 of the token, with a one-hour lifetime, and builds the link from APP_ORIGIN", async () => {
    const user = await t.registerUser();
    const before = resetMails().length;
    await t.request("POST", "/api/auth/forgot-password", { body: { email: user.email }, headers: { Host: "evil.example" } });
    const raw = (await waitForResetMails(before + 1))[before]!;
    expect(raw.replace(/=\r?\n/g, "")).toContain("http://localhost:3000/reset-password?token=3D");
    const token = resetTokenFromMail(raw);
    expect(token.length).toBeGreaterThanOrEqual(26); // ≥ 128 bits in base32
    const rows = await t.deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows.length).toBe(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.expiresAt.getTime() - t.clock.now().getTime()).toBe(60 * 60_000);
  });
});

describe("GET /api/auth/verify-reset-token/{token}", () => {
  it("says valid for a mailed token and invalid for anything else", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    const good = await t.request("GET", `/api/auth/verify-reset-token/${token}`);
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ valid: true, message: "Reset link is valid" });
    const bad = await t.request("GET", "/api/auth/verify-reset-token/notatoken");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ valid: false, message: "This password reset link is invalid or has expired." });
  });
});

describe("POST /api/auth/reset-password", () => {
  it("resets the password once with the mailed token; the old password and old sessions stop working", async () => {
    const user = await t.registerUser();
    const otherDevice = sessionCookieFrom(await login(user.email, user.password));
    const revoked: unknown[] = [];
    t.deps.events.on("sessions.revoked", (payload) => revoked.push(payload));
    const token = await mailedToken(user.email);

    const response = await reset(token, "a brand new passphrase");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Your password has been reset. You can now sign in with your new password." });

    expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    expect((await t.request("GET", "/api/auth/user", { cookie: otherDevice })).status).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(revoked).toEqual([{ userId: user.id, sessionIds: null }]);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, "a brand new passphrase")).status).toBe(200);

    const again = await reset(token, "yet another passphrase");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: "This password reset link is invalid or has expired." });
    expect((await login(user.email, "a brand new passphrase")).status).toBe(200);
  });

  it("refuses an expired token (after one hour)", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    t.clock.advance(60 * 60_000);
    const response = await reset(token, "a brand new passphrase");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "This password reset link is invalid or has expired." });
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it("refuses the token of an older request once a newer one was sent", async () => {
    const user = await t.registerUser();
    const older = await mailedToken(user.email);
    const newer = await mailedToken(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(older, "a brand new passphrase")).status).toBe(400);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await reset(newer, "a brand new passphrase")).status).toBe(200);
  });

  it("applies the password rules and changes nothing on a bad password", async () => {
    const user = await t.registerUser();
    const token = await mailedToken(user.email);
    const cases: [string, string][] = [
      ["", "Please fill in all fields"],
      ["short", "Password must be at least 8 characters long"],
      ["password", "This password is too common. Please choose another one"],
    ];
    for (const [password, message] of cases) {
      const response = await reset(token, password);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
    const [row] = await t.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await Bun.password.verify(user.password, row!.hash!)).toBe(true);
    // The token survives a refused attempt.
    expect((await reset(token, "a brand new passphrase")).status).toBe(200);
  });
});

describe("GET /reset-password", () => {
  it("renders the page with Referrer-Policy: no-referrer", async () => {
    const response = await t.request("GET", "/reset-password?token=abc");
    expect(response.status).toBe(200);
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain('data-island="reset-password"');
    expect(html).toContain("Verifying reset link...");
  });
});

describe("the reset mail's language", () => {
  const language = async (userId: string) => (await t.deps.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]!.language;

  it("is the one the person registered in, and follows a later switch on screen", async () => {
    const captchaToken = await t.solveCaptcha();
    const registered = await t.request("POST", "/api/auth/register", {
      body: { email: "sinta@example.com", password: "correct horse battery", firstName: "Sinta", lastName: "Hutapea", captchaToken },
      headers: { Cookie: "app-language=id" },
    });
    expect(registered.status).toBe(201);
    const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, "sinta@example.com"));
    expect(await language(user!.id)).toBe("id");

    // Forgot-password from a signed-out English screen: the mail still speaks the account's language.
    const before = resetMails().length;
    await forgot("sinta@example.com");
    expect((await waitForResetMails(before + 1))[before]).toContain("Subject: Atur ulang kata sandi akun Kasih-mu");

    // Signed in, the member switches to English in Settings: the account follows.
    const cookie = sessionCookieFrom(registered);
    const switched = await t.request("PATCH", "/api/auth/language", { cookie, body: { language: "en" } });
    expect(await switched.json()).toEqual({ language: "en" });
    expect(await language(user!.id)).toBe("en");
    expect((await t.request("PATCH", "/api/auth/language", { cookie, body: { language: "fr" } })).status).toBe(400);
    expect(await language(user!.id)).toBe("en");
    // Reading pages never writes it, whatever the cookie says.
    await t.request("GET", "/api/auth/user", { cookie: `${cookie}; app-language=id` });
    expect(await language(user!.id)).toBe("en");
    // Signing in from an Indonesian screen records Indonesian; from a device with no choice, nothing changes.
    t.clock.advance(60_000);
    expect((await t.request("POST", "/api/auth/login", { body: { email: "sinta@example.com", password: "correct horse battery" }, headers: { Cookie: "app-language=id" } })).status).toBe(200);
    expect(await language(user!.id)).toBe("id");
    expect((await login("sinta@example.com", "correct horse battery")).status).toBe(200);
    expect(await language(user!.id)).toBe("id");
  });
});
