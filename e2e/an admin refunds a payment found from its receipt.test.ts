/**
 * The operator's money desk in Chromium (ADMIN.md 'One payment', PAYMENTS.md 'Refunds',
 * docs/decisions/0125): a member pays for Premium through the sandbox gateway; an admin on a phone
 * types the receipt's reference into /admin/payments, opens the payment, refunds it (recorded by
 * hand: the sandbox has no refund API) through the form and its confirmation, sees the toast and
 * the page turn Refunded, and the member's plan has ended. Money confirmed after a decline shows on
 * the Overview until marked seen; a plan is granted from the Users list. Screenshots of each step,
 * phone and desktop, English and Indonesian.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { apiAs, createAccount, enrolSecondFactor, signInContext, type Account } from "./support/accounts";
import { startServer, type RunningServer } from "./support/server";
import { sandboxKey } from "../src/features/payments/gateway-choice";
import { sandboxNotification } from "../src/features/payments/gateways/sandbox";

let server: RunningServer;
let admin: Account;
let member: Account;
beforeAll(async () => {
  server = await startServer({ env: { PAYMENT_SANDBOX: "1" } });
  admin = await createAccount(server.origin, { firstName: "Ada", lastName: "Admin" });
  await server.cli(["admin", "grant", admin.email]);
  // The panel asks a new admin to enrol a second factor first (ADMIN.md 'Who').
  await enrolSecondFactor(server.origin, admin);
  member = await createAccount(server.origin, { firstName: "Maria", lastName: "Santoso" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The one toast on screen (spec point 9), once it reads `text`. */
async function toastSaying(page: Page, text: string) {
  const toast = page.locator(".toast").filter({ hasText: text });
  await toast.first().waitFor({ timeout: 10_000 });
  return toast.first().innerText();
}

async function hydrated(page: Page) {
  await page.locator('[data-island="toaster"][data-hydrated="true"]').waitFor({ state: "attached" });
}

/** Pays a new Premium payment as the member, as the sandbox's own Pay button does; its reference (the receipt's). */
async function paidPayment(): Promise<string> {
  const created = await apiAs(server.origin, member, "POST", "/api/payment/create", { plan: "premium", paymentMethod: "qris" });
  expect(created.status).toBe(201);
  const { paymentId } = (await created.json()) as { paymentId: string };
  const pay = await fetch(`${server.origin}/pay/sandbox/${paymentId}`, { method: "POST", redirect: "manual", headers: { Cookie: member.cookie, Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "action=pay" });
  expect(pay.status).toBe(303);
  const user = (await (await apiAs(server.origin, member, "GET", "/api/auth/user")).json()) as { isPremium: boolean; plan: string };
  expect(user).toMatchObject({ isPremium: true, plan: "premium" });
  return paymentId;
}

describe("an admin refunds a payment found from its receipt", () => {
  it("finds it by the reference, refunds it through the form and its confirmation, and the member's plan ends", async () => {
    const reference = await paidPayment();
    const browser = await openBrowser({ viewport: PHONE });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, admin);
      await page.goto(`${server.origin}/admin/payments`);
      await hydrated(page);
      await screenshot(page, "admin-payments-en-phone");

      // The reference as the receipt mail prints it.
      await page.getByRole("searchbox").fill(reference);
      await page.waitForURL(new RegExp(`search=${reference}`));
      await page.locator(`tr[data-payment-id="${reference}"]`).waitFor();
      expect(await page.locator("tbody tr").count()).toBe(1);
      await screenshot(page, "admin-payments-found-en-phone");

      await page.getByRole("link", { name: `Open payment ${reference}` }).click();
      await page.waitForURL(`${server.origin}/admin/payments/${reference}`);
      await hydrated(page);
      const facts = await page.locator("#payment-detail").innerText();
      expect(facts).toContain("Maria Santoso");
      expect(facts).toContain("Rp49,000");
      expect(facts).toContain("Sandbox");
      // What the sandbox's notification did, as it was received.
      expect(await page.locator(".admin-notification pre").first().innerText()).toContain("settlement");
      await screenshot(page, "admin-payment-en-phone");

      await page.getByRole("button", { name: "Refund…" }).click();
      const form = page.locator("dialog[open]");
      await form.waitFor();
      const next = form.getByRole("button", { name: "Continue" });
      expect(await next.isDisabled()).toBe(true);
      await form.getByLabel("Reason").fill("Charged by mistake");
      await form.getByLabel("Note").fill("Returned by BCA transfer");
      await screenshot(page, "admin-refund-form-en-phone");
      await next.click();

      const confirm = page.locator("dialog[open]", { hasText: "Refund Rp49,000 to Maria Santoso?" });
      await confirm.waitFor();
      await screenshot(page, "admin-refund-confirm-en-phone");
      await confirm.getByRole("button", { name: "Record refund" }).click();
      expect(await toastSaying(page, "Payment refunded")).toContain("Payment refunded");
      await page.locator("dialog[open]").waitFor({ state: "detached" });

      // The page shows it without a reload: the status, the refund and its history.
      await page.locator("#payment-detail .admin-refund-card", { hasText: "Charged by mistake" }).waitFor();
      expect(await page.locator("#payment-detail .admin-timeline").innerText()).toContain("Refunded");
      await screenshot(page, "admin-payment-refunded-en-phone");

      const user = (await (await apiAs(server.origin, member, "GET", "/api/auth/user")).json()) as { isPremium: boolean; plan: string };
      expect(user.isPremium).toBe(false);
      expect(user.plan).toBe("free");
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("shows the money desk on a phone and a desktop, in English and Indonesian: the list, a payment, the overview's money, the gateways' setup", async () => {
    const reference = await paidPayment();
    for (const [viewport, size] of [[PHONE, "phone"], [DESKTOP, "desktop"]] as const) {
      for (const language of ["en", "id"] as const) {
        const browser = await openBrowser({ viewport });
        try {
          const { page, context } = browser;
          await signInContext(context, server.origin, admin);
          await context.addCookies([{ name: "app-language", value: language, url: server.origin }]);
          for (const [path, name] of [
            ["/admin/payments", "admin-payments"],
            [`/admin/payments/${reference}`, "admin-payment"],
            ["/admin", "admin-overview-money"],
            ["/admin/settings", "admin-settings-gateways"],
          ] as const) {
            const response = await page.goto(`${server.origin}${path}`);
            expect(response?.status()).toBe(200);
            // Nothing wider than the screen (a long reference wraps).
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
            await screenshot(page, `${name}-${language}-${size}`);
          }
          expect(await page.locator(".admin-gateway-card").count()).toBe(4);
          expect(await page.locator('[data-gateway="midtrans"] code').innerText()).toBe(`${server.origin}/api/payment/notify/midtrans`);
        } finally {
          await browser.close();
        }
      }
    }
  }, 180_000);

  it("lists money that arrived after a decline on the overview until an admin marks it seen on its page", async () => {
    const created = await apiAs(server.origin, member, "POST", "/api/payment/create", { plan: "premium", paymentMethod: "qris" });
    const { paymentId } = (await created.json()) as { paymentId: string };
    // Declined on the sandbox's page, then the gateway confirms it after all (a card retried on the same order).
    await fetch(`${server.origin}/pay/sandbox/${paymentId}`, { method: "POST", redirect: "manual", headers: { Cookie: member.cookie, Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "action=decline" });
    const late = await fetch(`${server.origin}/api/payment/notify/sandbox`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(sandboxNotification(sandboxKey(server.dataDir), paymentId, 49000, "settlement")) });
    expect(late.status).toBe(200);

    const browser = await openBrowser({ viewport: PHONE });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, admin);
      await page.goto(`${server.origin}/admin`);
      await hydrated(page);
      const flagged = page.locator(`#overview-flagged [data-payment-id="${paymentId}"]`);
      expect(await flagged.innerText()).toContain("Paid late");
      await page.locator("#overview-flagged").screenshot({ path: `${import.meta.dir}/screenshots/admin-overview-flagged-en-phone.png` });
      await flagged.getByRole("link").click();
      await page.waitForURL(`${server.origin}/admin/payments/${paymentId}`);
      await hydrated(page);
      await screenshot(page, "admin-payment-late-en-phone");
      await page.getByRole("button", { name: `Mark the flags of payment ${paymentId} as seen` }).click();
      expect(await toastSaying(page, "Marked as seen")).toContain("Marked as seen");
      await page.locator('[data-flags-seen="true"]').waitFor();
      await page.goto(`${server.origin}/admin`);
      expect(await page.locator(`#overview-flagged [data-payment-id="${paymentId}"]`).count()).toBe(0);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("grants a plan by hand from the Users list: the dialog, the toast, and the member's plan", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, admin);
      await page.goto(`${server.origin}/admin/users?search=${encodeURIComponent(member.email)}`);
      await hydrated(page);
      await screenshot(page, "admin-users-plan-en-phone");
      await page.getByRole("button", { name: "Plan Maria Santoso" }).click();
      const dialog = page.locator("dialog[open]");
      await dialog.waitFor();
      await dialog.getByLabel("Plan", { exact: true }).selectOption("premium_plus");
      await dialog.getByLabel("Until").fill("2030-01-31");
      await dialog.getByLabel("Reason").fill("Prize of the Christmas quiz");
      await screenshot(page, "admin-plan-dialog-en-phone");
      await dialog.getByRole("button", { name: "Save plan" }).click();
      expect(await toastSaying(page, "Plan updated")).toContain("Premium Plus until 31 Jan 2030");
      const user = (await (await apiAs(server.origin, member, "GET", "/api/auth/user")).json()) as { isPremium: boolean; plan: string; planExpiresAt: string };
      expect(user).toMatchObject({ isPremium: true, plan: "premium_plus" });
      // The end of that Jakarta day.
      expect(user.planExpiresAt).toBe("2030-01-31T16:59:59.999Z");
    } finally {
      await browser.close();
    }
  }, 120_000);
});
