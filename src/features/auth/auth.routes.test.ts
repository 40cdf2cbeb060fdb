import { afterEach, beforeEach, describe, expect, it, spyOn, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, users } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { newId } from "../../platform/ids";
import { hashPassword, PASSWORD_HASH_COST } from "./password";

// argon2id hashing is slow on a busy machine: a timed-out test would leak requests into the next one.
setDefaultTimeout(60_000);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const newcomer = { email: "maria@example.com", password: "a long enough password", firstName: "Maria", lastName: "Santoso" };

async function userCount() {
  return (await t.deps.db.select({ id: users.id }).from(users)).length;
}

async function register(body: Record<string, unknown>) {
  const response = await t.request("POST", "/api/auth/register", { body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

async function login(email: string, password: string) {
  return t.request("POST", "/api/auth/login", { body: { email, password } });
}

describe("POST /api/auth/register", () => {
  for (const missing of ["email", "password", "firstName", "lastName"] as const) {
    it(`refuses a registration without ${missing} with 'Please fill in all fields' and stores nothing`, async () => {
      const result = await register({ ...newcomer, [missing]: missing === "password" ? "" : "   ", captchaToken: await t.solveCaptcha() });
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ message: "Please fill in all fields" });
      expect(await userCount()).toBe(0);
    });
  }

  it("answers a body that is not JSON with a 400 message", async () => {
    const response = await t.request("POST", "/api/auth/register", { body: "{not json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Malformed JSON in request body" });
  });

  it("answers fields of the wrong type with 'Please fill in all fields'", async () => {
    const result = await register({ ...newcomer, firstName: 42, captchaToken: await t.solveCaptcha() });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: "Please fill in all fields" });
  });

  it("refuses a missing, wrong or reused captcha", async () => {
    const missing = await register(newcomer);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: "Please complete the CAPTCHA verification" });
    const wrong = await register({ ...newcomer, captchaToken: Buffer.from("{}").toString("base64") });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: "Please complete the CAPTCHA verification" });
    expect(await userCount()).toBe(0);
    const token = await t.solveCaptcha();
    expect((await register({ ...newcomer, captchaToken: token })).status).toBe(201);
    const reused = await register({ ...newcomer, email: "other@example.com", captchaToken: token });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ message: "Please complete the CAPTCHA verification" });
    expect(await userCount()).toBe(1);
  });

  it("refuses a solution with a forged key or altered challenge parameters", async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    const payload = JSON.parse(Buffer.from(await t.solveCaptcha(), "base64").toString("utf8"));
    const key: string = payload.solution.derivedKey;
    const forgedKey = { ...payload, solution: { ...payload.solution, derivedKey: (key[0] === "0" ? "1" : "0") + key.slice(1) } };
    expect((await register({ ...newcomer, captchaToken: encode(forgedKey) })).body).toEqual({ message: "Please complete the CAPTCHA verification" });
    const longerLife = { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, expiresAt: payload.challenge.parameters.expiresAt + 86_400 } } };
    expect((await register({ ...newcomer, captchaToken: encode(longerLife) })).body).toEqual({ message: "Please complete the CAPTCHA verification" });
    expect(await userCount()).toBe(0);
  });

  it("refuses a password shorter than 8 characters", async () => {
    const result = await register({ ...newcomer, password: "short12", captchaToken: await t.solveCaptcha() });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: "Password must be at least 8 characters long" });
    expect(await userCount()).toBe(0);
  });

  it("refuses a common password", async () => {
    const result = await register({ ...newcomer, password: "password123", captchaToken: await t.solveCaptcha() });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: "This password is too common. Please choose another one" });
  });

  it("refuses an invalid email address", async () => {
    const result = await register({ ...newcomer, email: "maria.example.com", captchaToken: await t.solveCaptcha() });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: "Please enter a valid email address" });
    expect(await userCount()).toBe(0);
  });

  it("refuses an email that already has an account, whatever its case, with 409", async () => {
    expect((await register({ ...newcomer, captchaToken: await t.solveCaptcha() })).status).toBe(201);
    const again = await register({ ...newcomer, email: "MARIA@Example.com", captchaToken: await t.solveCaptcha() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "An account with this email already exists" });
    expect(await userCount()).toBe(1);
  });

  it("creates the account, signs it in and answers isNewUser", async () => {
    const result = await register({ ...newcomer, email: " Maria@Example.com ", captchaToken: await t.solveCaptcha() });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ email: "maria@example.com", firstName: "Maria", lastName: "Santoso", isAdmin: false, isNewUser: true });
    const me = await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(result.response) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "maria@example.com", firstName: "Maria" });
    const [row] = await t.deps.db.select({ passwordHash: users.passwordHash }).from(users);
    expect(row!.passwordHash).toStartWith("$argon2id$");
  });

  it("does not make the SUPER_ADMIN_EMAIL account an admin at registration: the address is not proven yet", async () => {
    await t.close();
    t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: "Pastor@Example.com" } });
    const result = await register({ ...newcomer, email: "pastor@example.com", captchaToken: await t.solveCaptcha() });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ isAdmin: false });
    const me = await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(result.response) });
    expect(await me.json()).toMatchObject({ isAdmin: false, isPremium: false });
    const [row] = await t.deps.db.select({ isAdmin: users.isAdmin, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, "pastor@example.com"));
    expect(row).toEqual({ isAdmin: false, emailVerifiedAt: null });
  });
});

describe("POST /api/auth/register: unknown fields and the per-address throttle", () => {
  it("drops unknown fields: isAdmin, plan or an id in the body change nothing", async () => {
    const chosenId = "a".repeat(26);
    const result = await register({ ...newcomer, captchaToken: await t.solveCaptcha(), isAdmin: true, plan: "premium_plus", planExpiresAt: null, isPremium: true, isBanned: false, id: chosenId });
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ isAdmin: false });
    expect(result.body.id).not.toBe(chosenId);
    const [row] = await t.deps.db.select({ id: users.id, isAdmin: users.isAdmin, plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users);
    expect(row).toEqual({ id: result.body.id as string, isAdmin: false, plan: "free", planExpiresAt: null });
    const me = await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(result.response) });
    expect(await me.json()).toMatchObject({ isAdmin: false, isPremium: false });
  });

  it("creates at most 10 accounts an hour from one address, even in a parallel burst; refused attempts use no slot", async () => {
    // Refused (no captcha): gives back the slot it was counted against.
    expect((await register({ ...newcomer, email: "refused@example.com" })).status).toBe(400);
    const tokens = await Promise.all(Array.from({ length: 12 }, () => t.solveCaptcha()));
    const results = await Promise.all(tokens.map((captchaToken, i) => register({ ...newcomer, email: `member${i}@example.com`, captchaToken })));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const refused = results.find((result) => result.status === 429)!;
    expect(refused.body).toEqual({ message: "Too many accounts created from this network. Please try again later" });
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.response.headers.get("Retry-After"))).toBeLessThanOrEqual(60 * 60);
    expect(await userCount()).toBe(10);
    t.clock.advance(hour);
    expect((await register({ ...newcomer, email: "later@example.com", captchaToken: await t.solveCaptcha() })).status).toBe(201);
  });
});

describe("POST /api/auth/register: a taken address", () => {
  it("counts towards the address's hourly limit, so accounts cannot be enumerated freely", async () => {
    expect((await register({ ...newcomer, captchaToken: await t.solveCaptcha() })).status).toBe(201);
    for (let attempt = 0; attempt < 9; attempt++) {
      const taken = await register({ ...newcomer, captchaToken: await t.solveCaptcha() });
      expect(taken.status).toBe(409);
    }
    const refused = await register({ ...newcomer, captchaToken: await t.solveCaptcha() });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: "Too many accounts created from this network. Please try again later" });
  });
});

describe("POST /api/auth/login", () => {
  it("refuses a missing email or password with 'Please fill in all fields'", async () => {
    for (const body of [{ email: "maria@example.com", password: "" }, { email: "", password: "secret secret" }, {}, { email: "   ", password: "x" }]) {
      const response = await t.request("POST", "/api/auth/login", { body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Please fill in all fields" });
    }
  });

  it("sets an HttpOnly SameSite cookie and GET /api/auth/user returns the user", async () => {
    const user = await t.registerUser();
    const response = await login(user.email, user.password);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isNewUser: true });
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    const me = await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({ id: user.id, firstName: "Maria", lastName: "Santoso", isPremium: false, isAdmin: false, dailySwipes: 0, dailyChats: 0, profile: null });
    expect(body).not.toHaveProperty("passwordHash");
  });

  it("starts a new session at every sign-in", async () => {
    const user = await t.registerUser();
    const first = sessionCookieFrom(await login(user.email, user.password));
    const second = sessionCookieFrom(await login(user.email, user.password));
    expect(first).not.toBe(second);
    expect((await t.deps.db.select().from(sessions)).length).toBe(3); // registration + two sign-ins
  });

  it("ends the session the browser had when it signs in again", async () => {
    const user = await t.registerUser();
    const again = sessionCookieFrom(await t.request("POST", "/api/auth/login", { cookie: user.cookie, body: { email: user.email, password: user.password } }));
    expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    expect((await t.request("GET", "/api/auth/user", { cookie: again })).status).toBe(200);
  });

  it("gives unknown email and wrong password the same 401 answer", async () => {
    const user = await t.registerUser();
    const unknown = await login("nobody@example.com", user.password);
    const wrong = await login(user.email, "not the right password");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const unknownBody = await unknown.text();
    expect(unknownBody).toBe(await wrong.text());
    expect(JSON.parse(unknownBody)).toEqual({ message: "Invalid email or password" });
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers the 11th failed sign-in within 15 minutes with 429 and Retry-After, without hashing", async () => {
    const user = await t.registerUser();
    for (let attempt = 1; attempt <= 10; attempt++) expect((await login(user.email, `wrong password ${attempt}`)).status).toBe(401);
    const verify = spyOn(Bun.password, "verify");
    try {
      const eleventh = await login(user.email, user.password);
      expect(eleventh.status).toBe(429);
      expect(await eleventh.json()).toEqual({ message: "Too many sign-in attempts. Please try again later" });
      expect(Number(eleventh.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(Number(eleventh.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
    t.clock.advance(15 * minute);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it("a burst of parallel guesses at one account gets no more than 10 tries hashed", async () => {
    const user = await t.registerUser();
    const responses = await Promise.all(Array.from({ length: 15 }, (_, i) => login(user.email, `wrong password ${i}`)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it("limits failed sign-ins per address too, across different accounts", async () => {
    for (let attempt = 1; attempt <= 10; attempt++) expect((await login(`guess${attempt}@example.com`, "some password")).status).toBe(401);
    expect((await login("guess11@example.com", "some password")).status).toBe(429);
  });

  it("a parallel burst from one address across different emails gets no more than 10 tries hashed", async () => {
    const verify = spyOn(Bun.password, "verify");
    try {
      const responses = await Promise.all(Array.from({ length: 15 }, (_, i) => login(`guess${i}@example.com`, "some password")));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
    } finally {
      verify.mockRestore();
    }
  });

  it("a successful sign-in gives the address back the slot it was counted against", async () => {
    const user = await t.registerUser();
    for (let attempt = 1; attempt <= 9; attempt++) expect((await login(`guess${attempt}@example.com`, "some password")).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
    // Nine failures so far: the tenth is still heard (and hashed), the eleventh is not.
    expect((await login("guess10@example.com", "some password")).status).toBe(401);
    expect((await login("guess11@example.com", "some password")).status).toBe(429);
  });

  it("runs an argon2id verification for an unknown email too, at the same cost as for a real account (no timing tell)", async () => {
    // The production cost, as the server runs without a test's cheaper one.
    await t.close();
    t = await createTestApp({ deps: { passwordHashCost: undefined } });
    const user = await t.registerUser();
    const verify = spyOn(Bun.password, "verify");
    try {
      expect((await login("nobody@example.com", user.password)).status).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      expect((await login(user.email, "not the right password")).status).toBe(401);
      expect(verify).toHaveBeenCalledTimes(2);
      const [dummyHash, realHash] = verify.mock.calls.map((call) => String(call[1]));
      expect(dummyHash).toStartWith("$argon2id$");
      expect(dummyHash).not.toBe(realHash);
      // "$argon2id$v=19$m=65536,t=2,p=1$…": same algorithm, version and cost parameters.
      const cost = (hash: string) => hash.split("$").slice(1, 4).join("$");
      expect(cost(dummyHash!)).toBe(cost(realHash!));
      expect(cost(realHash!)).toBe(`argon2id$v=19$m=${PASSWORD_HASH_COST.memoryCost},t=${PASSWORD_HASH_COST.timeCost},p=1`);
    } finally {
      verify.mockRestore();
    }
  });

  it("refuses a banned account", async () => {
    const user = await t.registerUser();
    await t.deps.db.update(users).set({ isBanned: true, banReason: "Spam" }).where(eq(users.id, user.id));
    const response = await login(user.email, user.password);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Your account has been suspended: Spam" });
    expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(401);
  });

  it("makes a verified SUPER_ADMIN_EMAIL account an admin at its first sign-in, an unverified one not", async () => {
    await t.close();
    t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: "elder@example.com" } });
    // An account that existed before the operator named it super-admin, its address not yet proven.
    const id = newId();
    await t.deps.db.insert(users).values({ id, email: "elder@example.com", passwordHash: await hashPassword("shepherd of the flock", t.deps.passwordHashCost), firstName: "Yohanes", lastName: "Elder" });
    const before = await login("Elder@Example.com", "shepherd of the flock");
    expect(before.status).toBe(200);
    expect(await (await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(before) })).json()).toMatchObject({ isAdmin: false });
    // Once the address is proven, the next sign-in makes it an admin.
    await t.deps.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, id));
    const response = await login("Elder@Example.com", "shepherd of the flock");
    expect(response.status).toBe(200);
    const me = await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) });
    expect(await me.json()).toMatchObject({ isAdmin: true });
    const [row] = await t.deps.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.email, "elder@example.com"));
    expect(row!.isAdmin).toBe(true);
  });
});

describe("GET /api/auth/user", () => {
  it("answers 401 Unauthorized when signed out or with a made-up cookie", async () => {
    for (const cookie of [undefined, "kasih_session=made-up-token"]) {
      const response = await t.request("GET", "/api/auth/user", { cookie });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Unauthorized" });
    }
  });

  it("is never cached", async () => {
    const user = await t.registerUser();
    const response = await t.request("GET", "/api/auth/user", { cookie: user.cookie });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("GET /api/logout", () => {
  it("ends the session on the server, clears the cookie and goes to /", async () => {
    const user = await t.registerUser();
    expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    const revoked: { userId: string; sessionIds: string[] | null }[] = [];
    t.deps.events.on("sessions.revoked", (event) => revoked.push(event));
    const response = await t.request("GET", "/api/logout", { cookie: user.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/kasih_session=;.*Max-Age=0/);
    // Open WebSockets of that session are closed by whoever listens (realtime).
    expect(revoked).toEqual([{ userId: user.id, sessionIds: [expect.any(String)] }]);
    // The old cookie, replayed, opens nothing.
    const replay = await t.request("GET", "/api/auth/user", { cookie: user.cookie });
    expect(replay.status).toBe(401);
    expect((await t.deps.db.select().from(sessions)).length).toBe(0);
  });

  it("ends only the session it was called with", async () => {
    const user = await t.registerUser();
    const other = sessionCookieFrom(await login(user.email, user.password));
    await t.request("GET", "/api/logout", { cookie: user.cookie });
    expect((await t.request("GET", "/api/auth/user", { cookie: other })).status).toBe(200);
  });

  it("is harmless when signed out", async () => {
    const response = await t.request("GET", "/api/logout");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("state-changing requests from another origin (CSRF)", () => {
  it("answers a JSON POST with a foreign Origin with 403 and does nothing", async () => {
    const user = await t.registerUser();
    const response = await t.request("POST", "/api/auth/login", { body: { email: user.email, password: user.password }, headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    // The refusal names both addresses (a page opened at the wrong one is the honest case).
    expect(await response.json()).toEqual({ message: `This page was opened at https://evil.example, but this server's address is ${TEST_ORIGIN} (APP_ORIGIN). Open it at ${TEST_ORIGIN}` });
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers a POST without an Origin header with 403", async () => {
    const response = await t.app.request("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "a@example.com", password: "whatever it is" }) });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Forbidden" });
  });

  it("answers a form POST, a PUT, a PATCH and a DELETE from a foreign origin with 403", async () => {
    const form = await t.app.request("/api/auth/register", { method: "POST", headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" }, body: "email=a%40example.com" });
    expect(form.status).toBe(403);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await t.request(method, "/api/auth/user", { headers: { Origin: "null" } });
      expect(response.status).toBe(403);
    }
    expect(await userCount()).toBe(0);
  });

  it("lets the app's own origin through", async () => {
    const response = await t.request("POST", "/api/auth/login", { body: { email: "", password: "" }, headers: { Origin: TEST_ORIGIN } });
    expect(response.status).toBe(400);
  });
});

describe("sessions", () => {
  it("stores only a hash of the session token", async () => {
    const user = await t.registerUser();
    const token = decodeURIComponent(user.cookie.split("=")[1]!);
    // Lower-case base32: 5 bits a character, so at least 24 characters carry the required 120 bits.
    expect(token).toMatch(/^[a-z2-7]+$/);
    expect(token.length * 5).toBeGreaterThanOrEqual(120);
    const rows = await t.deps.db.select().from(sessions);
    expect(rows.length).toBe(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.id).toBe(new Bun.CryptoHasher("sha256").update(token).digest("hex"));
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(token);
  });

  it("refreshes a member's last-seen time at most once an hour", async () => {
    const user = await t.registerUser();
    const lastSeen = async () => (await t.deps.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions))[0]!.lastSeenAt.getTime();
    const me = async () => expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    const signedInAt = t.clock.now().getTime();
    expect(await lastSeen()).toBe(signedInAt);
    for (const step of [minute, 30 * minute, 28 * minute]) {
      t.clock.advance(step);
      await me();
      expect(await lastSeen()).toBe(signedInAt);
    }
    t.clock.advance(minute); // an hour since the last write
    await me();
    const touchedAt = t.clock.now().getTime();
    expect(await lastSeen()).toBe(touchedAt);
    t.clock.advance(59 * minute);
    await me();
    await me();
    expect(await lastSeen()).toBe(touchedAt);
    t.clock.advance(minute);
    await me();
    expect(await lastSeen()).toBe(t.clock.now().getTime());
  });

  it("over https names the cookie __Host-kasih_session: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain", async () => {
    await t.close();
    const origin = "https://kasih.example";
    t = await createTestApp({ env: { APP_ORIGIN: origin } });
    expect(t.config.isHttps).toBe(true);
    const registration = await t.request("POST", "/api/auth/register", { body: { ...newcomer, captchaToken: await t.solveCaptcha() }, headers: { Origin: origin } });
    expect(registration.status).toBe(201);
    const signIn = await t.request("POST", "/api/auth/login", { body: { email: newcomer.email, password: newcomer.password }, headers: { Origin: origin } });
    expect(signIn.status).toBe(200);
    let cookie = "";
    for (const response of [registration, signIn]) {
      const setCookies = response.headers.getSetCookie();
      expect(setCookies.filter((value) => value.startsWith("kasih_session="))).toEqual([]);
      const setCookie = setCookies.find((value) => value.startsWith("__Host-kasih_session="));
      expect(setCookie).toBeDefined();
      const attributes = setCookie!.split(";").slice(1).map((attribute) => attribute.trim());
      const names = attributes.map((attribute) => attribute.split("=")[0]!.toLowerCase());
      expect(names).toContain("secure");
      expect(names).toContain("httponly");
      expect(attributes).toContain("SameSite=Lax");
      expect(attributes).toContain("Path=/");
      expect(names).not.toContain("domain");
      cookie = setCookie!.split(";")[0]!;
    }
    expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(200);
    // The unprefixed name (settable by a sibling subdomain or over http) opens nothing.
    expect((await t.request("GET", "/api/auth/user", { cookie: cookie.replace("__Host-", "") })).status).toBe(401);
    // Logout clears it with Secure and Path=/, or a browser would ignore the __Host- deletion.
    const logout = await t.request("GET", "/api/logout", { cookie });
    const cleared = logout.headers.getSetCookie().find((value) => value.startsWith("__Host-kasih_session="));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Secure/);
    expect(cleared).toMatch(/; Path=\//);
  });

  it("ends a member's session after 14 days idle", async () => {
    const user = await t.registerUser();
    t.clock.advance(14 * day - minute);
    expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    const other = await t.registerUser();
    t.clock.advance(14 * day);
    expect((await t.request("GET", "/api/auth/user", { cookie: other.cookie })).status).toBe(401);
  });

  it("keeps an active member signed in, but never past 30 days", async () => {
    const user = await t.registerUser();
    for (let elapsed = 0; elapsed < 29; elapsed += 7) {
      t.clock.advance(7 * day);
      if (elapsed + 7 >= 30) break;
      expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    }
    // 28 days in and active every week; two more days pass the absolute lifetime.
    t.clock.advance(2 * day);
    expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    expect((await t.deps.db.select().from(sessions)).length).toBe(0);
  });

  it("ends an admin's session after 30 minutes idle", async () => {
    const user = await t.registerUser();
    await t.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    const cookie = sessionCookieFrom(await login(user.email, user.password));
    t.clock.advance(29 * minute);
    expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(200);
    t.clock.advance(30 * minute);
    expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(401);
  });

  it("keeps an active admin signed in, but never past 12 hours", async () => {
    const user = await t.registerUser();
    await t.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    const cookie = sessionCookieFrom(await login(user.email, user.password));
    for (let elapsed = 20 * minute; elapsed < 12 * hour; elapsed += 20 * minute) {
      t.clock.advance(20 * minute);
      expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(200);
    }
    t.clock.advance(20 * minute);
    expect((await t.request("GET", "/api/auth/user", { cookie })).status).toBe(401);
  });

  it("gives a member made admin the admin lifetime, counted from the sign-in", async () => {
    const user = await t.registerUser(); // a member session: 30 days
    await t.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    for (let elapsed = 0; elapsed < 12 * hour; elapsed += 20 * minute) {
      t.clock.advance(20 * minute);
      if (elapsed + 20 * minute >= 12 * hour) break;
      expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    }
    expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(401);
  });
});
