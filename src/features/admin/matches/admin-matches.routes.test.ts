import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { adminActions, matches, messages } from "../../../../db/schema";
import { newId } from "../../../platform/ids";
import type { AppEvents } from "../../../platform/events";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { matchUsers } from "../../../testing/match-fixtures";
import { adminOf, HX, person, triggerOf } from "../users/admin-test-support";

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let removed: AppEvents["match.removed"][];
beforeEach(async () => {
  t = await createTestApp();
  admin = await adminOf(t);
  removed = [];
  t.deps.events.on("match.removed", (payload) => removed.push(payload));
});
afterEach(() => t.close());

const list = async (query = "") => (await t.request("GET", `/api/admin/matches${query}`, { cookie: admin.cookie })).json();

async function matchAt(a: { id: string }, b: { id: string }, minutesAgo: number) {
  const id = await matchUsers(t, a, b);
  await t.deps.db.update(matches).set({ createdAt: new Date(t.clock.now().getTime() - minutesAgo * 60_000) }).where(eq(matches.id, id));
  return id;
}

describe("GET /api/admin/matches", () => {
  it("lists matches newest first with both members, the message count and the last message time", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya", email: "maria@mail.test" });
    const budi = await person(t, { firstName: "Budi", lastName: "Hartono", email: "budi@mail.test" });
    const sari = await person(t, { firstName: "Sari", lastName: "Lubis", email: "sari@mail.test" });
    const older = await matchAt(maria, budi, 60);
    const newer = await matchAt(budi, sari, 5);
    const last = new Date(t.clock.now().getTime() - 30 * 60_000);
    await t.deps.db.insert(messages).values([
      { id: newId(), matchId: older, senderId: maria.id, content: "Halo", createdAt: last },
      { id: newId(), matchId: older, senderId: budi.id, content: "Hai", createdAt: last },
    ]);
    await t.deps.db.update(matches).set({ lastMessageAt: last }).where(eq(matches.id, older));
    const body = await list();
    expect(body).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(body.matches.map((match: { id: string }) => match.id)).toEqual([newer, older]);
    const entry = body.matches[1];
    const members = [entry.user1, entry.user2].sort((a: { firstName: string }, b: { firstName: string }) => a.firstName.localeCompare(b.firstName));
    expect(members).toEqual([
      { id: budi.id, firstName: "Budi", lastName: "Hartono", email: "budi@mail.test" },
      { id: maria.id, firstName: "Maria", lastName: "Wijaya", email: "maria@mail.test" },
    ]);
    expect(entry).toMatchObject({ messageCount: 2, lastMessageAt: last.toISOString(), createdAt: new Date(t.clock.now().getTime() - 60 * 60_000).toISOString() });
    expect(body.matches[0]).toMatchObject({ messageCount: 0, lastMessageAt: null });
  });

  it("searches either member by name or email, whatever the case", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya", email: "maria@mail.test" });
    const budi = await person(t, { firstName: "Budi", lastName: "Hartono", email: "budi@mail.test" });
    const sari = await person(t, { firstName: "Sari", lastName: "Lubis", email: "sari@mail.test" });
    const mariaBudi = await matchAt(maria, budi, 10);
    const budiSari = await matchAt(budi, sari, 5);
    const ids = async (search: string) => (await list(`?search=${encodeURIComponent(search)}`)).matches.map((match: { id: string }) => match.id);
    expect(await ids("WIJAYA")).toEqual([mariaBudi]);
    expect(await ids("sari@")).toEqual([budiSari]);
    expect(await ids("budi hartono")).toEqual([budiSari, mariaBudi]);
    expect(await ids("nobody")).toEqual([]);
  });

  it("refuses a bad page or limit with 400", async () => {
    const response = await t.request("GET", "/api/admin/matches?page=-1", { cookie: admin.cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Invalid page or limit" });
  });
});

describe("DELETE /api/admin/matches/{id}", () => {
  it("ends the match for both members: row and messages gone, their open chats told, logged", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya" });
    const budi = await person(t, { firstName: "Budi", lastName: "Hartono" });
    const matchId = await matchUsers(t, maria, budi);
    await t.deps.db.insert(messages).values({ id: newId(), matchId, senderId: maria.id, content: "Halo", createdAt: t.clock.now() });
    const response = await t.request("DELETE", `/api/admin/matches/${matchId}`, { cookie: admin.cookie, headers: HX });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Match deleted successfully" });
    expect(triggerOf(response)).toMatchObject({ "kasih:toast": { title: "Match deleted successfully" }, "kasih:refresh-matches": true });
    expect(await t.deps.db.select().from(matches)).toEqual([]);
    expect(await t.deps.db.select().from(messages)).toEqual([]);
    expect(removed).toEqual([{ matchId, userIds: [maria.id, budi.id].sort() as [string, string] }]);
    const [log] = await t.deps.db.select().from(adminActions);
    expect(log).toMatchObject({ adminId: admin.id, action: "delete_match", targetUserId: null });
    expect(log!.targetName.split(" & ").sort()).toEqual(["Budi Hartono", "Maria Wijaya"]);
    // Each member's own list no longer has it.
    expect(await (await t.request("GET", "/api/matches", { cookie: maria.cookie })).json()).toEqual([]);
  });

  it("answers 404 for an unknown or already deleted match and logs nothing more", async () => {
    const a = await person(t);
    const b = await person(t);
    const matchId = await matchUsers(t, a, b);
    expect((await t.request("DELETE", `/api/admin/matches/${matchId}`, { cookie: admin.cookie })).status).toBe(200);
    const again = await t.request("DELETE", `/api/admin/matches/${matchId}`, { cookie: admin.cookie });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Match not found" });
    expect((await t.request("DELETE", "/api/admin/matches/nosuchmatch", { cookie: admin.cookie })).status).toBe(404);
    expect((await t.deps.db.select().from(adminActions)).length).toBe(1);
    expect(removed.length).toBe(1);
  });
});
