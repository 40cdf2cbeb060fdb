import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { grantAdmin, setPlan } from "./operator-commands";

// argon2id hashing is slow on a busy machine: a timed-out test would leak requests into the next one.
setDefaultTimeout(60_000);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const me = async (cookie: string) => (await t.request("GET", "/api/auth/user", { cookie })).json();

describe("kasih admin grant EMAIL", () => {
  it("makes an existing user an admin, whatever the case of the address", async () => {
    const user = await t.registerUser({ email: "operator@example.com" });
    expect(await me(user.cookie)).toMatchObject({ isAdmin: false });
    expect(await grantAdmin(t.deps.db, "Operator@Example.com")).toEqual({ ok: true, message: "Operator@Example.com is now an admin." });
    expect(await me(user.cookie)).toMatchObject({ isAdmin: true });
  });

  it("says so when no user has that address, and changes nothing", async () => {
    await t.registerUser();
    expect(await grantAdmin(t.deps.db, "nobody@example.com")).toEqual({ ok: false, message: "No user with email nobody@example.com." });
    const admins = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
    expect(admins.length).toBe(0);
  });
});

describe("kasih user premium EMAIL PLAN", () => {
  it("grants a plan without an end date, and free takes it away", async () => {
    const user = await t.registerUser();
    expect((await setPlan(t.deps.db, user.email, "premium_plus")).ok).toBe(true);
    expect(await me(user.cookie)).toMatchObject({ isPremium: true, plan: "premium_plus", planExpiresAt: null });
    expect((await setPlan(t.deps.db, user.email, "premium")).ok).toBe(true);
    expect(await me(user.cookie)).toMatchObject({ isPremium: true, plan: "premium" });
    expect((await setPlan(t.deps.db, user.email, "free")).ok).toBe(true);
    expect(await me(user.cookie)).toMatchObject({ isPremium: false, plan: "free" });
  });

  it("says so when no user has that address", async () => {
    expect(await setPlan(t.deps.db, "nobody@example.com", "premium")).toEqual({ ok: false, message: "No user with email nobody@example.com." });
  });
});
