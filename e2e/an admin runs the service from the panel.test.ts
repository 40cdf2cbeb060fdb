/**
 * The demo admin runs Kasih from /admin in Chromium, as ADMIN.md and the specification describe:
 * real counts and charts, a ban that signs the member's open page out and shows its reason at
 * sign-in, a report resolved from the demo queue, QRIS switched off for members, and an ad
 * placement every 3 swipes that a free member sees and a Premium member never does.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from "./support/browser";
import { proveSecondFactor, signInContext } from "./support/accounts";
import { DEMO_ADMIN_TOTP_SECRET } from "../db/seed";
import { startServer, type RunningServer } from "./support/server";

const PASSWORD = "kasih-demo-2026";
const DANIEL = "demo@kasih.app";
const SARAH = "demo.sarah@kasih.app";
const KEVIN = "premium@kasih.app";
const ADMIN = "admin@kasih.app";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ command: "demo" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The demo admin signs in once and proves the demo's fixed second factor (ADMIN.md 'Who'); every browser shares that session. */
let adminCookie: Promise<string> | undefined;

async function cookieOf(email: string): Promise<string> {
  if (email === ADMIN) {
    adminCookie ??= signIn(ADMIN).then(async (cookie) => {
      await proveSecondFactor(server.origin, { cookie }, DEMO_ADMIN_TOTP_SECRET);
      return cookie;
    });
    return adminCookie;
  }
  return signIn(email);
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${server.origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().find((value) => value.includes("kasih_session="))!.split(";")[0]!;
}

async function browserAs(email: string, viewport = PHONE, language: "en" | "id" = "en"): Promise<Browser> {
  const browser = await openBrowser({ viewport });
  await signInContext(browser.context, server.origin, { cookie: await cookieOf(email) });
  await browser.context.addCookies([{ name: "app-language", value: language, url: server.origin }]);
  await browser.context.addInitScript((lang) => localStorage.setItem("app-language", lang), language);
  return browser;
}

/** The one toast on screen (spec point 9), once it reads `text`. */
async function toastSaying(page: Page, text: string) {
  const toast = page.locator(".toast").filter({ hasText: text });
  await toast.first().waitFor({ timeout: 10_000 });
  return toast.first().innerText();
}

/**
 * Marks the page's live connection once the server has greeted it ("ready"): the moment a ban or a
 * deletion can reach the page, waited for instead of a fixed pause.
 */
async function watchLiveConnection(browser: Browser) {
  await browser.context.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener("message", (event) => {
          if (String(event.data).includes('"type":"ready"')) document.documentElement.dataset.liveReady = "true";
        });
      }
    };
  });
}

async function liveConnectionReady(page: Page) {
  await page.locator('html[data-live-ready="true"]').waitFor({ state: "attached", timeout: 10_000 });
}

async function hydrated(page: Page) {
  await page.locator('[data-island="toaster"][data-hydrated="true"]').waitFor({ state: "attached" });
}

describe("an admin runs the service from the panel", () => {
  it("sees real counts and the two charts, on a phone and a desktop, in English and Indonesian", async () => {
    const stats = await (await fetch(`${server.origin}/api/admin/stats`, { headers: { Cookie: await cookieOf(ADMIN) } })).json();
    expect(stats.totalUsers).toBeGreaterThan(200);
    for (const [viewport, size] of [[PHONE, "phone"], [DESKTOP, "desktop"]] as const) {
      for (const language of ["en", "id"] as const) {
        const browser = await browserAs(ADMIN, viewport, language);
        try {
          const { page } = browser;
          const response = await page.goto(`${server.origin}/admin`);
          expect(response?.status()).toBe(200);
          const body = await page.locator("main").innerText();
          expect(body).not.toContain("Loading Admin Panel");
          // The counts card shows the server's numbers, formatted for the language.
          expect(body).toContain(new Intl.NumberFormat(language === "id" ? "id-ID" : "en-US").format(stats.totalUsers));
          // Sign-ups drawn as SVG; the demo has no payments yet, so revenue says so instead of an empty axis.
          expect(await page.locator("svg.admin-chart").count()).toBeGreaterThanOrEqual(1);
          expect(await page.locator("svg.admin-chart title").first().textContent()).toBeTruthy();
          if (language === "en") expect(body).toContain("No payments in the last 30 days");
          expect(body).toContain(language === "id" ? "Lihat Semua Pengguna" : "View All Users");
          await screenshot(page, `admin-overview-${language}-${size}`);
          await page.goto(`${server.origin}/admin/users`);
          await screenshot(page, `admin-users-${language}-${size}`);
          await page.goto(`${server.origin}/admin/moderation`);
          await screenshot(page, `admin-moderation-${language}-${size}`);
          await page.goto(`${server.origin}/admin/settings`);
          await screenshot(page, `admin-settings-${language}-${size}`);
          await page.goto(`${server.origin}/admin/ads`);
          await screenshot(page, `admin-ads-${language}-${size}`);
        } finally {
          await browser.close();
        }
      }
    }
  }, 180_000);

  it("finds Daniel, bans him with a reason (his open page is signed out, sign-in shows why), then unbans him", async () => {
    const daniel = await browserAs(DANIEL);
    await watchLiveConnection(daniel);
    const admin = await browserAs(ADMIN, DESKTOP);
    try {
      await daniel.page.goto(`${server.origin}/swipe`);
      await hydrated(daniel.page);
      await liveConnectionReady(daniel.page); // the live connection opens after hydration

      const page = admin.page;
      await page.goto(`${server.origin}/admin/users`);
      await hydrated(page);
      await page.getByRole("searchbox").fill(DANIEL);
      await page.waitForURL(/search=demo%40kasih\.app/);
      const row = page.locator("tr", { hasText: DANIEL });
      await row.waitFor();
      expect(await page.locator("tbody tr").count()).toBe(1);

      await row.getByRole("button", { name: "Ban" }).click();
      const dialog = page.locator("dialog[open]");
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain("Daniel");
      const confirm = dialog.locator('button[type="submit"]');
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.locator('textarea[name="reason"]').fill("   ");
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.locator('textarea[name="reason"]').fill("Asked several members for money");
      expect(await confirm.isDisabled()).toBe(false);
      await confirm.click();
      expect(await toastSaying(page, "User banned successfully")).toContain("User banned successfully");
      await page.locator("dialog[open]").waitFor({ state: "detached" });
      await row.getByRole("button", { name: "Unban" }).waitFor();
      await screenshot(page, "admin-users-banned-desktop");

      // His open page is signed out at once (the socket closes for the suspension) …
      await daniel.page.waitForURL(/\/auth/, { timeout: 15_000 });
      // … and signing in again says why, once, in the form's alert (no toast: decision 0139).
      await hydrated(daniel.page);
      await daniel.page.getByLabel("Email").fill(DANIEL);
      await daniel.page.getByLabel("Password").fill(PASSWORD);
      await daniel.page.getByRole("button", { name: "Sign In", exact: true }).click();
      const why = daniel.page.locator("#panel-signin .form-error[role=alert]");
      await why.filter({ hasText: "Asked several members for money" }).waitFor();
      expect(await why.innerText()).toContain("suspended");
      expect(await daniel.page.locator(".toast").count()).toBe(0);

      await row.getByRole("button", { name: "Unban" }).click();
      expect(await toastSaying(page, "User unbanned successfully")).toContain("User unbanned successfully");
      await row.getByRole("button", { name: "Ban" }).waitFor();
      expect((await fetch(`${server.origin}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.origin }, body: JSON.stringify({ email: DANIEL, password: PASSWORD }) })).status).toBe(200);

      // Both changes are in the admin log.
      await page.goto(`${server.origin}/admin/moderation?view=actions`);
      const log = await page.locator("main").innerText();
      expect(log).toContain("Asked several members for money");
    } finally {
      await daniel.close();
      await admin.close();
    }
  }, 120_000);

  it("resolves a pending report from the demo queue", async () => {
    const admin = await browserAs(ADMIN, PHONE);
    try {
      const page = admin.page;
      await page.goto(`${server.origin}/admin/moderation?status=pending`);
      await hydrated(page);
      const pendingBefore = await page.locator("[data-report-id]").count();
      expect(pendingBefore).toBeGreaterThan(0);
      const first = page.locator("[data-report-id]").first();
      const reportId = await first.getAttribute("data-report-id");
      await first.getByRole("button", { name: "Resolve" }).click();
      expect(await toastSaying(page, "Report status updated successfully")).toContain("Report status updated successfully");
      await page.locator(`[data-report-id="${reportId}"]`).waitFor({ state: "detached" });
      const report = await (await fetch(`${server.origin}/api/admin/reports?status=resolved&limit=100`, { headers: { Cookie: await cookieOf(ADMIN) } })).json();
      expect(report.reports.map((r: { id: string }) => r.id)).toContain(reportId);
      await screenshot(page, "admin-moderation-resolved-phone");
    } finally {
      await admin.close();
    }
  }, 60_000);

  it("switches QRIS off: a member's payment dialog no longer offers it", async () => {
    const admin = await browserAs(ADMIN, DESKTOP);
    const sarah = await browserAs(SARAH);
    try {
      await admin.page.goto(`${server.origin}/admin`);
      await hydrated(admin.page);
      const qris = admin.page.locator("#switch-payment_qris");
      expect(await qris.getAttribute("aria-checked")).toBe("true");
      await qris.click();
      expect(await toastSaying(admin.page, "Setting Updated")).toContain("Setting Updated");
      await admin.page.locator('#switch-payment_qris[aria-checked="false"]').waitFor();

      await sarah.page.goto(`${server.origin}/swipe?plans=1`);
      const plans = sarah.page.locator("dialog.plan-dialog[open]");
      await plans.waitFor();
      await plans.getByRole("button", { name: "Choose Premium Plus" }).click();
      const methods = sarah.page.locator("dialog.payment-dialog[open]");
      await methods.locator("[data-method]").first().waitFor();
      const offered = await methods.locator("[data-method]").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-method")));
      expect(offered).not.toContain("qris");
      expect(offered).toContain("credit");
      expect(offered).toContain("bank");
      await screenshot(sarah.page, "payment-methods-without-qris-phone");

      // And back on: it returns without a restart.
      await qris.click();
      await admin.page.locator('#switch-payment_qris[aria-checked="true"]').waitFor();
    } finally {
      await admin.close();
      await sarah.close();
    }
  }, 60_000);

  it("deletes a member while their match has the chat open: the chat ends there, the photos are gone", async () => {
    const danielCookie = await cookieOf(DANIEL);
    const [match] = (await (await fetch(`${server.origin}/api/matches`, { headers: { Cookie: danielCookie } })).json()) as { id: string; user1: { id: string; firstName: string; photo: string | null } }[];
    expect(match).toBeDefined();
    const photo = match!.user1.photo!;
    expect((await fetch(`${server.origin}${photo}`, { headers: { Cookie: danielCookie } })).status).toBe(200);
    const found = await (await fetch(`${server.origin}/api/admin/users?search=${encodeURIComponent(match!.user1.firstName)}&limit=100`, { headers: { Cookie: await cookieOf(ADMIN) } })).json();
    const partner = (found.users as { id: string; email: string }[]).find((user) => user.id === match!.user1.id)!;

    const daniel = await browserAs(DANIEL);
    await watchLiveConnection(daniel);
    const admin = await browserAs(ADMIN, DESKTOP);
    try {
      await daniel.page.goto(`${server.origin}/chat/${match!.id}`);
      await hydrated(daniel.page);
      await liveConnectionReady(daniel.page); // the chat joins its match on the live connection

      await admin.page.goto(`${server.origin}/admin/users?search=${encodeURIComponent(partner.email)}`);
      await hydrated(admin.page);
      await admin.page.locator("tr", { hasText: partner.email }).getByRole("button", { name: "Delete" }).click();
      const dialog = admin.page.locator("dialog[open]");
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(match!.user1.firstName);
      await dialog.getByRole("button", { name: "Delete permanently" }).click();
      expect(await toastSaying(admin.page, "User deleted successfully")).toContain("User deleted successfully");

      await daniel.page.locator(".chat-removed").waitFor({ timeout: 10_000 });
      await screenshot(daniel.page, "chat-ended-after-member-deleted-phone");
      expect((await fetch(`${server.origin}${photo}`, { headers: { Cookie: danielCookie } })).status).toBe(404);
    } finally {
      await daniel.close();
      await admin.close();
    }
  }, 60_000);

  it("adds a placement every 3 swipes: a free member's deck shows the slot, a Premium member's never does", async () => {
    const admin = await browserAs(ADMIN, DESKTOP);
    try {
      const page = admin.page;
      await page.goto(`${server.origin}/admin`);
      await hydrated(page);
      await page.locator("#switch-ads_google").click();
      await page.locator('#switch-ads_google[aria-checked="true"]').waitFor();

      await page.goto(`${server.origin}/admin/ads`);
      await hydrated(page);
      await page.getByRole("button", { name: "Add placement" }).first().click();
      const dialog = page.locator("dialog[open]");
      await dialog.waitFor();
      await dialog.locator('input[name="name"]').fill("Between profiles");
      expect(await dialog.locator('input[name="frequency"]').inputValue()).toBe("3");
      expect(await dialog.locator('select[name="placement"]').inputValue()).toBe("swipe_screen");
      await dialog.locator('button[type="submit"]').click();
      expect(await toastSaying(page, "Placement created successfully")).toContain("Placement created successfully");
      await page.locator("main", { hasText: "Between profiles" }).waitFor();
      await screenshot(page, "admin-ads-placement-desktop");
    } finally {
      await admin.close();
    }

    const swipeThree = async (page: Page) => {
      await page.goto(`${server.origin}/swipe`);
      await hydrated(page);
      for (let i = 0; i < 3; i++) {
        const pass = page.locator(".discover-action-pass");
        await pass.waitFor();
        await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>(".discover-action-pass")?.disabled);
        await pass.click();
        await page.waitForTimeout(400);
      }
    };

    const sarah = await browserAs(SARAH);
    try {
      await swipeThree(sarah.page);
      await sarah.page.locator(".ad-slot").first().waitFor({ timeout: 10_000 });
      expect(await sarah.page.locator(".ad-slot").first().getAttribute("aria-label")).toBe("Advertisement");
      expect(await sarah.page.locator(".ad-slot").first().innerText()).toContain("Go Premium");
      await screenshot(sarah.page, "discover-ad-slot-phone");
    } finally {
      await sarah.close();
    }

    const kevin = await browserAs(KEVIN);
    try {
      await swipeThree(kevin.page);
      await kevin.page.waitForTimeout(1000);
      expect(await kevin.page.locator(".ad-slot").count()).toBe(0);
    } finally {
      await kevin.close();
    }
  }, 120_000);
});
