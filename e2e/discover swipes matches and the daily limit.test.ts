/**
 * Discover in a real Chromium against `kasih demo` (the deck's gestures and phone layouts:
 * docs/decisions/0138): the free demo account (whose demo likers
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
import { completeProfile, userIdOf } from "./support/members";
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

/** Presses on the top card and moves it `dx`, `dy` px without letting go. */
async function holdTopCard(page: Page, dx: number, dy: number) {
  const box = (await page.locator(".swipe-card-top").boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
}

/** The element's box lies wholly inside the viewport. */
async function whollyOnScreen(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth && box.height > 0;
  });
}

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
      expect(await plans.innerText()).toContain("Rp49,000");
      expect(await plans.innerText()).toContain("Rp99,000");
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

  for (const lang of ["en", "id"] as const) {
    it(`the deck on a phone in ${lang}: one card behind a moving card, drag up, locked buttons open the plans, the Filters sheet on screen, blurred likes, a one-line chat header`, async () => {
      const kevin = await signIn("premium@kasih.app");
      const browser = await openBrowser({ viewport: PHONE });
      const { page, context } = browser;
      const words =
        lang === "en"
          ? { superLike: "Super likes come with Premium Plus.", boost: "Boost your profile with Premium Plus.", showPeople: "Show people", price: "Rp49,000" }
          : { superLike: "Super like ada di Premium Plus.", boost: "Boost profilmu dengan Premium Plus.", showPeople: "Tampilkan", price: "Rp\u00a049.000" };
      try {
        // A new free member whom Kevin (Premium Plus) has liked.
        await page.goto(`${server.origin}/`);
        const rut = await createAccount(server.origin, { firstName: "Rut", lastName: lang === "en" ? "Sinaga" : "Pardede" });
        await completeProfile(server.origin, page, rut, "female", lang === "en" ? 20 : 280);
        const like = await apiAs(server.origin, kevin, "POST", "/api/swipe", { swipedId: await userIdOf(server.origin, rut), isLike: true });
        expect(like.status).toBe(200);
        await setLanguage(context, server.origin, lang);
        await signInContext(context, server.origin, rut);
        await openDiscover(page);

        // While the top card is held and moved, only the next card shows behind it, opaque.
        expect(await page.locator(".swipe-card-preview").count()).toBe(2);
        await holdTopCard(page, 30, 0);
        const behind = await page.locator(".swipe-card-preview").evaluateAll((cards) => cards.map((card) => ({ visibility: getComputedStyle(card).visibility, opacity: getComputedStyle(card).opacity, transform: getComputedStyle(card).transform })));
        await screenshot(page, `discover-dragging-${lang}-phone`);
        await page.mouse.up();
        // Rendered in reverse: the farther card comes first.
        expect(behind[0]!.visibility).toBe("hidden");
        expect(behind[1]).toMatchObject({ visibility: "visible", opacity: "1", transform: "matrix(0.96, 0, 0, 0.96, 0, 0)" });

        // A free member's drag up opens the plans at Premium Plus, saying why; the card stays.
        const first = await topCardId(page);
        await holdTopCard(page, 0, -140);
        expect(await page.locator(".swipe-stamp-super").count()).toBe(1);
        await page.mouse.up();
        const plans = page.locator("dialog.plan-dialog[open]");
        await plans.waitFor();
        expect(await plans.getByTestId("plan-unlock").innerText()).toBe(words.superLike);
        expect(await plans.locator(".plan-option.is-unlocking").getAttribute("data-plan")).toBe("premium_plus");
        // Amounts are one unbroken piece: the price's box is one line high.
        expect(await plans.locator(".plan-price strong").first().innerText()).toBe(words.price);
        for (const height of await plans.locator(".plan-price strong").evaluateAll((prices) => prices.map((price) => price.getClientRects().length))) expect(height).toBe(1);
        await screenshot(page, `discover-locked-superlike-${lang}-phone`);
        await page.keyboard.press("Escape");
        await plans.waitFor({ state: "detached" });
        expect(await topCardId(page)).toBe(first);
        // The locked boost explains itself the same way.
        await page.getByTestId("boost-button").click();
        await plans.waitFor();
        expect(await plans.getByTestId("plan-unlock").innerText()).toBe(words.boost);
        await page.keyboard.press("Escape");
        await plans.waitFor({ state: "detached" });

        // The Filters sheet: 'Show people' wholly on screen, and at the end of its scroll every option above it; on a 360x740 phone too.
        for (const viewport of [PHONE, { width: 360, height: 740 }]) {
          await page.setViewportSize(viewport);
          await page.locator(".discover-filters-button").click();
          const sheet = page.locator("dialog.filters-sheet[open]");
          await sheet.waitFor();
          expect(await sheet.locator(".filters-actions button[type=submit]").innerText()).toBe(words.showPeople);
          expect(await whollyOnScreen(page, "dialog.filters-sheet[open] .filters-actions button[type=submit]")).toBe(true);
          await sheet.evaluate((dialog) => dialog.scrollTo(0, dialog.scrollHeight));
          const [last, actions] = await Promise.all([sheet.locator("label[for=filter-verified]").boundingBox(), sheet.locator(".filters-actions").boundingBox()]);
          expect(last!.y + last!.height).toBeLessThanOrEqual(actions!.y + 0.5);
          expect(await whollyOnScreen(page, "dialog.filters-sheet[open] .filters-actions button[type=submit]")).toBe(true);
          await screenshot(page, `discover-filters-end-${lang}-${viewport.width}`);
          await page.keyboard.press("Escape");
          await sheet.waitFor({ state: "detached" });
        }
        await page.setViewportSize(PHONE);

        // Who liked you: Kevin's face blurred on the server; his photos' addresses are nowhere in what Rut receives.
        const kevinPhotos = ((await (await apiAs(server.origin, kevin, "GET", "/api/profile")).json()) as { photos: string[] }).photos.map((url) => url.replace(/^\/uploads\//, "").replace(/\..*$/, ""));
        expect(kevinPhotos.length).toBeGreaterThan(0);
        await page.goto(`${server.origin}/likes`);
        await page.waitForSelector("[data-island=who-liked-you][data-hydrated]");
        const face = page.locator(".likes-tile-blurred img").first();
        await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".likes-tile-blurred img")].every((img) => img.complete && img.naturalWidth > 0));
        expect(await face.getAttribute("src")).toMatch(/^\/likes\/faces\/\d$/);
        expect(await face.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
        const received = await (await fetch(`${server.origin}/likes`, { headers: { Cookie: rut.cookie } })).text();
        for (const name of kevinPhotos) {
          expect(received).not.toContain(name);
          expect(await page.content()).not.toContain(name);
        }
        await screenshot(page, `likes-blurred-${lang}-phone`);

        // A match with Kevin: the chat header's presence stays on one line.
        const kevinId = ((await (await apiAs(server.origin, kevin, "GET", "/api/auth/user")).json()) as { id: string }).id;
        expect(((await (await apiAs(server.origin, rut, "POST", "/api/swipe", { swipedId: kevinId, isLike: true })).json()) as { isMatch: boolean }).isMatch).toBe(true);
        const matchId = ((await (await apiAs(server.origin, rut, "GET", "/api/matches")).json()) as { id: string }[])[0]!.id;
        await page.goto(`${server.origin}/chat/${matchId}`);
        const presence = page.getByTestId("presence");
        await presence.waitFor();
        const lines = await presence.evaluate((line) => ({ height: line.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(line).lineHeight) || 20, rects: line.querySelector(".chat-presence-text")!.getClientRects().length }));
        expect(lines.rects).toBe(1);
        expect(lines.height).toBeLessThan(lines.lineHeight * 1.5);
        expect(await whollyOnScreen(page, "[data-testid=presence]")).toBe(true);
        await screenshot(page, `chat-header-${lang}-phone`);
      } finally {
        await browser.close();
      }
    }, 90_000);
  }

  it("Premium Plus on a phone: a drag up is a super like, a boost counts down on its button, the info sheet's gallery and its like button", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await setLanguage(context, server.origin, "en");
      await signInContext(context, server.origin, await signIn("premium@kasih.app"));
      await openDiscover(page);

      // Drag up: the swipe sent is a super like, and the next card comes up.
      const first = await topCardId(page);
      const sent = page.waitForRequest((request) => request.url().endsWith("/api/swipe") && request.method() === "POST");
      await holdTopCard(page, 10, -150);
      await page.mouse.up();
      const request = await sent;
      expect(request.postDataJSON()).toMatchObject({ swipedId: first, isLike: true, isSuperLike: true });
      const answer = (await (await request.response())!.json()) as { isMatch: boolean };
      await page.waitForFunction((id) => document.querySelector(".swipe-card-top")?.getAttribute("data-card-id") !== id, first);
      if (answer.isMatch) {
        // The match moment has one primary button, Send message; the push invitation is secondary.
        const match = page.locator("dialog.match-dialog[open]");
        await match.waitFor();
        expect(await match.locator(".button-primary").count()).toBe(1);
        expect(await match.getByTestId("match-send-message").getAttribute("class")).toContain("button-primary");
        await screenshot(page, "discover-match-one-primary-en-phone");
        await match.getByRole("button", { name: "Keep Swiping" }).click();
        await match.waitFor({ state: "detached" }).catch(() => undefined);
      }

      // A boost shows its time left on the button, counting down.
      await page.getByTestId("boost-button").click();
      const time = page.locator("[data-testid=boost-button] .discover-boost-time");
      await time.waitFor();
      const shownAt = await time.innerText();
      // About 30 minutes (the browser's and the server's clocks may differ by a second).
      expect(shownAt).toMatch(/^(30:0[0-2]|29:[0-5]\d)$/);
      await page.waitForFunction((shown) => document.querySelector("[data-testid=boost-button] .discover-boost-time")?.textContent !== shown, shownAt, { timeout: 5000 });
      expect(await page.getByTestId("boost-button").getAttribute("aria-label")).toMatch(/^Boosted, \d+:\d\d left$/);
      await screenshot(page, "discover-boosting-en-phone");

      // The info sheet: every photo in a gallery swiped sideways with a dot each, and like inside it.
      for (let i = 0; i < 15; i++) {
        const count = await page.locator(".swipe-card-top").evaluate((card) => card.querySelectorAll(".photo-segments span").length);
        if (count > 1) break;
        const before = await topCardId(page);
        // The keys: the 'Boosted!' toast may still lie over the buttons under the resting mouse.
        await page.keyboard.press("ArrowLeft");
        await page.waitForFunction((id) => document.querySelector(".swipe-card-top")?.getAttribute("data-card-id") !== id, before);
      }
      const person = await topCardId(page);
      await page.locator(".swipe-card-top .swipe-card-info").click();
      const sheet = page.locator("dialog.profile-overlay[open]");
      await sheet.waitFor();
      const gallery = sheet.getByTestId("profile-gallery");
      const photos = await gallery.locator("li").count();
      expect(photos).toBeGreaterThan(1);
      expect(await sheet.locator(".profile-gallery-dots span").count()).toBe(photos);
      expect(await gallery.evaluate((track) => getComputedStyle(track).scrollSnapType)).toBe("x mandatory");
      await gallery.evaluate((track) => track.scrollTo({ left: track.clientWidth }));
      await page.waitForFunction(() => document.querySelectorAll(".profile-gallery-dots span")[1]?.classList.contains("is-current"));
      expect(await gallery.getAttribute("aria-label")).toBe(`Photo 2 of ${photos}`);
      await screenshot(page, "discover-sheet-gallery-en-phone");
      expect(await whollyOnScreen(page, "[data-testid=sheet-like]")).toBe(true);
      const liked = page.waitForRequest((request) => request.url().endsWith("/api/swipe") && request.method() === "POST");
      await sheet.getByTestId("sheet-like").click();
      expect((await liked).postDataJSON()).toMatchObject({ swipedId: person, isLike: true });
      await sheet.waitFor({ state: "detached" });
      await page.waitForFunction((id) => document.querySelector(".swipe-card-top")?.getAttribute("data-card-id") !== id, person);
    } finally {
      await browser.close();
    }
  }, 90_000);

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
