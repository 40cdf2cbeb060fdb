/**
 * Photo verification end to end (docs/decisions/0093), with Chromium's fake camera: Ana copies a
 * pose in a live selfie on /verify; the demo admin sees it beside her photos in Moderation →
 * Verifications and approves; Budi, who limited Discover to verified people, gets Ana's card with
 * the Verified badge. Screenshots go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from "../db/seed";
import { apiAs, createAccount, proveSecondFactor, signInContext, signInWithPassword, type Account } from "./support/accounts";
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from "./support/browser";
import { completeProfile, hydrated } from "./support/members";
import { startServer, type RunningServer } from "./support/server";
import { FREE_DAILY_SWIPES } from "../src/platform/constants";

const MEDIA_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];

let server: RunningServer;
let ana: Account;
let budi: Account;
let anaBrowser: Browser;

beforeAll(async () => {
  server = await startServer({ command: "demo" });
  ana = await createAccount(server.origin, { firstName: "Ana", lastName: "Kusuma" });
  budi = await createAccount(server.origin, { firstName: "Budi", lastName: "Hartono" });
  anaBrowser = await openBrowser({ viewport: PHONE, extraArgs: MEDIA_ARGS });
  await signInContext(anaBrowser.context, server.origin, ana);
  await anaBrowser.page.goto(`${server.origin}/edit-profile`);
  await completeProfile(server.origin, anaBrowser.page, ana, "female", 330);
  await completeProfile(server.origin, anaBrowser.page, budi, "male", 200);
}, 120_000);

afterAll(async () => {
  await anaBrowser?.close();
  await server?.stop();
});

describe("a member verifies with a live selfie and an admin approves", () => {
  it("Ana copies the pose in a live selfie and sends it for review", async () => {
    const { page } = anaBrowser;
    await page.goto(`${server.origin}/profile`);
    await page.getByTestId("profile-verify").getByRole("link", { name: "Get verified" }).click();
    await page.waitForURL(`${server.origin}/verify`);
    await hydrated(page, "verify-panel");
    await page.getByTestId("verify-start").click();
    const pose = await page.getByTestId("verify-pose").innerText();
    expect(pose.length).toBeGreaterThan(5);
    await page.getByTestId("verify-camera").click();
    await page.locator("video.verify-video:not([hidden])").waitFor();
    await page.waitForFunction(() => (document.querySelector("video.verify-video") as HTMLVideoElement | null)?.videoWidth ?? 0 > 0);
    await page.getByTestId("verify-take").click();
    await page.locator("img.verify-preview").waitFor();
    await screenshot(page, "verify-selfie-en-phone");
    await page.getByTestId("verify-send").click();
    await page.getByText("Thanks! Your selfie is being reviewed").waitFor({ timeout: 10_000 });
    await screenshot(page, "verify-pending-en-phone");
  }, 60_000);

  it("the admin sees the selfie beside her photos and approves it", async () => {
    const admin = await openBrowser({ viewport: DESKTOP });
    try {
      const session = await signInWithPassword(server.origin, "admin@kasih.app", DEMO_PASSWORD);
      await proveSecondFactor(server.origin, session, DEMO_ADMIN_TOTP_SECRET);
      await signInContext(admin.context, server.origin, session);
      await admin.page.goto(`${server.origin}/admin/moderation?view=verifications`);
      const card = admin.page.locator(".admin-verification", { hasText: "Ana Kusuma" });
      await card.waitFor();
      // The selfie really loads (admin-only route), and her photo is beside it.
      await admin.page.waitForFunction(() => (document.querySelector(".admin-verification-selfie") as HTMLImageElement | null)?.naturalWidth ?? 0 > 0);
      expect(await card.locator(".admin-verification-photos img").count()).toBe(1);
      await screenshot(admin.page, "admin-verifications-en-desktop");
      await card.getByTestId("approve-verification").click();
      await admin.page.getByText("Verification approved").first().waitFor({ timeout: 10_000 });
      await card.waitFor({ state: "detached", timeout: 10_000 });
    } finally {
      await admin.close();
    }
  }, 60_000);

  it("Budi, showing only verified people, gets Ana's card with the Verified badge", async () => {
    expect((await apiAs(server.origin, budi, "PATCH", "/api/settings", { verifiedOnly: true })).status).toBe(200);
    const browser = await openBrowser({ viewport: PHONE });
    try {
      await signInContext(browser.context, server.origin, budi);
      await browser.page.goto(`${server.origin}/`);
      await hydrated(browser.page, "swipe-deck");
      // The demo set has photo-verified members of its own, ahead of Ana in the deck or not: Budi
      // passes them until Ana's card is on top, and every card on the way carries the badge.
      const page = browser.page;
      const top = page.locator(".swipe-card-top .swipe-card-title");
      for (let passes = 0; !(await top.innerText()).startsWith("Ana,"); passes++) {
        expect(await top.getByTestId("verified-badge").isVisible()).toBe(true);
        expect(passes).toBeLessThan(FREE_DAILY_SWIPES - 1);
        const before = await page.locator(".swipe-card-top").getAttribute("data-card-id");
        await page.locator(".discover-action-pass").click();
        await page.waitForFunction((id) => document.querySelector(".swipe-card-top")?.getAttribute("data-card-id") !== id, before);
      }
      expect(await top.getByTestId("verified-badge").isVisible()).toBe(true);
      await screenshot(browser.page, "discover-verified-badge-en-phone");
    } finally {
      await browser.close();
    }
    // Her own profile shows the badge too, and the way to verification is gone.
    await anaBrowser.page.goto(`${server.origin}/profile`);
    expect(await anaBrowser.page.locator(".profile-badges").getByTestId("verified-badge").isVisible()).toBe(true);
    expect(await anaBrowser.page.getByTestId("profile-verify").count()).toBe(0);
  }, 60_000);
});
