/**
 * The service worker's kept Discover page (public/sw.js, docs/decisions/0140) in a real Chromium
 * against `kasih demo`, on one browser profile at 390x844: member A's second visit is answered by
 * the worker and its Like button works; offline the page still appears and comes alive; after A
 * signs out and member B signs in, B never gets A's page, neither online nor offline on the first
 * paint.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../db/seed";
import { setLanguage } from "./support/accounts";
import { openBrowser, PHONE, screenshot } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { waitUntil } from "./support/wait";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ command: "demo" });
});
afterAll(async () => {
  await server?.stop();
});

/** Signs in from the page, as the sign-in form does: the browser gets the session and key cookies. */
async function signIn(page: Page, email: string) {
  const status = await page.evaluate(
    async ({ email, password }) => (await fetch("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) })).status,
    { email, password: DEMO_PASSWORD },
  );
  expect(status).toBe(200);
}

async function openDiscover(page: Page) {
  await page.goto(`${server.origin}/swipe`);
  await page.waitForSelector("[data-island=swipe-deck][data-hydrated] .swipe-card-top");
}

/** The ids of the cards the page carries (the deck's server HTML and props). */
const cardIds = (page: Page) => page.locator("[data-card-id]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-card-id")!));

/** Whether the worker answered this page's navigation (its timing starts in the worker). */
const answeredByWorker = (page: Page) => page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).workerStart > 0);

/** Waits until the worker has kept Discover's page for the signed-in session. */
async function waitForKeptPage(page: Page) {
  await waitUntil(() =>
    page.evaluate(async () => {
      for (const name of await caches.keys()) if (name.startsWith("kasih-pages-") && (await (await caches.open(name)).match("/swipe")) !== undefined) return true;
      return false;
    }),
  );
}

describe("a repeat visit to Discover", () => {
  it("is answered by the worker with a working Like button, offline too, and another member never gets it", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await setLanguage(context, server.origin, "en");
      await page.goto(`${server.origin}/auth`);
      await signIn(page, "demo@kasih.app");

      // First visit: from the server; the worker installs and keeps the page.
      await openDiscover(page);
      expect(await answeredByWorker(page)).toBe(false);
      await waitForKeptPage(page);
      const cardsOfA = await cardIds(page);
      expect(cardsOfA.length).toBeGreaterThan(0);

      // Second visit: the worker answers; the Like button sends the like and the next card shows.
      await openDiscover(page);
      expect(await answeredByWorker(page)).toBe(true);
      const liked = await page.locator(".swipe-card-top").getAttribute("data-card-id");
      const swipe = page.waitForResponse((response) => response.url().endsWith("/api/swipe") && response.request().method() === "POST");
      await page.locator(".discover-action-like").click();
      expect((await swipe).status()).toBe(200);
      await waitUntil(async () => (await page.locator(".swipe-card-top").getAttribute("data-card-id")) !== liked);

      // The like dropped the kept page (the card is answered); the next visit keeps a fresh one
      // without the liked card.
      await openDiscover(page);
      await waitForKeptPage(page);
      await openDiscover(page);
      expect(await answeredByWorker(page)).toBe(true);
      expect(await cardIds(page)).not.toContain(liked);

      // Offline, the kept page appears and comes alive.
      await context.setOffline(true);
      await openDiscover(page);
      expect(await page.locator(".discover-action-like").isEnabled()).toBe(true);
      await screenshot(page, "discover-offline-repeat-visit-en-phone");
      await context.setOffline(false);

      // A signs out with the settings link; B signs in on the same profile.
      const cardsShownToA = new Set([...cardsOfA, ...(await cardIds(page))]);
      await page.goto(`${server.origin}/api/logout`);
      expect(await page.evaluate(() => document.cookie)).not.toContain("kasih_cache=");
      await page.goto(`${server.origin}/auth`);
      await signIn(page, "demo.sarah@kasih.app");

      // Offline on B's first visit: the browser's error, never A's kept page.
      await context.setOffline(true);
      await page.goto(`${server.origin}/swipe`).catch(() => {});
      expect(await page.locator("[data-island=swipe-deck]").count()).toBe(0);
      await context.setOffline(false);

      // Online: B's own deck from the server, and A's pages are gone from the profile.
      await openDiscover(page);
      expect(await answeredByWorker(page)).toBe(true);
      const cardsOfB = await cardIds(page);
      expect(cardsOfB.length).toBeGreaterThan(0);
      // Sarah's deck shows men, Daniel's women: no card of A's deck may appear.
      for (const id of cardsOfB) expect(cardsShownToA.has(id)).toBe(false);
      const pageCaches = await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("kasih-pages-")));
      expect(pageCaches.length).toBeLessThanOrEqual(1);
      await waitForKeptPage(page);
      await openDiscover(page);
      expect(await answeredByWorker(page)).toBe(true);
      for (const id of await cardIds(page)) expect(cardsShownToA.has(id)).toBe(false);
    } finally {
      await browser.close();
    }
  });
});
