import { afterAll, beforeAll, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { adEvents, adminActions, adPlacements } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { unixMinute } from "./ad-events.service";
import { insertPlacement, registerAdmin } from "./ads.test-support";

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
  await app.deps.db.delete(adminActions);
});

const post = (body: unknown, headers?: Record<string, string>) => app.request("POST", "/api/admin/ad-placements", { cookie: admin.cookie, body, headers });
const put = (id: string, body: unknown, headers?: Record<string, string>) => app.request("PUT", `/api/admin/ad-placements/${id}`, { cookie: admin.cookie, body, headers });
const storedCount = async () => (await app.deps.db.select({ id: adPlacements.id }).from(adPlacements)).length;
const logRows = () => app.deps.db.select().from(adminActions).orderBy(desc(adminActions.createdAt));

describe("POST /api/admin/ad-placements", () => {
  it("applies spec point 5's defaults: banner, admob, swipe_screen, every 3, active", async () => {
    const response = await post({ name: "  Deck card  " });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: "Deck card", adType: "banner", platform: "admob", placement: "swipe_screen", frequency: 3, isActive: true });
    expect(await storedCount()).toBe(1);
  });

  it("stores every field as sent", async () => {
    const response = await post({ name: "Chat strip", adType: "native", platform: "meta", placement: "chat_screen", frequency: 20, isActive: false });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string };
    const [row] = await app.deps.db.select().from(adPlacements).where(eq(adPlacements.id, body.id));
    expect(row).toMatchObject({ name: "Chat strip", adType: "native", platform: "meta", placement: "chat_screen", frequency: 20, isActive: false });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["frequency 0", { name: "A", frequency: 0 }, "Frequency must be a number from 1 to 20"],
    ["frequency 21", { name: "A", frequency: 21 }, "Frequency must be a number from 1 to 20"],
    ["frequency 'x'", { name: "A", frequency: "x" }, "Frequency must be a number from 1 to 20"],
    ["frequency 2.5", { name: "A", frequency: 2.5 }, "Frequency must be a number from 1 to 20"],
    ["frequency empty (a cleared number input)", { name: "A", frequency: "" }, "Frequency must be a number from 1 to 20"],
    ["a missing name", { frequency: 3 }, "Name is required"],
    ["a blank name", { name: "   " }, "Name is required"],
    ["a name over 80 characters", { name: "n".repeat(81) }, "Name must be at most 80 characters"],
    ["an unknown ad type", { name: "A", adType: "popup" }, "Ad type must be banner, interstitial, rewarded or native"],
    ["an unknown platform", { name: "A", platform: "tiktok" }, "Platform must be admob or meta"],
    ["an unknown location", { name: "A", placement: "landing" }, "Location must be swipe_screen, matches_list, chat_screen or profile_view"],
    ["isActive as text", { name: "A", isActive: "yes" }, "Active must be true or false"],
  ];
  for (const [what, body, message] of invalid) {
    it(`refuses ${what} with 400 naming the field, and stores nothing`, async () => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
      expect(await storedCount()).toBe(0);
      expect(await logRows()).toHaveLength(0);
    });
  }

  it("takes a numeric string from a plain form post as its number", async () => {
    const response = await post({ name: "Form", frequency: "7" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ frequency: 7 });
  });

  it("writes a placement_create row to the admin log naming the placement", async () => {
    await post({ name: "Deck card", frequency: 5 });
    const [row] = await logRows();
    expect(row).toMatchObject({ action: "placement_create", targetName: "Deck card", adminId: admin.id, adminName: "Ada Admin" });
    expect(row!.reason).toBe("banner admob swipe_screen 5 active");
  });

  it("answers htmx with the success toast and the placements refresh", async () => {
    const response = await post({ name: "Deck card" }, { "HX-Request": "true" });
    expect(response.status).toBe(201);
    const trigger = JSON.parse(response.headers.get("HX-Trigger") ?? "{}");
    expect(trigger["kasih:toast"]).toMatchObject({ title: "Placement created successfully" });
    expect(trigger["kasih:refresh-placements"]).toBe(true);
  });

  it("is for admins only", async () => {
    expect((await app.request("POST", "/api/admin/ad-placements", { cookie: member.cookie, body: { name: "A" } })).status).toBe(403);
    expect((await app.request("POST", "/api/admin/ad-placements", { body: { name: "A" } })).status).toBe(401);
    expect(await storedCount()).toBe(0);
  });
});

describe("PUT /api/admin/ad-placements/{id}", () => {
  it("changes the given fields, keeps the others, and logs placement_update", async () => {
    const placement = await insertPlacement(app, { name: "Deck card", frequency: 3 });
    const response = await put(placement.id, { frequency: 10, isActive: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: placement.id, name: "Deck card", frequency: 10, isActive: false, adType: "banner" });
    const [row] = await app.deps.db.select().from(adPlacements).where(eq(adPlacements.id, placement.id));
    expect(row).toMatchObject({ frequency: 10, isActive: false });
    expect(row!.updatedAt).not.toBeNull();
    const [log] = await logRows();
    expect(log).toMatchObject({ action: "placement_update", targetName: "Deck card" });
  });

  it("renames, and the log row carries the new name", async () => {
    const placement = await insertPlacement(app, { name: "Old" });
    await put(placement.id, { name: "New name" });
    expect((await logRows())[0]).toMatchObject({ action: "placement_update", targetName: "New name" });
  });

  it("refuses invalid values with 400 and changes nothing", async () => {
    const placement = await insertPlacement(app, { frequency: 3 });
    for (const frequency of [0, 21, "x", 2.5]) {
      const response = await put(placement.id, { frequency });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "Frequency must be a number from 1 to 20" });
    }
    expect(await (await put(placement.id, { name: "" })).json()).toEqual({ message: "Name is required" });
    const [row] = await app.deps.db.select().from(adPlacements).where(eq(adPlacements.id, placement.id));
    expect(row!.frequency).toBe(3);
    expect(await logRows()).toHaveLength(0);
  });

  it("answers 404 for an unknown placement and logs nothing", async () => {
    const response = await put(newId(), { name: "Ghost" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Placement not found" });
    expect(await logRows()).toHaveLength(0);
  });

  it("answers htmx with 'Placement updated successfully'", async () => {
    const placement = await insertPlacement(app);
    const response = await put(placement.id, { name: "Renamed" }, { "HX-Request": "true" });
    expect(JSON.parse(response.headers.get("HX-Trigger") ?? "{}")["kasih:toast"]).toMatchObject({ title: "Placement updated successfully" });
  });
});

describe("GET /api/admin/ad-placements", () => {
  it("lists every placement, oldest first", async () => {
    await insertPlacement(app, { name: "First" });
    app.clock.advance(1000);
    await insertPlacement(app, { name: "Second", isActive: false });
    const response = await app.request("GET", "/api/admin/ad-placements", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { placements: { name: string; isActive: boolean }[] };
    expect(body.placements.map((p) => [p.name, p.isActive])).toEqual([["First", true], ["Second", false]]);
  });
});

describe("GET /api/admin/ad-revenue-summary", () => {
  it("is all zeros without events, never sample numbers", async () => {
    const response = await app.request("GET", "/api/admin/ad-revenue-summary", { cookie: admin.cookie });
    expect(await response.json()).toEqual({ totalRevenue: 0, totalImpressions: 0, totalClicks: 0, byPlacement: [] });
  });

  it("sums the recorded events, in dollars with two decimals, per placement too", async () => {
    const deck = await insertPlacement(app, { name: "Deck" });
    app.clock.advance(1000);
    const list = await insertPlacement(app, { name: "List", placement: "matches_list" });
    app.clock.advance(1000);
    await insertPlacement(app, { name: "Unused" });
    const minute = unixMinute(app.clock.now());
    const event = (placementId: string, kind: "impression" | "click", revenueMicros: number, offset: number) => ({ id: newId(), placementId, userId: member.id, kind, revenueMicros, minute: minute + offset, createdAt: app.clock.now() });
    await app.deps.db.insert(adEvents).values([
      event(deck.id, "impression", 1_234_567, 0),
      event(deck.id, "impression", 5_000, 1),
      event(deck.id, "click", 0, 0),
      event(list.id, "impression", 2_000_000, 0),
    ]);
    const body = await (await app.request("GET", "/api/admin/ad-revenue-summary", { cookie: admin.cookie })).json();
    expect(body).toEqual({
      totalRevenue: 3.24,
      totalImpressions: 3,
      totalClicks: 1,
      byPlacement: [
        { id: deck.id, name: "Deck", impressions: 2, clicks: 1, revenue: 1.24 },
        { id: list.id, name: "List", impressions: 1, clicks: 0, revenue: 2 },
        { id: expect.any(String), name: "Unused", impressions: 0, clicks: 0, revenue: 0 },
      ],
    });
  });

  it("is for admins only", async () => {
    expect((await app.request("GET", "/api/admin/ad-revenue-summary", { cookie: member.cookie })).status).toBe(403);
  });
});
