/**
 * The report queue in Chromium (ADMIN.md 'Reports that act', docs/decisions/0129): urgent reports
 * first and repeat targets marked; a report opens with the reported member's photos and profile
 * beside the kept messages; the admin warns her from the report in one step, the form showing
 * only the chosen action's fields; the report says what was done and the log has one row.
 * Screenshots on a phone and a desktop, in English and Indonesian.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { apiAs, createAccount, enrolSecondFactor, setLanguage, signInContext, type Account } from "./support/accounts";
import { completeProfile, matchPair, photoDataUrl, userIdOf } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
let admin: Account;
let maria: Account;
let mariaId: string;
beforeAll(async () => {
  server = await startServer();
  admin = await createAccount(server.origin, { firstName: "Ada", lastName: "Admin" });
  await server.cli(["admin", "grant", admin.email]);
  await enrolSecondFactor(server.origin, admin);
  maria = await createAccount(server.origin, { firstName: "Maria", lastName: "Santoso" });
  const budi = await createAccount(server.origin, { firstName: "Budi", lastName: "Hartono" });
  const yohan = await createAccount(server.origin, { firstName: "Yohan", lastName: "Wijaya" });
  const drawing = await openBrowser({ viewport: PHONE });
  try {
    await drawing.page.goto(`${server.origin}/auth`);
    await completeProfile(server.origin, drawing.page, maria, "female", 330, { photos: [await photoDataUrl(drawing.page, 330), await photoDataUrl(drawing.page, 30)] });
    await completeProfile(server.origin, drawing.page, budi, "male", 200);
    await completeProfile(server.origin, drawing.page, yohan, "male", 120);
  } finally {
    await drawing.close();
  }
  const matchId = await matchPair(server.origin, maria, budi);
  expect((await apiAs(server.origin, maria, "POST", `/api/matches/${matchId}/messages`, { content: "Can you send me Rp 2.000.000 for my ticket? I will pay you back." })).status).toBe(201);
  mariaId = await userIdOf(server.origin, maria);
  // Yohan's harassment report is filed first; Budi's scam report still leads the queue.
  expect((await apiAs(server.origin, yohan, "POST", "/api/reports", { reportedUserId: mariaId, reason: "harassment", description: "Rude after I said no" })).status).toBe(201);
  expect((await apiAs(server.origin, budi, "POST", "/api/reports", { reportedUserId: mariaId, reason: "scam", description: "She asked me to send money for a ticket" })).status).toBe(201);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

async function ready(page: Page) {
  await page.locator('[data-island="toaster"][data-hydrated="true"]').waitFor({ state: "attached", timeout: 15_000 });
}

/** The open dialog as the screen shows it, scrolled to its top (a full-page shot draws a modal badly). */
async function dialogShot(page: Page, name: string) {
  await page.locator("dialog[open] .dialog-content").evaluate((content) => content.scrollTo(0, 0));
  await page.screenshot({ path: join(import.meta.dir, "screenshots", `${name}.png`) });
}

async function photosLoaded(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>("dialog[open] .admin-reported-photos img")].every((img) => img.complete && img.naturalWidth > 0));
}

describe("an admin decides a report and acts in one step", () => {
  it("the queue leads with the scam report, the report shows her photos beside the messages, and a warning is sent from it", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, admin);
      await page.goto(`${server.origin}/admin/moderation?status=pending`);
      await ready(page);
      const cards = page.locator(".admin-report");
      expect(await cards.count()).toBe(2);
      expect(await cards.first().innerText()).toContain("Scam");
      expect(await cards.first().innerText()).toContain("Urgent");
      expect(await page.getByText("2 reports against this member").count()).toBe(2);
      await screenshot(page, "report-queue-en-phone");

      await page.getByRole("link", { name: "Open the report about Maria Santoso" }).first().click();
      const dialog = page.locator("dialog[open]");
      await dialog.locator(".admin-reported-photos img").first().waitFor();
      expect(await dialog.locator(".admin-reported-photos img").count()).toBe(2);
      await photosLoaded(page);
      expect(await dialog.locator(".admin-report-messages").innerText()).toContain("Rp 2.000.000");
      await dialogShot(page, "report-open-en-phone");
      // Only the chosen action's fields show.
      expect(await dialog.getByLabel("Warning (the member sees it at their next visit)").isVisible()).toBe(false);
      await dialog.getByText("Warn", { exact: true }).click();
      const message = dialog.getByLabel("Warning (the member sees it at their next visit)");
      expect(await message.isVisible()).toBe(true);
      expect(await dialog.getByLabel("Reason (the member sees it)").isVisible()).toBe(false);
      await message.fill("Asking matches for money is not allowed on Kasih.");
      await screenshot(page, "report-decide-warn-en-phone");
      await dialog.getByRole("button", { name: "Decide", exact: true }).click();
      await page.locator(".toast").filter({ hasText: "Report status updated successfully" }).first().waitFor({ timeout: 10_000 });
      // The pending list reloads without it.
      await page.waitForFunction(() => document.querySelectorAll(".admin-report").length === 1);
    } finally {
      await browser.close();
    }
    const log = await (await apiAs(server.origin, admin, "GET", "/api/admin/actions?limit=100")).json();
    const warns = (log.actions as { action: string; reason: string }[]).filter((row) => row.action === "warn");
    expect(warns).toEqual([expect.objectContaining({ reason: "report resolved: Asking matches for money is not allowed on Kasih." })]);
  }, 180_000);

  it("looks finished on a desktop and in Indonesian, suspend showing its length and reason", async () => {
    const browser = await openBrowser({ viewport: DESKTOP });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, admin);
      await page.goto(`${server.origin}/admin/moderation`);
      await ready(page);
      await screenshot(page, "report-queue-en-desktop");
      // The decided report says what was done; the pending one opens for its decision.
      expect(await page.locator(".admin-report", { hasText: "Scam" }).innerText()).toContain("Action taken");
      await page.locator(".admin-report[data-status=pending]").getByRole("link", { name: "Open the report about Maria Santoso" }).click();
      const dialog = page.locator("dialog[open]");
      await dialog.locator(".admin-reported-photos img").first().waitFor();
      await photosLoaded(page);
      await dialogShot(page, "report-open-en-desktop");
      await dialog.getByText("Suspend", { exact: true }).click();
      expect(await dialog.getByLabel("Length").isVisible()).toBe(true);
      expect(await dialog.getByLabel("Reason (the member sees it)").isVisible()).toBe(true);
      await screenshot(page, "report-decide-suspend-en-desktop");
      await dialog.getByRole("button", { name: "Close" }).click();

      await setLanguage(context, server.origin, "id");
      await page.goto(`${server.origin}/admin/moderation`);
      await ready(page);
      expect(await page.locator(".admin-report", { hasText: "Penipuan" }).innerText()).toContain("Tindakan yang diambil: Beri peringatan");
      await screenshot(page, "report-queue-id-desktop");
      await page.locator(".admin-report[data-status=pending]").getByRole("link", { name: "Buka laporan tentang Maria Santoso" }).click();
      const indonesian = page.locator("dialog[open]");
      await indonesian.locator(".admin-reported-photos img").first().waitFor();
      await photosLoaded(page);
      await dialogShot(page, "report-open-id-desktop");
      await indonesian.getByText("Tangguhkan", { exact: true }).click();
      await screenshot(page, "report-decide-suspend-id-desktop");
      await page.setViewportSize(PHONE);
      await screenshot(page, "report-decide-suspend-id-phone");
    } finally {
      await browser.close();
    }
  }, 180_000);
  it("keeps the report, her profile and her photos after she deletes her account", async () => {
    expect((await apiAs(server.origin, admin, "DELETE", `/api/admin/users/${mariaId}`)).status).toBe(200);
    const browser = await openBrowser({ viewport: DESKTOP });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, admin);
      await page.goto(`${server.origin}/admin/moderation?status=pending`);
      await ready(page);
      const card = page.locator(".admin-report[data-status=pending]");
      expect(await card.innerText()).toContain("Account deleted");
      await card.getByRole("link", { name: /Open the report about/ }).click();
      const dialog = page.locator("dialog[open]");
      await dialog.locator(".admin-reported-photos img").first().waitFor();
      expect(await dialog.locator(".admin-reported-photos img").count()).toBe(2);
      await photosLoaded(page);
      expect(await dialog.innerText()).toContain("The profile as it was when the report was filed.");
      // Only a status can be set now.
      expect(await dialog.locator('input[name="action"]').count()).toBe(1);
      await dialogShot(page, "report-deleted-member-en-desktop");
    } finally {
      await browser.close();
    }
  }, 180_000);
});
