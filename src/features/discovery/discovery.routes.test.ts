import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { dailyUsage, matches, photos, swipes, users } from "../../../db/schema";
import { jakartaDayOf } from "../../platform/clock";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { DECK_TTL_MS, deckCacheFor } from "./deck-cache";
import { deckKey, loadViewer } from "./discovery.service";
import { createMember, recordBlock, recordSwipe } from "./discovery.test-support";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

type Card = { id: string; firstName: string; distanceKm: number | null; superLikedYou: boolean; photos: string[] };

async function discover(cookie: string, query = "") {
  const response = await app.request("GET", `/api/discovery${query}`, { cookie });
  return { status: response.status, body: (await response.json()) as Card[] & { message?: string } };
}

describe("GET /api/discovery", () => {
  test("a signed-out caller gets 401", async () => {
    const response = await app.request("GET", "/api/discovery");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthorized" });
  });

  test("a caller without a profile gets 400 Profile incomplete", async () => {
    const me = await createMember(app, { profile: false, photo: false });
    const result = await discover(me.cookie);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Profile incomplete");
  });

  test("suggestions leave out self, swiped, blocked either way, banned, same gender, incomplete and out-of-distance people", async () => {
    const me = await createMember(app, { gender: "male", city: "jakarta", searchDistance: 50 });
    const good = await createMember(app, { firstName: "Good", city: "bekasi" });
    const noCity = await createMember(app, { firstName: "NoCity", city: null });
    const swiped = await createMember(app, { firstName: "Swiped" });
    const passed = await createMember(app, { firstName: "Passed" });
    const blockedByMe = await createMember(app, { firstName: "BlockedByMe" });
    const blockedMe = await createMember(app, { firstName: "BlockedMe" });
    const banned = await createMember(app, { firstName: "Banned" });
    const sameGender = await createMember(app, { firstName: "SameGender", gender: "male" });
    const noPhoto = await createMember(app, { firstName: "NoPhoto", photo: false });
    const noProfile = await createMember(app, { firstName: "NoProfile", profile: false });
    const far = await createMember(app, { firstName: "Far", city: "surabaya" });
    await recordSwipe(app, me.id, swiped.id, true);
    await recordSwipe(app, me.id, passed.id, false);
    await recordBlock(app, me.id, blockedByMe.id);
    await recordBlock(app, blockedMe.id, me.id);
    await app.deps.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id));

    const result = await discover(me.cookie, "?limit=20");
    expect(result.status).toBe(200);
    const ids = result.body.map((card) => card.id).sort();
    expect(ids).toEqual([good.id, noCity.id].sort());
    for (const left of [me, swiped, passed, blockedByMe, blockedMe, banned, sameGender, noPhoto, noProfile, far]) expect(ids).not.toContain(left.id);

    const byId = new Map(result.body.map((card) => [card.id, card]));
    expect(byId.get(good.id)!.distanceKm).toBe(15);
    expect(byId.get(noCity.id)!.distanceKm).toBeNull();
    expect(byId.get(good.id)!.photos[0]).toStartWith("/uploads/");
    // No email and no position ever leave the server.
    expect(JSON.stringify(result.body)).not.toContain("@example.com");
    expect(JSON.stringify(result.body)).not.toContain("106.");
  });

  test("a caller with a wider search distance also sees the far city", async () => {
    const me = await createMember(app, { gender: "male", city: "jakarta", searchDistance: 200 });
    const bandung = await createMember(app, { city: "bandung" });
    const result = await discover(me.cookie);
    expect(result.body.map((card) => card.id)).toEqual([bandung.id]);
  });

  test("a free member's deck does not give 'who liked you' away: a plain like is no signal, a super like still leads", async () => {
    const me = await createMember(app, { gender: "male", age: 30, denomination: "Protestant", relationshipGoals: "marriage" });
    const ideal = await createMember(app, { firstName: "Ideal", age: 30, denomination: "Protestant", relationshipGoals: "marriage" });
    const liker = await createMember(app, { firstName: "Liker", age: 45, denomination: "Catholic", relationshipGoals: "friendship", lastActiveAt: null });
    const superLiker = await createMember(app, { firstName: "SuperLiker", age: 44, denomination: "Catholic", relationshipGoals: "friendship", lastActiveAt: null });
    await recordSwipe(app, liker.id, me.id, true);
    await recordSwipe(app, superLiker.id, me.id, true, true);
    const result = await discover(me.cookie);
    // The hole: every liker came first, so a free member learned who liked them.
    expect(result.body.map((card) => card.id)).toEqual([superLiker.id, ideal.id, liker.id]);
  });

  test("ranking puts a person who liked a Premium caller first, a super like before a like", async () => {
    const me = await createMember(app, { gender: "male", age: 30, denomination: "Protestant", relationshipGoals: "marriage", plan: "premium" });
    // A close match on every other criterion, who has not liked the caller.
    await createMember(app, { firstName: "Ideal", age: 30, denomination: "Protestant", relationshipGoals: "marriage" });
    const liker = await createMember(app, { firstName: "Liker", age: 45, denomination: "Catholic", relationshipGoals: "friendship", lastActiveAt: null });
    const superLiker = await createMember(app, { firstName: "SuperLiker", age: 44, denomination: "Catholic", relationshipGoals: "friendship", lastActiveAt: null });
    await recordSwipe(app, liker.id, me.id, true);
    await recordSwipe(app, superLiker.id, me.id, true, true);
    const result = await discover(me.cookie);
    expect(result.body.slice(0, 2).map((card) => card.id)).toEqual([superLiker.id, liker.id]);
    expect(result.body[0]!.superLikedYou).toBe(true);
    // A plain like is not revealed on the card (seeing who liked you is premium).
    expect(result.body[1]!.superLikedYou).toBe(false);
  });

  test("the same church ranks above the same family alone; cards carry the family's name, the church and the interests, shared ones marked, in the viewer's language", async () => {
    const me = await createMember(app, { gender: "male", age: 30, denomination: "pentecostal", churchId: "gbi", interests: ["music", "choir", "cooking"] });
    const family = await createMember(app, { firstName: "Family", age: 30, denomination: "pentecostal", churchId: "gpdi" });
    const church = await createMember(app, { firstName: "Church", age: 30, denomination: "pentecostal", churchId: "gbi", churchName: "GBI Rayon 3", interests: ["choir", "travel", "music"] });
    await createMember(app, { firstName: "Neither", age: 30, denomination: "catholic", churchId: "ka-jakarta" });
    const response = await app.request("GET", "/api/discovery", { cookie: `${me.cookie}; app-language=id` });
    const cards = (await response.json()) as { id: string; firstName: string; denominationName: string; church: unknown; churchName: string; interests: string[]; interestNames: string[]; sharedInterests: string[] }[];
    expect(cards.map((card) => card.firstName)).toEqual(["Church", "Family", "Neither"]);
    expect(cards[0]).toMatchObject({
      id: church.id,
      denominationName: "Pentakosta",
      church: { id: "gbi", name: "Gereja Bethel Indonesia", abbreviation: "GBI", family: "pentecostal" },
      churchName: "GBI Rayon 3",
      interests: ["choir", "travel", "music"],
      interestNames: ["Paduan suara", "Jalan-jalan", "Musik"],
      sharedInterests: ["choir", "music"],
    });
    expect(cards[1]!.id).toBe(family.id);
  });

  test("a boosted person comes before better-matching ones; shared goals and denomination rank higher", async () => {
    const me = await createMember(app, { gender: "male", age: 30, denomination: "Protestant", relationshipGoals: "marriage" });
    const other = await createMember(app, { firstName: "Other", age: 30, denomination: "Catholic", relationshipGoals: "friendship" });
    const ideal = await createMember(app, { firstName: "Ideal", age: 30, denomination: "Protestant", relationshipGoals: "marriage" });
    const boosted = await createMember(app, { firstName: "Boosted", age: 40, denomination: "Catholic", relationshipGoals: "friendship", lastActiveAt: null });
    await app.deps.db.update(users).set({ boostedUntil: new Date(app.clock.now().getTime() + 60_000) }).where(eq(users.id, boosted.id));
    const result = await discover(me.cookie);
    expect(result.body.map((card) => card.id)).toEqual([boosted.id, ideal.id, other.id]);
  });

  test("paging with exclude never sends again what the client holds", async () => {
    const me = await createMember(app, { gender: "male" });
    const all: string[] = [];
    for (let i = 0; i < 7; i++) all.push((await createMember(app, { firstName: `P${i}` })).id);
    const first = await discover(me.cookie, "?limit=3");
    const held = first.body.map((card) => card.id);
    const second = await discover(me.cookie, `?limit=3&exclude=${held.join(",")}`);
    const third = await discover(me.cookie, `?limit=3&exclude=${[...held, ...second.body.map((card) => card.id)].join(",")}`);
    const seen = [...held, ...second.body.map((card) => card.id), ...third.body.map((card) => card.id)];
    expect(new Set(seen).size).toBe(7);
    expect(seen.sort()).toEqual(all.sort());
  });

  describe("a kept deck (one ranking serves several calls, docs/decisions/0103)", () => {
    test("serves its order without ranking again; someone who became a better match shows once it is DECK_TTL_MS old", async () => {
      const me = await createMember(app, { gender: "male" });
      for (let i = 0; i < 6; i++) await createMember(app, { firstName: `P${i}` });
      const ranked = (await discover(me.cookie, "?limit=6")).body.map((card) => card.id);
      // A super like leads every deck, but this one was ranked before it.
      const superLiker = await createMember(app, { firstName: "SuperLiker", lastActiveAt: null });
      await recordSwipe(app, superLiker.id, me.id, true, true);
      expect((await discover(me.cookie, "?limit=3")).body.map((card) => card.id)).toEqual(ranked.slice(0, 3));
      app.clock.advance(DECK_TTL_MS);
      expect((await discover(me.cookie, "?limit=3")).body[0]!.id).toBe(superLiker.id);
    });

    test("never serves anyone who became ineligible after it was ranked: swiped, blocked either way, banned, reported, without a photo", async () => {
      const me = await createMember(app, { gender: "male" });
      for (let i = 0; i < 10; i++) await createMember(app, { firstName: `P${i}` });
      const ranked = (await discover(me.cookie, "?limit=10")).body.map((card) => card.id);
      const [swiped, blockedByMe, blockedMe, banned, reported, photoless] = ranked;
      await recordSwipe(app, me.id, swiped!, false);
      await recordBlock(app, me.id, blockedByMe!);
      await recordBlock(app, blockedMe!, me.id);
      await app.deps.db.update(users).set({ isBanned: true }).where(eq(users.id, banned!));
      // Hidden by reports (src/features/safety/report-standing.ts keeps the column; its rules are tested there).
      await app.deps.db.update(users).set({ hiddenAt: app.clock.now(), hiddenBy: "reports" }).where(eq(users.id, reported!));
      await app.deps.db.delete(photos).where(eq(photos.userId, photoless!));
      // Four of the ten are still eligible: served in the kept order, fresh from the database.
      await app.deps.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, ranked[6]!));
      const served = (await discover(me.cookie, "?limit=3")).body;
      expect(served.map((card) => card.id)).toEqual(ranked.slice(6, 9));
      expect(served[0]!.firstName).toBe("Renamed");
    });

    test("changed filters rank again at once, so a widened deck brings the people it now allows", async () => {
      const me = await createMember(app, { gender: "male", age: 30, denomination: "Protestant", relationshipGoals: "marriage" });
      const ideal = await createMember(app, { firstName: "Ideal", age: 38, denomination: "Protestant", relationshipGoals: "marriage" });
      for (let i = 0; i < 4; i++) await createMember(app, { firstName: `Young${i}`, age: 26, denomination: "Catholic", relationshipGoals: "friendship" });
      const narrow = { ageMin: 18, ageMax: 30, denominations: [], relationshipGoals: [], maxDistance: 50, verifiedOnly: false };
      expect((await app.request("PUT", "/api/discovery/filters", { cookie: me.cookie, body: narrow })).status).toBe(200);
      expect((await discover(me.cookie, "?limit=2")).body.map((card) => card.id)).not.toContain(ideal.id);
      expect((await app.request("PUT", "/api/discovery/filters", { cookie: me.cookie, body: { ...narrow, ageMax: null } })).status).toBe(200);
      expect((await discover(me.cookie, "?limit=2")).body[0]!.id).toBe(ideal.id);
    });

    test("a swipe takes the person out of the swiper's kept deck: the next call checks only people not yet swiped", async () => {
      const me = await createMember(app, { gender: "male" });
      for (let i = 0; i < 5; i++) await createMember(app, { firstName: `P${i}` });
      const ranked = (await discover(me.cookie, "?limit=5")).body.map((card) => card.id);
      expect((await swipeAs(me.cookie, { swipedId: ranked[0], isLike: false })).status).toBe(200);
      const viewer = (await loadViewer(app.deps.db, me.id))!;
      const kept = deckCacheFor(app.deps.db).get(me.id, deckKey(viewer, false), app.clock.now().getTime());
      expect(kept).toHaveLength(4);
      expect(kept).not.toContain(ranked[0]);
      expect((await discover(me.cookie, "?limit=2")).body.map((card) => card.id)).toEqual(ranked.slice(1, 3));
    });

    test("leaves out what the client holds, and serves it again once the client lets it go", async () => {
      const me = await createMember(app, { gender: "male" });
      for (let i = 0; i < 6; i++) await createMember(app, { firstName: `P${i}` });
      const ranked = (await discover(me.cookie, "?limit=6")).body.map((card) => card.id);
      expect((await discover(me.cookie, `?limit=2&exclude=${ranked.slice(0, 2).join(",")}`)).body.map((card) => card.id)).toEqual(ranked.slice(2, 4));
      expect((await discover(me.cookie, "?limit=2")).body.map((card) => card.id)).toEqual(ranked.slice(0, 2));
    });
  });

  test("a bad limit is a 400 with a message", async () => {
    const me = await createMember(app, { gender: "male" });
    const result = await discover(me.cookie, "?limit=500");
    expect(result.status).toBe(400);
    expect(result.body.message).toBe("Invalid limit");
  });
});

async function swipeAs(cookie: string, body: unknown) {
  const response = await app.request("POST", "/api/swipe", { cookie, body });
  return { status: response.status, body: (await response.json()) as { isMatch?: boolean; matchId?: string; message?: string } };
}

async function usedToday(userId: string) {
  const [row] = await app.deps.db.select().from(dailyUsage).where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, jakartaDayOf(app.clock.now()))));
  return row?.swipes ?? 0;
}

describe("POST /api/swipe", () => {
  test("a like is stored and counted; a like back makes a match and emits match.created", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app);
    const events: unknown[] = [];
    app.deps.events.on("match.created", (payload) => events.push(payload));
    const first = await swipeAs(me.cookie, { swipedId: her.id, isLike: true });
    expect(first).toEqual({ status: 200, body: { isMatch: false } });
    expect(await usedToday(me.id)).toBe(1);
    const back = await swipeAs(her.cookie, { swipedId: me.id, isLike: true });
    expect(back.status).toBe(200);
    expect(back.body.isMatch).toBe(true);
    const rows = await app.deps.db.select().from(matches);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(back.body.matchId!);
    expect(events).toEqual([{ matchId: back.body.matchId, userIds: [her.id, me.id] }]);
  });

  test("a member without a profile cannot like anyone through the API (the hole: likes from half-made accounts)", async () => {
    const halfMade = await createMember(app, { profile: false });
    const her = await createMember(app);
    expect(await swipeAs(halfMade.cookie, { swipedId: her.id, isLike: true })).toEqual({ status: 400, body: { message: "Profile incomplete" } as never });
    expect(await app.deps.db.select().from(swipes).where(eq(swipes.swiperId, halfMade.id))).toEqual([]);
    expect(await usedToday(halfMade.id)).toBe(0);
  });

  test("a pass never makes a match", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app);
    await recordSwipe(app, her.id, me.id, true);
    const result = await swipeAs(me.cookie, { swipedId: her.id, isLike: false });
    expect(result.body).toEqual({ isMatch: false });
    expect(await app.deps.db.select().from(matches)).toHaveLength(0);
  });

  test("swiping yourself, an unknown user, a banned user or someone twice is refused and consumes nothing", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app);
    const banned = await createMember(app);
    await app.deps.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id));
    expect(await swipeAs(me.cookie, { swipedId: me.id, isLike: true })).toEqual({ status: 400, body: { message: "You cannot swipe yourself" } });
    expect(await swipeAs(me.cookie, { swipedId: "no-such-user", isLike: true })).toEqual({ status: 404, body: { message: "User not found" } });
    expect((await swipeAs(me.cookie, { swipedId: banned.id, isLike: true })).status).toBe(404);
    expect((await swipeAs(me.cookie, { swipedId: her.id, isLike: true })).status).toBe(200);
    expect(await swipeAs(me.cookie, { swipedId: her.id, isLike: false })).toEqual({ status: 400, body: { message: "You already swiped this person" } });
    expect(await usedToday(me.id)).toBe(1);
    expect(await app.deps.db.select().from(swipes)).toHaveLength(1);
  });

  test("a blocked person cannot be swiped", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app);
    await recordBlock(app, her.id, me.id);
    expect((await swipeAs(me.cookie, { swipedId: her.id, isLike: true })).status).toBe(404);
  });

  test("an invalid body is a 400 and stores nothing", async () => {
    const me = await createMember(app, { gender: "male" });
    expect((await swipeAs(me.cookie, { swipedId: "x" })).body).toEqual({ message: "Invalid isLike" });
    expect((await swipeAs(me.cookie, "not json")).status).toBe(400);
    expect(await app.deps.db.select().from(swipes)).toHaveLength(0);
  });

  test("40 concurrent swipes from a free user with 24 used: exactly 1 succeeds, the rest get 429", async () => {
    const me = await createMember(app, { gender: "male" });
    const targets = [];
    for (let i = 0; i < 40; i++) targets.push(await createMember(app, { firstName: `T${i}` }));
    await app.deps.db.insert(dailyUsage).values({ userId: me.id, day: jakartaDayOf(app.clock.now()), swipes: 24, chats: 0 });
    const results = await Promise.all(targets.map((target) => swipeAs(me.cookie, { swipedId: target.id, isLike: true })));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    const refused = results.filter((result) => result.status === 429);
    expect(refused).toHaveLength(39);
    expect(refused[0]!.body).toEqual({ message: "Daily swipe limit reached" });
    // 10:00 in Jakarta (the fake clock): the limit lifts in 14 hours.
    const fresh = await createMember(app, { firstName: "Fresh" });
    const again = await app.request("POST", "/api/swipe", { cookie: me.cookie, body: { swipedId: fresh.id, isLike: false } });
    expect(again.status).toBe(429);
    expect(again.headers.get("Retry-After")).toBe(String(14 * 3600));
    expect(await usedToday(me.id)).toBe(25);
    expect(await app.deps.db.select().from(swipes).where(eq(swipes.swiperId, me.id))).toHaveLength(1);
  });

  test("the limit resets at midnight in Jakarta", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app);
    const other = await createMember(app);
    await app.deps.db.insert(dailyUsage).values({ userId: me.id, day: jakartaDayOf(app.clock.now()), swipes: 25, chats: 0 });
    expect((await swipeAs(me.cookie, { swipedId: her.id, isLike: true })).status).toBe(429);
    // The fake clock starts at 03:00 UTC = 10:00 in Jakarta; 14 hours later it is the next day there.
    app.clock.advance(14 * 3_600_000);
    expect((await swipeAs(me.cookie, { swipedId: her.id, isLike: true })).status).toBe(200);
    expect((await swipeAs(me.cookie, { swipedId: other.id, isLike: true })).status).toBe(200);
    expect(await usedToday(me.id)).toBe(2);
  });

  test("premium members swipe past the free limit", async () => {
    const me = await createMember(app, { gender: "male", plan: "premium" });
    const her = await createMember(app);
    await app.deps.db.insert(dailyUsage).values({ userId: me.id, day: jakartaDayOf(app.clock.now()), swipes: 25, chats: 0 });
    expect((await swipeAs(me.cookie, { swipedId: her.id, isLike: true })).status).toBe(200);
  });

  test("two users liking each other concurrently produce one match, not two", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createMember(app, { gender: "male" });
      const b = await createMember(app);
      const [ra, rb] = await Promise.all([swipeAs(a.cookie, { swipedId: b.id, isLike: true }), swipeAs(b.cookie, { swipedId: a.id, isLike: true })]);
      expect([ra.status, rb.status]).toEqual([200, 200]);
      expect(ra.body.isMatch || rb.body.isMatch).toBe(true);
      const [user1Id, user2Id] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
      const rows = await app.deps.db.select().from(matches).where(and(eq(matches.user1Id, user1Id), eq(matches.user2Id, user2Id)));
      expect(rows).toHaveLength(1);
    }
  });

  test("a super like needs Premium Plus; with it the other person sees it on the card and in who-liked-you", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app, { plan: "premium" });
    expect(await swipeAs(me.cookie, { swipedId: her.id, isLike: true, isSuperLike: true })).toEqual({ status: 403, body: { message: "Super like requires Premium Plus" } });
    expect(await usedToday(me.id)).toBe(0);
    await app.deps.db.update(users).set({ plan: "premium_plus" }).where(eq(users.id, me.id));
    expect((await swipeAs(me.cookie, { swipedId: her.id, isLike: true, isSuperLike: true })).status).toBe(200);
    const cards = await discover(her.cookie);
    expect(cards.body[0]).toMatchObject({ id: me.id, superLikedYou: true });
    const likes = (await (await app.request("GET", "/api/likes", { cookie: her.cookie })).json()) as { people: { id: string; isSuperLike: boolean }[] };
    expect(likes.people).toEqual([expect.objectContaining({ id: me.id, isSuperLike: true, denomination: "protestant", denominationName: "Protestant (mainline)" })]);
  });
});

describe("POST /api/swipe/undo", () => {
  test("a free user is refused with 403 and the swipe stays", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app);
    await swipeAs(me.cookie, { swipedId: her.id, isLike: false });
    const response = await app.request("POST", "/api/swipe/undo", { cookie: me.cookie });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Undo requires Premium Plus" });
    expect(await app.deps.db.select().from(swipes)).toHaveLength(1);
  });

  test("Premium Plus undoes the last swipe and gets the card back; a swipe that made a match stays", async () => {
    const me = await createMember(app, { gender: "male", plan: "premium_plus" });
    const her = await createMember(app, { firstName: "Ana" });
    const matched = await createMember(app, { firstName: "Bea" });
    await recordSwipe(app, matched.id, me.id, true);
    await swipeAs(me.cookie, { swipedId: her.id, isLike: false });
    app.clock.advance(1000);
    const undo = await app.request("POST", "/api/swipe/undo", { cookie: me.cookie });
    expect(undo.status).toBe(200);
    expect(await undo.json()).toMatchObject({ swipedId: her.id, card: { id: her.id, firstName: "Ana" } });
    expect(await app.deps.db.select().from(swipes).where(eq(swipes.swiperId, me.id))).toHaveLength(0);

    expect((await swipeAs(me.cookie, { swipedId: matched.id, isLike: true })).body.isMatch).toBe(true);
    const refused = await app.request("POST", "/api/swipe/undo", { cookie: me.cookie });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "A swipe that made a match cannot be undone" });
  });

  test("an admin on the free plan may undo (admins have the premium features)", async () => {
    const me = await createMember(app, { gender: "male", isAdmin: true });
    const her = await createMember(app);
    await swipeAs(me.cookie, { swipedId: her.id, isLike: false });
    expect((await app.request("POST", "/api/swipe/undo", { cookie: me.cookie })).status).toBe(200);
  });

  /** He likes her back (a match), then she unmatches: both likes remain. */
  async function matchedThenUnmatched(plan: "premium" | "premium_plus") {
    const me = await createMember(app, { gender: "male", plan });
    const her = await createMember(app, { firstName: "Ana" });
    await recordSwipe(app, her.id, me.id, true);
    const liked = await swipeAs(me.cookie, { swipedId: her.id, isLike: true });
    expect(liked.body.isMatch).toBe(true);
    expect((await app.request("POST", `/api/matches/${liked.body.matchId}/unmatch`, { cookie: her.cookie })).status).toBe(200);
    return { me, her };
  }

  test("after an unmatch, undo cannot wipe the swipe that made the match (no re-match without the other's consent)", async () => {
    const { me, her } = await matchedThenUnmatched("premium_plus");
    const undo = await app.request("POST", "/api/swipe/undo", { cookie: me.cookie });
    expect(undo.status).toBe(400);
    expect(await undo.json()).toEqual({ message: "A swipe that made a match cannot be undone" });
    const again = await swipeAs(me.cookie, { swipedId: her.id, isLike: true });
    expect(again.status).toBe(400);
    expect(await app.deps.db.select().from(matches)).toHaveLength(0);
  });

  test("a Premium like refused since an unmatch and a block writes nothing and brings no match back", async () => {
    const { me, her } = await matchedThenUnmatched("premium");
    await recordBlock(app, her.id, me.id);
    // Both old likes remain; the refused like must not satisfy the match statement.
    expect(await swipeAs(me.cookie, { swipedId: her.id, isLike: true })).toEqual({ status: 404, body: { message: "User not found" } });
    expect(await swipeAs(me.cookie, { swipedId: "no-such-user", isLike: true })).toEqual({ status: 404, body: { message: "User not found" } });
    expect(await app.deps.db.select().from(matches)).toHaveLength(0);
    expect(await app.deps.db.select().from(swipes)).toHaveLength(2);
  });

  test("undo never hands back the card of someone who has blocked the caller since", async () => {
    const me = await createMember(app, { gender: "male", plan: "premium_plus" });
    const her = await createMember(app, { firstName: "Ana" });
    await swipeAs(me.cookie, { swipedId: her.id, isLike: false });
    await recordBlock(app, her.id, me.id);
    const undo = await app.request("POST", "/api/swipe/undo", { cookie: me.cookie });
    expect(undo.status).toBe(200);
    expect(await undo.json()).toEqual({ swipedId: her.id, card: null });
  });
});

describe("POST /api/boost", () => {
  test("a free user and a Premium Monthly user are refused with 403", async () => {
    const free = await createMember(app, { gender: "male" });
    const monthly = await createMember(app, { gender: "male", plan: "premium" });
    for (const member of [free, monthly]) {
      const response = await app.request("POST", "/api/boost", { cookie: member.cookie });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "Boost requires Premium Plus" });
    }
    const [row] = await app.deps.db.select({ boostedUntil: users.boostedUntil }).from(users).where(eq(users.id, free.id));
    expect(row!.boostedUntil).toBeNull();
  });

  test("Premium Plus is boosted for 30 minutes and comes first in nearby decks meanwhile", async () => {
    const viewer = await createMember(app, { gender: "female" });
    await createMember(app, { gender: "male", firstName: "Active" });
    const me = await createMember(app, { gender: "male", plan: "premium_plus", age: 50, lastActiveAt: null });
    const response = await app.request("POST", "/api/boost", { cookie: me.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ boostedUntil: new Date(app.clock.now().getTime() + 30 * 60_000).toISOString() });
    expect((await discover(viewer.cookie)).body[0]!.id).toBe(me.id);
    app.clock.advance(31 * 60_000);
    expect((await discover(viewer.cookie)).body[0]!.id).not.toBe(me.id);
  });
});

describe("GET /api/likes", () => {
  test("a free user gets only the count, never the people", async () => {
    const me = await createMember(app, { gender: "male" });
    const a = await createMember(app);
    const b = await createMember(app);
    await recordSwipe(app, a.id, me.id, true);
    await recordSwipe(app, b.id, me.id, true);
    const response = await app.request("GET", "/api/likes", { cookie: me.cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ count: 2, people: null, locked: true });
    expect(JSON.stringify(body)).not.toContain(a.id);
  });

  test("a premium user sees who liked them and is waiting, not those already answered", async () => {
    const me = await createMember(app, { gender: "male", plan: "premium" });
    const waiting = await createMember(app, { firstName: "Waiting" });
    const answered = await createMember(app, { firstName: "Answered" });
    const passer = await createMember(app, { firstName: "Passer" });
    await recordSwipe(app, waiting.id, me.id, true);
    await recordSwipe(app, answered.id, me.id, true);
    await recordSwipe(app, passer.id, me.id, false);
    await recordSwipe(app, me.id, answered.id, false);
    const body = (await (await app.request("GET", "/api/likes", { cookie: me.cookie })).json()) as { count: number; people: { id: string; firstName: string; isSuperLike: boolean }[] };
    expect(body.count).toBe(1);
    expect(body.people).toEqual([expect.objectContaining({ id: waiting.id, firstName: "Waiting", isSuperLike: false })]);
  });

  test("signed out is 401", async () => {
    expect((await app.request("GET", "/api/likes")).status).toBe(401);
    expect((await app.request("POST", "/api/swipe", { body: { swipedId: "x", isLike: true } })).status).toBe(401);
    const count = await app.deps.db.all<{ n: number }>(sql`select count(*) as n from swipes`);
    expect(count[0]!.n).toBe(0);
  });
});

describe("Discover filters (GET/PUT /api/discovery/filters)", () => {
  const open = { ageMin: null, ageMax: null, denominations: [], relationshipGoals: [], maxDistance: 50, verifiedOnly: false };

  test("start open, and narrow the deck on the server: age range, denominations, goals, distance and verified only", async () => {
    const me = await createMember(app, { gender: "male", city: "jakarta", searchDistance: 50 });
    const fit = await createMember(app, { firstName: "Fit", age: 27, denomination: "Catholic", relationshipGoals: "marriage", city: "bekasi" });
    await createMember(app, { firstName: "TooYoung", age: 22, denomination: "Catholic", relationshipGoals: "marriage" });
    await createMember(app, { firstName: "TooOld", age: 41, denomination: "Catholic", relationshipGoals: "marriage" });
    await createMember(app, { firstName: "OtherChurch", age: 28, denomination: "Baptist", relationshipGoals: "marriage" });
    await createMember(app, { firstName: "Friends", age: 28, denomination: "Catholic", relationshipGoals: "friendship" });
    await createMember(app, { firstName: "NoGoal", age: 28, denomination: "Catholic", relationshipGoals: null });
    await createMember(app, { firstName: "Far", age: 28, denomination: "Catholic", relationshipGoals: "marriage", city: "bandung" });
    expect(await (await app.request("GET", "/api/discovery/filters", { cookie: me.cookie })).json()).toEqual(open);
    expect((await discover(me.cookie)).body.length).toBe(6); // all but Far, beyond 50 km

    const filters = { ageMin: 25, ageMax: 35, denominations: ["Catholic", "Protestant", "Catholic"], relationshipGoals: ["marriage", "serious-relationship"], maxDistance: 100, verifiedOnly: false };
    const saved = await app.request("PUT", "/api/discovery/filters", { cookie: me.cookie, body: filters });
    expect(saved.status).toBe(200);
    // Stored canonical: old values become family keys (docs/decisions/0132), repeats collapse, in the list's order.
    expect(await saved.json()).toEqual({ ...filters, denominations: ["catholic", "protestant"] });
    expect((await discover(me.cookie)).body.map((card) => card.firstName)).toEqual(["Fit"]);

    // Distance is the same value as Settings' slider; Bandung is ~120 km from Jakarta.
    await app.request("PUT", "/api/discovery/filters", { cookie: me.cookie, body: { ...filters, maxDistance: 200 } });
    expect((await discover(me.cookie)).body.map((card) => card.firstName).sort()).toEqual(["Far", "Fit"]);
    expect((await (await app.request("GET", "/api/settings", { cookie: me.cookie })).json()).verifiedOnly).toBe(false);

    // Verified only: nobody until one of them is verified.
    await app.request("PUT", "/api/discovery/filters", { cookie: me.cookie, body: { ...filters, verifiedOnly: true } });
    expect((await discover(me.cookie)).body).toEqual([]);
    await app.deps.db.update(users).set({ photoVerifiedAt: app.clock.now() }).where(eq(users.id, fit.id));
    expect((await discover(me.cookie)).body.map((card) => card.firstName)).toEqual(["Fit"]);
  });

  test("the denomination filter takes family keys and the old English values alike", async () => {
    const me = await createMember(app, { gender: "male" });
    await createMember(app, { firstName: "Lutheran", denomination: "Lutheran" });
    await createMember(app, { firstName: "Charismatic", denomination: "charismatic" });
    await createMember(app, { firstName: "Catholic", denomination: "catholic" });
    const byKey = await app.request("PUT", "/api/discovery/filters", { cookie: me.cookie, body: { ...open, denominations: ["charismatic", "protestant"] } });
    expect((await byKey.json()).denominations).toEqual(["protestant", "charismatic"]);
    expect((await discover(me.cookie)).body.map((card) => card.firstName).sort()).toEqual(["Charismatic", "Lutheran"]);
    const byAlias = await app.request("PUT", "/api/discovery/filters", { cookie: me.cookie, body: { ...open, denominations: ["Anglican", "Lutheran"] } });
    expect(byAlias.status).toBe(200);
    expect((await byAlias.json()).denominations).toEqual(["protestant"]);
    expect((await discover(me.cookie)).body.map((card) => card.firstName)).toEqual(["Lutheran"]);
  });

  test("bad filters are refused with the field's message and change nothing; without a profile there is nothing to filter", async () => {
    const me = await createMember(app, { gender: "male" });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...open, ageMin: 40, ageMax: 30 }, "ageMin", "Choose an age range between 18 and 100, the first no higher than the second"],
      [{ ...open, ageMin: 17 }, "ageMin", "Choose an age range between 18 and 100, the first no higher than the second"],
      [{ ...open, denominations: ["Jedi"] }, "denominations", "Please choose denominations from the list"],
      [{ ...open, relationshipGoals: ["fling"] }, "relationshipGoals", "Please choose relationship goals from the list"],
      [{ ...open, maxDistance: 7 }, "maxDistance", "Search distance must be between 5 and 200 km in steps of 5"],
    ];
    for (const [body, field, message] of cases) {
      const response = await app.request("PUT", "/api/discovery/filters", { cookie: me.cookie, body });
      expect(response.status).toBe(400);
      expect((await response.json()).errors[field]).toBe(message);
    }
    expect(await (await app.request("GET", "/api/discovery/filters", { cookie: me.cookie })).json()).toEqual(open);
    const newcomer = await createMember(app, { profile: false, photo: false });
    expect((await app.request("PUT", "/api/discovery/filters", { cookie: newcomer.cookie, body: { ...open, verifiedOnly: true } })).status).toBe(400);
    expect((await app.deps.db.select({ v: users.verifiedOnly }).from(users).where(eq(users.id, newcomer.id)))[0]!.v).toBe(false);
    expect((await app.request("GET", "/api/discovery/filters")).status).toBe(401);
  });
});
