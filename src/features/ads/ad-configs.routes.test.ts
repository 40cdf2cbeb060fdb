import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { adConfigs, adminActions } from "../../../db/schema";
import { settingsTestApp } from "../admin/settings/settings.test-support";
import { adConfigOf } from "./ad-configs.service";

setDefaultTimeout(30_000);

let app: Awaited<ReturnType<typeof settingsTestApp>>;
beforeEach(async () => {
  app = await settingsTestApp();
});
afterEach(() => app.close());

const saveConfig = (body: unknown, headers?: Record<string, string>) => app.asAdmin("POST", "/api/admin/ad-configs", body, headers);

describe("GET /api/admin/ad-configs", () => {
  it("answers an empty list before any platform is saved", async () => {
    const response = await app.asAdmin("GET", "/api/admin/ad-configs");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ configs: [] });
  });

  it("is refused to a member", async () => {
    expect((await app.request("GET", "/api/admin/ad-configs", { cookie: app.member.cookie })).status).toBe(403);
  });
});

describe("POST /api/admin/ad-configs", () => {
  it("saves Meta's config as the spec's client sends it, the token sealed and answered masked", async () => {
    const token = "EAAGm0PX4ZCpsBAKZC-meta-token-9876";
    const response = await saveConfig({ platform: "meta", appId: "123456789012345", placementId: "123456789012345_678", accessToken: token, isActive: true });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(token);
    expect(JSON.parse(text).config).toMatchObject({ platform: "meta", appId: "123456789012345", placementId: "123456789012345_678", accessToken: { set: true, last4: "9876" }, isActive: true });
    const [row] = await app.deps.db.select().from(adConfigs);
    expect(row?.accessToken).not.toContain(token);
    expect(row?.accessToken).toMatch(/^v1\./);

    const list = (await (await app.asAdmin("GET", "/api/admin/ad-configs")).json()) as { configs: unknown[] };
    expect(list.configs).toEqual([
      {
        platform: "meta",
        appId: "123456789012345",
        bannerAdUnitId: null,
        interstitialAdUnitId: null,
        rewardedAdUnitId: null,
        placementId: "123456789012345_678",
        accessToken: { set: true, last4: "9876" },
        isActive: true,
        updatedAt: expect.any(String),
      },
    ]);
    const logs = await app.deps.db.select().from(adminActions);
    expect(logs.map((log) => [log.action, log.targetName, log.reason])).toEqual([["ad_config", "meta", "appId, placementId, accessToken, isActive"]]);
    expect(JSON.stringify(logs)).not.toContain(token);
  });

  it("updates a platform in place: a blank token keeps the stored one, a blank id clears it, AdMob first in the list", async () => {
    await saveConfig({ platform: "meta", appId: "111", placementId: "111_1", accessToken: "EAAG-first-token-0001" });
    await saveConfig({ platform: "admob", appId: "ca-app-pub-1~1", bannerAdUnitId: "ca-app-pub-1/1" });
    const response = await saveConfig({ platform: "meta", appId: "222", placementId: "", accessToken: "", isActive: false });
    expect(response.status).toBe(200);
    const list = (await (await app.asAdmin("GET", "/api/admin/ad-configs")).json()) as { configs: { platform: string; appId: string; placementId: string | null; accessToken: unknown; isActive: boolean }[] };
    expect(list.configs.map((config) => config.platform)).toEqual(["admob", "meta"]);
    expect(list.configs[1]).toMatchObject({ appId: "222", placementId: null, accessToken: { set: true, last4: "0001" }, isActive: false });
  });

  it("refuses a config without an App ID and an unknown platform, storing nothing", async () => {
    for (const [body, message] of [
      [{ platform: "admob", bannerAdUnitId: "ca-app-pub-1/1" }, "App ID is required"],
      [{ platform: "meta", appId: "   " }, "App ID is required"],
      [{ platform: "unity", appId: "1" }, "Unknown ad platform"],
      [{ appId: "1" }, "Unknown ad platform"],
      [{ platform: "meta", appId: "1", isActive: "yes" }, "Invalid ad config"],
      ["meta", "Invalid ad config"],
    ] as const) {
      const response = await saveConfig(body);
      expect({ body, status: response.status, answer: await response.json() }).toEqual({ body, status: 400, answer: { message } });
    }
    expect(await app.deps.db.select().from(adConfigs)).toEqual([]);
    expect(await app.deps.db.select().from(adminActions)).toEqual([]);
  });

  it("answers the spec's toasts when htmx made the call", async () => {
    const admob = await saveConfig({ platform: "admob", appId: "ca-app-pub-1~1" }, { "HX-Request": "true" });
    expect(JSON.parse(admob.headers.get("HX-Trigger") ?? "{}")).toEqual({ "kasih:toast": { variant: "success", title: "AdMob Config Saved" }, "kasih:refresh-ad-configs": true });
    const meta = await saveConfig({ platform: "meta", appId: "1" }, { "HX-Request": "true" });
    expect(JSON.parse(meta.headers.get("HX-Trigger") ?? "{}")["kasih:toast"].title).toBe("Meta Ads Config Saved");
  });
});

describe("adConfigOf", () => {
  it("gives a platform's ids and whether it is active, never its token", async () => {
    expect(await adConfigOf(app.deps.db, "meta")).toBeNull();
    await saveConfig({ platform: "meta", appId: "333", placementId: "333_3", accessToken: "EAAG-token-abcdefgh" });
    const saved = await adConfigOf(app.deps.db, "meta");
    expect(saved).toMatchObject({ platform: "meta", appId: "333", placementId: "333_3", hasAccessToken: true, isActive: true });
    expect(JSON.stringify(saved)).not.toContain("EAAG");
    await saveConfig({ platform: "meta", appId: "333", isActive: false });
    expect((await adConfigOf(app.deps.db, "meta"))?.isActive).toBe(false);
  });
});
