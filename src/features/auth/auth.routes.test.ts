import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { sessions } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("POST /api/auth/register", () => {
  it("refuses missing fields with the specification's message", async () => {
    const response = await t.request("POST", "/api/auth/register", { body: { email: "a@example.com", password: "", firstName: "A", lastName: "B" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Please fill in all fields" });
  });

  it("refuses a missing, wrong or reused captcha", async () => {
    const body = { email: "maria@example.com", password: "a long enough password", firstName: "Maria", lastName: "Santoso" };
    const missing = await t.request("POST", "/api/auth/register", { body });
    expect(await missing.json()).toEqual({ message: "Please complete the CAPTCHA verification" });
    const wrong = await t.request("POST", "/api/auth/register", { body: { ...body, captchaToken: Buffer.from("{}").toString("base64") } });
    expect(await wrong.json()).toEqual({ message: "Please complete the CAPTCHA verification" });
    const token = await t.solveCaptcha();
    expect((await t.request("POST", "/api/auth/register", { body: { ...body, captchaToken: token } })).status).toBe(201);
    const reused = await t.request("POST", "/api/auth/register", { body: { ...body, email: "other@example.com", captchaToken: token } });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ message: "Please complete the CAPTCHA verification" });
  });
});

describe("POST /api/auth/login", () => {
  it("sets an HttpOnly SameSite cookie and GET /api/auth/user returns the user", async () => {
    const user = await t.registerUser();
    const response = await t.request("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ isNewUser: true });
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const me = await t.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({ id: user.id, firstName: "Maria", isPremium: false, isAdmin: false, dailySwipes: 0, dailyChats: 0, profile: null });
  });

  it("stores only a hash of the session token", async () => {
    const user = await t.registerUser();
    const token = decodeURIComponent(user.cookie.split("=")[1]!);
    const rows = await t.deps.db.select().from(sessions);
    expect(rows.length).toBe(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });
});
