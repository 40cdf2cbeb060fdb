/**
 * Discover in a real Chromium against `kasih demo`: the free demo account (whose demo likers
 * rank first) drags a card right past the 60 px threshold, gets 'It's a Match!' with someone who
 * already liked him, sees the next card, opens the info overlay, passes with the keyboard and with
 * a touch drag, and reaches
 * the daily limit, which opens the plan dialog. Screenshots on phone and desktop, English and
 * Bahasa Indonesia, are written to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../db/seed";
import { apiAs, createAccount, setLanguage, signInContext, signInWithPassword } from "./support/accounts";
import { completeProfile } from "./support/members";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ command: "demo" });
});
afterAll(async () => {
  await server?.stop();
});

const signIn = (email: string) => signInWithPassword(server.origin, email, DEMO_PASSWORD);

async function openDiscover(page: Page) {
  await page.goto(`${server.origin}/swipe`);
  await page.waitForSelector("[data-island=swipe-deck][data-hydrated] .swipe-card-top");
  // Let the photos of the top card and the previews arrive before a screenshot.
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".swipe-card img")].every((img) => img.complete));
}

const topCardId = (page: Page) => page.locator(".swipe-card-top").getAttribute("data-card-id");

/** A mouse drag from the card's centre, `dx` px sideways, in small steps like a hand. */
async function dragTopCard(page: Page, dx: number) {
  const box = (await page.locator(".swipe-card-top").boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + 5, { steps: 5 });
  await page.mouse.move(x + dx, y + 10, { steps: 5 });
  await page.mouse.up();
}

describe("Discover", () => {
  it("drags right into a match, moves on, and reaches the daily limit and the plan dialog", async () => {
    const demo = DEMO_ACCOUNTS.find((account) => account.email === "demo@kasih.app")!;
    const account = await signIn(demo.email);
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await signInContext(context, server.origin, account);
      await setLanguage(context, server.origin, "en");
      await openDiscover(page);
      expect(await page.locator(".discover-swipes").innerText()).toBe("25 swipes left today");
      expect(await page.locator(".swipe-card-preview").count()).toBe(2);
      await screenshot(page, "discover-en-phone");

      // A short drag (under 60 px) springs back: same card.
      const first = await topCardId(page);
      await dragTopCard(page, 40);
      await page.waitForTimeout(400);
      expect(await topCardId(page)).toBe(first);

      // A super like leads even a free deck (its card says so), and the demo has one for Daniel:
      // a like on the top card is a match.
      await dragTopCard(page, 160);
      const match = page.locator("dialog.match-dialog[open]");
      await match.waitFor();
      expect(await match.locator(".dialog-title").innerText()).toBe("It's a Match!");
      await screenshot(page, "discover-match-en-phone");
      await match.getByRole("button", { name: "Keep Swiping" }).click();
      await page.waitForFunction((id) => document.querySelector(".swipe-card-top")?.getAttribute("data-card-id") !== id, first);
      const second = await topCardId(page);
      expect(second).not.toBe(first);
      expect(await page.locator(".discover-swipes").innerText()).toBe("24 swipes left today");

      // The info overlay of the next card.
      await page.locator(".swipe-card-top .swipe-card-info").click();
      const overlay = page.locator("dialog.profile-overlay[open]");
      await overlay.waitFor();
      expect(await overlay.innerText()).toContain("Who is Jesus Christ for me?");
      await screenshot(page, "discover-overlay-en-phone");
      await page.keyboard.press("Escape");
      await overlay.waitFor({ state: "detached" }).catch(() => undefined);

      // The keyboard: ArrowLeft passes.
      await page.locator("body").click({ position: { x: 5, y: 5 } });
      await page.keyboard.press("ArrowLeft");
      await page.waitForFunction((id) => document.querySelector(".swipe-card-top")?.getAttribute("data-card-id") !== id, second);
      expect(await page.locator(".discover-swipes").innerText()).toBe("23 swipes left today");

      // A touch drag to the left (touch input, as on a phone) passes too.
      const third = await topCardId(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
      const box = (await page.locator(".swipe-card-top").boundingBox())!;
      const x = Math.round(box.x + box.width / 2);
      const y = Math.round(box.y + box.height / 3);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
      for (let step = 1; step <= 8; step++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x - step * 20, y: y + step }] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.waitForFunction((id) => document.querySelector(".swipe-card-top")?.getAttribute("data-card-id") !== id, third);
      expect(await page.locator(".discover-swipes").innerText()).toBe("22 swipes left today");

      // Use up the day through the API (passes on people the page does not hold), then like on the page.
      const held = await page.locator(".swipe-card").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-card-id")).filter(Boolean));
      let used = 3;
      while (used < 25) {
        const batch = (await (await apiAs(server.origin, account, "GET", `/api/discovery?limit=20&exclude=${held.join(",")}`)).json()) as { id: string }[];
        expect(batch.length).toBeGreaterThan(0);
        for (const person of batch) {
          if (used >= 25) break;
          const response = await apiAs(server.origin, account, "POST", "/api/swipe", { swipedId: person.id, isLike: false });
          expect(response.status).toBe(200);
          used++;
        }
      }
      await page.locator(".discover-action-like").click();
      // The limit is an offer, not an error: a card with the countdown to Jakarta midnight, no red toast.
      const offer = page.getByTestId("limit-offer");
      await offer.waitFor();
      expect(await offer.innerText()).toContain("You've used today's 25 swipes");
      const shownAt = await page.getByTestId("limit-countdown").innerText();
      expect(shownAt).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      await page.waitForFunction((shown) => document.querySelector("[data-testid=limit-countdown]")?.textContent !== shown, shownAt, { timeout: 5000 });
      expect(await page.locator(".toast-destructive").count()).toBe(0);
      await screenshot(page, "discover-limit-en-phone");
      await page.getByTestId("limit-plans").click();
      const plans = page.locator("dialog.plan-dialog[open]");
      await plans.waitFor();
      expect(await plans.innerText()).toContain("Rp 49,000");
      expect(await plans.innerText()).toContain("Rp 99,000");
      expect(await page.locator(".discover-swipes").innerText()).toBe("0 swipes left today");
      await screenshot(page, "discover-plans-en-phone");

      // Choosing a plan offers the payment methods; QRIS shows its code to scan, and 'Back'
      // returns to the methods (paying is the payments test's: e2e/a free member pays …).
      await plans.getByRole("button", { name: "Choose Premium Plus" }).click();
      const payment = page.locator("dialog.payment-dialog[open]");
      await payment.getByRole("button", { name: "QRIS" }).click();
      await payment.locator(".payment-qr svg.qr-code").waitFor();
      expect(await payment.locator(".dialog-title").innerText()).toBe("Scan to pay");
      await payment.getByRole("button", { name: "Back" }).click();
      await payment.getByRole("button", { name: "QRIS" }).waitFor();
    } finally {
      await browser.close();
    }
  });

  it("shows the deck, the who-liked-you page and the plan dialog in both languages, phone and desktop", async () => {
    const account = await signIn("demo.sarah@kasih.app");
    for (const viewport of [PHONE, DESKTOP]) {
      const size = viewport === PHONE ? "phone" : "desktop";
      for (const lang of ["en", "id"] as const) {
        const browser = await openBrowser({ viewport });
        const { page, context } = browser;
        try {
          await signInContext(context, server.origin, account);
          await setLanguage(context, server.origin, lang);
          await openDiscover(page);
          expect(await page.locator("html").getAttribute("lang")).toBe(lang);
          await screenshot(page, `discover-${lang}-${size}`);
          await page.goto(`${server.origin}/likes`);
          await page.waitForSelector("[data-island=who-liked-you][data-hydrated]");
          await screenshot(page, `likes-${lang}-${size}`);
          await page.goto(`${server.origin}/swipe?plans=1`);
          await page.locator("dialog.plan-dialog[open]").waitFor();
          await screenshot(page, `plans-${lang}-${size}`);
        } finally {
          await browser.close();
        }
      }
    }
  });

  it("shows a Premium Plus member who liked them, and a like back is a match", async () => {
    const account = await signIn("premium@kasih.app");
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await signInContext(context, server.origin, account);
      await setLanguage(context, server.origin, "en");
      await page.goto(`${server.origin}/likes`);
      await page.waitForSelector("[data-island=who-liked-you][data-hydrated] .likes-tile");
      const tiles = page.locator(".likes-tile");
      const before = await tiles.count();
      expect(before).toBeGreaterThan(0);
      // Photos below the fold load lazily; the first row must be there.
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".likes-tile img")].slice(0, 2).every((img) => img.complete));
      await screenshot(page, "likes-premium-en-phone");
      await tiles.first().getByRole("button", { name: "Like back" }).click();
      await page.locator("dialog.match-dialog[open]").waitFor();
      expect(await tiles.count()).toBe(before - 1);
      await openDiscover(page);
      expect(await page.locator(".discover-swipes").innerText()).toBe("Unlimited swipes");
    } finally {
      await browser.close();
    }
  });

  // Not Daniel: the test above used up his day.
  for (const [lang, size, viewport, email] of [
    ["en", "phone", PHONE, "demo.sarah@kasih.app"],
    ["id", "desktop", DESKTOP, "premium@kasih.app"],
  ] as const) {
    it(`flips through a card's photos in ${lang} on a ${size}: a tap on the right or left half, and the space bar`, async () => {
      const browser = await openBrowser({ viewport });
      const { page } = browser;
      try {
        await setLanguage(browser.context, server.origin, lang);
        await signInContext(browser.context, server.origin, await signIn(email));
        await openDiscover(page);
        // Pass until the top card has more than one photo.
        for (let i = 0; i < 15 && (await page.getByTestId("photo-segments").count()) === 0; i++) {
          const before = await topCardId(page);
          await page.locator(".discover-action-pass").click();
          await page.waitForFunction((id) => document.querySelector(".swipe-card-top")?.getAttribute("data-card-id") !== id, before);
        }
        const segments = page.getByTestId("photo-segments");
        await segments.waitFor();
        const current = () => segments.locator("span").evaluateAll((spans) => spans.findIndex((span) => span.classList.contains("is-current")));
        const photo = () => page.locator(".swipe-card-top .swipe-card-media img").getAttribute("src");
        expect(await current()).toBe(0);
        const first = await photo();
        const box = (await page.locator(".swipe-card-top .swipe-card-media").boundingBox())!;
        await page.mouse.click(box.x + box.width * 0.8, box.y + box.height / 2);
        expect(await current()).toBe(1);
        expect(await photo()).not.toBe(first);
        expect(await segments.getAttribute("aria-label")).toMatch(lang === "en" ? /^Photo 2 of \d$/ : /^Foto 2 dari \d$/);
        await screenshot(page, `discover-photo-2-${lang}-${size}`);
        await page.mouse.click(box.x + box.width * 0.2, box.y + box.height / 2);
        expect(await current()).toBe(0);
        await page.keyboard.press("Space");
        expect(await current()).toBe(1);
        // A tap is not a swipe: the same person is still on top.
        expect(await page.locator(".swipe-card-top").count()).toBe(1);
      } finally {
        await browser.close();
      }
    }, 60_000);
  }

  it("shows the limit card with its countdown in Indonesian on a desktop, without a drag or a red toast", async () => {
    const account = await createAccount(server.origin, { firstName: "Rut", lastName: "Manurung" });
    const browser = await openBrowser({ viewport: DESKTOP });
    const { page, context } = browser;
    try {
      await page.goto(`${server.origin}/`);
      await completeProfile(server.origin, page, account, "female", 40);
      // The day's 25 swipes, used through the API.
      let used = 0;
      while (used < 25) {
        const batch = (await (await apiAs(server.origin, account, "GET", "/api/discovery?limit=20")).json()) as { id: string }[];
        expect(batch.length).toBeGreaterThan(0);
        for (const person of batch) {
          if (used >= 25) break;
          expect((await apiAs(server.origin, account, "POST", "/api/swipe", { swipedId: person.id, isLike: false })).status).toBe(200);
          used++;
        }
      }
      await setLanguage(context, server.origin, "id");
      await signInContext(context, server.origin, account);
      await page.goto(`${server.origin}/swipe`);
      await page.waitForSelector("[data-island=swipe-deck][data-hydrated]");
      const offer = page.getByTestId("limit-offer");
      await offer.waitFor();
      expect(await offer.innerText()).toContain("Jatah 25 swipe hari ini sudah habis");
      const shownAt = await page.getByTestId("limit-countdown").innerText();
      expect(shownAt).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      await page.waitForFunction((shown) => document.querySelector("[data-testid=limit-countdown]")?.textContent !== shown, shownAt, { timeout: 5000 });
      expect(await page.locator(".discover-swipes").innerText()).toBe("0 swipe lagi hari ini");
      expect(await page.locator(".swipe-card-top").count()).toBe(0);
      expect(await page.locator(".toast-destructive").count()).toBe(0);
      await screenshot(page, "discover-limit-id-desktop");
    } finally {
      await browser.close();
    }
  });
});
