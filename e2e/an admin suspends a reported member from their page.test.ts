/**
 * One member's page in Chromium (ADMIN.md 'One member', 'Who'; docs/decisions/0128): an admin
 * with a second factor (TOTP) opens a scam report, follows it to the reported member's page, looks
 * at her photos full size, suspends her for 7 days with a reason; her open session ends, and when
 * she signs in again the sign-in screen tells her the reason and the end, in English and in
 * Indonesian. An admin's warning reaches a member once. Screenshots of each step, phone and desktop,
 * English and Indonesian.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { apiAs, createAccount, enrolSecondFactor, setLanguage, signInContext, type Account } from "./support/accounts";
import { completeProfile, matchPair, photoDataUrl, userIdOf } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

const REASON = "Asked matches to send money";

let server: RunningServer;
let admin: Account;
let maria: Account;
let budi: Account;
let mariaId: string;
beforeAll(async () => {
  server = await startServer();
  admin = await createAccount(server.origin, { firstName: "Ada", lastName: "Admin" });
  await server.cli(["admin", "grant", admin.email]);
  // The panel opens only after a TOTP code (ADMIN.md 'Who'): enrolled as the panel's page does.
  await enrolSecondFactor(server.origin, admin);
  maria = await createAccount(server.origin, { firstName: "Maria", lastName: "Santoso" });
  budi = await createAccount(server.origin, { firstName: "Budi", lastName: "Hartono" });
  const drawing = await openBrowser({ viewport: PHONE });
  try {
    await drawing.page.goto(`${server.origin}/auth`);
    await completeProfile(server.origin, drawing.page, maria, "female", 330, { photos: [await photoDataUrl(drawing.page, 330), await photoDataUrl(drawing.page, 30), await photoDataUrl(drawing.page, 200)] });
    await completeProfile(server.origin, drawing.page, budi, "male", 200);
  } finally {
    await drawing.close();
  }
  await matchPair(server.origin, maria, budi);
  mariaId = await userIdOf(server.origin, maria);
  const report = await apiAs(server.origin, budi, "POST", "/api/reports", { reportedUserId: mariaId, reason: "scam", description: "She asked me to send money for a ticket" });
  expect(report.status).toBe(201);
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

async function toastSaying(page: Page, text: string) {
  const toast = page.locator(".toast").filter({ hasText: text });
  await toast.first().waitFor({ timeout: 10_000 });
}

async function hydrated(page: Page) {
  await page.locator('[data-island="toaster"][data-hydrated="true"]').waitFor({ state: "attached", timeout: 15_000 });
}

/** Signs in on the sign-in screen as a person would; the text of the form's error. */
async function signInError(page: Page, account: Account): Promise<string> {
  await page.goto(`${server.origin}/auth`);
  await page.locator('[data-island="auth"][data-hydrated="true"]').waitFor({ timeout: 15_000 }).catch(() => undefined);
  await page.locator("#signin-email").fill(account.email);
  await page.locator("#signin-password").fill(account.password);
  await page.locator("#panel-signin button[type=submit]").click();
  const error = page.locator("#panel-signin .form-error");
  await error.waitFor({ timeout: 10_000 });
  return error.innerText();
}

describe("an admin suspends a reported member from their page", () => {
  it("opens the report, sees her photos, suspends her for 7 days, and she is told why at sign-in", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, admin);
      await page.goto(`${server.origin}/admin/moderation`);
      await hydrated(page);
      const report = page.locator("article, li, section").filter({ hasText: "She asked me to send money" }).first();
      await report.waitFor();
      await screenshot(page, "member-page-queue-en-phone");
      // The report, with the reported member's photos beside what was kept.
      await page.getByRole("link", { name: "Open the report about Maria Santoso" }).click();
      const opened = page.locator("dialog[open]");
      await opened.locator(".admin-reported-photos img").first().waitFor();
      expect(await opened.locator(".admin-reported-photos img").count()).toBe(3);
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>("dialog[open] .admin-reported-photos img")].every((img) => img.complete && img.naturalWidth > 0));
      await screenshot(page, "member-page-report-en-phone");
      await opened.getByRole("link", { name: "Member page" }).click();
      await page.waitForURL(`${server.origin}/admin/users/${mariaId}`);
      await hydrated(page);

      // Her photos, each opening large.
      const thumbs = page.locator(".admin-member-photo img");
      expect(await thumbs.count()).toBe(3);
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".admin-member-photo img")].every((img) => img.complete && img.naturalWidth > 0));
      expect(await page.locator("#member-reports").innerText()).toContain("Scam");
      await screenshot(page, "member-page-en-phone");
      await page.getByRole("link", { name: "Open photo 2 of Maria Santoso" }).click();
      const large = page.locator("dialog.admin-photo-dialog[open] img");
      await large.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>("dialog.admin-photo-dialog[open] img");
        return img !== null && img.complete && img.naturalWidth >= 240;
      });
      await screenshot(page, "member-page-photo-en-phone");
      await page.locator("dialog.admin-photo-dialog[open]").getByRole("button", { name: "Close" }).click();

      // Suspend for 7 days, with the reason she will see.
      await page.getByRole("button", { name: "Suspend", exact: true }).click();
      const dialog = page.locator("dialog[open]");
      await dialog.waitFor();
      const confirm = dialog.getByRole("button", { name: "Suspend", exact: true });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByText("7 days", { exact: true }).click();
      await dialog.getByLabel("Reason").fill(REASON);
      await screenshot(page, "member-page-suspend-en-phone");
      await confirm.click();
      await toastSaying(page, "Member suspended");
      await page.locator("#member-detail").filter({ hasText: "Suspended until" }).waitFor();
      expect(await page.locator("#member-log").innerText()).toContain(REASON);
      await screenshot(page, "member-page-suspended-en-phone");
    } finally {
      await browser.close();
    }

    // Her session ended at once.
    expect((await apiAs(server.origin, maria, "GET", "/api/auth/user")).status).toBe(401);

    for (const [lang, expected] of [
      ["en", `Your account is suspended until`],
      ["id", `Akunmu ditangguhkan sampai`],
    ] as const) {
      const member = await openBrowser({ viewport: PHONE });
      try {
        await setLanguage(member.context, server.origin, lang);
        const text = await signInError(member.page, maria);
        expect(text).toContain(expected);
        expect(text).toContain(REASON);
        await screenshot(member.page, `member-suspended-sign-in-${lang}-phone`);
      } finally {
        await member.close();
      }
    }
  }, 180_000);

  it("shows the page on a desktop and in Indonesian, and a warning reaches the member once", async () => {
    const browser = await openBrowser({ viewport: DESKTOP });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, admin);
      await page.goto(`${server.origin}/admin/users/${mariaId}`);
      await hydrated(page);
      await screenshot(page, "member-page-en-desktop");
      await setLanguage(context, server.origin, "id");
      await page.goto(`${server.origin}/admin/users/${mariaId}`);
      await hydrated(page);
      expect(await page.locator("#member-detail").innerText()).toContain("Tinjauan selfie");
      await screenshot(page, "member-page-id-desktop");
      await page.setViewportSize(PHONE);
      await screenshot(page, "member-page-id-phone");
      await page.setViewportSize(DESKTOP);

      // Budi is warned from his page; the next page he opens says it, once.
      const budiId = await userIdOf(server.origin, budi);
      await page.goto(`${server.origin}/admin/users/${budiId}`);
      await hydrated(page);
      await page.getByRole("button", { name: "Beri peringatan" }).click();
      const dialog = page.locator("dialog[open]");
      await dialog.getByLabel("Pesan untuk anggota").fill("Mohon jangan kirim pesan kasar.");
      await screenshot(page, "member-page-warn-id-desktop");
      await dialog.getByRole("button", { name: "Kirim peringatan" }).click();
      await toastSaying(page, "Peringatan terkirim");
    } finally {
      await browser.close();
    }
    for (const viewport of [PHONE, DESKTOP]) {
      const member = await openBrowser({ viewport });
      try {
        await setLanguage(member.context, server.origin, "id");
        await signInContext(member.context, server.origin, budi);
        await member.page.goto(`${server.origin}/matches`);
        const notice = member.page.locator("dialog.member-warning[open]");
        if (viewport === PHONE) {
          await notice.waitFor();
          expect(await notice.innerText()).toContain("Mohon jangan kirim pesan kasar.");
          await screenshot(member.page, "member-warning-id-phone");
          await notice.getByRole("button", { name: "Saya mengerti" }).click();
          expect(await notice.count()).toBe(0);
        } else {
          // Shown once: the next page has none.
          expect(await notice.count()).toBe(0);
        }
      } finally {
        await member.close();
      }
    }
  }, 180_000);
});
