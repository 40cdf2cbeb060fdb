/**
 * Reports that hide a member from Discover until an admin looks (SECURITY.md 'Privacy and abuse',
 * docs/decisions/0129): the attack of three throwaway accounts, reproduced and refused, and each
 * condition a report must meet to count.
 */
import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { reports, users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember, recordSwipe } from "../discovery/discovery.test-support";

setDefaultTimeout(30_000);

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp({ env: { TRUST_PROXY: "true" } });
});
afterEach(() => app.close());

async function inDeckOf(viewer: { cookie: string }, personId: string): Promise<boolean> {
  const response = await app.request("GET", "/api/discovery?limit=20", { cookie: viewer.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }[]).some((card) => card.id === personId);
}

describe("the attack: three throwaway accounts", () => {
  test("three accounts registered a moment ago, without a profile, a proven email or any swipe, cannot hide a member from Discover", async () => {
    const viewer = await createMember(app, { gender: "male", firstName: "Viewer" });
    const victim = await createMember(app, { gender: "female", firstName: "Victim" });
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
    const started = performance.now();
    for (let i = 0; i < 3; i++) {
      const throwaway = await app.registerUser({ firstName: `Throwaway${i}` });
      const response = await app.request("POST", "/api/reports", { cookie: throwaway.cookie, headers: { "X-Forwarded-For": `203.0.113.${i + 1}` }, body: { reportedUserId: victim.id, reason: "scam" } });
      expect(response.status).toBe(201);
    }
    // The whole attack takes well under five seconds (it hid the victim before decision 0129).
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
  });
});

const HOUR = 60 * 60_000;

type Lacking = "profile" | "provenEmail" | "age" | "acquaintance";

/**
 * A reporter who counts: a profile, a proven email, an account 25 hours old, and a swipe on the
 * person; `lacking` takes one of them away.
 */
async function reporter(victim: { id: string }, lacking?: Lacking) {
  const member = await createMember(app, { gender: "male", firstName: "Reporter", profile: lacking !== "profile" });
  const now = app.clock.now().getTime();
  await app.deps.db
    .update(users)
    .set({ emailVerifiedAt: lacking === "provenEmail" ? null : new Date(now - 25 * HOUR), createdAt: new Date(now - (lacking === "age" ? 23 : 25) * HOUR) })
    .where(eq(users.id, member.id));
  if (lacking !== "acquaintance") await recordSwipe(app, member.id, victim.id, false);
  return member;
}

async function report(who: { cookie: string }, victim: { id: string }, ip: string) {
  const response = await app.request("POST", "/api/reports", { cookie: who.cookie, headers: { "X-Forwarded-For": ip }, body: { reportedUserId: victim.id, reason: "fake_profile" } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("reports that count toward hiding (SECURITY.md 'Privacy and abuse')", () => {
  test("three reporters with a profile, a proven email, a day-old account and a swipe on her, from three addresses, hide her until an admin looks", async () => {
    const viewer = await createMember(app, { gender: "male", firstName: "Viewer" });
    const victim = await createMember(app, { gender: "female", firstName: "Reported" });
    const ids = [];
    for (const ip of ["198.51.100.1", "198.51.100.2"]) ids.push(await report(await reporter(victim), victim, ip));
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
    ids.push(await report(await reporter(victim), victim, "198.51.100.3"));
    expect(await inDeckOf(viewer, victim.id)).toBe(false);
    const [row] = await app.deps.db.select({ hiddenAt: users.hiddenAt, hiddenBy: users.hiddenBy }).from(users).where(eq(users.id, victim.id));
    expect(row).toEqual({ hiddenAt: app.clock.now(), hiddenBy: "reports" });
    const kept = await app.deps.db.select({ countsTowardHiding: reports.countsTowardHiding, reporterIp: reports.reporterIp }).from(reports).where(eq(reports.reportedUserId, victim.id));
    expect(kept.map((r) => r.countsTowardHiding)).toEqual([true, true, true]);
    expect(kept.map((r) => r.reporterIp).sort()).toEqual(["198.51.100.1", "198.51.100.2", "198.51.100.3"]);

    // An admin looks: deciding one report leaves two, and she is back in Discover.
    const admin = await createMember(app, { isAdmin: true, firstName: "Ada" });
    const decided = await app.request("PATCH", `/api/admin/reports/${ids[0]}`, { cookie: admin.cookie, body: { status: "reviewed" } });
    expect(decided.status).toBe(200);
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
  });

  test("a proven phone counts like a proven email (an account made by phone has no email, docs/decisions/0136)", async () => {
    const viewer = await createMember(app, { gender: "male", firstName: "Viewer" });
    const victim = await createMember(app, { gender: "female", firstName: "Reported" });
    const byPhone = async (index: number, proven: boolean) => {
      const member = await reporter(victim, "provenEmail");
      await app.deps.db.update(users).set({ email: null, phone: `+62812000000${index}`, phoneVerifiedAt: proven ? app.clock.now() : null }).where(eq(users.id, member.id));
      return member;
    };
    await report(await byPhone(1, true), victim, "198.51.100.1");
    await report(await byPhone(2, true), victim, "198.51.100.2");
    // A number typed but never proven does not count.
    await report(await byPhone(3, false), victim, "198.51.100.3");
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
    await report(await byPhone(4, true), victim, "198.51.100.4");
    expect(await inDeckOf(viewer, victim.id)).toBe(false);
  });

  test("three reporters behind one or two addresses do not hide her; a third address does", async () => {
    const viewer = await createMember(app, { gender: "male", firstName: "Viewer" });
    const victim = await createMember(app, { gender: "female", firstName: "Reported" });
    for (let i = 0; i < 3; i++) await report(await reporter(victim), victim, "198.51.100.7");
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
    // The same reporter from another address is still one reporter.
    const again = await reporter(victim);
    await report(again, victim, "198.51.100.8");
    await report(again, victim, "198.51.100.9");
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
    await report(await reporter(victim), victim, "198.51.100.10");
    expect(await inDeckOf(viewer, victim.id)).toBe(false);
  });

  for (const lacking of ["profile", "provenEmail", "age", "acquaintance"] as const) {
    test(`a reporter without ${lacking === "provenEmail" ? "a proven email" : lacking === "age" ? "an account older than 24 hours" : lacking === "acquaintance" ? "a swipe on or a match with her" : "a profile"} does not count; the report waits in the queue`, async () => {
      const viewer = await createMember(app, { gender: "male", firstName: "Viewer" });
      const victim = await createMember(app, { gender: "female", firstName: "Reported" });
      await report(await reporter(victim), victim, "198.51.100.1");
      await report(await reporter(victim), victim, "198.51.100.2");
      const weak = await report(await reporter(victim, lacking), victim, "198.51.100.3");
      expect(await inDeckOf(viewer, victim.id)).toBe(true);
      const [row] = await app.deps.db.select({ countsTowardHiding: reports.countsTowardHiding }).from(reports).where(eq(reports.id, weak));
      expect(row!.countsTowardHiding).toBe(false);
      const admin = await createMember(app, { isAdmin: true, firstName: "Ada" });
      const queue = (await (await app.request("GET", "/api/admin/reports?status=pending", { cookie: admin.cookie })).json()) as { reports: { id: string }[] };
      expect(queue.reports.map((r) => r.id)).toContain(weak);
    });
  }

  test("a match counts like a swipe (the match of a blocking report goes, the report still counts)", async () => {
    const viewer = await createMember(app, { gender: "male", firstName: "Viewer" });
    const victim = await createMember(app, { gender: "female", firstName: "Reported" });
    await report(await reporter(victim), victim, "198.51.100.1");
    await report(await reporter(victim), victim, "198.51.100.2");
    const matched = await reporter(victim, "acquaintance");
    await matchUsers(app, matched, victim);
    await report(matched, victim, "198.51.100.3");
    expect(await inDeckOf(viewer, victim.id)).toBe(false);
  });

  test("a member an admin hid stays hidden when reports are decided; the reports threshold never unhides an admin's hide", async () => {
    const viewer = await createMember(app, { gender: "male", firstName: "Viewer" });
    const victim = await createMember(app, { gender: "female", firstName: "Reported" });
    const admin = await createMember(app, { isAdmin: true, firstName: "Ada" });
    const id = await report(await reporter(victim), victim, "198.51.100.1");
    expect((await app.request("POST", `/api/admin/users/${victim.id}/hide`, { cookie: admin.cookie })).status).toBe(200);
    expect((await app.request("PATCH", `/api/admin/reports/${id}`, { cookie: admin.cookie, body: { status: "dismissed" } })).status).toBe(200);
    expect(await inDeckOf(viewer, victim.id)).toBe(false);
    const [row] = await app.deps.db.select({ hiddenBy: users.hiddenBy }).from(users).where(eq(users.id, victim.id));
    expect(row!.hiddenBy).toBe("admin");
  });
  test("until an admin looks: after an unhide, or a decision on one of four reports, only reports filed since count", async () => {
    const viewer = await createMember(app, { gender: "male", firstName: "Viewer" });
    const victim = await createMember(app, { gender: "female", firstName: "Reported" });
    const admin = await createMember(app, { isAdmin: true, firstName: "Ada" });
    const ids = [];
    for (let i = 1; i <= 4; i++) ids.push(await report(await reporter(victim), victim, `198.51.100.${i}`));
    expect(await inDeckOf(viewer, victim.id)).toBe(false);
    // Deciding one of the four: the admin has looked; the three left pending hide her no more.
    app.clock.advance(60_000);
    expect((await app.request("PATCH", `/api/admin/reports/${ids[0]}`, { cookie: admin.cookie, body: { status: "reviewed" } })).status).toBe(200);
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
    // One new report does not bring the old ones back; three new reporters from three addresses hide her again.
    app.clock.advance(60_000);
    await report(await reporter(victim), victim, "198.51.100.21");
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
    await report(await reporter(victim), victim, "198.51.100.22");
    await report(await reporter(victim), victim, "198.51.100.23");
    expect(await inDeckOf(viewer, victim.id)).toBe(false);
    // An admin shows her again from her page: the same reports do not hide her again at the next one.
    app.clock.advance(60_000);
    expect((await app.request("POST", `/api/admin/users/${victim.id}/unhide`, { cookie: admin.cookie })).status).toBe(200);
    app.clock.advance(60_000);
    await report(await reporter(victim), victim, "198.51.100.31");
    expect(await inDeckOf(viewer, victim.id)).toBe(true);
  });
});

