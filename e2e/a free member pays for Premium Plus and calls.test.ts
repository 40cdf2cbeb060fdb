/**
 * Payments as a new user meets them, on the demo (the sandbox gateway, PAYMENTS.md): Daniel (free)
 * hits the daily swipe limit, picks Premium Plus, pays by QRIS on the sandbox's page in a second
 * tab, and the first tab says 'Payment Successful!' without being reloaded; after the reload he
 * swipes past the free 25 and starts a video call. Sarah pays by bank transfer and declines: the
 * dialog says so and her plan stays free. Screenshots: phone and desktop, English and Indonesian.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { DEMO_PASSWORD } from "../db/seed";
import { startServer, type RunningServer } from "./support/server";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { apiAs, setLanguage, signInContext, signInWithPassword, type Account } from "./support/accounts";

const MEDIA_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ command: "demo" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const signIn = (email: string) => signInWithPassword(server.origin, email, DEMO_PASSWORD);

/** Passes on people through the API until the day's free swipes are used up. */
async function useUpSwipes(account: Pick<Account, "cookie">) {
  for (;;) {
    const batch = (await (await apiAs(server.origin, account, "GET", "/api/discovery?limit=20")).json()) as { id: string }[];
    expect(batch.length).toBeGreaterThan(0);
    for (const person of batch) {
      const response = await apiAs(server.origin, account, "POST", "/api/swipe", { swipedId: person.id, isLike: false });
      if (response.status !== 200) return;
    }
  }
}

/** The sandbox's hosted page of the payment on screen, opened in a second tab, and one of its buttons pressed. */
async function answerOnSandboxPage(context: BrowserContext, page: Page, action: "Pay" | "Decline", shot: string) {
  const href = await page.locator("dialog.payment-dialog[open] a[href^='/pay/sandbox/']").getAttribute("href");
  expect(href).toMatch(/^\/pay\/sandbox\/[a-z0-9]+$/);
  const gateway = await context.newPage();
  await gateway.goto(`${server.origin}${href}`);
  await screenshot(gateway, shot);
  await gateway.getByRole("button", { name: new RegExp(`^(${action}|${action === "Pay" ? "Bayar" : "Tolak"})\\b`) }).click();
  await gateway.locator(".sandbox-outcome").waitFor();
  await gateway.close();
  await page.bringToFront();
}

describe("a free member pays for Premium Plus", () => {
  it("pays by QRIS in the sandbox, sees 'Payment Successful!' live, then swipes past 25 and starts a video call", async () => {
    const daniel = await signIn("demo@kasih.app");
    await useUpSwipes(daniel);
    const browser = await openBrowser({ viewport: PHONE, extraArgs: MEDIA_ARGS });
    const { page, context } = browser;
    try {
      await signInContext(context, server.origin, daniel);
      await setLanguage(context, server.origin, "en");
      await page.goto(`${server.origin}/swipe`);
      await page.waitForSelector("[data-island=swipe-deck][data-hydrated] [data-testid=limit-offer]");
      expect(await page.locator(".discover-swipes").innerText()).toBe("0 swipes left today");
      await page.getByTestId("limit-plans").click();
      const plans = page.locator("dialog.plan-dialog[open]");
      await plans.waitFor();
      await plans.getByRole("button", { name: "Choose Premium Plus" }).click();

      const dialog = page.locator("dialog.payment-dialog[open]");
      await dialog.getByRole("button", { name: "QRIS" }).click();
      await dialog.locator(".payment-qr svg.qr-code").waitFor();
      expect(await dialog.locator(".dialog-title").innerText()).toBe("Scan to pay");
      expect(await dialog.innerText()).toContain("Rp99,000");
      expect(await dialog.locator(".payment-countdown-time").innerText()).toMatch(/^(30:00|29:5\d)$/);
      await screenshot(page, "payment-qris-en-phone");

      // Nothing on this tab reloads until the outcome: a marker set now must survive it.
      await page.evaluate(() => ((window as unknown as { __paying: boolean }).__paying = true));
      await answerOnSandboxPage(context, page, "Pay", "payment-sandbox-page-en-phone");
      await dialog.locator(".payment-outcome-success").waitFor({ timeout: 10_000 });
      expect(await dialog.locator(".dialog-title").innerText()).toBe("Payment Successful!");
      expect(await dialog.innerText()).toContain("Premium features have been activated.");
      expect(await page.evaluate(() => (window as unknown as { __paying?: boolean }).__paying)).toBe(true);
      await screenshot(page, "payment-success-en-phone");

      // The page reloads by itself after 2 s and shows the plan.
      await page.waitForFunction(() => (window as unknown as { __paying?: boolean }).__paying === undefined, undefined, { timeout: 10_000 });
      await page.waitForSelector("[data-island=swipe-deck][data-hydrated] .swipe-card-top");
      expect(await page.locator(".discover-swipes").innerText()).toBe("Unlimited swipes");
      const user = (await (await apiAs(server.origin, daniel, "GET", "/api/auth/user")).json()) as { isPremium: boolean; plan: string; planExpiresAt: string };
      expect(user).toMatchObject({ isPremium: true, plan: "premium_plus" });
      expect(new Date(user.planExpiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60_000);

      // Past the free 25: a swipe on the page, then more through the API.
      const top = await page.locator(".swipe-card-top").getAttribute("data-card-id");
      await page.locator(".discover-action-pass").click();
      await page.waitForFunction((id) => document.querySelector(".swipe-card-top")?.getAttribute("data-card-id") !== id, top);
      const more = (await (await apiAs(server.origin, daniel, "GET", "/api/discovery?limit=5")).json()) as { id: string }[];
      for (const person of more) expect((await apiAs(server.origin, daniel, "POST", "/api/swipe", { swipedId: person.id, isLike: false })).status).toBe(200);

      // A video call: Premium Plus's feature.
      const matches = (await (await apiAs(server.origin, daniel, "GET", "/api/matches")).json()) as { id: string }[];
      expect(matches.length).toBeGreaterThan(0);
      await page.goto(`${server.origin}/chat/${matches[0]!.id}`);
      await page.waitForSelector("[data-island=chat-panel][data-hydrated]");
      await page.getByTestId("video-call").click();
      await page.locator('[data-testid="call-panel"][data-call-state="calling"], [data-testid="call-panel"][data-call-state="ringing"]').waitFor({ timeout: 10_000 });
      expect(await page.getByText("Calls come with Premium Plus").count()).toBe(0);

      // Settings shows the plan, its end and the payment.
      await page.goto(`${server.origin}/settings`);
      const summary = page.locator(".plan-summary");
      expect(await summary.locator(".plan-summary-name").innerText()).toBe("Premium Plus");
      expect(await summary.locator(".plan-summary-until").innerText()).toMatch(/^Active until /);
      expect(await summary.locator(".plan-payment").first().innerText()).toContain("Paid");
      await screenshot(page, "settings-plan-en-phone");
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("pays by bank transfer and declines: the dialog says so and the plan stays free (Indonesian, desktop)", async () => {
    const sarah = await signIn("demo.sarah@kasih.app");
    const browser = await openBrowser({ viewport: DESKTOP });
    const { page, context } = browser;
    try {
      await signInContext(context, server.origin, sarah);
      await setLanguage(context, server.origin, "id");
      await page.goto(`${server.origin}/swipe?plans=1`);
      const plans = page.locator("dialog.plan-dialog[open]");
      await plans.waitFor();
      await plans.locator(".plan-choose").first().click();
      const dialog = page.locator("dialog.payment-dialog[open]");
      await dialog.locator('[data-method="bank"]').click();
      await dialog.locator('[data-bank="BCA"]').click();
      await dialog.locator(".payment-va-number").waitFor();
      const account = await dialog.locator(".payment-va-number").innerText();
      expect(account).toMatch(/^\d{16}$/);
      expect(await dialog.innerText()).toContain("Aktivasi butuh 5-10 menit setelah konfirmasi.");
      expect(await dialog.innerText()).toContain("Rp\u00a049.000");
      await screenshot(page, "payment-bank-id-desktop");

      // 'Back' returns to the methods; choosing again makes a new payment with its own account.
      await dialog.getByRole("button", { name: "Kembali" }).click();
      await dialog.locator('[data-method="bank"]').click();
      await dialog.locator('[data-bank="BCA"]').click();
      await dialog.locator(".payment-va-number").waitFor();

      await answerOnSandboxPage(context, page, "Decline", "payment-sandbox-page-id-desktop");
      await dialog.locator(".payment-outcome-unpaid").waitFor({ timeout: 10_000 });
      expect(await dialog.locator(".dialog-title").innerText()).toBe("Pembayaran ditolak");
      // The declined message once: the dialog says it, no toast repeats it (docs/decisions/0126).
      expect(await page.getByText("Pembayaran ditolak. Tidak ada biaya yang ditagih; paketmu tidak berubah.").count()).toBe(1);
      await screenshot(page, "payment-declined-id-desktop");
      const user = (await (await apiAs(server.origin, sarah, "GET", "/api/auth/user")).json()) as { isPremium: boolean; plan: string };
      expect(user).toMatchObject({ isPremium: false, plan: "free" });

      await page.goto(`${server.origin}/settings`);
      expect(await page.locator(".plan-summary-name").innerText()).toBe("Gratis");
      expect(await page.locator(".plan-payment").first().innerText()).toContain("Ditolak");
      await screenshot(page, "settings-plan-id-desktop");
    } finally {
      await browser.close();
    }
  }, 120_000);
});
