import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { matches, messages } from "../../../../db/schema";
import { newId } from "../../../platform/ids";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { matchUsers } from "../../../testing/match-fixtures";
import { adminOf, HX, person } from "../users/admin-test-support";

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await adminOf(t);
});
afterEach(() => t.close());

const page = (path: string, headers: Record<string, string> = {}) => t.request("GET", path, { cookie: admin.cookie, headers });

describe("GET /admin/matches", () => {
  it("shows both members, the match date, the message count and the last message", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya", email: "maria@mail.test" });
    const budi = await person(t, { firstName: "Budi", lastName: "Hartono", email: "budi@mail.test" });
    const matchId = await matchUsers(t, maria, budi);
    await t.deps.db.insert(messages).values({ id: newId(), matchId, senderId: maria.id, content: "Halo", createdAt: t.clock.now() });
    await t.deps.db.update(matches).set({ lastMessageAt: t.clock.now() }).where(eq(matches.id, matchId));
    const response = await page("/admin/matches");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Match Management");
    expect(html).toMatch(/<input id="matches-search" type="search"/);
    for (const text of ["Maria Wijaya", "maria@mail.test", "Budi Hartono", "budi@mail.test", "22 Nov 2026, 10:00"]) expect(html).toContain(text);
    expect(html).toMatch(/data-label="Messages"[^>]*>1</);
    expect(html).toContain(`hx-get="/admin/matches/${matchId}/delete"`);
  });

  it("searches through htmx and says when nothing matches", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya" });
    const budi = await person(t, { firstName: "Budi", lastName: "Hartono" });
    await matchUsers(t, maria, budi);
    const found = await (await page("/admin/matches?search=wijaya", HX)).text();
    expect(found).toStartWith('<section id="matches-region"');
    expect(found).toContain("Budi Hartono");
    const none = await (await page("/admin/matches?search=nobody", HX)).text();
    expect(none).toContain("No matches match this search");
    expect(none).toContain('href="/admin/matches"');
  });

  it("says when there are no matches at all", async () => {
    expect(await (await page("/admin/matches")).text()).toContain("No matches yet");
  });

  it("answers 400 for a bad limit", async () => {
    expect((await page("/admin/matches?limit=500")).status).toBe(400);
  });
});

describe("GET /admin/matches/{id}/delete", () => {
  it("renders a confirmation naming both members", async () => {
    const maria = await person(t, { firstName: "Maria", lastName: "Wijaya" });
    const budi = await person(t, { firstName: "Budi", lastName: "Hartono" });
    const matchId = await matchUsers(t, maria, budi);
    const html = await (await page(`/admin/matches/${matchId}/delete`, HX)).text();
    expect(html).toStartWith("<dialog");
    expect(html).toContain("Delete this match?");
    expect(html).toContain("Maria Wijaya");
    expect(html).toContain("Budi Hartono");
    expect(html).toContain(`hx-delete="/api/admin/matches/${matchId}"`);
    expect(html).toContain('data-error-title="Failed to delete match"');
  });

  it("answers 404 for an unknown match", async () => {
    const response = await page("/admin/matches/nosuchmatch/delete", HX);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Match not found" });
  });
});
