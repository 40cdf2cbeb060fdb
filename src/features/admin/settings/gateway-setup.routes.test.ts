import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { adminActions } from "../../../../db/schema";
import { TEST_ORIGIN } from "../../../testing/test-app";
import { HX, triggerOf } from "../users/admin-test-support";
import { startXenditStandIn } from "../../payments/gateways/xendit.stand-in";
import { settingsTestApp } from "./settings.test-support";

// Registration hashes passwords (argon2): on a shared machine a few users take seconds.
setDefaultTimeout(30_000);

let app: Awaited<ReturnType<typeof settingsTestApp>>;
beforeAll(async () => {
  app = await settingsTestApp();
});
afterAll(() => app.close());

describe("GET /api/admin/payment-config", () => {
  it("answers each gateway's switch, masked keys, mode and the notification URL to paste into its dashboard", async () => {
    expect((await app.asAdmin("POST", "/api/admin/payment-config", { gateway: "xendit", config: { secretKey: "xnd_development_abcdefgh9876" } })).status).toBe(200);
    const response = await app.asAdmin("GET", "/api/admin/payment-config");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["doku", "ipaymu", "midtrans", "xendit"]);
    expect(body.midtrans).toEqual({ enabled: false, keys: { serverKey: { set: false, last4: null }, clientKey: { set: false, last4: null } }, configured: false, mode: null, notificationUrl: `${TEST_ORIGIN}/api/payment/notify/midtrans` });
    expect(body.xendit).toMatchObject({ enabled: false, configured: true, keys: { secretKey: { set: true, last4: "9876" } }, notificationUrl: `${TEST_ORIGIN}/api/payment/notify/xendit` });
    // The secret never leaves the server whole.
    expect(JSON.stringify(body)).not.toContain("abcdefgh");
  });

  it("is refused to a member (403) and a visitor (401)", async () => {
    expect((await app.request("GET", "/api/admin/payment-config", { cookie: app.member.cookie })).status).toBe(403);
    expect((await app.request("GET", "/api/admin/payment-config")).status).toBe(401);
  });
});

describe("POST /api/admin/payment-config/{gateway}/test", () => {
  it("answers {ok: false, message} when no keys are stored, and toasts it in the admin's language for htmx", async () => {
    const response = await app.asAdmin("POST", "/api/admin/payment-config/ipaymu/test", {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: false, message: "No keys are stored for this gateway" });
    const htmx = await app.request("POST", "/api/admin/payment-config/ipaymu/test", { cookie: `${app.admin.cookie}; app-language=id`, body: {}, headers: HX });
    expect(triggerOf(htmx)).toEqual({ "kasih:toast": { variant: "destructive", title: "Koneksi iPaymu gagal", description: "Belum ada kunci yang tersimpan untuk gateway ini" } });
  });

  it("answers 404 for a gateway that does not exist, 403 to a member", async () => {
    const unknown = await app.asAdmin("POST", "/api/admin/payment-config/paypal/test", {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Unknown payment gateway" });
    expect((await app.request("POST", "/api/admin/payment-config/midtrans/test", { cookie: app.member.cookie, body: {} })).status).toBe(403);
  });
});

describe("Test connection against a gateway (the Xendit stand-in, which checks the key as Xendit does)", () => {
  const KEY = "xnd_development_connection4321";
  let standIn: Awaited<ReturnType<typeof startXenditStandIn>>;
  let gatewayApp: Awaited<ReturnType<typeof settingsTestApp>>;
  beforeAll(async () => {
    standIn = await startXenditStandIn({ secretKey: KEY, callbackToken: "callback-token" });
    gatewayApp = await settingsTestApp({ env: { XENDIT_API_URL: standIn.url } });
  });
  afterAll(() => {
    gatewayApp?.close();
    standIn?.stop();
  });

  it("answers {ok: true} with the stored test keys, and the setup says test", async () => {
    expect((await gatewayApp.asAdmin("POST", "/api/admin/payment-config", { gateway: "xendit", config: { secretKey: KEY } })).status).toBe(200);
    expect((await (await gatewayApp.asAdmin("GET", "/api/admin/payment-config")).json()).xendit.mode).toBe("test");
    const before = standIn.requests.length;
    const response = await gatewayApp.asAdmin("POST", "/api/admin/payment-config/xendit/test", {}, HX);
    expect(await response.json()).toEqual({ ok: true });
    // One harmless authenticated call, nothing else.
    expect(standIn.requests.length - before).toBe(1);
    expect(standIn.requests.at(-1)!.method).toBe("GET");
    expect(triggerOf(response)).toMatchObject({ "kasih:toast": { variant: "success", title: "Xendit accepted the keys" } });
  });

  it("answers {ok: false, message} with the gateway's refusal for a wrong key, and changes nothing", async () => {
    expect((await gatewayApp.asAdmin("POST", "/api/admin/payment-config", { gateway: "xendit", config: { secretKey: "xnd_development_wrongwrong0000" } })).status).toBe(200);
    const logged = (await gatewayApp.deps.db.select().from(adminActions)).length;
    const response = await gatewayApp.asAdmin("POST", "/api/admin/payment-config/xendit/test", {});
    expect(response.status).toBe(200);
    expect((await gatewayApp.deps.db.select().from(adminActions)).length).toBe(logged);
    const body = await response.json();
    expect(body.ok).toBe(false);
    expect(body.message).toBeString();
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.message).not.toContain("wrongwrong");
  });
});
