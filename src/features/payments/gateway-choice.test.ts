import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { settingUpsert } from "../admin/settings.service";
import { createMember } from "../discovery/discovery.test-support";
import { activeGateways, gatewayForMethod, gatewayNamed } from "./gateway-choice";
import { choicesOf, offeredPaymentMethods, type PaymentMethod } from "./payment-methods";
import type { GatewayClient, Wallet } from "./gateways/gateway";

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
    expect(await offeredPaymentMethods(app.deps)).toEqual(["qris", "credit", "bank", "googlepay", "ewallet"]);
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
    // Xendit offers e-wallets (DANA, ShopeePay, LinkAja, OVO): `ewallet` is offered too.
    expect(await offeredPaymentMethods(app.deps)).toEqual(["qris", "credit", "bank", "ewallet"]);
  });

  it("keeps answering for a gateway switched off, so its late notifications still count", async () => {
    await app.deps.db.batch([settingUpsert(app.deps, admin, "midtrans_gateway", { enabled: false })]);
    expect(await names()).toEqual(["xendit", "ipaymu"]);
    expect((await gatewayNamed(app.deps, "midtrans"))?.name).toBe("midtrans");
    // A gateway without keys has no client at all.
    expect(await gatewayNamed(app.deps, "doku")).toBeNull();
  });
});

describe("which gateway takes an e-wallet or needs the phone (docs/decisions/0126)", () => {
  const client = (name: GatewayClient["name"], methods: PaymentMethod[], wallets: Wallet[], needsPhone?: GatewayClient["needsPhone"]): GatewayClient =>
    ({ name, methods, wallets, needsPhone }) as unknown as GatewayClient;
  const midtrans = client("midtrans", ["qris", "credit", "bank", "ewallet"], ["gopay", "shopeepay"]);
  const xendit = client("xendit", ["qris", "credit", "bank", "ewallet"], ["dana", "shopeepay", "linkaja", "ovo"], (method, wallet) => method === "ewallet" && wallet === "ovo");
  // iPaymu requires the payer's phone on every payment.
  const ipaymu = client("ipaymu", ["qris", "credit", "bank"], [], () => true);

  it("sends each wallet to the first enabled gateway offering it, and none to a wallet nobody offers", () => {
    expect(gatewayForMethod([midtrans, xendit], "ewallet", "shopeepay")?.name).toBe("midtrans");
    expect(gatewayForMethod([xendit, midtrans], "ewallet", "shopeepay")?.name).toBe("xendit");
    expect(gatewayForMethod([midtrans, xendit], "ewallet", "ovo")?.name).toBe("xendit");
    expect(gatewayForMethod([midtrans], "ewallet", "dana")).toBeNull();
    expect(gatewayForMethod([midtrans], "ewallet")).toBeNull();
  });

  it("offers the wallets of all enabled gateways, and asks the phone only where the chosen gateway needs it and none is proven", () => {
    expect(choicesOf(["qris", "credit", "bank", "googlepay", "ewallet"], [midtrans, xendit], false)).toEqual({
      methods: ["qris", "credit", "bank", "ewallet"],
      wallets: ["gopay", "shopeepay", "dana", "ovo", "linkaja"],
      needsPhone: { methods: [], wallets: ["ovo"] },
    });
    expect(choicesOf(["qris", "credit", "bank", "ewallet"], [ipaymu], false)).toEqual({ methods: ["qris", "credit", "bank"], wallets: [], needsPhone: { methods: ["qris", "credit", "bank"], wallets: [] } });
    expect(choicesOf(["qris", "credit", "bank", "ewallet"], [ipaymu], true).needsPhone).toEqual({ methods: [], wallets: [] });
    // QRIS goes to Midtrans, which needs no phone, even with iPaymu enabled after it.
    expect(choicesOf(["qris", "ewallet"], [midtrans, ipaymu], false).needsPhone).toEqual({ methods: [], wallets: [] });
  });
});
