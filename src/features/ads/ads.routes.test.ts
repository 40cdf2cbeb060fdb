import { afterAll, beforeAll, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { adEvents, adPlacements, users } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { fakeClock } from "../../platform/clock";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { setPlan } from "../../testing/match-fixtures";
import { insertPlacement, registerAdmin, setAdToggle } from "./ads.test-support";

setDefaultTimeout(30_000);

let app: TestApp;
let clock: ReturnType<typeof fakeClock>;
let admin: Awaited<ReturnType<typeof registerAdmin>>;
let member: Awaited<ReturnType<TestApp["registerUser"]>>;

beforeAll(async () => {
  clock = fakeClock(new Date("2026-11-22T03:00:10Z"));
  app = await createTestApp({ clock });
  admin = await registerAdmin(app);
  member = await app.registerUser();
});
afterAll(() => app.close());
beforeEach(async () => {
  await app.deps.db.delete(adEvents);
  await app.deps.db.delete(adPlacements);
  await setPlan(app, member, "free");
  await setAdToggle(app, admin, "ads_google", true);
  await setAdToggle(app, admin, "ads_meta", false);
});

const slots = async (location: string, cookie = member.cookie) => {
  const response = await app.request("GET", `/api/ads?location=${location}`, { cookie });
  return { status: response.status, body: (await response.json()) as unknown };
};
const sendEvent = (body: Record<string, unknown>, cookie = member.cookie) => app.request("POST", "/api/ads/events", { cookie, body });
const storedEvents = () => app.deps.db.select().from(adEvents);

describe("GET /api/ads", () => {
  it("answers the active placements of switched-on platforms at that location, without names", async () => {
    const deck = await insertPlacement(app, { name: "Deck", frequency: 4 });
    expect(await slots("swipe_screen")).toEqual({ status: 200, body: [{ id: deck.id, adType: "banner", platform: "admob", frequency: 4 }] });
  });

  it("leaves out inactive placements", async () => {
    await insertPlacement(app, { isActive: false });
    expect((await slots("swipe_screen")).body).toEqual([]);
  });

  it("leaves out placements of a platform that is switched off, and takes effect at once", async () => {
    const meta = await insertPlacement(app, { platform: "meta", name: "Meta deck" });
    expect((await slots("swipe_screen")).body).toEqual([]);
    await setAdToggle(app, admin, "ads_meta", true);
    expect((await slots("swipe_screen")).body).toEqual([{ id: meta.id, adType: "banner", platform: "meta", frequency: 3 }]);
    await setAdToggle(app, admin, "ads_google", false);
    await insertPlacement(app, { platform: "admob" });
    expect(((await slots("swipe_screen")).body as unknown[]).length).toBe(1);
  });

  it("leaves out placements of other locations", async () => {
    await insertPlacement(app, { placement: "chat_screen" });
    expect((await slots("swipe_screen")).body).toEqual([]);
    expect(((await slots("chat_screen")).body as unknown[]).length).toBe(1);
  });

  it("is always [] for a Premium member, read from the account (not the sign-in)", async () => {
    await insertPlacement(app);
    await setPlan(app, member, "premium");
    expect((await slots("swipe_screen")).body).toEqual([]);
    await setPlan(app, member, "premium_plus");
    expect((await slots("swipe_screen")).body).toEqual([]);
  });

  it("shows ads again once a paid plan has expired", async () => {
    await insertPlacement(app);
    await app.deps.db.update(users).set({ plan: "premium", planExpiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(users.id, member.id));
    expect(((await slots("swipe_screen")).body as unknown[]).length).toBe(1);
  });

  it("is always [] for an admin", async () => {
    await insertPlacement(app);
    expect((await slots("swipe_screen", admin.cookie)).body).toEqual([]);
  });

  it("refuses an unknown or missing location with 400", async () => {
    const message = { message: "Location must be swipe_screen, matches_list, chat_screen or profile_view" };
    expect(await slots("landing")).toEqual({ status: 400, body: message });
    const response = await app.request("GET", "/api/ads", { cookie: member.cookie });
    expect(response.status).toBe(400);
  });

  it("needs a session", async () => {
    expect((await app.request("GET", "/api/ads?location=swipe_screen")).status).toBe(401);
  });
});

describe("POST /api/ads/events", () => {
  it("stores an impression with the member, the minute and no revenue by default", async () => {
    const placement = await insertPlacement(app);
    const response = await sendEvent({ placementId: placement.id, kind: "impression" });
    expect(response.status).toBe(204);
    const [event] = await storedEvents();
    expect(event).toMatchObject({ placementId: placement.id, userId: member.id, kind: "impression", revenueMicros: 0, minute: Math.floor(clock.now().getTime() / 60_000) });
  });

  it("stores nothing for a placement no slot is given: inactive, or its platform switched off", async () => {
    const inactive = await insertPlacement(app, { isActive: false });
    const meta = await insertPlacement(app, { platform: "meta", name: "Meta deck" });
    for (const placement of [inactive, meta]) expect((await sendEvent({ placementId: placement.id, kind: "impression", revenueMicros: 100_000 })).status).toBe(204);
    expect(await storedEvents()).toEqual([]);
  });

  it("counts at most once per placement, member and kind per minute", async () => {
    const placement = await insertPlacement(app);
    const other = await insertPlacement(app, { name: "Other" });
    const second = await app.registerUser();
    expect((await sendEvent({ placementId: placement.id, kind: "impression" })).status).toBe(204);
    clock.advance(30_000);
    // Same minute: the second impression is not stored, but a click, another placement and another member are.
    expect((await sendEvent({ placementId: placement.id, kind: "impression", revenueMicros: 500 })).status).toBe(204);
    expect((await sendEvent({ placementId: placement.id, kind: "click" })).status).toBe(204);
    expect((await sendEvent({ placementId: other.id, kind: "impression" })).status).toBe(204);
    expect((await sendEvent({ placementId: placement.id, kind: "impression" }, second.cookie)).status).toBe(204);
    expect(await storedEvents()).toHaveLength(4);
    // The next minute counts again.
    clock.advance(30_000);
    expect((await sendEvent({ placementId: placement.id, kind: "impression" })).status).toBe(204);
    const impressions = (await storedEvents()).filter((event) => event.placementId === placement.id && event.kind === "impression" && event.userId === member.id);
    expect(impressions).toHaveLength(2);
    expect(impressions.map((event) => event.revenueMicros)).toEqual([0, 0]);
  });

  it("keeps the revenue the Android wrapper reports, up to ten cents per event", async () => {
    const placement = await insertPlacement(app);
    expect((await sendEvent({ placementId: placement.id, kind: "impression", revenueMicros: 100_000 })).status).toBe(204);
    expect((await storedEvents())[0]!.revenueMicros).toBe(100_000);
    for (const revenueMicros of [-1, 100_001, 2.5, "5"]) {
      const response = await sendEvent({ placementId: placement.id, kind: "click", revenueMicros });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "revenueMicros must be a whole number from 0 to 100000" });
    }
  });

  it("answers 404 for an unknown placement", async () => {
    const response = await sendEvent({ placementId: newId(), kind: "impression" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Placement not found" });
    expect(await storedEvents()).toHaveLength(0);
  });

  it("refuses an unknown kind with 400", async () => {
    const placement = await insertPlacement(app);
    const response = await sendEvent({ placementId: placement.id, kind: "view" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Kind must be impression or click" });
  });

  it("stores nothing for a Premium member (they are never shown an ad)", async () => {
    const placement = await insertPlacement(app);
    await setPlan(app, member, "premium");
    expect((await sendEvent({ placementId: placement.id, kind: "impression", revenueMicros: 1000 })).status).toBe(204);
    expect(await storedEvents()).toHaveLength(0);
  });

  it("feeds the admin's revenue summary", async () => {
    const placement = await insertPlacement(app, { name: "Deck" });
    await sendEvent({ placementId: placement.id, kind: "impression", revenueMicros: 12_345 });
    await sendEvent({ placementId: placement.id, kind: "click" });
    const summary = await (await app.request("GET", "/api/admin/ad-revenue-summary", { cookie: admin.cookie })).json();
    expect(summary).toEqual({ totalRevenue: 0.01, totalImpressions: 1, totalClicks: 1, byPlacement: [{ id: placement.id, name: "Deck", impressions: 1, clicks: 1, revenue: 0.01 }] });
  });

  it("needs a session", async () => {
    const placement = await insertPlacement(app);
    expect((await app.request("POST", "/api/ads/events", { body: { placementId: placement.id, kind: "impression" } })).status).toBe(401);
  });
});
