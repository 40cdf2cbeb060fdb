/**
 * PAYMENTS.md / docs/decisions/0088: the answer to a notification comes after the commit. The
 * server is killed with SIGKILL the moment the gateway has its 200; after a restart on the same
 * data the payment is paid and the plan active.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { startServer, type RunningServer } from "./support/server";
import { apiAs, createAccount } from "./support/accounts";
import { sandboxKey } from "../src/features/payments/gateway-choice";
import { sandboxNotification } from "../src/features/payments/gateways/sandbox";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { PAYMENT_SANDBOX: "1" } });
});
afterAll(() => server.stop());

describe("a payment confirmed just before a crash", () => {
  it("is paid, with the plan active, after kill -9 and a restart", async () => {
    const member = await createAccount(server.origin, { firstName: "Yohanes" });
    const created = await apiAs(server.origin, member, "POST", "/api/payment/create", { plan: "premium_plus", paymentMethod: "qris" });
    expect(created.status).toBe(201);
    const { paymentId } = (await created.json()) as { paymentId: string };

    const notification = sandboxNotification(sandboxKey(server.dataDir), paymentId, 99000, "settlement");
    const answer = await fetch(`${server.origin}/api/payment/notify/sandbox`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(notification) });
    expect(answer.status).toBe(200);
    server.process.kill("SIGKILL");
    expect(await server.process.exited).not.toBe(0);

    // The database as the killed process left it, read directly (WAL included).
    const db = createClient({ url: `file:${join(server.dataDir, "kasih.db")}` });
    const row = (await db.execute({ sql: "SELECT p.status, u.plan, u.plan_expires_at FROM payments p JOIN users u ON u.id = p.user_id WHERE p.id = ?", args: [paymentId] })).rows[0]!;
    db.close();
    expect(row.status).toBe("paid");
    expect(row.plan).toBe("premium_plus");
    expect(Number(row.plan_expires_at)).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60_000);

    // And the restarted server says the same to the member.
    await server.restart();
    const user = (await (await apiAs(server.origin, member, "GET", "/api/auth/user")).json()) as { isPremium: boolean; plan: string };
    expect(user).toMatchObject({ isPremium: true, plan: "premium_plus" });
    const payment = (await (await apiAs(server.origin, member, "GET", `/api/payment/${paymentId}`)).json()) as { status: string };
    expect(payment.status).toBe("paid");
  }, 120_000);
});
