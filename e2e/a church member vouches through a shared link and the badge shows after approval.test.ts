/**
 * Church vouching (MATCHING.md 'Church vouching', docs/decisions/0134), in a real Chromium against
 * the real server, in Indonesian on a phone: Daniel makes a vouch link on /profile/vouches; Sari, a
 * verified member of the same church whose account is older than 30 days, opens it, writes a note
 * and vouches; nothing shows on Daniel's card until he approves; then "Dijamin oleh 1 jemaat GBI
 * Bethany Surabaya" shows on his card, his info sheet and his profile. A signed-out visitor and a
 * member of another church see why they cannot vouch. Then the pages in English on a desktop.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { apiAs, createAccount, enrolSecondFactor, setLanguage, signInContext, type Account } from "./support/accounts";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { completeProfile, hydrated, userIdOf } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const DAY = 24 * 60 * 60_000;
const GBI = { churchId: "gbi", churchName: "GBI Bethany Surabaya", denomination: "pentecostal" };

/** The Verified badge and an account 40 days old, written beside the running server (no selfie review here). */
function makeVoucher(userId: string) {
  const direct = new Database(join(server.dataDir, "kasih.db"));
  try {
    direct.run("PRAGMA busy_timeout = 5000");
    direct.run("update users set photo_verified_at = ?, created_at = ? where id = ?", [Date.now() - DAY, Date.now() - 40 * DAY, userId]);
  } finally {
    direct.close();
  }
}

describe("a church member vouches through a shared link", () => {
  it("Sari vouches for Daniel from his link; Daniel approves; the badge shows on his card and profile", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    const shot = (name: string) => screenshot(page, `vouch-${name}-id-phone`);
    const as = async (account: Account) => {
      await context.clearCookies();
      await setLanguage(context, server.origin, "id");
      await signInContext(context, server.origin, account);
    };
    try {
      await page.goto(`${server.origin}/`);
      const daniel = await createAccount(server.origin, { firstName: "Daniel", lastName: "Wijaya" });
      await completeProfile(server.origin, page, daniel, "male", 210, GBI);
      const sari = await createAccount(server.origin, { firstName: "Sari", lastName: "Lumowa" });
      await completeProfile(server.origin, page, sari, "female", 330, { ...GBI, churchName: "GBI Bethany" });
      makeVoucher(await userIdOf(server.origin, sari));
      const maria = await createAccount(server.origin, { firstName: "Maria", lastName: "Tan" });
      await completeProfile(server.origin, page, maria, "female", 40, { churchId: "hkbp", churchName: "HKBP Kernolong", denomination: "protestant" });
      makeVoucher(await userIdOf(server.origin, maria));

      // Daniel asks: the link to share, with copy (and share where the browser has it).
      await as(daniel);
      await page.goto(`${server.origin}/profile`);
      await page.getByRole("link", { name: "Jaminan jemaat" }).click();
      await page.waitForURL(`${server.origin}/profile/vouches`);
      await hydrated(page, "church-vouches");
      await shot("ask");
      await page.getByRole("button", { name: "Buat link untuk dibagikan" }).click();
      const url = await page.locator("#vouch-link-url").inputValue();
      expect(url).toMatch(new RegExp(`^${server.origin}/vouch/[a-z2-7]+$`));
      expect(await page.getByTestId("vouch-link").getByRole("button", { name: "Salin link jaminan" }).isVisible()).toBe(true);
      await shot("link");

      // Signed out, the page says who asks and leads to sign-in.
      await context.clearCookies();
      await setLanguage(context, server.origin, "id");
      await page.goto(url);
      expect(await page.locator(".vouch-asker-title").innerText()).toBe("Daniel minta kamu memberi jaminan");
      expect(await page.getByRole("link", { name: "Masuk untuk memberi jaminan" }).getAttribute("href")).toBe(`/auth?next=${encodeURIComponent(new URL(url).pathname)}`);
      await shot("link-signed-out");

      // Maria, of another church, is told why she cannot vouch.
      await as(maria);
      await page.goto(url);
      expect(await page.getByTestId("vouch-refusal").innerText()).toContain("Kamu hanya bisa menjamin jemaat gerejamu sendiri");
      expect(await page.locator("#vouch-note").count()).toBe(0);
      await shot("link-other-church");

      // Sari, verified, of GBI, opens it signed out, signs in from it and comes back to it; she vouches with a note.
      await context.clearCookies();
      await setLanguage(context, server.origin, "id");
      await page.goto(url);
      await page.getByRole("link", { name: "Masuk untuk memberi jaminan" }).click();
      await page.locator('[data-island="auth-panel"][data-hydrated="true"]').waitFor({ state: "attached", timeout: 15_000 });
      await page.locator("#signin-email").fill(sari.email);
      await page.locator("#signin-password").fill(sari.password);
      await page.locator("#panel-signin button[type=submit]").click();
      await page.waitForURL(url);
      await hydrated(page, "vouch-form");
      expect(await page.getByTestId("vouch-church").innerText()).toBe("GBI Bethany Surabaya");
      await page.locator("#vouch-note").fill("Kami sama-sama melayani di tim musik ibadah pemuda sejak 2021.");
      await shot("form");
      await page.getByRole("button", { name: "Jamin Daniel" }).click();
      await page.getByTestId("vouch-sent").waitFor();
      expect(await page.getByTestId("vouch-sent").innerText()).toContain("Daniel akan melihat jaminanmu");
      await shot("sent");

      // Not shown before Daniel approves.
      const danielId = await userIdOf(server.origin, daniel);
      const cardOf = async () => ((await (await apiAs(server.origin, maria, "GET", `/api/profiles/${danielId}`)).json()) as { vouches: unknown }).vouches;
      expect(await cardOf()).toBeNull();

      // Daniel approves on his Church vouches page.
      await as(daniel);
      await page.goto(`${server.origin}/profile/vouches`);
      await hydrated(page, "church-vouches");
      const pending = page.getByTestId("vouch-pending");
      expect(await pending.innerText()).toContain("Sari");
      expect(await pending.innerText()).toContain("tim musik ibadah pemuda");
      await shot("pending");
      await pending.getByRole("button", { name: "Setujui" }).click();
      await page.getByText("Jaminan disetujui dan tampil di profilmu").waitFor();
      await page.getByRole("button", { name: "Tutup" }).first().click().catch(() => undefined);
      await shot("approved");
      expect(await cardOf()).toEqual({ count: 1, church: "GBI Bethany Surabaya" });

      // His profile says it.
      await page.goto(`${server.origin}/profile`);
      expect(await page.getByTestId("vouch-badge").innerText()).toBe("Dijamin oleh 1 jemaat GBI Bethany Surabaya");
      await shot("profile");

      // Maria meets his card on Discover: the badge on the card and in the info sheet.
      await as(maria);
      await page.goto(`${server.origin}/swipe`);
      await hydrated(page, "swipe-deck");
      const card = page.locator(".swipe-card-top", { hasText: "Daniel" });
      await card.waitFor();
      expect(await card.getByTestId("vouch-badge").innerText()).toBe("Dijamin oleh 1 jemaat GBI Bethany Surabaya");
      await shot("card");
      await card.locator(".swipe-card-info").click();
      const sheet = page.locator("dialog.profile-overlay[open]");
      await sheet.waitFor();
      expect(await sheet.getByTestId("vouch-badge").innerText()).toBe("Dijamin oleh 1 jemaat GBI Bethany Surabaya");
      await shot("sheet");

      // The same pages in English on a desktop (a browser of its own: the phone's keeps Indonesian in its storage).
      const desktop = await openBrowser({ viewport: DESKTOP });
      try {
        const desk = (name: string) => screenshot(desktop.page, `vouch-${name}-en-desktop`);
        // A member's saved language wins over the cookie.
        for (const account of [daniel, maria]) expect((await apiAs(server.origin, account, "PATCH", "/api/auth/language", { language: "en" })).status).toBe(200);
        await setLanguage(desktop.context, server.origin, "en");
        await signInContext(desktop.context, server.origin, daniel);
        await desktop.page.goto(`${server.origin}/profile/vouches`);
        await hydrated(desktop.page, "church-vouches");
        expect(await desktop.page.getByTestId("vouch-badge").first().innerText()).toBe("Vouched by 1 member of GBI Bethany Surabaya");
        await desk("page");
        await desktop.context.clearCookies();
        await setLanguage(desktop.context, server.origin, "en");
        await signInContext(desktop.context, server.origin, maria);
        await desktop.page.goto(url);
        expect(await desktop.page.getByTestId("vouch-refusal").innerText()).toContain("You can only vouch for members of your own church");
        await desk("link-other-church");

        // An admin sees the vouch on Daniel's page and removes it; the admin log keeps the row.
        const admin = await createAccount(server.origin, { firstName: "Ada", lastName: "Admin" });
        await server.cli(["admin", "grant", admin.email]);
        await enrolSecondFactor(server.origin, admin);
        expect((await apiAs(server.origin, admin, "PATCH", "/api/auth/language", { language: "en" })).status).toBe(200);
        await desktop.context.clearCookies();
        await signInContext(desktop.context, server.origin, admin);
        await desktop.page.goto(`${server.origin}/admin/users/${danielId}`);
        const vouchCard = desktop.page.locator("#member-vouches");
        expect(await vouchCard.innerText()).toContain("Sari");
        expect(await vouchCard.innerText()).toContain("GBI Bethany Surabaya");
        await vouchCard.scrollIntoViewIfNeeded();
        await desk("admin-member");
        await vouchCard.getByRole("button", { name: "Remove" }).click();
        const dialog = desktop.page.locator("dialog[open]");
        await dialog.waitFor();
        await desk("admin-remove-dialog");
        await dialog.getByRole("button", { name: "Remove" }).click();
        await desktop.page.locator("#member-vouches", { hasText: "No vouches given or received." }).waitFor({ timeout: 10_000 });
        expect(await cardOf()).toBeNull();
        const log = (await (await apiAs(server.origin, admin, "GET", "/api/admin/actions?action=vouch_remove")).json()) as { actions?: { action: string }[] } & Record<string, unknown>;
        expect(JSON.stringify(log)).toContain("vouch_remove");
      } finally {
        await desktop.close();
      }
    } finally {
      await browser.close();
    }
  }, 180_000);
});
