import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { settingUpsert } from "../admin/settings.service";
import { createMember } from "../discovery/discovery.test-support";
import { activeGateways, gatewayForMethod, gatewayNamed } from "./gateway-choice";
import { offeredPaymentMethods } from "./payment-methods";

let app: TestApp;
let admin: { id: string };
beforeAll(async () => {
  app = await createTestApp({ env: { PAYMENT_SANDBOX: "1" } });
  admin = await createMember(app, { isAdmin: true, profile: false, photo: false });
});
afterAll(() => app.close());

const names = async () => (await activeGateways(app.deps)).map((gateway) => gateway.name);

describe("which gateway takes a payment (PAYMENTS.md, docs/decisions/0088)", () => {
  it("is the sandbox, taking every method, while no real gateway is enabled", async () => {
    expect(await names()).toEqual(["sandbox"]);
    expect(await offeredPaymentMethods(app.deps)).toEqual(["qris", "credit", "bank", "googlepay"]);
  });

  it("is the first enabled gateway with keys, in the order Midtrans, Xendit, DOKU, iPaymu; the sandbox steps aside", async () => {
    await app.deps.db.batch([
      settingUpsert(app.deps, admin, "xendit_secret_key", "xnd_development_choice000000000000"),
      settingUpsert(app.deps, admin, "xendit_gateway", { enabled: true }),
      settingUpsert(app.deps, admin, "ipaymu_va", "0000001111111111"),
      settingUpsert(app.deps, admin, "ipaymu_api_key", "SANDBOX-CHOICE-0000"),
      settingUpsert(app.deps, admin, "ipaymu_gateway", { enabled: true }),
    ]);
    expect(await names()).toEqual(["xendit", "ipaymu"]);
    await app.deps.db.batch([settingUpsert(app.deps, admin, "midtrans_server_key", "SB-Mid-server-choice0000000000"), settingUpsert(app.deps, admin, "midtrans_gateway", { enabled: true })]);
    const gateways = await activeGateways(app.deps);
    expect(gateways.map((gateway) => gateway.name)).toEqual(["midtrans", "xendit", "ipaymu"]);
    expect(gatewayForMethod(gateways, "qris")?.name).toBe("midtrans");
    // No real gateway charges a Google Pay token: the wallet is not offered then.
    expect(gatewayForMethod(gateways, "googlepay")).toBeNull();
    expect(await offeredPaymentMethods(app.deps)).toEqual(["qris", "credit", "bank"]);
  });

  it("keeps answering for a gateway switched off, so its late notifications still count", async () => {
    await app.deps.db.batch([settingUpsert(app.deps, admin, "midtrans_gateway", { enabled: false })]);
    expect(await names()).toEqual(["xendit", "ipaymu"]);
    expect((await gatewayNamed(app.deps, "midtrans"))?.name).toBe("midtrans");
    // A gateway without keys has no client at all.
    expect(await gatewayNamed(app.deps, "doku")).toBeNull();
  });
});
