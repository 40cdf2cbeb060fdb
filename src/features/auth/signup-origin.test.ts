/**
 * The sign-up address and country a member's admin page shows (ADMIN.md 'One member'), recorded
 * when the account is made, whichever way it is made.
 */
import { afterEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";

let t: TestApp;
afterEach(() => t.close());

async function originOf(email: string) {
  const [row] = await t.deps.db.select({ ip: users.signupIp, country: users.signupCountry }).from(users).where(eq(users.email, email));
  return row;
}

async function register(headers: Record<string, string>) {
  const email = `origin-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const body = { email, password: "correct horse battery", firstName: "Maria", lastName: "Santoso", captchaToken: await t.solveCaptcha() };
  expect((await t.request("POST", "/api/auth/register", { body, headers })).status).toBe(201);
  return email;
}

describe("the sign-up origin", () => {
  it("behind a trusted proxy: the address the proxy added and the country it reports", async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "true" } });
    const email = await register({ "X-Forwarded-For": "203.0.113.9, 198.51.100.7", "CF-IPCountry": "id" });
    expect(await originOf(email)).toEqual({ ip: "198.51.100.7", country: "ID" });
    // Cloudflare's "unknown" says nothing of a country.
    expect(await originOf(await register({ "X-Forwarded-For": "198.51.100.8", "CF-IPCountry": "XX" }))).toEqual({ ip: "198.51.100.8", country: null });
  });

  it("without a trusted proxy, a caller's own headers are not believed", async () => {
    t = await createTestApp();
    const email = await register({ "X-Forwarded-For": "203.0.113.9", "CF-IPCountry": "SG" });
    // app.request() has no socket, so no address is known; neither claim is taken.
    expect(await originOf(email)).toEqual({ ip: null, country: null });
  });
});
