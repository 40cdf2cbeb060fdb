import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, sessions, users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { BAN_REASON_MAX, banUser, grantAdmin, parseAdminArguments, parsePlanArguments, resetAdminSecondFactor, revokeRole, setPlan, setPlanFromArguments, TERMINAL_OPERATOR, unbanUser } from "./operator-commands";
import { enrolAndProve, proveWithSecret } from "./second-factor/second-factor.test-support";

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

describe("kasih admin grant EMAIL --role moderator, revoke EMAIL, reset-2fa EMAIL (ADMIN.md 'Who')", () => {
  const logOf = async (userId: string) => (await t.deps.db.select({ action: adminActions.action, admin: adminActions.adminName, reason: adminActions.reason }).from(adminActions).where(eq(adminActions.targetUserId, userId))).map((row) => `${row.admin}: ${row.action} ${row.reason}`);

  it("grants a moderator, then admin, then revokes; each logged and answered by /api/auth/user", async () => {
    const user = await t.registerUser({ email: "mod@example.com" });
    expect(await grantAdmin(t.deps.db, "mod@example.com", "moderator")).toEqual({ ok: true, message: "mod@example.com is now a moderator." });
    expect(await me(user.cookie)).toMatchObject({ role: "moderator", isAdmin: false });
    expect(await grantAdmin(t.deps.db, "mod@example.com", "moderator")).toEqual({ ok: true, message: "mod@example.com is already a moderator." });
    expect(await grantAdmin(t.deps.db, "mod@example.com")).toEqual({ ok: true, message: "mod@example.com is now an admin." });
    expect(await me(user.cookie)).toMatchObject({ role: "admin", isAdmin: true });
    expect(await revokeRole(t.deps.db, t.config, "mod@example.com")).toEqual({ ok: true, message: "mod@example.com is a member again." });
    expect(await me(user.cookie)).toMatchObject({ role: "member", isAdmin: false });
    expect(await revokeRole(t.deps.db, t.config, "mod@example.com")).toEqual({ ok: false, message: "mod@example.com is not an admin or moderator." });
    expect(await logOf(user.id)).toEqual([`${TERMINAL_OPERATOR}: role_change member → moderator`, `${TERMINAL_OPERATOR}: grant_admin moderator → admin`, `${TERMINAL_OPERATOR}: role_change admin → member`]);
    // A revoked admin's panel is closed at once, session or not.
    expect((await t.request("GET", "/api/admin/stats", { cookie: user.cookie })).status).toBe(403);
  });

  it("never demotes the super admin", async () => {
    const boss = await createTestApp({ env: { SUPER_ADMIN_EMAIL: "boss@example.com" } });
    try {
      const user = await boss.registerUser({ email: "boss@example.com" });
      await grantAdmin(boss.deps.db, "boss@example.com");
      expect(await revokeRole(boss.deps.db, boss.config, "boss@example.com")).toEqual({ ok: false, message: "boss@example.com is the super admin (SUPER_ADMIN_EMAIL) and cannot be demoted." });
      expect(await (await boss.request("GET", "/api/auth/user", { cookie: user.cookie })).json()).toMatchObject({ role: "admin" });
    } finally {
      await boss.close();
    }
  });

  it("reset-2fa: the admin's secret, codes and session proofs go; the next visit enrols again", async () => {
    const user = await t.registerUser({ email: "lost-phone@example.com" });
    await grantAdmin(t.deps.db, user.email);
    const { secret } = await enrolAndProve(t, user.cookie);
    expect((await t.request("GET", "/api/admin/stats", { cookie: user.cookie })).status).toBe(200);
    expect(await resetAdminSecondFactor(t.deps.db, "Lost-Phone@example.com")).toEqual({ ok: true, message: "Lost-Phone@example.com enrols a new second factor at the next visit to the panel." });
    expect(await (await t.request("GET", "/api/admin/stats", { cookie: user.cookie })).json()).toEqual({ message: "Second factor required" });
    // The old secret opens nothing; a new enrolment does.
    await expect(proveWithSecret(t, user.cookie, secret)).rejects.toThrow("verify failed: 400");
    await enrolAndProve(t, user.cookie);
    expect((await logOf(user.id)).filter((line) => line.includes("second_factor_reset"))).toEqual([`${TERMINAL_OPERATOR}: second_factor_reset null`]);
    expect(await resetAdminSecondFactor(t.deps.db, "nobody@example.com")).toEqual({ ok: false, message: "No user with email nobody@example.com." });
  });

  it("reads its arguments", () => {
    expect(parseAdminArguments(["grant", "a@example.com"])).toEqual({ action: "grant", email: "a@example.com", role: "admin" });
    expect(parseAdminArguments(["grant", "a@example.com", "--role", "moderator"])).toEqual({ action: "grant", email: "a@example.com", role: "moderator" });
    expect(parseAdminArguments(["revoke", "a@example.com"])).toEqual({ action: "revoke", email: "a@example.com" });
    expect(parseAdminArguments(["reset-2fa", "a@example.com"])).toEqual({ action: "reset-2fa", email: "a@example.com" });
    for (const wrong of [["grant"], ["grant", "a@example.com", "--role", "member"], ["grant", "a@example.com", "--role"], ["revoke", "a@example.com", "x"], ["promote", "a@example.com"], ["grant", "--role", "moderator"]]) expect(parseAdminArguments(wrong)).toBeNull();
  });
});

describe("kasih user premium EMAIL PLAN [--until YYYY-MM-DD] [--reason TEXT]", () => {
  const NOW = new Date("2026-11-22T03:00:00Z");
  const logRows = async (userId: string) =>
    (await t.deps.db.select({ action: adminActions.action, adminName: adminActions.adminName, adminId: adminActions.adminId, reason: adminActions.reason }).from(adminActions).where(eq(adminActions.targetUserId, userId))).map((row) => row);

  it("the old form: 30 days from now, free takes it away; each change one log row signed by the terminal", async () => {
    const user = await t.registerUser();
    expect(await setPlan(t.deps.db, user.email, "premium_plus", { now: NOW })).toEqual({ ok: true, message: `${user.email} now has the premium_plus plan.` });
    const [row] = await t.deps.db.select({ plan: users.plan, planExpiresAt: users.planExpiresAt }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ plan: "premium_plus", planExpiresAt: new Date(NOW.getTime() + 30 * 24 * 60 * 60_000) });
    expect((await setPlan(t.deps.db, user.email, "free", { now: NOW })).ok).toBe(true);
    expect(await me(user.cookie)).toMatchObject({ isPremium: false, plan: "free", planExpiresAt: null });
    const rows = await logRows(user.id);
    expect(rows.map((entry) => entry.action).sort()).toEqual(["plan_grant", "plan_revoke"]);
    for (const entry of rows) expect(entry).toMatchObject({ adminId: null, adminName: TERMINAL_OPERATOR });
    expect(rows.find((entry) => entry.action === "plan_grant")!.reason).toBe(`premium_plus until ${new Date(NOW.getTime() + 30 * 24 * 60 * 60_000).toISOString()}: Set at the terminal`);
  });

  it("--until ends the plan at the end of that Jakarta day; --reason is logged; an extension is named so", async () => {
    const user = await t.registerUser();
    const grant = parsePlanArguments(["premium", "--until", "2026-12-31", "--reason", "church", "partner", "promo"]);
    expect(grant).toEqual({ ok: true, plan: "premium", until: new Date("2026-12-31T16:59:59.999Z"), reason: "church partner promo" });
    expect((await setPlanFromArguments(t.deps.db, user.email, ["premium", "--until", "2026-12-31", "--reason", "church", "partner", "promo"])).ok).toBe(true);
    expect(await me(user.cookie)).toMatchObject({ isPremium: true, plan: "premium", planExpiresAt: "2026-12-31T16:59:59.999Z" });
    expect((await setPlanFromArguments(t.deps.db, user.email, ["premium", "--reason", "goodwill", "--until", "2027-01-31"])).ok).toBe(true);
    const rows = await logRows(user.id);
    expect(rows.map((entry) => [entry.action, entry.reason]).sort()).toEqual([
      ["plan_extend", "premium until 2027-01-31T16:59:59.999Z: goodwill"],
      ["plan_grant", "premium until 2026-12-31T16:59:59.999Z: church partner promo"],
    ]);
  });

  it("refuses bad arguments, changing nothing", async () => {
    const user = await t.registerUser();
    for (const words of [["gold"], ["premium", "--until"], ["premium", "--until", "2026-02-30"], ["premium", "--until", "31-12-2026"], ["free", "--until", "2026-12-31"], ["premium", "--reason"], ["premium", "--forever"]]) {
      const result = await setPlanFromArguments(t.deps.db, user.email, words);
      expect(result.ok).toBe(false);
    }
    // A date already past.
    expect((await setPlanFromArguments(t.deps.db, user.email, ["premium", "--until", "2020-01-01"])).ok).toBe(false);
    expect(await me(user.cookie)).toMatchObject({ plan: "free" });
    expect(await logRows(user.id)).toEqual([]);
  });

  it("says so when no user has that address", async () => {
    expect(await setPlan(t.deps.db, "nobody@example.com", "premium")).toEqual({ ok: false, message: "No user with email nobody@example.com." });
  });
});

describe("kasih user ban EMAIL [REASON] / unban EMAIL", () => {
  const login = (email: string, password: string) => t.request("POST", "/api/auth/login", { body: { email, password } });
  const actions = () => t.deps.db.select().from(adminActions).orderBy(adminActions.createdAt);

  it("suspends the account, ends its sessions, refuses sign-in with the reason and records the action", async () => {
    const user = await t.registerUser({ firstName: "Yudi", lastName: "Hartono" });
    expect(await banUser(t.deps.db, user.email, "  Asked members for money  ")).toEqual({ ok: true, message: `${user.email} is banned; 1 session(s) ended.` });
    expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const refused = await login(user.email, user.password);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Your account has been suspended: Asked members for money" });
    expect(await actions()).toMatchObject([{ adminId: null, adminName: TERMINAL_OPERATOR, targetUserId: user.id, targetName: "Yudi Hartono", action: "ban", reason: "Asked members for money" }]);
  });

  it("unban lets the person sign in again and is recorded too", async () => {
    const user = await t.registerUser();
    await banUser(t.deps.db, user.email);
    expect(await unbanUser(t.deps.db, user.email.toUpperCase())).toEqual({ ok: true, message: `${user.email.toUpperCase()} may sign in again.` });
    expect((await login(user.email, user.password)).status).toBe(200);
    const [row] = await t.deps.db.select({ isBanned: users.isBanned, banReason: users.banReason }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ isBanned: false, banReason: null });
    expect((await actions()).map((action) => action.action)).toEqual(["ban", "unban"]);
  });

  it("unban of an account that is not banned says so and logs nothing", async () => {
    const user = await t.registerUser();
    expect(await unbanUser(t.deps.db, user.email)).toEqual({ ok: false, message: `${user.email} is not banned.` });
    expect(await unbanUser(t.deps.db, "nobody@example.com")).toEqual({ ok: false, message: "No user with email nobody@example.com." });
    expect(await actions()).toEqual([]);
  });

  it("changes nothing for an unknown address or a reason that is too long", async () => {
    const user = await t.registerUser();
    expect(await banUser(t.deps.db, "nobody@example.com")).toEqual({ ok: false, message: "No user with email nobody@example.com." });
    expect((await banUser(t.deps.db, user.email, "x".repeat(BAN_REASON_MAX + 1))).ok).toBe(false);
    expect((await t.request("GET", "/api/auth/user", { cookie: user.cookie })).status).toBe(200);
    expect(await actions()).toEqual([]);
  });
});
