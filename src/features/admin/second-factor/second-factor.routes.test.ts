/** The second factor of ADMIN.md 'Who' over HTTP: enrolment, codes, recovery codes, the throttle, the log. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, recoveryCodes, users } from "../../../../db/schema";
import { createSession } from "../../auth/session";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, moderatorOf, person } from "../users/admin-test-support";
import { enrolAndProve } from "./second-factor.test-support";
import { hotp, secretFromBase32, timeStep, totp } from "./totp";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp({ env: { TRUST_PROXY: "true" } });
});
afterEach(() => app.close());

const post = (path: string, cookie: string, body?: unknown, headers?: Record<string, string>) => app.request("POST", path, { cookie, body: body ?? {}, headers });
const stats = (cookie: string) => app.request("GET", "/api/admin/stats", { cookie });
const codeNow = (secret: string, offsetSteps = 0) => hotp(secretFromBase32(secret), timeStep(app.clock.now()) + offsetSteps);

/** Another sign-in of the same account: a new session, not proven. */
async function newSession(userId: string) {
  const { token } = await createSession(app.deps.db, app.clock, userId, true);
  return `kasih_session=${token}`;
}

describe("enrolment", () => {
  test("an admin without a second factor enrols: secret, otpauth URL and ten recovery codes; the first good code completes it and opens the panel", async () => {
    const admin = await adminOf(app, { email: "ada@example.com", secondFactor: false });
    expect(await (await stats(admin.cookie)).json()).toEqual({ message: "Second factor required" });
    expect((await stats(admin.cookie)).status).toBe(403);

    const enrol = await post("/api/admin/2fa/enrol", admin.cookie);
    expect(enrol.status).toBe(200);
    expect(enrol.headers.get("Cache-Control")).toBe("no-store");
    const body = (await enrol.json()) as { secret: string; otpauthUrl: string; recoveryCodes: string[] };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toStartWith("otpauth://totp/Kasih:ada%40example.com?");
    expect(new URL(body.otpauthUrl).searchParams.get("secret")).toBe(body.secret);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);

    // Neither the secret nor a recovery code is in the database as such.
    const [row] = await app.deps.db.select({ secret: users.totpSecret, enrolledAt: users.totpEnrolledAt }).from(users).where(eq(users.id, admin.id));
    expect(row!.secret).toStartWith("v1.");
    expect(row!.secret).not.toContain(body.secret);
    expect(row!.enrolledAt).toBeNull();
    const stored = await app.deps.db.select({ hash: recoveryCodes.codeHash }).from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id));
    expect(stored).toHaveLength(10);
    for (const code of body.recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));

    // A recovery code cannot complete an enrolment; a wrong code is 400.
    expect(await (await post("/api/admin/2fa/verify", admin.cookie, { code: body.recoveryCodes[0] })).json()).toEqual({ message: "Invalid code" });
    const wrong = await post("/api/admin/2fa/verify", admin.cookie, { code: codeNow(body.secret, 3) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: "Invalid code" });
    expect((await stats(admin.cookie)).status).toBe(403);

    const good = await post("/api/admin/2fa/verify", admin.cookie, { code: codeNow(body.secret) }, { "X-Forwarded-For": "203.0.113.7" });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ proof: "totp", enrolled: true });
    expect((await stats(admin.cookie)).status).toBe(200);

    // Enrolled: no second enrolment (the terminal resets it).
    expect(await (await post("/api/admin/2fa/enrol", admin.cookie)).json()).toEqual({ message: "Second factor already enrolled" });
    expect((await post("/api/admin/2fa/enrol", admin.cookie)).status).toBe(409);
    // Logged with the address.
    const log = await app.deps.db.select({ action: adminActions.action, reason: adminActions.reason, adminId: adminActions.adminId }).from(adminActions).where(eq(adminActions.targetUserId, admin.id));
    expect(log).toEqual([{ action: "second_factor_enrol", reason: "from 203.0.113.7 (authenticator code)", adminId: admin.id }]);
  });

  test("asking again before the first code replaces the secret and the codes", async () => {
    const moderator = await moderatorOf(app, { secondFactor: false });
    const first = (await (await post("/api/admin/2fa/enrol", moderator.cookie)).json()) as { secret: string };
    const second = (await (await post("/api/admin/2fa/enrol", moderator.cookie)).json()) as { secret: string };
    expect(second.secret).not.toBe(first.secret);
    expect(await app.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, moderator.id))).toHaveLength(10);
    expect((await post("/api/admin/2fa/verify", moderator.cookie, { code: codeNow(first.secret) })).status).toBe(400);
    expect((await post("/api/admin/2fa/verify", moderator.cookie, { code: codeNow(second.secret) })).status).toBe(200);
  });

  test("members and visitors cannot reach the second factor's calls", async () => {
    const member = await person(app);
    expect((await post("/api/admin/2fa/enrol", member.cookie)).status).toBe(403);
    expect(await (await post("/api/admin/2fa/verify", member.cookie, { code: "123456" })).json()).toEqual({ message: "Forbidden" });
    expect((await app.request("POST", "/api/admin/2fa/enrol", { body: {} })).status).toBe(401);
  });
});

describe("later sign-ins", () => {
  test("each session proves its own code; the proof lasts as long as the session", async () => {
    const admin = await adminOf(app, { secondFactor: false });
    const { secret } = await enrolAndProve(app, admin.cookie);
    const second = await newSession(admin.id);
    expect(await (await stats(second)).json()).toEqual({ message: "Second factor required" });
    app.clock.advance(30_000);
    expect((await post("/api/admin/2fa/verify", second, { code: codeNow(secret) })).status).toBe(200);
    expect((await stats(second)).status).toBe(200);
    // Still proven later in the same session.
    app.clock.advance(20 * 60_000);
    expect((await stats(second)).status).toBe(200);
  });

  test("a code is accepted once, within one step either side", async () => {
    const admin = await adminOf(app, { secondFactor: false });
    const { secret } = await enrolAndProve(app, admin.cookie);
    const replay = await newSession(admin.id);
    // The enrolment's own code, replayed in the same 30 seconds.
    expect((await post("/api/admin/2fa/verify", replay, { code: totp(secretFromBase32(secret), app.clock.now()) })).status).toBe(400);
    app.clock.advance(90_000);
    expect((await post("/api/admin/2fa/verify", replay, { code: codeNow(secret, -2) })).status).toBe(400);
    expect((await post("/api/admin/2fa/verify", replay, { code: codeNow(secret, 2) })).status).toBe(400);
    expect((await post("/api/admin/2fa/verify", replay, { code: codeNow(secret, -1) })).status).toBe(200);
    // The step before is used now, and with it every step up to it.
    const third = await newSession(admin.id);
    expect((await post("/api/admin/2fa/verify", third, { code: codeNow(secret, -1) })).status).toBe(400);
    expect((await post("/api/admin/2fa/verify", third, { code: codeNow(secret, 1) })).status).toBe(200);
  });

  test("a recovery code opens a session once, whatever its case and dashes, and the sign-in is logged", async () => {
    const admin = await adminOf(app, { secondFactor: false });
    const { recoveryCodes: codes } = await enrolAndProve(app, admin.cookie);
    const lostPhone = await newSession(admin.id);
    const response = await post("/api/admin/2fa/verify", lostPhone, { code: codes[3]!.toLowerCase().replace("-", " ") }, { "X-Forwarded-For": "198.51.100.4" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ proof: "recovery_code" });
    expect((await stats(lostPhone)).status).toBe(200);
    const again = await newSession(admin.id);
    expect((await post("/api/admin/2fa/verify", again, { code: codes[3] })).status).toBe(400);
    const rows = await app.deps.db.select({ action: adminActions.action, reason: adminActions.reason }).from(adminActions).where(eq(adminActions.action, "sign_in"));
    expect(rows).toEqual([{ action: "sign_in", reason: "from 198.51.100.4 (recovery code)" }]);
  });

  test("five wrong codes in 15 minutes: 429, even for a good code, until the window ends", async () => {
    const admin = await adminOf(app, { secondFactor: false });
    const { secret } = await enrolAndProve(app, admin.cookie);
    const session = await newSession(admin.id);
    app.clock.advance(30_000);
    for (let i = 0; i < 5; i++) expect((await post("/api/admin/2fa/verify", session, { code: "000000" })).status).toBe(400);
    const limited = await post("/api/admin/2fa/verify", session, { code: codeNow(secret) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await stats(session)).status).toBe(403);
    app.clock.advance(15 * 60_000);
    expect((await post("/api/admin/2fa/verify", session, { code: codeNow(secret) })).status).toBe(200);
  });
});

describe("/admin/2fa", () => {
  test("every page sends an unproven admin to the page; enrolment shows the QR, the key and the codes; a proven session goes on to next", async () => {
    const admin = await adminOf(app, { secondFactor: false });
    const redirect = await app.request("GET", "/admin/users?page=2", { cookie: admin.cookie });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/admin/2fa?next=%2Fadmin%2Fusers%3Fpage%3D2");
    const start = await app.request("GET", "/admin/2fa?next=%2Fadmin%2Fusers", { headers: { Cookie: `${admin.cookie}; app-language=id` } });
    expect(start.status).toBe(200);
    expect(await start.text()).toContain("Atur verifikasi dua langkah");

    const steps = await app.request("POST", "/admin/2fa/enrol?next=%2Fadmin%2Fusers", { cookie: admin.cookie, headers: { "HX-Request": "true" } });
    expect(steps.status).toBe(200);
    const html = await steps.text();
    expect(html).toContain('<svg class="qr-code"');
    expect(html.match(/<li><code>[A-Z2-7]{5}-[A-Z2-7]{5}<\/code><\/li>/g)).toHaveLength(10);
    expect(html).toContain('hx-post="/api/admin/2fa/verify?next=%2Fadmin%2Fusers"');
    const secret = /data-copy="([A-Z2-7]{32})"/.exec(html)![1]!;

    const verified = await app.request("POST", "/api/admin/2fa/verify?next=%2Fadmin%2Fusers", { cookie: admin.cookie, body: { code: codeNow(secret) }, headers: { "HX-Request": "true" } });
    expect(verified.status).toBe(200);
    expect(verified.headers.get("HX-Redirect")).toBe("/admin/users");
    const back = await app.request("GET", "/admin/2fa?next=%2Fadmin%2Fusers", { cookie: admin.cookie });
    expect(back.headers.get("Location")).toBe("/admin/users");
    expect((await app.request("GET", "/admin/users", { cookie: admin.cookie })).status).toBe(200);
  });

  test("an enrolled admin is asked for the code; next never leaves the panel", async () => {
    const admin = await adminOf(app, { secondFactor: false });
    const { secret } = await enrolAndProve(app, admin.cookie);
    const session = await newSession(admin.id);
    const page = await app.request("GET", "/admin/2fa", { cookie: session });
    const html = await page.text();
    expect(html).toContain("Confirm it&#x27;s you");
    expect(html).toContain("10 left");
    app.clock.advance(30_000);
    for (const next of ["https://evil.example/", "//evil.example", "/profile"]) {
      const response = await app.request("POST", `/api/admin/2fa/verify?next=${encodeURIComponent(next)}`, { cookie: await newSession(admin.id), body: { code: "111111" }, headers: { "HX-Request": "true" } });
      expect(response.headers.get("HX-Redirect")).toBeNull();
    }
    const verified = await app.request("POST", `/api/admin/2fa/verify?next=${encodeURIComponent("//evil.example")}`, { cookie: session, body: { code: codeNow(secret) }, headers: { "HX-Request": "true" } });
    expect(verified.headers.get("HX-Redirect")).toBe("/admin");
  });
});

test("GET /api/auth/user answers the role", async () => {
  const moderator = await moderatorOf(app);
  const admin = await adminOf(app);
  const member = await person(app);
  const roleOf = async (cookie: string) => ((await (await app.request("GET", "/api/auth/user", { cookie })).json()) as { role: string; isAdmin: boolean });
  expect(await roleOf(moderator.cookie)).toMatchObject({ role: "moderator", isAdmin: false });
  expect(await roleOf(admin.cookie)).toMatchObject({ role: "admin", isAdmin: true });
  expect(await roleOf(member.cookie)).toMatchObject({ role: "member", isAdmin: false });
});
