import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";
import { createMember } from "../discovery/discovery.test-support";
import { fileMode, latestCode, outboxFiles } from "./phone-sign-in.test-support";

let app: TestApp;
let address = 0;
beforeEach(async () => {
  // Each test speaks from its own address unless it says otherwise, so the address limit is its own.
  app = await createTestApp({ env: { TRUST_PROXY: "true" } });
  address++;
});
afterEach(() => app.close());

const NUMBER = "+6281234567890";
const from = (ip = `203.0.113.${address}`) => ({ "X-Forwarded-For": ip });
const start = (phone: string, extra: { cookie?: string; ip?: string; channel?: string; lang?: string } = {}) =>
  app.request("POST", "/api/auth/phone/start", {
    body: { phone, ...(extra.channel ? { channel: extra.channel } : {}) },
    cookie: [extra.cookie, extra.lang ? `app-language=${extra.lang}` : undefined].filter(Boolean).join("; ") || undefined,
    headers: from(extra.ip),
  });
const verify = (phone: string, code: string) => app.request("POST", "/api/auth/phone/verify", { body: { phone, code }, headers: from() });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const userByPhone = async (phone: string) => (await app.deps.db.select().from(users).where(eq(users.phone, phone)))[0];

describe("POST /api/auth/phone/start", () => {
  test("08…, 628… and +62… are one number in E.164; anything else is not a phone number and nothing is sent", async () => {
    for (const typed of ["0812-3456-7890", "6281234567890", "+62 812 3456 7890"]) {
      const response = await start(typed);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: "Code sent" });
    }
    expect(outboxFiles(app.dataDir).map((file) => file.message.to)).toEqual([NUMBER, NUMBER, NUMBER]);
    for (const typed of ["12345", "+14155550100", "0212345678", "", "nomor saya"]) {
      const response = await start(typed);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Please enter a valid phone number" });
    }
    expect(outboxFiles(app.dataDir)).toHaveLength(3);
  });

  test("the outbox keeps one 0600 JSON file per message {to, channel, text, createdAt}, the text holding the code, in the screen's language", async () => {
    await start("081234567890");
    await start("081234567891", { channel: "sms", lang: "id" });
    const [first, second] = outboxFiles(app.dataDir);
    expect(Object.keys(first!.message).sort()).toEqual(["channel", "createdAt", "text", "to"]);
    expect(first!.message).toMatchObject({ to: "+6281234567890", channel: "whatsapp" });
    expect(first!.message.text).toMatch(/^\d{6} is your Kasih sign-in code\. It expires in 5 minutes\./);
    expect(new Date(first!.message.createdAt).toISOString()).toBe(first!.message.createdAt);
    expect(fileMode(first!.path)).toBe(0o600);
    expect(second!.message).toMatchObject({ to: "+6281234567891", channel: "sms" });
    expect(second!.message.text).toMatch(/^\d{6} adalah kode masuk Kasih kamu\. Berlaku 5 menit\./);
  });

  test("the answer is the same for a number with an account and one without", async () => {
    const member = await createMember(app);
    await app.deps.db.update(users).set({ phone: NUMBER, phoneVerifiedAt: app.clock.now() }).where(eq(users.id, member.id));
    const known = await start(NUMBER);
    const unknown = await start("+6281111111111");
    expect([known.status, await known.text()]).toEqual([unknown.status, await unknown.text()]);
  });

  test("3 codes per number in an hour, then 429 with Retry-After; the next hour it sends again", async () => {
    for (let i = 0; i < 3; i++) expect((await start(NUMBER, { ip: `198.51.100.${i}` })).status).toBe(200);
    const refused = await start(NUMBER, { ip: "198.51.100.9" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(outboxFiles(app.dataDir)).toHaveLength(3);
    app.clock.advance(60 * 60_000);
    expect((await start(NUMBER)).status).toBe(200);
  });

  test("10 codes per address in an hour, whatever the numbers, then 429 with Retry-After", async () => {
    for (let i = 0; i < 10; i++) expect((await start(`+62812000000${String(i).padStart(2, "0")}`)).status).toBe(200);
    const refused = await start("+6281200000099");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: "Too many codes requested. Please try again later" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await start("+6281200000099", { ip: "192.0.2.200" })).status).toBe(200);
  });
});

describe("POST /api/auth/phone/verify", () => {
  test("a new number makes an account without email or name, signed in, isNewUser; the name is set next", async () => {
    await start("0812 3456 7890");
    const response = await verify("0812-3456-7890", latestCode(app.dataDir, NUMBER));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isNewUser: true });
    const cookie = sessionCookieFrom(response);
    const me = await (await app.request("GET", "/api/auth/user", { cookie })).json();
    expect(me).toMatchObject({ email: null, firstName: "", isNewUser: true });
    const row = await userByPhone(NUMBER);
    expect(row).toMatchObject({ id: me.id, email: null, passwordHash: null, phone: NUMBER });
    expect(row!.phoneVerifiedAt).not.toBeNull();

    const named = await app.request("PATCH", "/api/account/name", { body: { firstName: " Ruth ", lastName: "Siregar" }, cookie });
    expect(await named.json()).toEqual({ firstName: "Ruth", lastName: "Siregar" });
    expect((await app.request("PATCH", "/api/account/name", { body: { firstName: "  " }, cookie })).status).toBe(400);
  });

  test("a proven number signs in to its account (isNewUser false with a photo), a second sign-in is no new account", async () => {
    const member = await createMember(app, { firstName: "Maria" });
    await app.deps.db.update(users).set({ phone: NUMBER, phoneVerifiedAt: app.clock.now() }).where(eq(users.id, member.id));
    await start(NUMBER);
    const response = await verify(NUMBER, latestCode(app.dataDir, NUMBER));
    expect(await response.json()).toEqual({ isNewUser: false });
    const me = await (await app.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).json();
    expect(me.id).toBe(member.id);
    expect(await app.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, NUMBER))).toHaveLength(1);
  });

  test("a sign-in by phone replaces the session the browser had: the old cookie no longer signs in", async () => {
    const before = await createMember(app, { firstName: "Before" });
    await start(NUMBER);
    const response = await app.request("POST", "/api/auth/phone/verify", { body: { phone: NUMBER, code: latestCode(app.dataDir, NUMBER) }, cookie: before.cookie, headers: from() });
    expect(response.status).toBe(200);
    expect((await app.request("GET", "/api/auth/user", { cookie: before.cookie })).status).toBe(401);
    expect((await app.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).status).toBe(200);
  });

  test("a number typed before but never proven is not a sign-in to that account", async () => {
    const member = await createMember(app);
    await app.deps.db.update(users).set({ phone: NUMBER }).where(eq(users.id, member.id));
    await start(NUMBER);
    const response = await verify(NUMBER, latestCode(app.dataDir, NUMBER));
    const me = await (await app.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).json();
    expect(me.id).not.toBe(member.id);
  });

  test("a code lives 5 minutes (fake clock)", async () => {
    await start(NUMBER);
    const code = latestCode(app.dataDir, NUMBER);
    app.clock.advance(5 * 60_000);
    const late = await verify(NUMBER, code);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ message: "Invalid or expired code" });

    await start("+6281111111111");
    app.clock.advance(5 * 60_000 - 1_000);
    expect((await verify("+6281111111111", latestCode(app.dataDir, "+6281111111111"))).status).toBe(200);
  });

  test("a code is used once", async () => {
    await start(NUMBER);
    const code = latestCode(app.dataDir, NUMBER);
    expect((await verify(NUMBER, code)).status).toBe(200);
    const again = await verify(NUMBER, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: "Invalid or expired code" });
  });

  test("a newer code voids the older one", async () => {
    await start(NUMBER);
    const older = latestCode(app.dataDir, NUMBER);
    await start(NUMBER);
    const newer = latestCode(app.dataDir, NUMBER);
    if (older !== newer) expect((await verify(NUMBER, older)).status).toBe(400);
    expect((await verify(NUMBER, newer)).status).toBe(200);
  });

  test("the outbox's files sort in the order they were written, codes sent in the same millisecond too", async () => {
    for (let i = 0; i < 3; i++) await start(NUMBER);
    const files = outboxFiles(app.dataDir);
    const written = files.map((file) => file.message.createdAt);
    expect(written).toEqual([...written].sort());
    // The last file's code is the live one: the older two are void.
    const codes = files.map((file) => /\b(\d{6})\b/.exec(file.message.text)![1]!);
    expect((await verify(NUMBER, codes.at(-1)!)).status).toBe(200);
  });

  test("four wrong codes leave the code usable; the fifth voids it", async () => {
    await start(NUMBER);
    const code = latestCode(app.dataDir, NUMBER);
    for (let i = 0; i < 4; i++) expect((await verify(NUMBER, wrongCodeFor(code))).status).toBe(400);
    expect((await verify(NUMBER, code)).status).toBe(200);

    const other = "+6281111111111";
    await start(other);
    const code2 = latestCode(app.dataDir, other);
    for (let i = 0; i < 5; i++) expect((await verify(other, i === 2 ? "12ab" : wrongCodeFor(code2))).status).toBe(400);
    const voided = await verify(other, code2);
    expect(voided.status).toBe(400);
    expect(await voided.json()).toEqual({ message: "Invalid or expired code" });
  });

  test("a banned account is refused like a password sign-in, and the code is spent", async () => {
    const member = await createMember(app);
    await app.deps.db.update(users).set({ phone: NUMBER, phoneVerifiedAt: app.clock.now(), isBanned: true, banReason: "Scam" }).where(eq(users.id, member.id));
    await start(NUMBER);
    const response = await verify(NUMBER, latestCode(app.dataDir, NUMBER));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Your account has been suspended: Scam" });
    expect(response.headers.getSetCookie().some((value) => value.startsWith("kasih_session="))).toBe(false);
  });
});

describe("POST /api/account/phone/verify", () => {
  test("a member adds and proves a number; the answer is the user with it; a number proven on another account is 409", async () => {
    const maria = await createMember(app, { firstName: "Maria" });
    await start("0812 3456 7890", { cookie: maria.cookie });
    const proven = await app.request("POST", "/api/account/phone/verify", { body: { phone: "0812-3456-7890", code: latestCode(app.dataDir, NUMBER) }, cookie: maria.cookie });
    expect(proven.status).toBe(200);
    const body = await proven.json();
    expect(body).toMatchObject({ id: maria.id, phone: NUMBER, firstName: "Maria" });
    expect(typeof body.phoneVerifiedAt).toBe("string");

    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    await start(NUMBER, { cookie: budi.cookie, ip: "192.0.2.50" });
    const taken = await app.request("POST", "/api/account/phone/verify", { body: { phone: NUMBER, code: latestCode(app.dataDir, NUMBER) }, cookie: budi.cookie });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: "This phone number is already used by another account" });
    expect((await app.deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, budi.id)))[0]!.phone).toBeNull();

    // Then Maria signs in with it.
    await start(NUMBER, { ip: "192.0.2.51" });
    const signIn = await verify(NUMBER, latestCode(app.dataDir, NUMBER));
    expect((await (await app.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(signIn) })).json()).id).toBe(maria.id);
  });

  test("a wrong code changes nothing; without a session it is 401", async () => {
    const maria = await createMember(app);
    await start(NUMBER, { cookie: maria.cookie });
    const wrong = await app.request("POST", "/api/account/phone/verify", { body: { phone: NUMBER, code: wrongCodeFor(latestCode(app.dataDir, NUMBER)) }, cookie: maria.cookie });
    expect(wrong.status).toBe(400);
    expect((await app.deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, maria.id)))[0]!.phone).toBeNull();
    expect((await app.request("POST", "/api/account/phone/verify", { body: { phone: NUMBER, code: "123456" } })).status).toBe(401);
  });
});

describe("the admin's member page", () => {
  test("shows the number proven once the member proved it, and not proven for a number never proven", async () => {
    const admin = await createMember(app, { isAdmin: true, firstName: "Ada" });
    const maria = await createMember(app, { firstName: "Maria" });
    const phoneCell = async () => {
      const html = await (await app.request("GET", `/admin/users/${maria.id}`, { cookie: admin.cookie })).text();
      const at = html.indexOf("+6281234567890");
      return at < 0 ? null : html.slice(at, at + 300);
    };
    await app.deps.db.update(users).set({ phone: NUMBER }).where(eq(users.id, maria.id));
    expect(await phoneCell()).toContain("Not proven");
    await app.deps.db.update(users).set({ phone: null }).where(eq(users.id, maria.id));
    await start(NUMBER, { cookie: maria.cookie });
    expect((await app.request("POST", "/api/account/phone/verify", { body: { phone: NUMBER, code: latestCode(app.dataDir, NUMBER) }, cookie: maria.cookie })).status).toBe(200);
    const cell = await phoneCell();
    expect(cell).toContain("Proven");
    expect(cell).not.toContain("Not proven");
  });
});
