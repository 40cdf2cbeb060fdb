import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, settings } from "../../../../db/schema";
import { settingsTestApp } from "./settings.test-support";

// Registration hashes passwords (argon2): on a shared machine a few users take seconds.
setDefaultTimeout(30_000);

let app: Awaited<ReturnType<typeof settingsTestApp>>;
beforeAll(async () => {
  app = await settingsTestApp();
});
afterAll(() => app.close());

const storedRow = async (key: string) => (await app.deps.db.select().from(settings).where(eq(settings.key, key)))[0];

describe("GET /api/admin/settings/{key}", () => {
  it("answers a toggle's default before it was ever saved", async () => {
    const response = await app.asAdmin("GET", "/api/admin/settings/payment_qris");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key: "payment_qris", value: true });
  });

  it("answers a gateway as {enabled} and an unset secret as {set: false}", async () => {
    expect(await (await app.asAdmin("GET", "/api/admin/settings/doku_gateway")).json()).toEqual({ key: "doku_gateway", value: { enabled: false } });
    expect(await (await app.asAdmin("GET", "/api/admin/settings/ipaymu_api_key")).json()).toEqual({ key: "ipaymu_api_key", value: { set: false, last4: null } });
  });

  it("answers 404 'Unknown setting' for a key that does not exist", async () => {
    const response = await app.asAdmin("GET", "/api/admin/settings/payment_crypto");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Unknown setting" });
  });

  it("is refused to a member (403) and to a visitor (401)", async () => {
    expect((await app.request("GET", "/api/admin/settings/payment_qris", { cookie: app.member.cookie })).status).toBe(403);
    expect((await app.request("GET", "/api/admin/settings/payment_qris")).status).toBe(401);
  });
});

describe("POST /api/admin/settings/{key}", () => {
  it("saves a boolean toggle, answers {key, value} and logs the change without a restart", async () => {
    const response = await app.asAdmin("POST", "/api/admin/settings/ads_meta", { value: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ key: "ads_meta", value: true });
    expect(await (await app.asAdmin("GET", "/api/admin/settings/ads_meta")).json()).toEqual({ key: "ads_meta", value: true });
    const logged = await app.deps.db.select().from(adminActions).where(eq(adminActions.targetName, "ads_meta"));
    expect(logged.map((row) => [row.action, row.reason, row.adminName])).toEqual([["setting", "on", "Ada Admin"]]);
  });

  it("refuses a boolean toggle given the string \"true\" (400 'Invalid setting value') and stores nothing", async () => {
    const response = await app.asAdmin("POST", "/api/admin/settings/ads_google", { value: "true" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Invalid setting value" });
    expect(await storedRow("ads_google")).toBeUndefined();
  });

  it("refuses a gateway value that is not {enabled: boolean}", async () => {
    for (const value of [{ enabled: "yes" }, true, "on", null, [true]]) {
      const response = await app.asAdmin("POST", "/api/admin/settings/xendit_gateway", { value });
      expect({ value, status: response.status, body: await response.json() }).toEqual({ value, status: 400, body: { message: "Invalid setting value" } });
    }
    expect(await storedRow("xendit_gateway")).toBeUndefined();
  });

  it("keeps a gateway off until its keys are set, then lets it be switched on", async () => {
    const refused = await app.asAdmin("POST", "/api/admin/settings/midtrans_gateway", { value: { enabled: true } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Set the gateway's keys before enabling it" });
    expect(await storedRow("midtrans_gateway")).toBeUndefined();

    expect((await app.asAdmin("POST", "/api/admin/payment-config", { gateway: "midtrans", config: { serverKey: "SB-Mid-server-abcdefgh1234" } })).status).toBe(200);
    const allowed = await app.asAdmin("POST", "/api/admin/settings/midtrans_gateway", { value: { enabled: true } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ key: "midtrans_gateway", value: { enabled: true } });
  });

  it("answers 400 'Unknown setting' for a key that does not exist (a change, unlike a read's 404)", async () => {
    const response = await app.asAdmin("POST", "/api/admin/settings/payment_crypto", { value: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Unknown setting" });
    expect(await storedRow("payment_crypto")).toBeUndefined();
  });

  it("stores key material sealed and answers it masked", async () => {
    const secret = "ipaymu-api-key-0123456789-WXYZ";
    const response = await app.asAdmin("POST", "/api/admin/settings/ipaymu_api_key", { value: secret });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toEqual({ key: "ipaymu_api_key", value: { set: true, last4: "WXYZ" } });
    const row = await storedRow("ipaymu_api_key");
    expect(row?.isSecret).toBe(true);
    expect(typeof row?.value).toBe("string");
    expect(row?.value).not.toContain(secret);
    expect(String(row?.value)).toMatch(/^v1\./);
  });

  it("checks a DOKU key's format when it is saved on its own too", async () => {
    const response = await app.asAdmin("POST", "/api/admin/settings/doku_secret_key", { value: "not-a-doku-key-123456" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "DOKU Secret Key must start with SK-" });
    expect(await storedRow("doku_secret_key")).toBeUndefined();
  });

  it("refuses an empty string for key material", async () => {
    const response = await app.asAdmin("POST", "/api/admin/settings/midtrans_client_key", { value: "   " });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Invalid setting value" });
  });

  it("adds the spec's toast and the settings refresh when htmx made the call", async () => {
    const response = await app.asAdmin("POST", "/api/admin/settings/payment_bank", { value: false }, { "HX-Request": "true" });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.headers.get("HX-Trigger") ?? "{}")).toEqual({
      "kasih:toast": { variant: "success", title: "Setting Updated", description: "Configuration has been saved successfully." },
      "kasih:refresh-settings": true,
    });
  });
});

describe("POST /api/admin/settings/admob_config", () => {
  it("writes the AdMob row of ad_configs from the JSON string (one source of truth) and reads it back", async () => {
    const value = JSON.stringify({ appId: "ca-app-pub-1111111111111111~2222222222", bannerAdUnitId: "ca-app-pub-1111111111111111/3333333333" });
    const response = await app.asAdmin("POST", "/api/admin/settings/admob_config", { value, description: "AdMob configuration" });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as { key: string; value: string };
    expect(saved.key).toBe("admob_config");
    expect(JSON.parse(saved.value)).toEqual({ appId: "ca-app-pub-1111111111111111~2222222222", bannerAdUnitId: "ca-app-pub-1111111111111111/3333333333", interstitialAdUnitId: null, rewardedAdUnitId: null, isActive: true });
    expect(await storedRow("admob_config")).toBeUndefined();

    const configs = (await (await app.asAdmin("GET", "/api/admin/ad-configs")).json()) as { configs: { platform: string; appId: string }[] };
    expect(configs.configs.map((config) => [config.platform, config.appId])).toContainEqual(["admob", "ca-app-pub-1111111111111111~2222222222"]);
    const read = (await (await app.asAdmin("GET", "/api/admin/settings/admob_config")).json()) as { value: string };
    expect(JSON.parse(read.value).appId).toBe("ca-app-pub-1111111111111111~2222222222");
  });

  it("refuses a config without an App ID ('App ID is required') and one that is not JSON", async () => {
    const missing = await app.asAdmin("POST", "/api/admin/settings/admob_config", { value: JSON.stringify({ appId: " " }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "App ID is required" });
    const broken = await app.asAdmin("POST", "/api/admin/settings/admob_config", { value: "{appId:" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: "Invalid setting value" });
  });
});
