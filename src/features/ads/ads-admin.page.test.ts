import { afterAll, beforeAll, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { adConfigs, adEvents, adPlacements } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { unixMinute } from "./ad-events.service";
import { insertPlacement, registerAdmin, setAdToggle } from "./ads.test-support";

setDefaultTimeout(30_000);

let app: TestApp;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let member: Awaited<ReturnType<TestApp["registerUser"]>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await registerAdmin(app);
  member = await app.registerUser();
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.deps.db.delete(adEvents);
  await app.deps.db.delete(adPlacements);
  await app.deps.db.delete(adConfigs);
  await setAdToggle(app, admin, "ads_google", false);
  await setAdToggle(app, admin, "ads_meta", false);
});

const page = async (path: string, headers: Record<string, string> = {}, cookie = admin.cookie) => {
  const response = await app.request("GET", path, { cookie, headers });
  return { status: response.status, html: await response.text(), location: response.headers.get("Location") };
};
const htmx = { "HX-Request": "true" };

describe("GET /admin/ads", () => {
  it("says what to do when there is no placement yet, with zero totals and no sample numbers", async () => {
    const { status, html } = await page("/admin/ads");
    expect(status).toBe(200);
    expect(html).toContain("No ad placements yet");
    expect(html).toContain("Add placement");
    expect(html).toContain("$0.00");
    expect(html).toContain("No impressions recorded yet");
  });

  it("lists placements with type, platform, location, frequency and active badge", async () => {
    await insertPlacement(app, { name: "Deck card", frequency: 3 });
    await insertPlacement(app, { name: "Chat strip", placement: "chat_screen", platform: "meta", adType: "native", frequency: 1, isActive: false });
    const { html } = await page("/admin/ads");
    expect(html).toContain("Deck card");
    expect(html).toContain("Every 3 swipes");
    expect(html).toContain("Swipe screen");
    expect(html).toContain("Every chat opened");
    expect(html).toContain("Meta Audience Network");
    expect(html).toContain("Native");
    expect(html).toContain("Inactive");
    expect(html).toContain('hx-get="/admin/ads/placements/');
  });

  it("shows the revenue of recorded events in dollars with two decimals, and the click-through rate", async () => {
    const placement = await insertPlacement(app, { name: "Deck card" });
    const minute = unixMinute(app.clock.now());
    await app.deps.db.insert(adEvents).values([
      { id: newId(), placementId: placement.id, userId: member.id, kind: "impression", revenueMicros: 1_500_000, minute, createdAt: app.clock.now() },
      { id: newId(), placementId: placement.id, userId: member.id, kind: "impression", revenueMicros: 0, minute: minute + 1, createdAt: app.clock.now() },
      { id: newId(), placementId: placement.id, userId: member.id, kind: "click", revenueMicros: 0, minute, createdAt: app.clock.now() },
    ]);
    const { html } = await page("/admin/ads");
    expect(html).toMatch(/data-testid="ad-total-revenue"[^>]*>\$1\.50</);
    expect(html).toContain("50.0%");
  });

  it("shows each platform's configuration: App ID and switch", async () => {
    await app.deps.db.insert(adConfigs).values({ platform: "admob", appId: "ca-app-pub-123~456", isActive: true, updatedAt: app.clock.now() });
    await setAdToggle(app, admin, "ads_google", true);
    const { html } = await page("/admin/ads");
    const admob = html.slice(html.indexOf('data-platform="admob"'), html.indexOf('data-platform="meta"'));
    const meta = html.slice(html.indexOf('data-platform="meta"'));
    expect(admob).toContain("Serving ads");
    expect(admob).toContain("Set");
    expect(meta).toContain("Not set");
    expect(meta.slice(0, meta.indexOf("</li>"))).toContain("Off");
    expect(html).toContain('href="/admin/settings"');
  });

  it("tells a saved but inactive config apart from a missing one", async () => {
    await app.deps.db.insert(adConfigs).values({ platform: "meta", appId: "1234567890", isActive: false, updatedAt: app.clock.now() });
    await setAdToggle(app, admin, "ads_meta", true);
    const { html } = await page("/admin/ads");
    const meta = html.slice(html.indexOf('data-platform="meta"'));
    expect(meta).toContain("Saved, inactive");
    expect(meta).toContain("Browser only");
  });

  it("says a switched-on platform without an App ID only reaches browsers", async () => {
    await setAdToggle(app, admin, "ads_meta", true);
    const { html } = await page("/admin/ads");
    expect(html.slice(html.indexOf('data-platform="meta"'))).toContain("Browser only");
  });

  it("is in Indonesian for an Indonesian admin, frequency 1 included", async () => {
    const empty = await page("/admin/ads", { Cookie: `${admin.cookie}; app-language=id` }, "");
    expect(empty.html).toContain("Kelola Iklan");
    expect(empty.html).toContain("Belum ada penempatan iklan");
    await insertPlacement(app, { placement: "chat_screen", frequency: 1 });
    await insertPlacement(app, { placement: "swipe_screen", frequency: 4 });
    const { html } = await page("/admin/ads", { Cookie: `${admin.cookie}; app-language=id` }, "");
    expect(html).toContain("Setiap chat dibuka");
    expect(html).toContain("Setiap 4 kali swipe");
  });

  it("sends a member to /profile and a visitor to /auth", async () => {
    expect(await page("/admin/ads", {}, member.cookie)).toMatchObject({ status: 302, location: "/profile" });
    expect(await page("/admin/ads", {}, "")).toMatchObject({ status: 302, location: "/auth" });
  });
});

describe("Ad Management fragments", () => {
  it("reload the placements region for htmx", async () => {
    await insertPlacement(app, { name: "Fresh one" });
    const { status, html } = await page("/admin/ads/placements", htmx);
    expect(status).toBe(200);
    expect(html).not.toContain("<html");
    expect(html).toContain('id="ad-placements-region"');
    expect(html).toContain("Fresh one");
  });

  it("reload the revenue and platform cards for htmx", async () => {
    expect((await page("/admin/ads/revenue", htmx)).html).toContain('id="ad-revenue"');
    expect((await page("/admin/ads/platforms", htmx)).html).toContain('id="ad-platforms"');
  });

  it("send a browser that opens one directly to the page", async () => {
    expect(await page("/admin/ads/placements")).toMatchObject({ status: 302, location: "/admin/ads" });
  });

  it("render the add dialog with spec point 5's defaults, posting JSON to the API", async () => {
    const { html } = await page("/admin/ads/placements/new", htmx);
    expect(html).toContain("data-autoshow");
    expect(html).toContain('hx-post="/api/admin/ad-placements"');
    expect(html).toContain('data-error-title="Failed to save placement. Please try again."');
    expect(html).toMatch(/<option value="banner" selected="">/);
    expect(html).toMatch(/<option value="admob" selected="">/);
    expect(html).toMatch(/<option value="swipe_screen" selected="">/);
    const frequency = html.match(/<input id="placement-frequency"[^>]*>/)?.[0] ?? "";
    for (const attribute of ['type="number"', 'min="1"', 'max="20"', 'value="3"']) expect(frequency).toContain(attribute);
    expect(html).toMatch(/type="checkbox" name="isActive" checked=""/);
  });

  it("render the edit dialog prefilled, sending PUT", async () => {
    const placement = await insertPlacement(app, { name: "Chat strip", placement: "chat_screen", platform: "meta", frequency: 7, isActive: false });
    const { html } = await page(`/admin/ads/placements/${placement.id}/edit`, htmx);
    expect(html).toContain(`hx-put="/api/admin/ad-placements/${placement.id}"`);
    expect(html).toContain('value="Chat strip"');
    expect(html).toMatch(/<option value="meta" selected="">/);
    expect(html).toMatch(/<option value="chat_screen" selected="">/);
    expect(html.match(/<input id="placement-frequency"[^>]*>/)?.[0]).toContain('value="7"');
    expect(html).not.toMatch(/name="isActive" checked/);
  });

  it("answer 404 for the edit dialog of an unknown placement", async () => {
    const response = await app.request("GET", `/admin/ads/placements/${newId()}/edit`, { cookie: admin.cookie, headers: htmx });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Placement not found" });
  });
});
