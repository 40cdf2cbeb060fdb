/**
 * The later status checks (pending-status-checks.ts): DOKU's pending payments are asked with
 * Check Status no sooner than 60 s after they were made, not again within 5 minutes, at most ten
 * a run, and what DOKU answers is applied as a notification would be; a paid payment is never
 * asked nor taken back, and iPaymu's payments are not asked.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { payments } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { gatewayApp } from "./gateways/gateway-app.test-support";
import { checkPendingStatuses, STATUS_CHECKS_PER_RUN, type LastChecked } from "./pending-status-checks";

let harness: Awaited<ReturnType<typeof gatewayApp>>;
beforeAll(async () => {
  harness = await gatewayApp({ doku: true, ipaymu: true });
});
afterAll(() => harness.close());

const MINUTE = 60_000;
const checksOf = (invoice: string) => harness.doku!.statusChecks.filter((check) => check.invoice === invoice).length;
/** Every pending DOKU payment of the earlier tests, closed so each test counts only its own. */
async function closeOpenPayments() {
  await harness.app.deps.db.update(payments).set({ status: "cancelled" }).where(eq(payments.status, "pending"));
}

describe("later status checks", () => {
  it("ask DOKU about a pending payment only after 60 s, and apply the SUCCESS a lost notification would have brought", async () => {
    const { doku, pay, statusOf, planOf, app } = harness;
    await closeOpenPayments();
    const memory: LastChecked = new Map();
    const payment = await pay({ paymentMethod: "bank", bank: "BCA" });
    doku!.setStatus(payment.gatewayOrderId, "SUCCESS");

    app.clock.advance(30_000);
    expect(await checkPendingStatuses(app.deps, memory)).toEqual({ checked: 0, changed: 0, failed: 0 });
    expect(checksOf(payment.gatewayOrderId)).toBe(0);

    app.clock.advance(31_000);
    expect(await checkPendingStatuses(app.deps, memory)).toEqual({ checked: 1, changed: 1, failed: 0 });
    expect(await statusOf(payment.paymentId)).toBe("paid");
    expect((await planOf()).plan).toBe("premium");
    expect(doku!.earlyStatusChecks()).toEqual([]);

    // Paid: never asked again, and DOKU's later EXPIRED cannot take it back.
    doku!.setStatus(payment.gatewayOrderId, "EXPIRED");
    app.clock.advance(10 * MINUTE);
    expect(await checkPendingStatuses(app.deps, memory)).toMatchObject({ checked: 0 });
    expect(await statusOf(payment.paymentId)).toBe("paid");
  });

  it("ask a payment DOKU still calls PENDING again only after 5 minutes, and apply EXPIRED", async () => {
    const { doku, pay, statusOf, app } = harness;
    await closeOpenPayments();
    const memory: LastChecked = new Map();
    const payment = await pay({ paymentMethod: "bank", bank: "BRI" });
    app.clock.advance(2 * MINUTE);
    expect(await checkPendingStatuses(app.deps, memory)).toEqual({ checked: 1, changed: 0, failed: 0 });
    expect(await statusOf(payment.paymentId)).toBe("pending");
    app.clock.advance(MINUTE);
    expect(await checkPendingStatuses(app.deps, memory)).toMatchObject({ checked: 0 });
    app.clock.advance(4 * MINUTE);
    doku!.setStatus(payment.gatewayOrderId, "EXPIRED");
    expect(await checkPendingStatuses(app.deps, memory)).toEqual({ checked: 1, changed: 1, failed: 0 });
    expect(await statusOf(payment.paymentId)).toBe("expired");
    expect(checksOf(payment.gatewayOrderId)).toBe(2);
  });

  it("make at most ten calls a run, the least recently asked first, and log a gateway that fails without changing anything", async () => {
    const { doku, pay, statusOf, app } = harness;
    await closeOpenPayments();
    const memory: LastChecked = new Map();
    const made = [];
    for (let i = 0; i < STATUS_CHECKS_PER_RUN + 2; i++) made.push(await pay({ paymentMethod: "qris" }));
    app.clock.advance(2 * MINUTE);
    expect(await checkPendingStatuses(app.deps, memory)).toMatchObject({ checked: STATUS_CHECKS_PER_RUN });
    app.clock.advance(MINUTE);
    const second = await checkPendingStatuses(app.deps, memory);
    expect(second).toMatchObject({ checked: 2 });
    expect(made.map((payment) => checksOf(payment.gatewayOrderId))).toEqual(Array(made.length).fill(1));

    app.clock.advance(5 * MINUTE);
    doku!.failNext("500");
    const faulty = await checkPendingStatuses(app.deps, memory, 1);
    expect(faulty).toEqual({ checked: 1, changed: 0, failed: 1 });
    for (const payment of made) expect(await statusOf(payment.paymentId)).toBe("pending");
  });

  it("leave iPaymu's pending payments alone: its client asks for no later checks", async () => {
    const { ipaymu, app } = harness;
    await closeOpenPayments();
    const now = app.clock.now();
    const id = newId();
    await app.deps.db.insert(payments).values({ id, userId: harness.member.id, plan: "premium", amount: 49000, currency: "IDR", method: "bank", gateway: "ipaymu", gatewayOrderId: id, status: "pending", details: {}, createdAt: now, expiresAt: new Date(now.getTime() + 24 * 60 * MINUTE) });
    app.clock.advance(10 * MINUTE);
    const before = ipaymu!.requests.length;
    expect(await checkPendingStatuses(app.deps, new Map())).toMatchObject({ checked: 0 });
    expect(ipaymu!.requests.length).toBe(before);
  });
});
