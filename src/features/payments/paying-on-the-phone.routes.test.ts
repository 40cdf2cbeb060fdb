/**
 * Paying on the phone in hand (PAYMENTS.md 'Calls', docs/decisions/0126), through the sandbox
 * gateway: e-wallet payments with their wallet link, the payer's phone where a gateway needs one,
 * the methods call's wallets, and a QRIS code saved as a PNG.
 */
import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { Transformer } from "@napi-rs/image";
import { eq } from "drizzle-orm";
import { payments, users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createMember } from "../discovery/discovery.test-support";
import { sandboxKey } from "./gateway-choice";
import { WALLETS } from "./gateways/gateway";
import { sandboxNotification } from "./gateways/sandbox";
import type { PaymentCreatedJson, PaymentMethodsJson } from "./payments.schemas";

setDefaultTimeout(30_000);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { PAYMENT_SANDBOX: "1" } });
});
afterAll(() => app.close());

const newMember = (options: { isAdmin?: boolean } = {}) => createMember(app, { profile: false, photo: false, ...options });
type Member = Awaited<ReturnType<typeof newMember>>;

async function create(member: Member, body: Record<string, unknown>) {
  const response = await app.request("POST", "/api/payment/create", { cookie: member.cookie, body });
  return { status: response.status, body: (await response.json()) as PaymentCreatedJson & { message?: string } };
}
const paymentRow = async (id: string) => (await app.deps.db.select().from(payments).where(eq(payments.id, id)))[0];
const paymentCount = async () => (await app.deps.db.select({ id: payments.id }).from(payments)).length;

describe("GET /api/payment/methods: the wallets and the phone", () => {
  it("adds the e-wallets the sandbox offers and OVO's phone, keeping the methods field as it was", async () => {
    const member = await newMember();
    const response = await app.request("GET", "/api/payment/methods", { cookie: member.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PaymentMethodsJson;
    expect(body).toEqual({ methods: ["qris", "credit", "bank", "googlepay", "ewallet"], wallets: ["gopay", "shopeepay", "dana", "ovo", "linkaja"], needsPhone: { methods: [], wallets: ["ovo"] } });
  });

  it("asks no phone of a member whose account has a proven one", async () => {
    const member = await newMember();
    await app.deps.db.update(users).set({ phone: "+6281298765432", phoneVerifiedAt: app.clock.now() }).where(eq(users.id, member.id));
    const body = (await (await app.request("GET", "/api/payment/methods", { cookie: member.cookie })).json()) as PaymentMethodsJson;
    expect(body.needsPhone).toEqual({ methods: [], wallets: [] });
  });
});

describe("POST /api/payment/create with an e-wallet", () => {
  it("creates each wallet's payment with its wallet link (the sandbox's own page), and paying there activates the plan", async () => {
    for (const wallet of WALLETS) {
      const member = await newMember();
      const { status, body } = await create(member, { plan: "premium", paymentMethod: "ewallet", wallet, phone: "0812-3456-7890" });
      expect(status).toBe(201);
      expect(body).toMatchObject({ status: "pending", method: "ewallet", wallet, walletUrl: `/pay/sandbox/${body.paymentId}`, gateway: "sandbox", qrCode: null, bankInstructions: null, amount: 49000 });
      expect(await paymentRow(body.paymentId)).toMatchObject({ method: "ewallet", status: "pending", details: { wallet, walletUrl: `/pay/sandbox/${body.paymentId}` } });
      // Paid within minutes in the wallet's app: 30 minutes, as QRIS.
      expect(new Date(body.expiresAt).getTime() - app.clock.now().getTime()).toBe(30 * 60_000);
      if (wallet === "gopay") {
        // The wallet link opens the sandbox's page, where 'Pay' confirms through the notification path.
        const page = await app.request("GET", body.walletUrl!, { cookie: member.cookie });
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain("GoPay");
        expect(html).toContain('href="/settings"');
        const paid = await app.app.request("/api/payment/notify/sandbox", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(sandboxNotification(sandboxKey(app.dataDir), body.paymentId, 49000, "settlement")) });
        expect(paid.status).toBe(200);
        const user = (await app.deps.db.select({ plan: users.plan }).from(users).where(eq(users.id, member.id)))[0]!;
        expect(user.plan).toBe("premium");
      }
    }
  });

  it("refuses a wallet no gateway offers, or none, storing nothing", async () => {
    const member = await newMember();
    const before = await paymentCount();
    for (const wallet of ["paypal", undefined, 7]) {
      expect(await create(member, { plan: "premium", paymentMethod: "ewallet", wallet })).toEqual({ status: 400, body: { message: "Payment method not available" } as never });
    }
    expect(await paymentCount()).toBe(before);
  });

  it("asks OVO's phone when the member has none, refuses a number that is not a mobile one, and sends the proven one otherwise", async () => {
    const member = await newMember();
    const before = await paymentCount();
    expect(await create(member, { plan: "premium", paymentMethod: "ewallet", wallet: "ovo" })).toEqual({ status: 400, body: { message: "Phone number required" } as never });
    expect(await create(member, { plan: "premium", paymentMethod: "ewallet", wallet: "ovo", phone: "  " })).toEqual({ status: 400, body: { message: "Phone number required" } as never });
    for (const phone of ["021-555-1234", "12345", "+1 415 555 0100", 812345678]) {
      expect(await create(member, { plan: "premium", paymentMethod: "ewallet", wallet: "ovo", phone })).toEqual({ status: 400, body: { message: "Please enter a valid phone number" } as never });
    }
    expect(await paymentCount()).toBe(before);
    for (const phone of ["081234567890", "6281234567890", "+62 812-3456-7890"]) {
      expect((await create(member, { plan: "premium", paymentMethod: "ewallet", wallet: "ovo", phone })).status).toBe(201);
    }
    // A wallet that needs no phone ignores a bad one: nothing is sent where it is not needed.
    expect((await create(member, { plan: "premium", paymentMethod: "ewallet", wallet: "dana", phone: "nope" })).status).toBe(201);
    const proven = await newMember();
    await app.deps.db.update(users).set({ phone: "+6281298765439", phoneVerifiedAt: app.clock.now() }).where(eq(users.id, proven.id));
    expect((await create(proven, { plan: "premium", paymentMethod: "ewallet", wallet: "ovo" })).status).toBe(201);
  });

  it("keeps old clients' calls as they were: no wallet fields needed, walletUrl null", async () => {
    const member = await newMember();
    const { status, body } = await create(member, { plan: "premium", paymentMethod: "credit" });
    expect(status).toBe(201);
    expect(body).toMatchObject({ method: "credit", paymentUrl: `/pay/sandbox/${body.paymentId}`, wallet: null, walletUrl: null });
  });
});

describe("GET /api/payment/{id}/qr.png", () => {
  it("downloads the owner's pending QRIS code as a crisp PNG", async () => {
    const member = await newMember();
    const { body } = await create(member, { plan: "premium_plus", paymentMethod: "qris" });
    const response = await app.request("GET", `/api/payment/${body.paymentId}/qr.png`, { cookie: member.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="kasih-qris-${body.paymentId}.png"`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const png = new Uint8Array(await response.arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const { width, height } = await new Transformer(png).metadata();
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(400);
  });

  it("is the owner's alone, and only while a QRIS payment is pending", async () => {
    const owner = await newMember();
    const other = await newMember();
    const { body: qris } = await create(owner, { plan: "premium", paymentMethod: "qris" });
    const path = `/api/payment/${qris.paymentId}/qr.png`;
    expect((await app.request("GET", path, { cookie: other.cookie })).status).toBe(404);
    expect((await app.request("GET", "/api/payment/nope/qr.png", { cookie: owner.cookie })).status).toBe(404);
    expect((await app.request("GET", path)).status).toBe(401);
    const { body: bank } = await create(owner, { plan: "premium", paymentMethod: "bank", bank: "BCA" });
    expect(await (await app.request("GET", `/api/payment/${bank.paymentId}/qr.png`, { cookie: owner.cookie })).json()).toEqual({ message: "This payment has no QR code to pay" });
    // Paid: nothing left to pay.
    await app.app.request("/api/payment/notify/sandbox", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(sandboxNotification(sandboxKey(app.dataDir), qris.paymentId, 49000, "settlement")) });
    expect((await app.request("GET", path, { cookie: owner.cookie })).status).toBe(409);
  });
});
