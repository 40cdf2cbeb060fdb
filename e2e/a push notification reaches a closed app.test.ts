/**
 * Web push in a real Chromium (docs/decisions/0098). Notifications are offered after the first
 * match, not on arrival. The service worker then receives a push with the app's tab closed and
 * shows it; with a page on screen it stays quiet (the page shows the event live); tapping the
 * notification opens the chat. The push is handed to the service worker through the DevTools
 * protocol, as the browser's push service would (the server's side of the protocol, VAPID and the
 * encrypted payload, is tested against a local push service in src/features/push/push.test.ts).
 * English on a phone, Indonesian on a desktop.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { apiAs, setLanguage } from "./support/accounts";
import { DESKTOP, PHONE, screenshot } from "./support/browser";
import { hydrated, twoMembers, userIdOf } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The app's service worker registration id, from the DevTools protocol. */
async function registrationId(session: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    session.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const registration = registrations.find((entry: { scopeURL: string; isDeleted: boolean }) => entry.scopeURL === `${origin}/` && !entry.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await session.send("ServiceWorker.enable");
  return found;
}

/** The notifications the service worker is showing, read from a page of the app. */
async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const list = (await registration?.getNotifications()) ?? [];
    return list.map((notification) => ({ title: notification.title, body: notification.body, tag: notification.tag, url: (notification.data as { url: string }).url }));
  });
}

async function otherTab(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto("about:blank");
  return page;
}

for (const [lang, size, viewport] of [
  ["en", "phone", PHONE],
  ["id", "desktop", DESKTOP],
] as const) {
  describe(`push in ${lang} on a ${size}`, () => {
    it("is offered after the first match, and shows a message with the app closed, not over an open page", async () => {
      const { ana, budi, browserA, browserB } = await twoMembers(server);
      await browserB.close();
      const { context } = browserA;
      let page = browserA.page;
      try {
        await setLanguage(context, server.origin, lang);
        await page.setViewportSize(viewport);

        // Not on arrival: Discover opens without any invitation.
        await page.goto(`${server.origin}/swipe`);
        await hydrated(page, "swipe-deck");
        expect(await page.getByTestId("push-invite").count()).toBe(0);
        expect(await page.evaluate(() => localStorage.getItem("push-prompt-dismissed"))).toBeNull();

        // Budi liked Ana first; her like makes the match, and the moment offers notifications.
        await apiAs(server.origin, budi, "POST", "/api/swipe", { swipedId: await userIdOf(server.origin, ana), isLike: true });
        await page.reload();
        await hydrated(page, "swipe-deck");
        await page.locator(".swipe-card-title", { hasText: "Budi" }).first().waitFor();
        await page.keyboard.press("ArrowRight");
        const invite = page.getByTestId("push-invite");
        await invite.waitFor();
        expect(await invite.innerText()).toContain(lang === "en" ? "Get a notification when Budi writes back" : "Dapatkan notifikasi saat Budi membalas");
        await screenshot(page, `push-invite-${lang}-${size}`);
        // 'Not now' is remembered on this browser.
        await invite.getByRole("button", { name: lang === "en" ? "Not now" : "Nanti saja" }).click();
        expect(await invite.count()).toBe(0);
        expect(await page.evaluate(() => localStorage.getItem("push-prompt-dismissed"))).not.toBeNull();
        const matchId = ((await (await apiAs(server.origin, ana, "GET", "/api/matches")).json()) as { id: string }[])[0]!.id;

        // The service worker, as Settings → 'Notifications on this device' registers it once allowed.
        await context.grantPermissions(["notifications"], { origin: server.origin });
        await page.goto(`${server.origin}/settings`);
        await hydrated(page, "settings-panel");
        await page.evaluate(async () => {
          await navigator.serviceWorker.register("/sw.js", { scope: "/" });
          await navigator.serviceWorker.ready;
        });
        const blank = await otherTab(context);
        const session = await context.newCDPSession(blank);
        const registration = await registrationId(session, server.origin);
        const message = { kind: "message", title: "Budi", body: lang === "en" ? "Shalom Ana! Church on Sunday?" : "Shalom Ana! Ibadah Minggu?", url: `/chat/${matchId}`, tag: `chat-${matchId}` };

        // With the app on screen the service worker stays quiet: the page shows the message live.
        await page.bringToFront();
        await session.send("ServiceWorker.deliverPushMessage", { origin: server.origin, registrationId: registration, data: JSON.stringify(message) });
        await page.waitForTimeout(500);
        expect(await shownNotifications(page)).toEqual([]);

        // The app's tab closed: the push becomes a notification.
        await page.close();
        await session.send("ServiceWorker.deliverPushMessage", { origin: server.origin, registrationId: registration, data: JSON.stringify(message) });
        await blank.waitForTimeout(1_000);
        // Opened again only to read what the service worker shows.
        page = await otherTab(context);
        await page.goto(`${server.origin}/terms`);
        await page.waitForFunction(async () => ((await (await navigator.serviceWorker.getRegistration("/"))?.getNotifications()) ?? []).length > 0, undefined, { timeout: 10_000 });
        expect(await shownNotifications(page)).toEqual([{ title: message.title, body: message.body, tag: message.tag, url: `/chat/${matchId}` }]);
        await session.detach();
      } finally {
        await browserA.close();
      }
    });
  });
}
