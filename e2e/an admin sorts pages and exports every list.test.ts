/**
 * The admin's lists in Chromium (ADMIN.md 'Lists'; docs/decisions/0131), on the demo's data: every
 * list sorts from its headings (aria-sort says how), shows 10, 25 or 100 rows, links the CSV of
 * every matching row; the admin log filters by action and says its times are WIB; deciding a
 * report moves the Moderation counter without a reload. Screenshots of every list, phone and
 * desktop, English and Indonesian.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from "./support/browser";
import { proveSecondFactor, signInContext } from "./support/accounts";
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from "../db/seed";
import { startServer, type RunningServer } from "./support/server";

const ADMIN = "admin@kasih.app";

let server: RunningServer;
let adminCookie: string;
beforeAll(async () => {
  server = await startServer({ command: "demo" });
  const response = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.origin },
    body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  adminCookie = response.headers.getSetCookie().find((value) => value.includes("kasih_session="))!.split(";")[0]!;
  await proveSecondFactor(server.origin, { cookie: adminCookie }, DEMO_ADMIN_TOTP_SECRET);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function browserAs(viewport = PHONE, language: "en" | "id" = "en"): Promise<Browser> {
  const browser = await openBrowser({ viewport });
  await signInContext(browser.context, server.origin, { cookie: adminCookie });
  await browser.context.addCookies([{ name: "app-language", value: language, url: server.origin }]);
  await browser.context.addInitScript((lang) => localStorage.setItem("app-language", lang), language);
  return browser;
}

async function ready(page: Page) {
  await page.locator('[data-island="toaster"][data-hydrated="true"]').waitFor({ state: "attached", timeout: 15_000 });
  // The shell's counters arrive just after the page (admin-counters.tsx).
  await page.locator('#admin-count-moderation:not([data-count=""])').waitFor({ state: "attached", timeout: 10_000 });
}

const LISTS = [
  { name: "users", path: "/admin/users" },
  { name: "reports", path: "/admin/moderation" },
  { name: "admin-log", path: "/admin/moderation?view=actions" },
  { name: "verifications", path: "/admin/moderation?view=verifications" },
  { name: "matches", path: "/admin/matches" },
  { name: "payments", path: "/admin/payments" },
  { name: "temp-users", path: "/admin/temp-users" },
  { name: "ads", path: "/admin/ads" },
] as const;

describe("an admin sorts, pages and exports every list", () => {
  it("sorts the members from a heading, shows 25 rows, and the CSV link follows", async () => {
    const browser = await browserAs(DESKTOP);
    try {
      const { page } = browser;
      await page.goto(`${server.origin}/admin/users`);
      await ready(page);
      const joined = page.locator("#users-region th", { hasText: "Joined" });
      expect(await joined.getAttribute("aria-sort")).toBe("descending");
      await page.locator("#users-region th a", { hasText: "Member" }).click();
      await page.waitForURL(/sort=name/);
      await page.locator('#users-region th[aria-sort="ascending"]', { hasText: "Member" }).waitFor();
      const names = await page.locator("#users-region tbody .admin-person-name").allInnerTexts();
      expect(names.length).toBeGreaterThan(1);
      expect([...names].map((name) => name.toLowerCase())).toEqual([...names].map((name) => name.toLowerCase()).sort());
      await page.locator("#users-region-limit").selectOption("25");
      await page.waitForURL(/limit=25/);
      await page.locator('#users-region-limit option[value="25"][selected]').waitFor({ state: "attached" });
      expect(new URL(page.url()).searchParams.get("sort")).toBe("name");
      const csv = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
      expect(csv).toBe("/api/admin/users?sort=name&format=csv");
      const file = await fetch(`${server.origin}${csv}`, { headers: { Cookie: adminCookie } });
      expect(file.headers.get("Content-Type")).toStartWith("text/csv");
      const total = Number((await (await fetch(`${server.origin}/api/admin/users`, { headers: { Cookie: adminCookie } })).json()).total);
      expect((await file.text()).trim().split("\r\n")).toHaveLength(total + 1);
      await screenshot(page, "admin-lists-users-sorted-en-desktop");
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("filters the admin log by action and shows WIB times", async () => {
    const browser = await browserAs(PHONE);
    try {
      const { page } = browser;
      await page.goto(`${server.origin}/admin/moderation?view=actions`);
      await ready(page);
      expect(await page.locator(".admin-time-zone").innerText()).toBe("Times are Jakarta time (WIB, UTC+7).");
      const options = await page.locator("#actions-action option").allInnerTexts();
      expect(options[0]).toBe("All actions");
      if (options.length > 1) {
        await page.locator("#actions-action").selectOption({ index: 1 });
        await page.waitForURL(/action=/);
        const action = new URL(page.url()).searchParams.get("action");
        const rows = page.locator("#actions-list tbody tr");
        await rows.first().waitFor();
        for (const value of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-action")))) expect(value).toBe(action);
      }
      for (const time of await page.locator("#actions-list time").allInnerTexts()) expect(time).toEndWith("WIB");
      await screenshot(page, "admin-lists-admin-log-filtered-en-phone");
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("moves the Moderation counter when a report is decided, without a reload", async () => {
    const browser = await browserAs(DESKTOP);
    try {
      const { page } = browser;
      await page.goto(`${server.origin}/admin/moderation?status=pending`);
      await ready(page);
      const counter = page.locator("#admin-count-moderation");
      const before = Number(await counter.getAttribute("data-count"));
      expect(before).toBeGreaterThan(0);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.locator(".admin-report[data-status=pending]").first().getByRole("link", { name: /Open the report about/ }).click();
      const dialog = page.locator("dialog[open]");
      await dialog.getByText("Dismiss", { exact: true }).click();
      await dialog.getByRole("button", { name: "Decide", exact: true }).click();
      await page.locator(`#admin-count-moderation[data-count="${before - 1}"]`).waitFor({ state: "attached", timeout: 10_000 });
      await page.locator(`#admin-count-reports[data-count]`).waitFor({ state: "attached" });
      // The same page: nothing reloaded it.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
      await screenshot(page, "admin-lists-counter-after-decision-en-desktop");
    } finally {
      await browser.close();
    }
  }, 120_000);

  for (const language of ["en", "id"] as const) {
    for (const [device, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
      it(`shows every list on a ${device} in ${language === "en" ? "English" : "Indonesian"}`, async () => {
        const browser = await browserAs(viewport, language);
        try {
          const { page } = browser;
          for (const list of LISTS) {
            await page.goto(`${server.origin}${list.path}`);
            await ready(page);
            // Every list with rows links its CSV (an empty one, like the demo's temp users, may not).
            const empty = (await page.locator(".admin-list .admin-empty").count()) > 0;
            const exports = await page.getByRole("link", { name: language === "en" ? "Export CSV" : "Ekspor CSV" }).count();
            if (!empty) expect({ list: list.name, exports }).toEqual({ list: list.name, exports: 1 });
            // Nothing wider than the screen (a phone scrolls the page, never sideways).
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            expect({ list: list.name, overflow }).toEqual({ list: list.name, overflow: 0 });
            await screenshot(page, `admin-lists-${list.name}-${language}-${device}`);
          }
          // The Overview's members active in the last 24 hours, 7 and 30 days, under those with a profile.
          await page.goto(`${server.origin}/admin`);
          await ready(page);
          expect(await page.locator('[data-stat="activeDay"], [data-stat="activeWeek"], [data-stat="activeMonth"]').count()).toBe(3);
          await screenshot(page, `admin-lists-overview-${language}-${device}`);
        } finally {
          await browser.close();
        }
      }, 180_000);
    }
  }
});
