/**
 * A gateway that is down or slow (docs/decisions/0088): the member hears 'Payment Failed' with a
 * message within 10 s, and the payment is `failed`, never left pending.
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout, spyOn } from "bun:test";
import { eq } from "drizzle-orm";
import { payments } from "../../../db/schema";
import { GATEWAY_TIMEOUT_MS } from "../../platform/constants";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { settingUpsert } from "../admin/settings.service";
import { createMember } from "../discovery/discovery.test-support";
import { GATEWAY_UNAVAILABLE } from "./gateways/http";

setDefaultTimeout(30_000);

const TEST_GATEWAY_TIMEOUT_MS = 300;

/** A gateway address that answers 500 to everything, or never answers. */
let mode: "500" | "slow" = "500";
let gateway: ReturnType<typeof Bun.serve>;
let app: TestApp;

beforeAll(async () => {
  gateway = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 60,
    fetch: async () => {
      if (mode === "slow") await Bun.sleep(30_000);
      return Response.json({ status_code: "500", status_message: "Sorry. Our system is recovering from unexpected issues. Please retry." }, { status: 500 });
    },
  });
  // The limit scaled down so the test waits a fraction of a second; the production value is checked below.
  app = await appWithGateway({ gatewayTimeoutMs: TEST_GATEWAY_TIMEOUT_MS });
});

/** An app whose Midtrans, enabled by an admin, is the stand-in above. */
async function appWithGateway(deps: { gatewayTimeoutMs?: number }) {
  const url = `http://127.0.0.1:${gateway.port}`;
  const built = await createTestApp({ env: { MIDTRANS_API_URL: url, MIDTRANS_SNAP_URL: url, PAYMENT_SANDBOX: "1" }, deps });
  const admin = await createMember(built, { isAdmin: true, profile: false, photo: false });
  await built.deps.db.batch([
    settingUpsert(built.deps, admin, "midtrans_server_key", "SB-Mid-server-faulttest0000000000"),
    settingUpsert(built.deps, admin, "midtrans_gateway", { enabled: true }),
  ]);
  return built;
}
afterAll(async () => {
  gateway.stop(true);
  await app.close();
});

async function pay(method: string) {
  const member = await createMember(app, { profile: false, photo: false });
  const started = performance.now();
  const response = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium", paymentMethod: method } });
  const elapsed = performance.now() - started;
  const rows = await app.deps.db.select({ status: payments.status, gateway: payments.gateway }).from(payments).where(eq(payments.userId, member.id));
  return { status: response.status, body: await response.json(), elapsed, rows };
}

describe("POST /api/payment/create with the gateway down or slow", () => {
  it("answers 'Payment Failed' material at once when the gateway answers 500, and the payment is failed", async () => {
    mode = "500";
    const result = await pay("qris");
    expect(result.status).toBe(502);
    expect(result.body).toEqual({ message: GATEWAY_UNAVAILABLE });
    // An enabled real gateway takes the payment, not the sandbox.
    expect(result.rows).toEqual([{ status: "failed", gateway: "midtrans" }]);
  });

  it("gives up on a gateway that does not answer within the time limit, well under 10 s", async () => {
    // The member hears within 10 s with room to spare (docs/decisions/0088).
    expect(GATEWAY_TIMEOUT_MS).toBeLessThanOrEqual(8_000);
    mode = "slow";
    const result = await pay("credit");
    expect(result.status).toBe(502);
    expect(result.body).toEqual({ message: GATEWAY_UNAVAILABLE });
    expect(result.elapsed).toBeGreaterThanOrEqual(TEST_GATEWAY_TIMEOUT_MS - 50);
    expect(result.elapsed).toBeLessThan(TEST_GATEWAY_TIMEOUT_MS + 5_000);
    expect(result.rows).toEqual([{ status: "failed", gateway: "midtrans" }]);
  });

  it("gives the gateway GATEWAY_TIMEOUT_MS when no test shortens it", async () => {
    const production = await appWithGateway({});
    const timeouts = spyOn(AbortSignal, "timeout");
    try {
      mode = "500";
      const member = await createMember(production, { profile: false, photo: false });
      expect((await production.request("POST", "/api/payment/create", { cookie: member.cookie, body: { plan: "premium", paymentMethod: "qris" } })).status).toBe(502);
      expect(timeouts.mock.calls).toContainEqual([GATEWAY_TIMEOUT_MS]);
    } finally {
      timeouts.mockRestore();
      await production.close();
    }
  });
});
