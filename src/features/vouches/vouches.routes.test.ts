/**
 * Church vouching over HTTP (MATCHING.md 'Church vouching', docs/decisions/0134): every rule of
 * POST /api/vouches, approval before anything shows, either side taking it back, an admin's
 * removal logged, a banned or suspended voucher's vouches gone, deletion and the data export.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { adminActions, profiles, users, vouches } from "../../../db/schema";
import { fakeClock } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createMember, type MemberOptions } from "../discovery/discovery.test-support";
import { banUser } from "../admin/operator-commands";
import { createSession } from "../auth/session";
import { deleteAccount } from "../account/delete-account";
import { insertReport } from "../admin/moderation/moderation.test-support";
import { ACCEPTED_VOUCHES_SQL } from "./vouch-counts";
import { VOUCH_MESSAGES } from "./vouch-rules";

const NOW = new Date("2026-11-22T03:00:00Z");
const DAY = 24 * 60 * 60_000;
const GBI = { churchId: "gbi", churchName: "GBI Bethany Surabaya" };

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
});
afterEach(() => app.close());

type Member = Awaited<ReturnType<typeof createMember>>;

/** A member who may vouch: the Verified badge, an account 40 days old, the church given. */
async function voucher(options: MemberOptions & { verified?: boolean; ageDays?: number } = {}) {
  const member = await createMember(app, { gender: "female", ...GBI, ...options });
  await app.deps.db
    .update(users)
    .set({ photoVerifiedAt: options.verified === false ? null : new Date(NOW.getTime() - DAY), createdAt: new Date(NOW.getTime() - (options.ageDays ?? 40) * DAY) })
    .where(eq(users.id, member.id));
  return member;
}

const vouch = (from: Member, to: Member | { id: string }, note?: string) => app.request("POST", "/api/vouches", { cookie: from.cookie, body: { userId: to.id, ...(note === undefined ? {} : { note }) } });
const list = async (member: Member) => (await (await app.request("GET", "/api/vouches", { cookie: member.cookie })).json()) as { given: { id: string; status: string; church: string; voucherId: string; userId: string }[]; received: { id: string; status: string; church: string; note: string | null; person: { firstName: string } }[] };

async function deckOf(member: Member) {
  const response = await app.request("GET", "/api/discovery", { cookie: member.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; vouches: { count: number; church: string } | null }[];
}

async function refusal(response: Response) {
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

describe("POST /api/vouches", () => {
  test("a verified member of the same church, 30+ days old, vouches: 201 pending, listed on both sides", async () => {
    const sari = await voucher({ firstName: "Sari" });
    const daniel = await createMember(app, { firstName: "Daniel", gender: "male", ...GBI });
    const response = await vouch(sari, daniel, "  We serve together in the worship team.  ");
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; status: string };
    expect(created).toEqual({ id: expect.any(String), status: "pending" });
    const mine = await list(sari);
    expect(mine.given).toMatchObject([{ id: created.id, voucherId: sari.id, userId: daniel.id, status: "pending", church: "GBI Bethany Surabaya" }]);
    const his = await list(daniel);
    expect(his.received).toMatchObject([{ id: created.id, status: "pending", note: "We serve together in the worship team.", person: { firstName: "Sari" } }]);
  });

  test("each rule refused with 403 naming its reason, and nothing written", async () => {
    const daniel = await createMember(app, { firstName: "Daniel", gender: "male", ...GBI });
    const cases: [Member, string][] = [
      [await voucher({ verified: false }), VOUCH_MESSAGES.notVerified],
      [await voucher({ ageDays: 29 }), VOUCH_MESSAGES.tooNew],
      [await voucher({ churchId: "hkbp", churchName: "HKBP Kernolong" }), VOUCH_MESSAGES.otherChurch],
      [await voucher({ churchId: null, churchName: "Gereja lain" }), VOUCH_MESSAGES.otherChurch],
    ];
    const suspended = await voucher();
    await app.deps.db.update(users).set({ suspendedUntil: new Date(NOW.getTime() + DAY), suspensionReason: "spam" }).where(eq(users.id, suspended.id));
    cases.push([suspended, VOUCH_MESSAGES.suspended]);
    for (const [member, message] of cases) expect(await refusal(await vouch(member, daniel))).toEqual({ status: 403, message });
    expect(await app.deps.db.select().from(vouches)).toHaveLength(0);
  });

  test("the same church by name alone (case, accents and spaces aside) is enough; an old account just past 30 days too", async () => {
    const daniel = await createMember(app, { gender: "male", churchId: null, churchName: "Gereja Kristen Sión  Malang" });
    const sari = await voucher({ churchId: null, churchName: "gereja kristen sion malang", ageDays: 30 });
    expect((await vouch(sari, daniel)).status).toBe(201);
  });

  test("self is 400, a second vouch for the same member 409, an unknown member 404, bad input 400", async () => {
    const sari = await voucher();
    const daniel = await createMember(app, { gender: "male", ...GBI });
    expect(await refusal(await vouch(sari, sari))).toEqual({ status: 400, message: VOUCH_MESSAGES.self });
    expect((await vouch(sari, daniel)).status).toBe(201);
    expect(await refusal(await vouch(sari, daniel))).toEqual({ status: 409, message: VOUCH_MESSAGES.already });
    expect((await vouch(sari, { id: newId() })).status).toBe(404);
    expect((await app.request("POST", "/api/vouches", { cookie: sari.cookie, body: { userId: daniel.id, note: "x".repeat(501) } })).status).toBe(400);
    expect((await app.request("POST", "/api/vouches", { cookie: sari.cookie, body: "nope" })).status).toBe(400);
    expect((await app.request("POST", "/api/vouches", { body: { userId: daniel.id } })).status).toBe(401);
    expect(await app.deps.db.select().from(vouches)).toHaveLength(1);
  });

  test("at most 5 vouches pending or accepted in 30 days: the sixth is 403; declined ones do not count; after 30 days another is allowed", async () => {
    const sari = await voucher();
    const members = await Promise.all(Array.from({ length: 7 }, (_, index) => createMember(app, { firstName: `M${index}`, gender: "male", ...GBI })));
    for (const member of members.slice(0, 5)) {
      expect((await vouch(sari, member)).status).toBe(201);
      app.clock.advance(DAY);
    }
    expect(await refusal(await vouch(sari, members[5]!))).toEqual({ status: 403, message: VOUCH_MESSAGES.tooMany });
    // A declined vouch frees its place.
    const [first] = (await list(members[0]!)).received;
    expect((await app.request("POST", `/api/vouches/${first!.id}/decline`, { cookie: members[0]!.cookie })).status).toBe(200);
    expect((await vouch(sari, members[5]!)).status).toBe(201);
    expect(await refusal(await vouch(sari, members[6]!))).toEqual({ status: 403, message: VOUCH_MESSAGES.tooMany });
    // 30 days after the second one (the first was declined), it leaves the window.
    app.clock.set(new Date(NOW.getTime() + 31 * DAY + 1));
    // A session of a month ago has idled out: a fresh sign-in.
    const { token } = await createSession(app.deps.db, app.clock, sari.id, false);
    expect((await vouch({ ...sari, cookie: `kasih_session=${token}` }, members[6]!)).status).toBe(201);
  });
});

describe("approval, cards and profiles", () => {
  test("a vouch shows on the card and the profile only once accepted, as 'count' and the member's church", async () => {
    const daniel = await createMember(app, { firstName: "Daniel", gender: "male", ...GBI });
    const sari = await voucher({ firstName: "Sari" });
    const rina = await voucher({ firstName: "Rina" });
    const viewer = await createMember(app, { firstName: "Maria", gender: "female" });
    const ids = [] as string[];
    for (const from of [sari, rina]) ids.push(((await (await vouch(from, daniel)).json()) as { id: string }).id);
    expect((await deckOf(viewer)).find((card) => card.id === daniel.id)!.vouches).toBeNull();
    // Only the vouched member decides: the voucher and a stranger get 404.
    expect((await app.request("POST", `/api/vouches/${ids[0]}/accept`, { cookie: sari.cookie })).status).toBe(404);
    expect((await app.request("POST", `/api/vouches/${ids[0]}/accept`, { cookie: viewer.cookie })).status).toBe(404);
    const accepted = await app.request("POST", `/api/vouches/${ids[0]}/accept`, { cookie: daniel.cookie });
    expect(await accepted.json()).toEqual({ id: ids[0], status: "accepted" });
    expect((await app.request("POST", `/api/vouches/${ids[0]}/decline`, { cookie: daniel.cookie })).status).toBe(409);
    expect((await deckOf(viewer)).find((card) => card.id === daniel.id)!.vouches).toEqual({ count: 1, church: "GBI Bethany Surabaya" });
    expect((await app.request("POST", `/api/vouches/${ids[1]}/accept`, { cookie: daniel.cookie })).status).toBe(200);
    expect((await deckOf(viewer)).find((card) => card.id === daniel.id)!.vouches).toEqual({ count: 2, church: "GBI Bethany Surabaya" });
    const profile = await app.request("GET", `/api/profiles/${daniel.id}`, { cookie: viewer.cookie });
    expect(((await profile.json()) as { vouches: unknown }).vouches).toEqual({ count: 2, church: "GBI Bethany Surabaya" });
    // The member's own profile page says it too.
    const page = await (await app.request("GET", "/profile", { cookie: `${daniel.cookie}; app-language=id` })).text();
    expect(page).toContain("Dijamin oleh 2 jemaat GBI Bethany Surabaya");
  });

  test("a member who moves to another church keeps the vouches, which no longer show", async () => {
    const daniel = await createMember(app, { gender: "male", ...GBI });
    const sari = await voucher();
    const viewer = await createMember(app, { gender: "female" });
    const { id } = (await (await vouch(sari, daniel)).json()) as { id: string };
    await app.request("POST", `/api/vouches/${id}/accept`, { cookie: daniel.cookie });
    await app.deps.db.update(profiles).set({ churchId: "hkbp", churchName: "HKBP Kernolong" }).where(eq(profiles.userId, daniel.id));
    expect((await deckOf(viewer)).find((card) => card.id === daniel.id)!.vouches).toBeNull();
    expect((await list(daniel)).received).toHaveLength(1);
  });

  test("the deck's count is one grouped read on the index, not a scan", async () => {
    const plan = await app.deps.dbClient.execute({ sql: `explain query plan ${ACCEPTED_VOUCHES_SQL}`, args: ['["a","b"]'] });
    const details = plan.rows.map((row) => String(row.detail)).join("\n");
    expect(details).toContain("USING INDEX vouches_user_status_idx (user_id=? AND status=?)");
    expect(details).not.toMatch(/SCAN vouches\b/);
  });

  test("either side removes a vouch; nobody else can", async () => {
    const daniel = await createMember(app, { gender: "male", ...GBI });
    const sari = await voucher();
    const rina = await voucher();
    const stranger = await createMember(app, { gender: "male" });
    const first = ((await (await vouch(sari, daniel)).json()) as { id: string }).id;
    const second = ((await (await vouch(rina, daniel)).json()) as { id: string }).id;
    expect((await app.request("DELETE", `/api/vouches/${first}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await app.request("DELETE", `/api/vouches/${first}`, { cookie: sari.cookie })).status).toBe(200);
    expect((await app.request("DELETE", `/api/vouches/${second}`, { cookie: daniel.cookie })).status).toBe(200);
    expect(await app.deps.db.select().from(vouches)).toHaveLength(0);
  });
});

describe("a voucher banned, suspended or deleted", () => {
  async function acceptedVouch(from: Member, to: Member) {
    const { id } = (await (await vouch(from, to)).json()) as { id: string };
    expect((await app.request("POST", `/api/vouches/${id}/accept`, { cookie: to.cookie })).status).toBe(200);
    return id;
  }
  const given = async (member: { id: string }) => app.deps.db.select().from(vouches).where(eq(vouches.voucherId, member.id));

  test("banned from the panel: every vouch they gave is gone (and the ones they received stay)", async () => {
    const admin = await createMember(app, { isAdmin: true, profile: false });
    const daniel = await createMember(app, { gender: "male", ...GBI });
    const sari = await voucher();
    const rina = await voucher();
    await acceptedVouch(sari, daniel);
    await acceptedVouch(rina, sari);
    const response = await app.request("POST", `/api/admin/users/${sari.id}/ban`, { cookie: admin.cookie, body: { reason: "Fake profile" } });
    expect(response.status).toBe(200);
    expect(await given(sari)).toHaveLength(0);
    expect(await given(rina)).toHaveLength(1);
  });

  test("suspended (a moderator, 1 day), banned at the terminal, or banned on a report: the same", async () => {
    const moderator = await createMember(app, { role: "moderator", profile: false });
    const admin = await createMember(app, { isAdmin: true, profile: false });
    const daniel = await createMember(app, { gender: "male", ...GBI });
    const [a, b, c] = [await voucher(), await voucher(), await voucher()];
    for (const member of [a, b, c]) await acceptedVouch(member, daniel);
    expect((await app.request("POST", `/api/admin/users/${a.id}/suspend`, { cookie: moderator.cookie, body: { days: 1, reason: "Spam" } })).status).toBe(200);
    expect(await given(a)).toHaveLength(0);
    const [row] = await app.deps.db.select({ email: users.email }).from(users).where(eq(users.id, b.id));
    await banUser(app.deps.db, row!.email!, "Scam");
    expect(await given(b)).toHaveLength(0);
    const reportId = await insertReport(app, daniel, c);
    expect((await app.request("PATCH", `/api/admin/reports/${reportId}`, { cookie: admin.cookie, body: { status: "resolved", action: "ban", reason: "Fake" } })).status).toBe(200);
    expect(await given(c)).toHaveLength(0);
    const deck = await deckOf(await createMember(app, { gender: "female" }));
    expect(deck.find((card) => card.id === daniel.id)!.vouches).toBeNull();
  });

  test("deleted: the vouches they gave and received go with the account", async () => {
    const daniel = await createMember(app, { gender: "male", ...GBI });
    const sari = await voucher();
    const rina = await voucher();
    await acceptedVouch(sari, daniel);
    await acceptedVouch(rina, sari);
    expect(await deleteAccount(app.deps, sari.id)).not.toBeNull();
    expect(await app.deps.db.select().from(vouches)).toHaveLength(0);
  });
});

describe("DELETE /api/admin/vouches/{id}", () => {
  test("an admin or a moderator removes a vouch, logged in the same transaction; a member cannot", async () => {
    const moderator = await createMember(app, { role: "moderator", profile: false, firstName: "Mod" });
    const daniel = await createMember(app, { firstName: "Daniel", gender: "male", ...GBI });
    const sari = await voucher({ firstName: "Sari" });
    const { id } = (await (await vouch(sari, daniel)).json()) as { id: string };
    expect((await app.request("DELETE", `/api/admin/vouches/${id}`, { cookie: daniel.cookie })).status).toBe(403);
    const response = await app.request("DELETE", `/api/admin/vouches/${id}`, { cookie: moderator.cookie });
    expect(response.status).toBe(200);
    expect(await app.deps.db.select().from(vouches)).toHaveLength(0);
    const log = await app.deps.db.select().from(adminActions);
    expect(log).toMatchObject([{ action: "vouch_remove", adminId: moderator.id, targetUserId: daniel.id, reason: `vouch by Sari (${sari.id}), GBI Bethany Surabaya` }]);
    // Gone already: 404, and no second log row.
    expect((await app.request("DELETE", `/api/admin/vouches/${id}`, { cookie: moderator.cookie })).status).toBe(404);
    expect(await app.deps.db.select().from(adminActions)).toHaveLength(1);
  });

  test("the member's admin page lists vouches given and received with Remove", async () => {
    const admin = await createMember(app, { isAdmin: true, profile: false });
    const daniel = await createMember(app, { firstName: "Daniel", gender: "male", ...GBI });
    const sari = await voucher({ firstName: "Sari" });
    const { id } = (await (await vouch(sari, daniel)).json()) as { id: string };
    const page = await (await app.request("GET", `/admin/users/${daniel.id}`, { cookie: admin.cookie })).text();
    expect(page).toContain('id="member-vouches"');
    expect(page).toContain(`/admin/users/${daniel.id}/vouches/${id}/remove`);
    const dialog = await app.request("GET", `/admin/users/${daniel.id}/vouches/${id}/remove`, { cookie: admin.cookie, headers: { "HX-Request": "true" } });
    expect(dialog.status).toBe(200);
    expect(await dialog.text()).toContain(`hx-delete="/api/admin/vouches/${id}"`);
  });
});

describe("the shared link", () => {
  async function linkOf(member: Member) {
    const response = await app.request("POST", "/api/vouches/link", { cookie: member.cookie });
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:3000\/vouch\/[a-z2-7]+$/);
    return new URL(url).pathname;
  }

  test("an eligible visitor sees who asks, the church, a note field and the Vouch button", async () => {
    const daniel = await createMember(app, { firstName: "Daniel", gender: "male", ...GBI });
    const sari = await voucher();
    const path = await linkOf(daniel);
    const page = await app.request("GET", path, { cookie: `${sari.cookie}; app-language=id` });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Daniel minta kamu memberi jaminan");
    expect(html).toContain("GBI Bethany Surabaya");
    expect(html).toContain('id="vouch-note"');
    expect(html).toContain("Jamin Daniel");
  });

  test("an ineligible visitor is told why; one who vouched already is told so; the member sees their own link", async () => {
    const daniel = await createMember(app, { firstName: "Daniel", gender: "male", ...GBI });
    const path = await linkOf(daniel);
    const young = await voucher({ ageDays: 3 });
    const html = await (await app.request("GET", path, { cookie: `${young.cookie}; app-language=id` })).text();
    expect(html).toContain("Akunmu harus berumur minimal 30 hari untuk memberi jaminan");
    expect(html).not.toContain('id="vouch-note"');
    const sari = await voucher();
    await vouch(sari, daniel);
    expect(await (await app.request("GET", path, { cookie: sari.cookie })).text()).toContain("You have already vouched for this member");
    expect(await (await app.request("GET", path, { cookie: daniel.cookie })).text()).toContain("This is your own vouch link");
  });

  test("signed out: who asks and a sign-in that comes back; an unknown or expired link is 404", async () => {
    const daniel = await createMember(app, { firstName: "Daniel", gender: "male", ...GBI });
    const path = await linkOf(daniel);
    const html = await (await app.request("GET", path)).text();
    expect(html).toContain("Daniel asks you to vouch for them");
    expect(html).toContain(`/auth?next=${encodeURIComponent(path)}`);
    // Photos are for members only: a signed-out visitor gets the initial.
    expect(html).not.toContain("/uploads/");
    expect((await app.request("GET", "/vouch/abcdefghijklmnopqrstuvwxyz")).status).toBe(404);
    app.clock.advance(31 * DAY);
    expect((await app.request("GET", path)).status).toBe(404);
  });

  test("a member keeps 5 live links; the oldest stops working", async () => {
    const daniel = await createMember(app, { gender: "male", ...GBI });
    const paths = [] as string[];
    for (let index = 0; index < 6; index++) {
      paths.push(await linkOf(daniel));
      app.clock.advance(1000);
    }
    expect((await app.request("GET", paths[0]!)).status).toBe(404);
    expect((await app.request("GET", paths[1]!)).status).toBe(200);
    expect((await app.request("GET", paths[5]!)).status).toBe(200);
  });
});

describe("the member's data", () => {
  test("the export has the vouches given and received", async () => {
    const daniel = await createMember(app, { gender: "male", ...GBI });
    const sari = await voucher({ firstName: "Sari" });
    await vouch(sari, daniel, "Known her for years");
    const response = await app.request("GET", "/api/account/export", { cookie: daniel.cookie });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const exported = JSON.parse(strFromU8(files["vouches.json"]!)) as { received: { from: { firstName: string }; note: string; status: string; church: string }[]; given: unknown[] };
    expect(exported.given).toEqual([]);
    expect(exported.received).toMatchObject([{ from: { firstName: "Sari" }, note: "Known her for years", status: "pending", church: "GBI Bethany Surabaya" }]);
  });
});
