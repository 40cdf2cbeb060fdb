import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { matches, payments, photoVerifications, profiles, reports, users } from "../../../../db/schema";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { newId } from "../../../platform/ids";
import { adminOf, HX, moderatorOf, person } from "./admin-test-support";

setDefaultTimeout(60_000);

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;

beforeEach(async () => {
  t = await createTestApp();
  admin = await adminOf(t);
});
afterEach(() => t.close());

const page = (path: string, headers: Record<string, string> = {}, cookie = admin.cookie) => t.request("GET", path, { cookie, headers });

async function reportedMember() {
  const maria = await person(t, { firstName: "Maria", lastName: "Wijaya" });
  const now = t.clock.now();
  await t.deps.db.update(users).set({ emailVerifiedAt: now, phone: "+6281234567890", signupIp: "203.0.113.9", signupCountry: "ID" }).where(eq(users.id, maria.id));
  await t.deps.db.update(profiles).set({ prompts: [{ id: "favouriteVerse", answer: "Jeremiah 29:11" }], interests: ["hiking"], churchId: "gbi", churchName: "GBI Rayon 3" }).where(eq(profiles.userId, maria.id));
  const rut = await person(t, { firstName: "Rut" });
  const yosua = await person(t, { firstName: "Yosua" });
  await t.deps.db.insert(reports).values([
    { id: newId(), reporterId: rut.id, reportedUserId: maria.id, reason: "scam", description: "Asked me for money", createdAt: now },
    { id: newId(), reporterId: yosua.id, reportedUserId: maria.id, reason: "harassment", createdAt: now },
  ]);
  const [a, b] = [maria.id, rut.id].sort();
  await t.deps.db.insert(matches).values({ id: newId(), user1Id: a!, user2Id: b!, createdAt: now });
  const paymentId = newId();
  await t.deps.db.insert(payments).values({ id: paymentId, userId: maria.id, plan: "premium", amount: 49_000, method: "qris", gateway: "sandbox", gatewayOrderId: `o-${paymentId}`, status: "paid", createdAt: now });
  await t.deps.db.insert(photoVerifications).values({ id: newId(), userId: maria.id, pose: "peace_sign", status: "rejected", reason: "blurry", createdAt: now, submittedAt: now, decidedAt: now });
  return { maria, rut, paymentId };
}

describe("/admin/users/{id}", () => {
  it("shows the whole member to an admin: photos full size, profile and prompts, selfie review, proof, plan, payments, matches, reports with the repeat count, and every action", async () => {
    const { maria, rut, paymentId } = await reportedMember();
    const response = await page(`/admin/users/${maria.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toStartWith("<!doctype html>");
    expect(html).toContain("<title>Maria Wijaya");
    // The gallery: a thumbnail that opens the photo large in a dialog (or the file without script).
    expect(html).toMatch(/<a href="\/uploads\/[a-z0-9]+\.jpg" class="admin-member-photo" data-open-dialog="photo-/);
    expect(html).toMatch(/<dialog id="photo-[a-z0-9]+" class="dialog admin-dialog admin-photo-dialog"[^>]*><div class="dialog-content"><img src="\/uploads\/[a-z0-9]+\.jpg"/);
    expect(html).toContain("My favourite verse");
    expect(html).toContain("Jeremiah 29:11");
    expect(html).toContain("I met Jesus at a youth camp");
    // The directory's church beside the member's own words; interests by their names.
    expect(html).toContain("Gereja Bethel Indonesia · GBI Rayon 3");
    expect(html).toMatch(/Interests<\/dt><dd>Hiking</);
    // Proof of the email apart from the photo badge; the phone is as typed.
    expect(html).toMatch(/Email<\/dt><dd><span class="admin-person"><span>[^<]+<\/span><span class="badge admin-badge admin-badge-success">Proven</);
    expect(html).toMatch(/\+6281234567890<\/span><span class="badge admin-badge admin-badge-warning">Not proven/);
    expect(html).toContain("No badge");
    expect(html).toContain("Rejected");
    expect(html).toContain(`href="/admin/payments/${paymentId}"`);
    expect(html).toContain("2 reports against them");
    expect(html).toContain("Reported by 2 members");
    expect(html).toContain(`href="/admin/users/${rut.id}"`);
    expect(html).toContain("203.0.113.9");
    expect(html).toMatch(/Matches<\/dt><dd>1</);
    for (const action of ["warn", "hide", "suspend", "ban", "plan", "delete"]) expect(html).toContain(`hx-get="/admin/users/${maria.id}/${action}"`);
    expect(html).not.toContain(`/admin/users/${maria.id}/unban"`);
  });

  it("answers htmx with the region alone, which reloads itself when an action announces the member or users", async () => {
    const { maria } = await reportedMember();
    const html = await (await page(`/admin/users/${maria.id}`, HX)).text();
    expect(html).toStartWith('<div id="member-detail"');
    expect(html).not.toContain("<html");
    expect(html).toContain('hx-trigger="kasih:refresh-member from:body, kasih:refresh-users from:body"');
  });

  it("shows a change at once: suspended, hidden, warned, and the log rows about them", async () => {
    const { maria } = await reportedMember();
    await t.request("POST", `/api/admin/users/${maria.id}/suspend`, { cookie: admin.cookie, body: { days: 7, reason: "Asked for money" } });
    await t.request("POST", `/api/admin/users/${maria.id}/hide`, { cookie: admin.cookie });
    await t.request("POST", `/api/admin/users/${maria.id}/warn`, { cookie: admin.cookie, body: { message: "Last warning" } });
    const html = await (await page(`/admin/users/${maria.id}`, HX)).text();
    expect(html).toContain("Suspended until");
    expect(html).toContain("Hidden from Discover");
    expect(html).toContain("Last warning");
    expect(html).toContain("not seen yet");
    expect(html).toMatch(/data-action="suspend"/);
    expect(html).toContain(`hx-get="/admin/users/${maria.id}/unban"`);
    expect(html).toContain(`hx-get="/admin/users/${maria.id}/unhide"`);
    expect(html).not.toContain(`hx-get="/admin/users/${maria.id}/suspend"`);
  });

  it("is in Indonesian for an admin who reads it", async () => {
    const { maria } = await reportedMember();
    const html = await (await page(`/admin/users/${maria.id}`, {}, `${admin.cookie}; app-language=id`)).text();
    expect(html).toContain("Tinjauan selfie");
    expect(html).toContain("Dilaporkan 2 anggota");
    expect(html).toContain("Beri peringatan");
  });

  it("serves each action's confirm dialog to htmx, and sends a person who opens it to the page", async () => {
    const { maria } = await reportedMember();
    const suspend = await (await page(`/admin/users/${maria.id}/suspend`, HX)).text();
    expect(suspend).toStartWith("<dialog");
    expect(suspend).toContain(`hx-post="/api/admin/users/${maria.id}/suspend"`);
    for (const days of ["1", "7", "30"]) expect(suspend).toMatch(new RegExp(`type="radio" name="days"[^>]* value="${days}"`));
    expect(suspend).toContain('name="reason"');
    const warn = await (await page(`/admin/users/${maria.id}/warn`, HX)).text();
    expect(warn).toContain(`hx-post="/api/admin/users/${maria.id}/warn"`);
    expect(warn).toContain('name="message"');
    for (const action of ["hide", "unhide", "unban", "reverify"]) expect(await (await page(`/admin/users/${maria.id}/${action}`, HX)).text()).toContain(`hx-post="/api/admin/users/${maria.id}/${action}"`);
    const direct = await page(`/admin/users/${maria.id}/suspend`);
    expect(direct.status).toBe(303);
    expect(direct.headers.get("Location")).toBe(`/admin/users/${maria.id}`);
    expect((await page("/admin/users/nobodyhere/warn", HX)).status).toBe(404);
  });

  it("is 404 for an unknown member; htmx (the region after the member was deleted here) is sent to the list", async () => {
    const missing = await page("/admin/users/nobodyhere");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("User not found");
    const maria = await person(t);
    expect((await t.request("DELETE", `/api/admin/users/${maria.id}`, { cookie: admin.cookie, headers: HX })).status).toBe(200);
    const gone = await page(`/admin/users/${maria.id}`, HX);
    expect(gone.status).toBe(200);
    expect(gone.headers.get("HX-Redirect")).toBe("/admin/users");
    expect(await gone.text()).toBe("");
  });

  it("shows a moderator only what a moderator may do: no plan, no delete", async () => {
    const { maria } = await reportedMember();
    const moderator = await moderatorOf(t);
    const html = await (await page(`/admin/users/${maria.id}`, {}, moderator.cookie)).text();
    expect(html).toContain(`hx-get="/admin/users/${maria.id}/suspend"`);
    expect(html).toContain(`hx-get="/admin/users/${maria.id}/warn"`);
    expect(html).not.toContain(`hx-get="/admin/users/${maria.id}/plan"`);
    expect(html).not.toContain(`hx-get="/admin/users/${maria.id}/delete"`);
    expect((await page(`/admin/users/${maria.id}/delete`, HX, moderator.cookie)).status).toBe(403);
    expect((await page(`/admin/users/${maria.id}/plan`, HX, moderator.cookie)).status).toBe(403);
  });

  it("offers no ban, suspension or delete on another admin or moderator unless the viewer is the super admin, and says why", async () => {
    const moderator = await moderatorOf(t);
    const html = await (await page(`/admin/users/${moderator.id}`)).text();
    expect(html).toContain("Only the super admin may do this to an admin or moderator");
    for (const action of ["suspend", "ban", "delete"]) expect(html).not.toContain(`hx-get="/admin/users/${moderator.id}/${action}"`);
    expect(html).toContain(`hx-get="/admin/users/${moderator.id}/warn"`);
  });

  it("offers no ban, suspension or delete on the admin's own page", async () => {
    const html = await (await page(`/admin/users/${admin.id}`)).text();
    expect(html).toContain("This is you");
    expect(html).not.toContain(`hx-get="/admin/users/${admin.id}/suspend"`);
    expect(html).not.toContain(`hx-get="/admin/users/${admin.id}/delete"`);
  });

  it("is reached from the users list, the reports, the matches, the payments and the admin log", async () => {
    const { maria, paymentId } = await reportedMember();
    await t.request("POST", `/api/admin/users/${maria.id}/warn`, { cookie: admin.cookie, body: { message: "Be kind" } });
    const href = `href="/admin/users/${maria.id}"`;
    expect(await (await page("/admin/users")).text()).toContain(href);
    expect(await (await page("/admin/moderation")).text()).toContain(href);
    expect(await (await page("/admin/matches")).text()).toContain(href);
    expect(await (await page("/admin/payments")).text()).toContain(href);
    expect(await (await page(`/admin/payments/${paymentId}`)).text()).toContain(href);
    expect(await (await page("/admin/moderation?view=actions")).text()).toContain(href);
  });
});
