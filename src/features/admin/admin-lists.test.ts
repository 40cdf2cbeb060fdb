/**
 * Every admin list against ADMIN.md 'Lists' (docs/decisions/0131), one table: each sorts by each
 * of its columns both ways (over every row), pages by 10, 25 or 100, refuses a bad page, limit,
 * sort or format with 400, and answers CSV of every matching row (not one page) for ?format=csv
 * and for Accept: text/csv. Its page shows the sorting headings (aria-sort) and the size choice.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { eq } from "drizzle-orm";
import { adPlacements, matches, photoVerifications, profiles, users, type Plan } from "../../../db/schema";
import { fakeClock } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { adminLogInsert } from "./admin-log";
import { insertMessage, insertReport } from "./moderation/moderation.test-support";
import { insertPayment } from "./payments/payments-admin.test-support";
import { adminOf, person } from "./users/admin-test-support";

const NOW = new Date("2026-11-22T03:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** More rows than a page of 25, fewer than one of 100. */
const ROWS = 30;

type Item = Record<string, unknown>;
type Value = string | number | null;

interface ListCase {
  name: string;
  /** The JSON call and the key of its items. */
  api: string;
  items: string;
  /** Each sort column and the value the list is ordered by, read from an item of the JSON answer. */
  columns: Record<string, (item: Item) => Value>;
  /** Writes at least ROWS rows into the list (a few of them are typed as a spreadsheet formula). */
  seed: (app: TestApp, admin: { id: string; firstName: string; lastName: string }) => Promise<void>;
  /** The list's page, a column whose heading sorts, and the value of `view` if the page has several. */
  page: { path: string; column: string; cards?: boolean };
  /** A field of the CSV that a member or admin typed and that begins like a formula. */
  formula?: string;
}

const lower = (text: unknown) => String(text).trim().toLowerCase();
const name = (person: unknown) => {
  const p = person as { firstName: string; lastName: string };
  return lower(`${p.firstName} ${p.lastName}`);
};
const names = ["Ana", "budi", "Citra", "dewi", "Eko", "fajar", "Gita", "hana", "Indra", "joko"];
const PLANS: Plan[] = ["free", "premium", "premium_plus"];

async function people(app: TestApp, count: number, options: { profile?: boolean; createdAt?: (i: number) => Date } = {}) {
  const made = [];
  for (let i = 0; i < count; i++) {
    made.push(
      await person(app, {
        firstName: i === 0 ? "=HYPERLINK(\"http://x\")" : names[(i * 7) % names.length]!,
        lastName: `Putra${(i * 13) % 17}`,
        email: `m${(i * 11) % 31}-${i}@example.com`,
        profile: options.profile ?? true,
        createdAt: options.createdAt?.(i) ?? new Date(NOW.getTime() - ((i * 17) % 29) * DAY - i * MINUTE),
      }),
    );
  }
  return made;
}

const LISTS: ListCase[] = [
  {
    name: "users",
    api: "/api/admin/users",
    items: "users",
    columns: {
      name: (user) => name(user),
      email: (user) => user.email as string,
      createdAt: (user) => user.createdAt as string,
      lastActiveAt: (user) => user.lastActiveAt as string | null,
      age: (user) => (user.profile as { age: number } | null)?.age ?? null,
      plan: (user) => user.plan as string,
    },
    seed: async (app) => {
      const made = await people(app, ROWS);
      for (const [i, member] of made.entries()) {
        await app.deps.db.update(users).set({ plan: PLANS[i % 3]!, planExpiresAt: null, lastActiveAt: i % 4 === 0 ? null : new Date(NOW.getTime() - ((i * 5) % 23) * DAY) }).where(eq(users.id, member.id));
        await app.deps.db.update(profiles).set({ age: 20 + ((i * 7) % 30) }).where(eq(profiles.userId, member.id));
      }
    },
    page: { path: "/admin/users", column: "name" },
    formula: `"'=HYPERLINK(""http://x"")"`,
  },
  {
    name: "temp users",
    api: "/api/admin/temp-users",
    items: "users",
    columns: { name: (user) => name(user), email: (user) => user.email as string, createdAt: (user) => user.createdAt as string },
    seed: async (app) => {
      await people(app, ROWS, { profile: false, createdAt: (i) => new Date(NOW.getTime() - (8 + ((i * 7) % 40)) * DAY - i * MINUTE) });
    },
    page: { path: "/admin/temp-users", column: "name" },
    formula: `"'=HYPERLINK(""http://x"")"`,
  },
  {
    name: "matches",
    api: "/api/admin/matches",
    items: "matches",
    columns: {
      createdAt: (match) => match.createdAt as string,
      lastMessageAt: (match) => match.lastMessageAt as string | null,
      messageCount: (match) => match.messageCount as number,
      member: (match) => name(match.user1),
    },
    seed: async (app) => {
      const made = await people(app, ROWS + 1);
      for (let i = 0; i < ROWS; i++) {
        const matchId = await matchUsers(app, made[i]!, made[i + 1]!);
        await app.deps.db.update(matches).set({ createdAt: new Date(NOW.getTime() - ((i * 11) % 19) * DAY - i * MINUTE) }).where(eq(matches.id, matchId));
        for (let m = 0; m < i % 4; m++) await insertMessage(app, matchId, made[i]!, `hello ${m}`, new Date(NOW.getTime() - ((i * 3) % 7) * DAY + m * MINUTE));
      }
    },
    page: { path: "/admin/matches", column: "messageCount" },
  },
  {
    name: "payments",
    api: "/api/admin/payments",
    items: "payments",
    columns: {
      createdAt: (payment) => payment.createdAt as string,
      paidAt: (payment) => payment.paidAt as string | null,
      amount: (payment) => payment.amount as number,
      status: (payment) => payment.status as string,
      gateway: (payment) => payment.gateway as string,
      plan: (payment) => payment.plan as string,
      method: (payment) => payment.method as string,
    },
    seed: async (app) => {
      const [member] = await people(app, 1);
      const statuses = ["paid", "failed", "cancelled", "paid", "expired"] as const;
      const methods = ["qris", "bank", "credit", "googlepay"] as const;
      for (let i = 0; i < ROWS; i++) {
        const createdAt = new Date(NOW.getTime() - ((i * 7) % 23) * DAY - i * MINUTE);
        await insertPayment(app, member!, {
          amount: 10_000 + ((i * 37) % 50) * 1_000,
          plan: i % 2 === 0 ? "premium" : "premium_plus",
          method: methods[i % 4],
          gateway: ["midtrans", "xendit", "doku"][i % 3],
          status: statuses[i % 5],
          createdAt,
        });
      }
    },
    page: { path: "/admin/payments", column: "amount" },
  },
  {
    name: "admin log",
    api: "/api/admin/actions",
    items: "actions",
    columns: {
      createdAt: (action) => action.createdAt as string,
      action: (action) => action.action as string,
      admin: (action) => lower(action.admin),
      target: (action) => lower(action.targetUser),
    },
    seed: async (app, admin) => {
      const other = await adminOf(app, { firstName: "Bima", lastName: "Admin", email: "bima@example.com" });
      const actions = ["ban", "unban", "setting", "delete_match", "report_status"] as const;
      for (let i = 0; i < ROWS; i++) {
        await adminLogInsert(app.deps.db, {
          admin: i % 2 === 0 ? admin : { id: other.id, firstName: "Bima", lastName: "Admin" },
          action: actions[i % 5]!,
          targetName: i === 0 ? "+SUM(A1)" : `${names[(i * 3) % 10]} ${i}`,
          reason: i % 3 === 0 ? null : "why",
          at: new Date(NOW.getTime() - ((i * 13) % 29) * DAY - i * MINUTE),
        });
      }
    },
    page: { path: "/admin/moderation?view=actions", column: "target" },
    formula: "'+SUM(A1)",
  },
  {
    name: "reports",
    api: "/api/admin/reports",
    items: "reports",
    columns: {
      // The queue's order: pending "Under 18" and "Scam" reports first.
      priority: (report) => (report.status === "pending" && (report.reason === "underage" || report.reason === "scam") ? 0 : 1),
      createdAt: (report) => report.createdAt as string,
      reason: (report) => report.reason as string,
      status: (report) => report.status as string,
      reported: (report) => name(report.reportedUser),
      reporter: (report) => name(report.reporter),
    },
    seed: async (app) => {
      const made = await people(app, 7);
      const reasons = ["harassment", "scam", "fake_profile", "underage", "other", "inappropriate_photos"];
      const statuses = ["pending", "reviewed", "pending", "resolved", "dismissed"] as const;
      for (let i = 0; i < ROWS; i++) {
        await insertReport(app, made[i % 7]!, made[(i * 3 + 1) % 7]!, { reason: reasons[i % 6], status: statuses[i % 5], description: i === 0 ? "=1+1" : "words", createdAt: new Date(NOW.getTime() - ((i * 7) % 19) * DAY - i * MINUTE) });
      }
    },
    page: { path: "/admin/moderation", column: "reporter", cards: true },
    formula: "'=1+1",
  },
  {
    name: "ad placements",
    api: "/api/admin/ad-placements",
    items: "placements",
    columns: {
      name: (p) => lower(p.name),
      adType: (p) => p.adType as string,
      platform: (p) => p.platform as string,
      placement: (p) => p.placement as string,
      frequency: (p) => p.frequency as number,
      isActive: (p) => (p.isActive ? 1 : 0),
      createdAt: (p) => p.createdAt as string,
    },
    seed: async (app) => {
      const admin = await adminOf(app, { email: "ads@example.com" });
      const types = ["banner", "interstitial", "rewarded", "native"];
      const locations = ["swipe_screen", "matches_list", "chat_screen", "profile_view"];
      for (let i = 0; i < ROWS; i++) {
        const body = { name: i === 0 ? "@SUM(1)" : `${names[(i * 3) % 10]} slot ${i}`, adType: types[i % 4], platform: i % 3 === 0 ? "meta" : "admob", placement: locations[(i * 3) % 4], frequency: 1 + ((i * 7) % 20), isActive: i % 4 !== 0 };
        const response = await app.request("POST", "/api/admin/ad-placements", { cookie: admin.cookie, body });
        expect(response.status).toBe(201);
        const { id } = (await response.json()) as { id: string };
        await app.deps.db.update(adPlacements).set({ createdAt: new Date(NOW.getTime() - ((i * 11) % 23) * DAY - i * MINUTE) }).where(eq(adPlacements.id, id));
      }
    },
    page: { path: "/admin/ads", column: "name" },
    formula: "'@SUM(1)",
  },
  {
    name: "verifications",
    api: "/api/admin/verifications",
    items: "verifications",
    columns: { submittedAt: (item) => item.submittedAt as string, name: (item) => name(item.user) },
    seed: async (app) => {
      const made = await people(app, ROWS);
      for (const [i, member] of made.entries()) {
        await app.deps.db.insert(photoVerifications).values({ id: newId(), userId: member.id, pose: "thumbs_up", status: "pending", selfieFile: `${newId()}.webp`, submittedAt: new Date(NOW.getTime() - ((i * 7) % 13) * DAY - i * MINUTE) });
      }
    },
    page: { path: "/admin/moderation?view=verifications", column: "name", cards: true },
  },
];

/** Whether `values` are in the order SQLite's ASC (empty first) or DESC (empty last) gives. */
function inOrder(values: Value[], descending: boolean): boolean {
  for (let i = 1; i < values.length; i++) {
    const [a, b] = [values[i - 1]!, values[i]!];
    if (descending ? !(b === null || (a !== null && a >= b)) : !(a === null || (b !== null && a <= b))) return false;
  }
  return true;
}

for (const list of LISTS) {
  describe(`${list.name}: ${list.api}`, () => {
    let app: TestApp;
    let admin: Awaited<ReturnType<typeof adminOf>>;
    let total = 0;

    beforeAll(async () => {
      app = await createTestApp({ clock: fakeClock(NOW) });
      admin = await adminOf(app);
      await list.seed(app, admin);
      const body = await (await get(list.api)).json();
      total = body.total;
    });
    afterAll(() => app.close());

    const get = (path: string, headers: Record<string, string> = {}) => app.request("GET", path, { cookie: admin.cookie, headers });
    const join = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;
    const itemsOf = async (query: string) => {
      const response = await get(join(list.api, query));
      expect(response.status).toBe(200);
      return ((await response.json()) as Record<string, Item[]>)[list.items]!;
    };

    it(`holds more than 25 rows`, () => {
      expect(total).toBeGreaterThan(25);
      expect(total).toBeLessThanOrEqual(100);
    });

    for (const [column, valueOf] of Object.entries(list.columns)) {
      it(`sorts by ${column} ascending and descending`, async () => {
        const ascending = (await itemsOf(`sort=${column}&limit=100`)).map(valueOf);
        const descending = (await itemsOf(`sort=-${column}&limit=100`)).map(valueOf);
        expect(ascending).toHaveLength(total);
        expect(inOrder(ascending, false)).toBe(true);
        expect(inOrder(descending, true)).toBe(true);
        // Not vacuous: the column's values differ, so the two orders do too.
        expect(ascending).not.toEqual(descending);
      });
    }

    it("pages by 10, 25 or 100 rows, and the page's rows follow the whole list's order", async () => {
      for (const limit of [10, 25, 100]) {
        const response = await get(`${join(list.api, `limit=${limit}`)}`);
        const body = await response.json();
        expect(body).toMatchObject({ page: 1, limit, total });
        expect(body[list.items]).toHaveLength(Math.min(limit, total));
      }
      const all = await itemsOf("limit=100");
      const second = await itemsOf("limit=10&page=2");
      expect(second.map((item) => item.id)).toEqual(all.slice(10, 20).map((item) => item.id));
    });

    it("refuses a bad page, limit, sort or format with 400 and a message", async () => {
      for (const query of ["page=0", "page=abc", "page=-1", "limit=0", "limit=101", "limit=ten", "sort=password", "sort=-nothing", "sort=--createdAt", "format=xml"]) {
        const response = await get(join(list.api, query));
        expect({ query, status: response.status }).toEqual({ query, status: 400 });
        expect(typeof (await response.json()).message).toBe("string");
      }
    });

    it("answers CSV of every matching row for ?format=csv and for Accept: text/csv", async () => {
      for (const response of [await get(join(list.api, "format=csv")), await get(list.api, { Accept: "text/csv" })]) {
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toStartWith("text/csv");
        expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="kasih-[a-z-]+\.csv"$/);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
        const lines = (await response.text()).split("\r\n").filter((line) => line !== "");
        // The header, then every row: not the 10 of the first page.
        expect(lines).toHaveLength(total + 1);
        expect(lines[0]).toMatch(/^id,/);
      }
      if (list.formula !== undefined) expect(await (await get(join(list.api, "format=csv"))).text()).toContain(list.formula);
    });

    it("exports in the order asked for", async () => {
      const [column] = Object.keys(list.columns);
      const ids = (await itemsOf(`sort=-${column}&limit=100`)).map((item) => String(item.id));
      const csv = (await (await get(join(list.api, `sort=-${column}&format=csv`))).text()).split("\r\n").slice(1, -1);
      expect(csv.map((line) => line.split(",")[0])).toEqual(ids);
    });

    it("shows its page with sorting headings, the rows choice and the CSV link", async () => {
      const sorted = await (await get(join(list.page.path, `sort=-${list.page.column}&limit=25`))).text();
      if (list.page.cards) expect(sorted).toMatch(/<a class="admin-chip admin-sort" href="[^"]*sort=[a-zA-Z]+[^"]*"[^>]*aria-current="true" data-sort="descending">/);
      else expect(sorted).toMatch(new RegExp(`aria-sort="descending"><a class="admin-sort" href="[^"]*sort=${list.page.column}[^"]*"`));
      expect(sorted).toMatch(/<option value="25" selected="">25<\/option>/);
      expect(sorted).toContain('<option value="100">100</option>');
      expect(sorted).toContain(`format=csv`);
      // The CSV link carries the sort, never the page or the size.
      const csvLink = /href="([^"]*format=csv[^"]*)"/.exec(sorted)?.[1] ?? "";
      expect(csvLink).toContain(`sort=-${list.page.column}`);
      expect(csvLink).not.toMatch(/limit=|page=/);
      expect((await get(join(list.page.path, "sort=nope"))).status).toBe(400);
      const indonesian = await (await app.request("GET", list.page.path, { cookie: `${admin.cookie}; app-language=id` })).text();
      expect(indonesian).toContain("Baris per halaman");
      expect(indonesian).toContain("Ekspor CSV");
    });
  });
}

describe("GET /api/admin/ad-placements without page or limit (its first form)", () => {
  it("still answers every placement", async () => {
    const app = await createTestApp({ clock: fakeClock(NOW) });
    try {
      const admin = await adminOf(app);
      for (let i = 0; i < 12; i++) {
        const response = await app.request("POST", "/api/admin/ad-placements", { cookie: admin.cookie, body: { name: `Slot ${i}`, adType: "banner", platform: "admob", placement: "swipe_screen", frequency: 3, isActive: true } });
        expect(response.status).toBe(201);
      }
      const whole = await (await app.request("GET", "/api/admin/ad-placements", { cookie: admin.cookie })).json();
      expect(whole.placements).toHaveLength(12);
      expect(whole).toMatchObject({ total: 12, page: 1, limit: 12 });
      const paged = await (await app.request("GET", "/api/admin/ad-placements?page=2", { cookie: admin.cookie })).json();
      expect(paged.placements).toHaveLength(2);
    } finally {
      app.close();
    }
  });
});
