import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { paymentNotifications, payments, paymentStatusHistory } from "../../../../db/schema";
import { fakeClock } from "../../../platform/clock";
import { newId } from "../../../platform/ids";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, HX, person, triggerOf } from "../users/admin-test-support";
import { insertPayment } from "./payments-admin.test-support";

const NOW = new Date("2026-11-22T03:00:00Z");
const DAY = 24 * 60 * 60_000;

let app: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
let maria: Awaited<ReturnType<typeof person>>;
let budi: Awaited<ReturnType<typeof person>>;

beforeEach(async () => {
  app = await createTestApp({ clock: fakeClock(NOW) });
  admin = await adminOf(app);
  maria = await person(app, { firstName: "Maria", lastName: "Santoso", email: "maria@example.com" });
  budi = await person(app, { firstName: "Budi", lastName: "Hartono", email: "budi@example.com" });
});
afterEach(() => app.close());

const get = (path: string, init: { htmx?: boolean; lang?: "id"; cookie?: string } = {}) =>
  app.request("GET", path, { cookie: init.cookie ?? (init.lang === "id" ? `${admin.cookie}; app-language=id` : admin.cookie), headers: init.htmx ? HX : undefined });
const post = (path: string, body: unknown, init: { htmx?: boolean } = {}) => app.request("POST", path, { cookie: admin.cookie, body, headers: init.htmx ? HX : undefined });

/** The ids of the payment rows a list page shows, in order. */
const rowIds = (html: string) => [...html.matchAll(/<tr data-payment-id="([^"]+)"/g)].map((match) => match[1]);

describe("GET /admin/payments: search, filters, sort and size", () => {
  it("finds a payment by Kasih's reference (the receipt's), by the gateway's order id and by the member", async () => {
    const marias = await insertPayment(app, maria, { gateway: "xendit" });
    const budis = await insertPayment(app, budi, { gateway: "midtrans" });
    expect(rowIds(await (await get(`/admin/payments?search=${marias}`)).text())).toEqual([marias]);
    expect(rowIds(await (await get(`/admin/payments?search=order-${budis}`)).text())).toEqual([budis]);
    expect(rowIds(await (await get("/admin/payments?search=hartono")).text())).toEqual([budis]);
    expect(rowIds(await (await get("/admin/payments?search=maria%40example.com")).text())).toEqual([marias]);
    const none = await (await get("/admin/payments?search=nobody")).text();
    expect(rowIds(none)).toEqual([]);
    expect(none).toContain("No payments match");
  });

  it("filters by status, gateway and Jakarta days, and each row links to its payment page", async () => {
    // 23:30 WIB on 20 November is still the 20th in Jakarta (16:30 UTC).
    const late = await insertPayment(app, maria, { gateway: "xendit", createdAt: new Date("2026-11-20T16:30:00Z") });
    const early = await insertPayment(app, maria, { gateway: "midtrans", createdAt: new Date("2026-11-19T10:00:00Z") });
    const failed = await insertPayment(app, budi, { gateway: "xendit", status: "failed", createdAt: new Date("2026-11-21T10:00:00Z") });
    expect(rowIds(await (await get("/admin/payments?from=2026-11-20&to=2026-11-20")).text())).toEqual([late]);
    expect(rowIds(await (await get("/admin/payments?gateway=xendit")).text())).toEqual([failed, late]);
    expect(rowIds(await (await get("/admin/payments?status=paid&gateway=midtrans")).text())).toEqual([early]);
    const html = await (await get("/admin/payments")).text();
    expect(html).toContain(`href="/admin/payments/${late}"`);
  });

  it("sorts by a column both ways, and its heading says so", async () => {
    const small = await insertPayment(app, maria, { amount: 49_000, createdAt: new Date(NOW.getTime() - DAY) });
    const big = await insertPayment(app, maria, { amount: 99_000, plan: "premium_plus", createdAt: new Date(NOW.getTime() - 2 * DAY) });
    expect(rowIds(await (await get("/admin/payments?sort=amount")).text())).toEqual([small, big]);
    const descending = await (await get("/admin/payments?sort=-amount")).text();
    expect(rowIds(descending)).toEqual([big, small]);
    expect(descending).toMatch(/aria-sort="descending"><a class="admin-sort" href="\/admin\/payments\?sort=amount"/);
  });

  it("pages by 10, 25 or 100 rows, and the CSV link carries the filters, not the page", async () => {
    for (let i = 0; i < 12; i++) await insertPayment(app, maria, { createdAt: new Date(NOW.getTime() - i * 60_000) });
    expect(rowIds(await (await get("/admin/payments")).text())).toHaveLength(10);
    const html = await (await get("/admin/payments?limit=25&status=paid")).text();
    expect(rowIds(html)).toHaveLength(12);
    expect(html).toContain('href="/api/admin/payments?status=paid&amp;format=csv"');
    expect(html).toMatch(/<option value="25" selected="">25<\/option>/);
  });

  it("marks a row whose flags are not yet seen", async () => {
    const flagged = await insertPayment(app, maria);
    const seen = await insertPayment(app, budi);
    await app.deps.db.update(payments).set({ flagLate: true }).where(eq(payments.id, flagged));
    await app.deps.db.update(payments).set({ flagLate: true, flagsSeenAt: NOW }).where(eq(payments.id, seen));
    const html = await (await get("/admin/payments")).text();
    expect(html).toMatch(new RegExp(`data-payment-id="${flagged}"[^>]*class="admin-row-flagged"`));
    expect(html).not.toMatch(new RegExp(`data-payment-id="${seen}"[^>]*class="admin-row-flagged"`));
    expect(html).toContain("Paid late");
  });

  it("answers only the list region for htmx, the whole page otherwise, in Indonesian too", async () => {
    await insertPayment(app, maria);
    const fragment = await (await get("/admin/payments?status=paid", { htmx: true })).text();
    expect(fragment.startsWith('<section id="payments-list"')).toBe(true);
    expect(fragment).not.toContain("<html");
    const page = await (await get("/admin/payments", { lang: "id" })).text();
    expect(page).toContain("<html");
    expect(page).toContain("Cari pembayaran");
    expect(page).toContain("Ekspor CSV");
  });

  it("refuses a bad date or sort with 400, and a member is sent to their profile", async () => {
    expect((await get("/admin/payments?from=2026-02-30")).status).toBe(400);
    expect((await get("/admin/payments?sort=password")).status).toBe(400);
    const member = await get("/admin/payments", { cookie: maria.cookie });
    expect(member.status).toBe(302);
    expect(member.headers.get("Location")).toBe("/profile");
  });
});

/** A payment with its history and one notification, as the notification code leaves them. */
async function paidWithHistory(options: { gateway?: string; method?: "qris" | "bank" | "credit" } = {}) {
  const id = await insertPayment(app, maria, { gateway: options.gateway ?? "sandbox", method: options.method ?? "qris", createdAt: new Date(NOW.getTime() - DAY) });
  await app.deps.db.update(payments).set({ gatewayTransactionId: "trx-778899" }).where(eq(payments.id, id));
  await app.deps.db.insert(paymentStatusHistory).values([
    { id: newId(), paymentId: id, status: "pending", at: new Date(NOW.getTime() - DAY) },
    { id: newId(), paymentId: id, status: "paid", at: new Date(NOW.getTime() - DAY + 60_000) },
  ]);
  await app.deps.db.insert(paymentNotifications).values({ id: newId(), paymentId: id, gateway: "sandbox", receivedAt: new Date(NOW.getTime() - DAY + 60_000), verified: true, status: "paid", answer: 200, body: JSON.stringify({ order_id: id, transaction_status: "settlement" }) });
  return id;
}

describe("GET /admin/payments/{id}", () => {
  it("shows the member, plan, amount, method, gateway, both gateway ids, the history and every notification in a <pre>", async () => {
    const id = await paidWithHistory();
    const response = await get(`/admin/payments/${id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>Payment ${id} · Kasih Admin</title>`);
    expect(html).toContain(`href="/admin/users/${maria.id}">Maria Santoso</a>`);
    expect(html).toContain("Rp49,000");
    expect(html).toContain(`order-${id}`);
    expect(html).toContain("trx-778899");
    expect(html).toMatch(/<ol class="admin-timeline">.*Pending.*Paid.*<\/ol>/s);
    expect(html).toMatch(/<pre class="admin-pre"[^>]*>\{\n {2}&quot;order_id&quot;/);
    expect(html).toContain("Verified");
    expect(html).toContain("Answered 200");
  });

  it("offers Mark as seen while a flag is unseen, posting to the JSON call", async () => {
    const id = await paidWithHistory();
    await app.deps.db.update(payments).set({ flagLate: true }).where(eq(payments.id, id));
    const html = await (await get(`/admin/payments/${id}`)).text();
    expect(html).toContain(`hx-post="/api/admin/payments/${id}/seen"`);
    expect(html).toContain("Paid late");
    await app.deps.db.update(payments).set({ flagsSeenAt: NOW }).where(eq(payments.id, id));
    expect(await (await get(`/admin/payments/${id}`)).text()).not.toContain(`/api/admin/payments/${id}/seen`);
  });

  it("answers the region alone for htmx (it reloads itself on kasih:refresh-payment)", async () => {
    const id = await paidWithHistory();
    const html = await (await get(`/admin/payments/${id}`, { htmx: true })).text();
    expect(html.startsWith('<div id="payment-detail"')).toBe(true);
    expect(html).toContain('hx-trigger="kasih:refresh-payment from:body"');
  });

  it("is the admins' alone: a member is sent to their profile, from the page and the refund steps alike", async () => {
    const id = await paidWithHistory();
    for (const response of [await get(`/admin/payments/${id}`, { cookie: maria.cookie }), await get(`/admin/payments/${id}/refund`, { cookie: maria.cookie, htmx: true }), await app.request("POST", `/admin/payments/${id}/refund/confirm`, { cookie: maria.cookie, body: { reason: "x" }, headers: HX })]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/profile");
    }
    expect((await app.request("GET", `/admin/payments/${id}`)).headers.get("Location")).toBe("/auth");
  });

  it("says plainly when there is no such payment (404)", async () => {
    const response = await get("/admin/payments/nosuchpayment");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("No such payment");
    expect((await get("/admin/payments/nosuchpayment", { htmx: true })).status).toBe(404);
  });
});

describe("Refund: a form, then a confirmation, then the JSON call", () => {
  it("opens the form, checks it, and the confirmation says what will happen and posts the refund", async () => {
    // Xendit refunds QRIS by API (its client says so once its keys are stored).
    expect((await post("/api/admin/payment-config", { gateway: "xendit", config: { secretKey: "xnd_development_refundable0001" } })).status).toBe(200);
    const id = await paidWithHistory({ gateway: "xendit" });
    const page = await (await get(`/admin/payments/${id}`)).text();
    expect(page).toContain(`hx-get="/admin/payments/${id}/refund"`);
    const form = await (await get(`/admin/payments/${id}/refund`, { htmx: true })).text();
    expect(form).toContain('<dialog id="refund-');
    expect(form).toContain('name="reason"');
    expect(form).toContain('name="manual"');
    expect(form).toContain(`hx-post="/admin/payments/${id}/refund/confirm"`);

    const blank = await post(`/admin/payments/${id}/refund/confirm`, { reason: "  " }, { htmx: true });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ message: "A reason is required" });
    const noNote = await post(`/admin/payments/${id}/refund/confirm`, { reason: "Charged twice", manual: true }, { htmx: true });
    expect(await noNote.json()).toEqual({ message: "A manual refund needs a note" });

    const byGateway = await (await post(`/admin/payments/${id}/refund/confirm`, { reason: "Charged twice" }, { htmx: true })).text();
    expect(byGateway).toContain("Xendit is asked to send the money back now.");
    expect(byGateway).toContain(">Refund now</button>");

    const confirm = await post(`/admin/payments/${id}/refund/confirm`, { reason: "Charged twice", manual: true, note: "BCA transfer 12/11" }, { htmx: true });
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain("Refund Rp49,000 to Maria Santoso?");
    expect(html).toContain(`hx-post="/api/admin/payments/${id}/refund"`);
    expect(html).toContain("hx-vals=\"{&quot;reason&quot;:&quot;Charged twice&quot;,&quot;manual&quot;:true,&quot;note&quot;:&quot;BCA transfer 12/11&quot;}\"");
    // The first step changed nothing.
    expect((await app.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)))[0]!.status).toBe("paid");
  });

  it("offers only a manual refund when the gateway cannot refund the method by API", async () => {
    // No keys for iPaymu here: no client, so no refund API.
    const id = await paidWithHistory({ gateway: "ipaymu", method: "bank" });
    const page = await (await get(`/admin/payments/${id}`)).text();
    expect(page).toContain('data-testid="refund-manual-only"');
    const form = await (await get(`/admin/payments/${id}/refund`, { htmx: true })).text();
    expect(form).not.toContain('name="manual"');
    expect(form).toContain("hx-vals=\"{&quot;manual&quot;:true}\"");
    // Even a body without manual is confirmed as manual, so it needs its note.
    expect(await (await post(`/admin/payments/${id}/refund/confirm`, { reason: "Asked for it" }, { htmx: true })).json()).toEqual({ message: "A manual refund needs a note" });
  });

  it("shows no refund form for a payment that is not paid, and the refund once made", async () => {
    const pending = await insertPayment(app, maria, { status: "pending" });
    expect(await (await get(`/admin/payments/${pending}`)).text()).toContain("Only a paid payment can be refunded.");
    expect((await get(`/admin/payments/${pending}/refund`, { htmx: true })).status).toBe(409);
    const refunded = await paidWithHistory();
    await app.deps.db.update(payments).set({ status: "refunded", refundId: newId(), refundReason: "Charged twice", refundManual: true, refundNote: "BCA transfer", refundedAt: NOW, refundRequestedAt: NOW }).where(eq(payments.id, refunded));
    const html = await (await get(`/admin/payments/${refunded}`)).text();
    expect(html).toContain("Refunded");
    expect(html).toContain("Charged twice");
    expect(html).toContain("BCA transfer");
    expect(html).toContain("Recorded by hand");
  });
});

describe("The JSON calls the pages post to, made by htmx: a toast and the regions to reload", () => {
  it("a manual refund toasts 'Payment refunded' and reloads the payment and the list; the page then shows it refunded", async () => {
    const id = await paidWithHistory();
    const response = await post(`/api/admin/payments/${id}/refund`, { reason: "Charged twice", manual: true, note: "BCA transfer" }, { htmx: true });
    expect(response.status).toBe(200);
    expect(triggerOf(response)).toEqual({ "kasih:toast": { variant: "success", title: "Payment refunded", description: "The payment page shows the new status." }, "kasih:refresh-payment": true, "kasih:refresh-payments": true, "kasih:refresh-counters": true });
    const html = await (await get(`/admin/payments/${id}`, { htmx: true })).text();
    expect(html).toContain("Recorded by hand");
    expect(html).toMatch(/<ol class="admin-timeline">.*Refunded.*<\/ol>/s);
    // Without htmx, the plain JSON answer.
    expect(triggerOf(await post(`/api/admin/payments/${id}/refund`, { reason: "Again", manual: true, note: "x" }))).toBeNull();
  });

  it("Mark as seen toasts and reloads; the flag leaves the page's button", async () => {
    const id = await paidWithHistory();
    await app.deps.db.update(payments).set({ flagLate: true }).where(eq(payments.id, id));
    const response = await post(`/api/admin/payments/${id}/seen`, {}, { htmx: true });
    expect(triggerOf(response)).toMatchObject({ "kasih:toast": { title: "Marked as seen" }, "kasih:refresh-payment": true });
    expect(await (await get(`/admin/payments/${id}`)).text()).not.toContain(`hx-post="/api/admin/payments/${id}/seen"`);
  });

  it("a plan by hand toasts the plan and its end, and reloads the Users list", async () => {
    const response = await post(`/api/admin/users/${maria.id}/plan`, { plan: "premium_plus", until: "2026-12-31", reason: "Prize" }, { htmx: true });
    expect(response.status).toBe(200);
    expect(triggerOf(response)).toEqual({ "kasih:toast": { variant: "success", title: "Plan updated", description: "Premium Plus until 31 Dec 2026" }, "kasih:refresh-users": true });
  });
});
