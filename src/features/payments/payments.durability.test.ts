/**
 * SECURITY.md "Data": payment and subscription writes are durable. The database runs with
 * synchronous=NORMAL (docs/decisions/0100), so the payment path syncs to disk itself: after the
 * pending payment is written and before the gateway is called, and after a confirmation is
 * applied and before the gateway is answered. This test records the order of the database's
 * calls around each step.
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createMember } from "../discovery/discovery.test-support";
import { sandboxKey } from "./gateway-choice";
import { sandboxNotification } from "./gateways/sandbox";

setDefaultTimeout(60_000);

let app: TestApp;
const calls: string[] = [];
beforeAll(async () => {
  app = await createTestApp({ env: { PAYMENT_SANDBOX: "1" } });
  // What the database is asked, in order: the statements' first words, and every checkpoint.
  const client = app.deps.dbClient;
  const execute = client.execute.bind(client);
  const batch = client.batch.bind(client);
  client.execute = ((statement: Parameters<typeof execute>[0]) => {
    const sql = typeof statement === "string" ? statement : (statement as { sql: string }).sql;
    calls.push(sql.includes("wal_checkpoint") ? "sync" : sql.trim().split(/\s+/)[0]!.toLowerCase());
    return execute(statement);
  }) as typeof client.execute;
  client.batch = ((...args: Parameters<typeof batch>) => {
    calls.push("batch");
    return batch(...args);
  }) as typeof client.batch;
});
afterAll(() => app.close());

describe("the payment path's durability", () => {
  it("syncs the pending payment before the gateway is called, and the confirmation before the gateway is answered", async () => {
    const member = await createMember(app, { profile: false, photo: false });
    calls.length = 0;
    const created = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium", paymentMethod: "qris" } });
    expect(created.status).toBe(201);
    const { paymentId } = (await created.json()) as { paymentId: string };
    // The batch that stores the pending payment and its subscription, then the sync.
    const stored = calls.indexOf("batch");
    expect(stored).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf("sync", stored)).toBeGreaterThan(stored);

    calls.length = 0;
    const confirmation = sandboxNotification(sandboxKey(app.dataDir), paymentId, 49000, "settlement");
    const answered = await app.app.request("/api/payment/notify/sandbox", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(confirmation) });
    expect(answered.status).toBe(200);
    const activated = calls.indexOf("batch");
    expect(activated).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf("sync", activated)).toBeGreaterThan(activated);
  });
});
