/**
 * Paying on the phone in hand (PAYMENTS.md 'Calls', docs/decisions/0126), on the demo's sandbox
 * gateway, in Chromium at 390x844 as a phone (a mobile user agent and touch): Daniel's payment
 * dialog offers the e-wallets first; he saves the QRIS code (the download arrives and is a PNG),
 * then pays with GoPay: its link opens the wallet's page (the sandbox's) in the same tab, and
 * 'Back to Kasih' shows the plan active. OVO asks for the phone (a wrong one is refused in
 * Indonesian) and says to open OVO. On the desktop the QR stays first, and 'Pay by card' opens the
 * gateway's page once, in one popup, while the Kasih tab stays and shows the outcome.
 * Screenshots: phone and desktop, English and Indonesian.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { Transformer } from "@napi-rs/image";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../db/seed";
import { startServer, type RunningServer } from "./support/server";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { apiAs, setLanguage, signInContext, signInWithPassword } from "./support/accounts";

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ command: "demo" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** This page as a phone's browser: a mobile user agent (and its client hints) and a touch screen. */
async function asPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setUserAgentOverride", {
    userAgent: ANDROID_CHROME,
    platform: "Linux armv8l",
    userAgentMetadata: { platform: "Android", platformVersion: "14", architecture: "", model: "Pixel 8", mobile: true },
  });
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
}

/** The plan dialog from /swipe?plans=1, Premium Plus chosen: the payment dialog, open. */
async function openPaymentDialog(page: Page) {
  await page.goto(`${server.origin}/swipe?plans=1`);
  const plans = page.locator("dialog.plan-dialog[open]");
  await plans.waitFor();
  await plans.locator(".plan-choose").last().click();
  const dialog = page.locator("dialog.payment-dialog[open]");
  await dialog.locator(".payment-method-list").waitFor();
  return dialog;
}

describe("paying on the phone in hand", () => {
  it("offers the e-wallets first on a phone, saves the QRIS code as a PNG, and pays with GoPay's link in the same tab", async () => {
    const daniel = await signInWithPassword(server.origin, "demo@kasih.app", DEMO_PASSWORD);
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await asPhone(page);
      await signInContext(context, server.origin, daniel);
      await setLanguage(context, server.origin, "en");
      await page.goto(`${server.origin}/swipe?plans=1`);
      const plans = page.locator("dialog.plan-dialog[open]");
      await plans.waitFor();
      // The plans say what is true: 30 days, no automatic renewal.
      expect(await plans.innerText()).toContain("30 days, no automatic renewal");
      expect(await plans.innerText()).not.toContain("Cancel any time");
      await screenshot(page, "plans-en-phone");
      await plans.getByRole("button", { name: "Choose Premium Plus" }).click();
      const dialog = page.locator("dialog.payment-dialog[open]");
      await dialog.locator(".payment-wallets").waitFor();

      // The e-wallets come first, as their brands' names; QRIS stays.
      expect(await dialog.locator(".payment-methods > *").first().getAttribute("class")).toContain("payment-wallets");
      expect(await dialog.locator(".payment-wallet-chip").allInnerTexts()).toEqual(["GoPay", "ShopeePay", "DANA", "OVO", "LinkAja"]);
      expect(await dialog.getByRole("button", { name: "QRIS" }).count()).toBe(1);
      await screenshot(page, "payment-methods-en-phone");

      // QRIS: the hint to pay from another phone, and the code saved as a PNG.
      await dialog.getByRole("button", { name: "QRIS" }).click();
      await dialog.locator(".payment-qr svg.qr-code").waitFor();
      expect(await dialog.innerText()).toContain("scan the code from another phone");
      await screenshot(page, "payment-qris-save-en-phone");
      const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Save QR image" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^kasih-qris-[a-z0-9]+\.png$/);
      const png = readFileSync((await download.path())!);
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      const { width, height } = await new Transformer(png).metadata();
      expect(width).toBe(height);
      expect(width).toBeGreaterThanOrEqual(400);

      // GoPay: its link opens the wallet (here the sandbox's page) in this same tab.
      await dialog.getByRole("button", { name: "Back" }).click();
      const pagesBefore = context.pages().length;
      await dialog.locator('.payment-wallet-chip[data-wallet="gopay"]').click();
      const open = dialog.getByRole("link", { name: "Open GoPay" });
      await open.waitFor();
      expect(await dialog.locator(".dialog-title").innerText()).toBe("Pay with GoPay");
      await screenshot(page, "payment-gopay-en-phone");
      await open.click();
      await page.waitForURL(/\/pay\/sandbox\/[a-z0-9]+$/);
      expect(context.pages().length).toBe(pagesBefore);
      expect(await page.locator(".sandbox-facts").innerText()).toContain("E-wallet · GoPay");
      await screenshot(page, "sandbox-gopay-en-phone");
      await page.getByRole("button", { name: /^Pay\b/ }).click();
      await page.locator(".sandbox-outcome[data-outcome=paid]").waitFor();
      await page.getByRole("link", { name: "Back to Kasih" }).click();
      await page.waitForURL(/\/settings$/);
      expect(await page.locator(".plan-summary-name").innerText()).toBe("Premium Plus");
      expect(await page.locator(".plan-payment").first().innerText()).toContain("E-wallet");
      expect(await page.locator(".plan-payment").first().innerText()).toContain("Paid");
      const user = (await (await apiAs(server.origin, daniel, "GET", "/api/auth/user")).json()) as { isPremium: boolean; plan: string };
      expect(user).toMatchObject({ isPremium: true, plan: "premium_plus" });
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("asks OVO's phone in Indonesian, refuses a wrong one, and says to open OVO to confirm", async () => {
    const sarah = await signInWithPassword(server.origin, "demo.sarah@kasih.app", DEMO_PASSWORD);
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await asPhone(page);
      await signInContext(context, server.origin, sarah);
      await setLanguage(context, server.origin, "id");
      const dialog = await openPaymentDialog(page);
      await dialog.locator(".payment-wallets").waitFor();
      expect(await dialog.locator(".payment-wallets-title").innerText()).toBe("Bayar lewat aplikasi e-wallet");
      await screenshot(page, "payment-methods-id-phone");
      await dialog.locator('.payment-wallet-chip[data-wallet="ovo"]').click();
      const phone = dialog.getByLabel("Nomor HP");
      await phone.waitFor();
      expect(await dialog.locator(".dialog-title").innerText()).toBe("Nomor HP-mu");
      await phone.fill("021 555 1234");
      await dialog.getByRole("button", { name: "Lanjutkan" }).click();
      await dialog.getByText("Masukkan nomor HP yang valid").waitFor();
      await screenshot(page, "payment-ovo-phone-error-id-phone");
      await phone.fill("0812-3456-7890");
      await dialog.getByRole("button", { name: "Lanjutkan" }).click();
      await dialog.getByText("Buka OVO untuk konfirmasi").waitFor();
      expect(await dialog.locator(".dialog-title").innerText()).toBe("Bayar dengan OVO");
      await screenshot(page, "payment-ovo-id-phone");
      // QRIS in Indonesian: "Simpan gambar QR".
      await dialog.getByRole("button", { name: "Kembali" }).click();
      await dialog.getByRole("button", { name: "QRIS" }).click();
      await dialog.getByRole("link", { name: "Simpan gambar QR" }).waitFor();
      await screenshot(page, "payment-qris-save-id-phone");
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("keeps the QR first on a desktop, and 'Pay by card' opens the gateway's page once while Kasih shows the outcome", async () => {
    const sarah = await signInWithPassword(server.origin, "demo.sarah@kasih.app", DEMO_PASSWORD);
    // Each language in a browser of its own: the switcher's choice is kept in the browser too.
    for (const lang of ["id", "en"] as const) {
      const browser = await openBrowser({ viewport: DESKTOP });
      try {
        await signInContext(browser.context, server.origin, sarah);
        await setLanguage(browser.context, server.origin, lang);
        const dialog = await openPaymentDialog(browser.page);
        await dialog.locator(".payment-wallets").waitFor();
        expect(await dialog.locator(".payment-methods > *").first().getAttribute("class")).toContain("payment-method-list");
        expect(await dialog.locator(".payment-method").first().getAttribute("data-method")).toBe("qris");
        await screenshot(browser.page, `payment-methods-${lang}-desktop`);
        if (lang === "id") continue;

        const { page, context } = browser;
        const kasihUrl = page.url();
        await dialog.getByRole("button", { name: "Credit or debit card" }).click();
        const opened: Page[] = [];
        context.on("page", (popup) => opened.push(popup));
        const [popup] = await Promise.all([context.waitForEvent("page"), dialog.getByRole("button", { name: "Pay by card" }).click()]);
        await popup.waitForURL(/\/pay\/sandbox\/[a-z0-9]+$/);
        await page.waitForTimeout(500);
        // Once: one new page, and the Kasih tab is still Kasih with its dialog.
        expect(opened.length).toBe(1);
        expect(page.url()).toBe(kasihUrl);
        await screenshot(popup, "sandbox-card-en-desktop");
        await popup.getByRole("button", { name: /^Decline\b/ }).click();
        await popup.locator(".sandbox-outcome").waitFor();
        expect(await popup.getByRole("link", { name: "Back to Kasih" }).getAttribute("href")).toBe("/settings");
        await popup.close();
        await dialog.locator(".payment-outcome-unpaid").waitFor({ timeout: 10_000 });
        // The declined message once: in the dialog, not again in a toast.
        const declined = "The payment was declined. Nothing was charged; your plan has not changed.";
        expect(await page.getByText(declined).count()).toBe(1);
        await screenshot(page, "payment-card-declined-en-desktop");
      } finally {
        await browser.close();
      }
    }
  }, 120_000);
});
