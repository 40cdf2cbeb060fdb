import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember } from "../discovery/discovery.test-support";
import { announceRead } from "../chat/read-receipts";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

const DEFAULTS = { readReceipts: true, showActivity: true, showDistance: true, verifiedOnly: false, notifications: { newMatches: true, messages: true, likes: true, emailUpdates: false } };

describe("GET and PATCH /api/settings", () => {
  test("start at the defaults and keep a change on the server, so every device sees it", async () => {
    const maria = await createMember(app);
    expect(await (await app.request("GET", "/api/settings", { cookie: maria.cookie })).json()).toEqual(DEFAULTS);
    const changed = await app.request("PATCH", "/api/settings", { cookie: maria.cookie, body: { readReceipts: false, notifications: { messages: false } } });
    expect(changed.status).toBe(200);
    const expected = { ...DEFAULTS, readReceipts: false, notifications: { ...DEFAULTS.notifications, messages: false } };
    expect(await changed.json()).toEqual(expected);
    // Another device: a second session of the same account.
    const otherDevice = await app.request("GET", "/api/settings", { cookie: maria.cookie });
    expect(await otherDevice.json()).toEqual(expected);
  });

  test("two devices changing different notification switches at once both keep their change", async () => {
    const maria = await createMember(app);
    await Promise.all([
      app.request("PATCH", "/api/settings", { cookie: maria.cookie, body: { notifications: { likes: false } } }),
      app.request("PATCH", "/api/settings", { cookie: maria.cookie, body: { notifications: { emailUpdates: true } } }),
    ]);
    expect((await (await app.request("GET", "/api/settings", { cookie: maria.cookie })).json()).notifications).toEqual({ newMatches: true, messages: true, likes: false, emailUpdates: true });
  });

  test("refuses unknown settings and non-booleans and changes nothing", async () => {
    const maria = await createMember(app);
    for (const [body, message] of [
      [{ isAdmin: true }, "Unknown setting"],
      [{ readReceipts: "off" }, "Settings must be true or false"],
      [{ notifications: { sms: true } }, "Unknown setting"],
      [{ readReceipts: false, plan: "premium_plus" }, "Unknown setting"],
    ] as const) {
      const response = await app.request("PATCH", "/api/settings", { cookie: maria.cookie, body });
      expect({ body, status: response.status, answer: await response.json() }).toEqual({ body, status: 400, answer: { message } });
    }
    expect(await (await app.request("GET", "/api/settings", { cookie: maria.cookie })).json()).toEqual(DEFAULTS);
    expect((await app.request("GET", "/api/settings")).status).toBe(401);
  });
});

describe("read receipts are honoured both ways", () => {
  async function chatWithReads() {
    const maria = await createMember(app, { firstName: "Maria", gender: "female" });
    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    const matchId = await matchUsers(app, maria, budi);
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: maria.cookie, body: { content: "Shalom!" } });
    await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: budi.cookie, body: { content: "Shalom, Maria" } });
    return { maria, budi, matchId };
  }
  const readTimes = async (cookie: string, matchId: string) =>
    ((await (await app.request("GET", `/api/matches/${matchId}/messages`, { cookie })).json()) as { content: string; readAt: string | null }[]).map((m) => [m.content, m.readAt !== null]);
  const lastReadInList = async (cookie: string) => ((await (await app.request("GET", "/api/matches", { cookie })).json()) as { lastMessage: { readAt: string | null } }[])[0]!.lastMessage.readAt;

  test("on for both: each sees that the other read", async () => {
    const { maria, budi, matchId } = await chatWithReads();
    await app.request("POST", `/api/matches/${matchId}/read`, { cookie: budi.cookie });
    await app.request("POST", `/api/matches/${matchId}/read`, { cookie: maria.cookie });
    expect(await readTimes(maria.cookie, matchId)).toEqual([["Shalom!", true], ["Shalom, Maria", true]]);
    expect(await lastReadInList(budi.cookie)).not.toBeNull();
  });

  test("off for one: she neither sends nor sees read status, and he does not see hers", async () => {
    const { maria, budi, matchId } = await chatWithReads();
    await app.request("PATCH", "/api/settings", { cookie: maria.cookie, body: { readReceipts: false } });
    await app.request("POST", `/api/matches/${matchId}/read`, { cookie: budi.cookie });
    await app.request("POST", `/api/matches/${matchId}/read`, { cookie: maria.cookie });
    // Maria does not see that Budi read hers; Budi does not see that Maria read his.
    expect(await readTimes(maria.cookie, matchId)).toEqual([["Shalom!", false], ["Shalom, Maria", false]]);
    expect(await readTimes(budi.cookie, matchId)).toEqual([["Shalom!", false], ["Shalom, Maria", false]]);
    expect(await lastReadInList(budi.cookie)).toBeNull();
    expect(await lastReadInList(maria.cookie)).toBeNull();
    // Her own unread count still clears: the read is kept, only not shown.
    expect(((await (await app.request("GET", "/api/matches", { cookie: maria.cookie })).json()) as { unreadCount: number }[])[0]!.unreadCount).toBe(0);
  });
});

describe("the live read frame", () => {
  test("reaches the other person only when both have read receipts on; the reader's own pages always", async () => {
    const maria = await createMember(app, { gender: "female" });
    const budi = await createMember(app, { gender: "male" });
    const sent: string[][] = [];
    const hub = { sendToUsers: (userIds: string[]) => void sent.push(userIds) };
    await announceRead(app.deps.db, hub, "m1", budi.id, maria.id, new Date().toISOString());
    await app.request("PATCH", "/api/settings", { cookie: maria.cookie, body: { readReceipts: false } });
    await announceRead(app.deps.db, hub, "m1", budi.id, maria.id, new Date().toISOString());
    await announceRead(app.deps.db, hub, "m1", maria.id, budi.id, new Date().toISOString());
    expect(sent).toEqual([[maria.id, budi.id], [budi.id], [maria.id]]);
  });
});

describe("distance on the card", () => {
  test("a member who hides their distance shows none on their card", async () => {
    const viewer = await createMember(app, { firstName: "Budi", gender: "male", city: "jakarta" });
    const maria = await createMember(app, { firstName: "Maria", gender: "female", city: "bogor" });
    const card = async () => ((await (await app.request("GET", "/api/discovery", { cookie: viewer.cookie })).json()) as { id: string; distanceKm: number | null; distanceHidden: boolean }[]).find((c) => c.id === maria.id)!;
    expect(await card()).toMatchObject({ distanceHidden: false, distanceKm: expect.any(Number) });
    await app.request("PATCH", "/api/settings", { cookie: maria.cookie, body: { showDistance: false } });
    expect(await card()).toMatchObject({ distanceHidden: true, distanceKm: null });
  });
});

describe("online status and last active", () => {
  test("the chat shows when the other was last active only while both share it", async () => {
    const maria = await createMember(app, { firstName: "Maria", gender: "female" });
    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    const matchId = await matchUsers(app, maria, budi);
    const chatHtml = async () => await (await app.request("GET", `/chat/${matchId}`, { cookie: maria.cookie })).text();
    expect(await chatHtml()).toContain(`"presence":{"online":false,"lastActiveAt":"${app.clock.now().toISOString()}"}`);
    await app.request("PATCH", "/api/settings", { cookie: budi.cookie, body: { showActivity: false } });
    expect(await chatHtml()).toContain(`"presence":null`);
    // Hiding one's own hides the others' too.
    await app.request("PATCH", "/api/settings", { cookie: budi.cookie, body: { showActivity: true } });
    await app.request("PATCH", "/api/settings", { cookie: maria.cookie, body: { showActivity: false } });
    expect(await chatHtml()).toContain(`"presence":null`);
  });
});
