/**
 * The start-up safety net (docs/decisions/0083): an older version made whoever registered the
 * SUPER_ADMIN_EMAIL address first an admin. At start-up such an account, still unproven, loses
 * admin and its sessions, with one warning line in the log.
 */
import { afterEach, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { adminActions, sessions, settings, users } from "../../../db/schema";
import { grantAdmin, TERMINAL_OPERATOR } from "../admin/operator-commands";
import { parseConfig } from "../../config";
import { newId } from "../../platform/ids";
import { loadMigrations, openData, startServer } from "../../server";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { ADMIN_BOOTSTRAP_USED_KEY } from "./admin-bootstrap";
import { createSession } from "./session";
import { logLinesOf } from "../../platform/log";
import { revokeUnprovenSuperAdmin } from "./super-admin-check";

const SUPER_ADMIN = "pastor@example.com";

let t: TestApp | undefined;
afterEach(() => t?.close());

/** An account as the old rule left it: admin at the super-admin address, address unproven, signed in. */
async function oldRuleAdmin(app: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = newId();
  await app.deps.db.insert(users).values({ id, email: SUPER_ADMIN, passwordHash: null, firstName: "Someone", lastName: "Early", isAdmin: true, ...overrides });
  await createSession(app.deps.db, app.deps.clock, id, true);
  return id;
}

async function state(app: TestApp, id: string) {
  const [row] = await app.deps.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, id));
  const live = await app.deps.db.select().from(sessions).where(eq(sessions.userId, id));
  return { isAdmin: row!.isAdmin, sessions: live.length };
}

describe("revokeUnprovenSuperAdmin at start-up", () => {
  it("removes admin and every session from an unverified super-admin account, and logs why and how to fix it", async () => {
    t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN, LOG_LEVEL: "info" } });
    const id = await oldRuleAdmin(t);
    const revoked: unknown[] = [];
    t.deps.events.on("sessions.revoked", (event) => revoked.push(event));
    const lines = await logLinesOf(async () => expect(await revokeUnprovenSuperAdmin(t!.deps)).toBe(SUPER_ADMIN));
    const warnings = lines.filter((line) => line.level === "warn");
    expect(warnings).toHaveLength(1);
    const line = String(warnings[0]!.msg);
    expect(line).toContain(SUPER_ADMIN);
    expect(line).toContain("never verified");
    expect(line).toContain("confirm the address");
    expect(await state(t, id)).toEqual({ isAdmin: false, sessions: 0 });
    expect(revoked).toEqual([{ userId: id, sessionIds: null }]);
    // Nothing left to do at the next start.
    expect(await revokeUnprovenSuperAdmin(t.deps)).toBeNull();
  });

  it("leaves a verified super-admin, other admins and servers without SUPER_ADMIN_EMAIL alone", async () => {
    t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN } });
    const verified = await oldRuleAdmin(t, { emailVerifiedAt: new Date("2026-01-01T00:00:00Z") });
    const otherAdmin = newId();
    await t.deps.db.insert(users).values({ id: otherAdmin, email: "elder@example.com", passwordHash: null, firstName: "Elder", isAdmin: true });
    expect(await revokeUnprovenSuperAdmin(t.deps)).toBeNull();
    expect(await state(t, verified)).toEqual({ isAdmin: true, sessions: 1 });
    expect((await state(t, otherAdmin)).isAdmin).toBe(true);
    await t.close();

    t = await createTestApp();
    const unconfigured = await oldRuleAdmin(t);
    expect(await revokeUnprovenSuperAdmin(t.deps)).toBeNull();
    expect(await state(t, unconfigured)).toEqual({ isAdmin: true, sessions: 1 });
  });

  it("leaves the account that proved itself with the one-time ADMIN_BOOTSTRAP_SECRET", async () => {
    t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN } });
    const id = await oldRuleAdmin(t);
    await t.deps.db.insert(settings).values({ key: ADMIN_BOOTSTRAP_USED_KEY, value: { usedAt: "2026-11-22T03:00:00.000Z", userId: id }, updatedAt: new Date(), updatedBy: id });
    expect(await revokeUnprovenSuperAdmin(t.deps)).toBeNull();
    expect(await state(t, id)).toEqual({ isAdmin: true, sessions: 1 });
  });

  it("leaves an account the operator made admin with `kasih admin grant`", async () => {
    t = await createTestApp({ env: { SUPER_ADMIN_EMAIL: SUPER_ADMIN } });
    const id = await oldRuleAdmin(t, { isAdmin: false });
    expect((await grantAdmin(t.deps.db, SUPER_ADMIN)).ok).toBe(true);
    expect(await t.deps.db.select({ action: adminActions.action, adminName: adminActions.adminName, targetUserId: adminActions.targetUserId }).from(adminActions)).toEqual([{ action: "grant_admin", adminName: TERMINAL_OPERATOR, targetUserId: id }]);
    expect(await revokeUnprovenSuperAdmin(t.deps)).toBeNull();
    expect(await state(t, id)).toEqual({ isAdmin: true, sessions: 1 });
  });

  it("runs when the server starts", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "kasih-startup-"));
    const config = parseConfig({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", APP_ORIGIN: "http://localhost:3999", SUPER_ADMIN_EMAIL: SUPER_ADMIN, LOG_LEVEL: "silent" });
    const before = await openData(config);
    const id = newId();
    await before.db.insert(users).values({ id, email: SUPER_ADMIN, passwordHash: null, firstName: "Someone", isAdmin: true });
    before.close();
    // The compiled binary's embedded files stand in for a client build (none is needed to start).
    globalThis.__kasihEmbedded = { manifest: { entries: {}, css: [] }, files: {}, migrations: loadMigrations() };
    const started = await startServer(config).finally(() => {
      globalThis.__kasihEmbedded = undefined;
    });
    try {
      const [row] = await started.deps.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, id));
      expect(row!.isAdmin).toBe(false);
    } finally {
      started.server.stop(true);
      started.deps.dbClient.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
