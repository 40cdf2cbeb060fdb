/**
 * Two matched members in two real Chromium contexts against the real server (issue 6):
 * A sends, B sees it appear without reloading and A sees it read; B on another page gets the
 * new-message toast; then, with fake camera and microphone, A (Premium Plus) calls, B accepts,
 * both see the timer running on a connected peer connection, and ending returns both to idle.
 * Screenshots (phone and desktop, English and Indonesian) go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { apiAs, createAccount, signInContext, type Account } from "./support/accounts";
import { openBrowser, PHONE, screenshot, type Browser } from "./support/browser";
import { completeProfile, hydrated, matchedPair } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

const MEDIA_ARGS = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];

let server: RunningServer;
let ana: Account;
let budi: Account;
let matchId: string;
let browserA: Browser;
let browserB: Browser;

beforeAll(async () => {
  server = await startServer();
  ({ ana, budi, browserA, browserB, matchId } = await matchedPair(server, MEDIA_ARGS));
}, 120_000);

afterAll(async () => {
  await browserA?.close();
  await browserB?.close();
  await server?.stop();
});

describe("matched members chat live and call each other", () => {
  it("shows the match in both lists and an empty state before", async () => {
    const { page } = browserB;
    await page.goto(`${server.origin}/matches`);
    await hydrated(page, "matches-list");
    // A match without a conversation yet is a face in the 'New matches' row.
    expect(await page.getByTestId("new-match").first().innerText()).toContain("Ana");
    await screenshot(page, "matches-en-desktop");
    const stranger = await createAccount(server.origin, { firstName: "Citra" });
    const fresh = await openBrowser({ viewport: PHONE });
    try {
      await signInContext(fresh.context, server.origin, stranger);
      await fresh.page.goto(`${server.origin}/edit-profile`);
      await completeProfile(server.origin, fresh.page, stranger, "female", 60);
      await fresh.page.goto(`${server.origin}/matches`);
      expect(await fresh.page.getByText("No matches yet").isVisible()).toBe(true);
      expect(await fresh.page.getByRole("link", { name: "Start Swiping" }).getAttribute("href")).toBe("/swipe");
      await screenshot(fresh.page, "matches-empty-en-phone");
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it("A sends, B sees it without reloading, and A sees it read", async () => {
    const a = browserA.page;
    const b = browserB.page;
    await a.goto(`${server.origin}/chat/${matchId}`);
    await b.goto(`${server.origin}/chat/${matchId}`);
    await Promise.all([hydrated(a, "chat-panel"), hydrated(b, "chat-panel")]);
    expect(await a.getByTestId("messages-left").innerText()).toBe("25 messages left today");
    // Give both sockets a moment to open.
    await Bun.sleep(500);
    await a.locator("#chat-input").fill("Halo Budi! Ibadah Minggu ini di mana?");
    await a.getByTestId("send").click();
    await b.locator(".chat-messages").getByText("Halo Budi! Ibadah Minggu ini di mana?").waitFor({ timeout: 10_000 });
    // On a desktop the conversations stay beside the chat, this one marked and its preview live.
    expect(await b.locator(".chat-sidebar [aria-current=page]").innerText()).toContain("Halo Budi! Ibadah Minggu ini di mana?");
    await a.locator(`[data-testid="message"][data-state="read"]`).waitFor({ timeout: 10_000 }).catch(async (error) => {
      console.error("messages as A sees them:", await (await apiAs(server.origin, ana, "GET", `/api/matches/${matchId}/messages`)).text());
      throw error;
    });
    expect(await a.getByTestId("messages-left").innerText()).toBe("24 messages left today");
    // Typing shows on the other side.
    await b.locator("#chat-input").pressSequentially("Di GKI", { delay: 30 });
    await a.getByTestId("typing").waitFor({ timeout: 10_000 });
    await b.getByTestId("send").click();
    await a.locator(".chat-messages").getByText("Di GKI").waitFor({ timeout: 10_000 });
    await screenshot(a, "chat-en-phone");
    await screenshot(b, "chat-en-desktop");
  }, 60_000);

  it("B on another page gets the new-message toast", async () => {
    const b = browserB.page;
    await b.goto(`${server.origin}/matches`);
    await hydrated(b, "matches-list");
    await Bun.sleep(500);
    await browserA.page.locator("#chat-input").fill("Sampai jumpa hari Minggu");
    await browserA.page.getByTestId("send").click();
    const toast = b.getByTestId("toast");
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.innerText()).toContain("You have a new message from your match.");
    // The list moved too: the last message and the unread badge, live.
    expect(await b.getByTestId("match-row").first().innerText()).toContain("Sampai jumpa hari Minggu");
    expect(await b.getByTestId("unread-badge").first().innerText()).toBe("1");
    // And the Chats tab counts it, on every page with the tab bar.
    await b.waitForFunction(() => document.querySelector("[data-unread-badge]:not([hidden])")?.textContent === "1", undefined, { timeout: 5000 });
    await screenshot(b, "inbox-unread-en-desktop");
    await b.reload();
    await b.waitForFunction(() => document.querySelector("[data-unread-badge]:not([hidden])")?.textContent === "1", undefined, { timeout: 5000 });
  }, 60_000);

  it("a free member's call is refused; a Premium Plus call connects, times, and ends for both", async () => {
    const a = browserA.page;
    const b = browserB.page;
    // Budi is free: the call buttons say Premium Plus is required.
    await b.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(b, "chat-panel");
    await b.getByTestId("video-call").click();
    await b.getByText("Premium Plus Required").waitFor();

    await server.cli(["user", "premium", ana.email, "premium_plus"]);
    await a.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(a, "chat-panel");
    expect(await a.getByTestId("messages-left").count()).toBe(0);
    // B waits on another page: the incoming-call toast takes B to the chat and answers.
    await b.goto(`${server.origin}/matches`);
    await hydrated(b, "matches-list");
    await Bun.sleep(700);
    await a.getByTestId("video-call").click();
    const incoming = b.getByTestId("incoming-call");
    await incoming.waitFor({ timeout: 10_000 });
    expect(await incoming.innerText()).toContain("Ana is calling you (video)");
    await screenshot(b, "call-incoming-en-desktop");
    await incoming.getByRole("button", { name: "Accept" }).click();
    await b.waitForURL(`${server.origin}/chat/${matchId}`, { timeout: 15_000 });

    for (const page of [a, b]) await page.locator('[data-testid="call-panel"][data-call-state="connected"]').waitFor({ timeout: 30_000 });
    // The timer runs on both: past 00:00 within a few seconds, and sane.
    for (const page of [a, b]) {
      await page.waitForFunction(() => /^00:0[1-9]$/.test(document.querySelector('[data-testid="call-timer"]')?.textContent ?? ""), undefined, { timeout: 10_000 });
      expect(await page.getByTestId("call-timer").innerText()).toMatch(/^00:0[1-9]$/);
    }
    await screenshot(a, "call-video-en-phone");
    await screenshot(b, "call-video-en-desktop");
    await a.getByRole("button", { name: "Mute" }).click();
    expect(await a.getByRole("button", { name: "Unmute" }).isVisible()).toBe(true);

    await b.getByTestId("call-end").click();
    for (const page of [a, b]) await page.locator('[data-testid="call-panel"][data-call-state="idle"]').waitFor({ state: "attached", timeout: 10_000 });
    // The finished call leaves a line in the chat.
    await a.getByText(/Video call · 0:0\d/).waitFor({ timeout: 10_000 });

    // B is on the chat now: the toast's Accept answers in place, and a video call stays video.
    await Bun.sleep(500);
    await a.getByTestId("video-call").click();
    await b.getByTestId("incoming-call").getByRole("button", { name: "Accept" }).click();
    for (const page of [a, b]) await page.locator('[data-testid="call-panel"][data-call-state="connected"][data-call-type="video"]').waitFor({ timeout: 30_000 });
    expect(await b.locator(".call-panel video").count()).toBeGreaterThan(0);
    await a.getByTestId("call-end").click();
    for (const page of [a, b]) await page.locator('[data-testid="call-panel"][data-call-state="idle"]').waitFor({ state: "attached", timeout: 10_000 });
  }, 120_000);

  it("renders the chat and matches in Indonesian", async () => {
    const a = browserA.page;
    await a.evaluate(() => localStorage.setItem("app-language", "id"));
    await a.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(a, "chat-panel");
    expect(await a.locator("#chat-input").getAttribute("placeholder")).toBe("Tulis pesan...");
    await screenshot(a, "chat-id-phone");
    await a.goto(`${server.origin}/matches`);
    await hydrated(a, "matches-list");
    expect(await a.getByRole("link", { name: "Obrolan" }).first().isVisible()).toBe(true);
    await screenshot(a, "matches-id-phone");
  }, 60_000);

  it("unmatch from the chat removes it for both, live on the other side", async () => {
    const a = browserA.page;
    const b = browserB.page;
    await b.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(b, "chat-panel");
    await a.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(a, "chat-panel");
    await Bun.sleep(500);
    await a.getByTestId("safety-menu").click();
    await a.getByRole("button", { name: "Batalkan match" }).first().click();
    await screenshot(a, "unmatch-confirm-id-phone");
    await a.locator("dialog[open]").getByRole("button", { name: "Batalkan match" }).click();
    await a.waitForURL(`${server.origin}/matches`);
    await b.getByText("This conversation has ended").waitFor({ timeout: 10_000 });
    expect(await (await apiAs(server.origin, budi, "GET", "/api/matches")).json()).toEqual([]);

    // Reporting stays possible after the unmatch: from the ended chat, without an Unmatch step.
    await b.getByTestId("safety-menu").click();
    const menu = b.locator("dialog[open]");
    expect(await menu.getByRole("button", { name: "Unmatch" }).count()).toBe(0);
    await menu.getByRole("button", { name: "Report" }).click();
    const form = b.locator("dialog[open]");
    await form.getByLabel("Harassment").check();
    // Only a report this time: the block is what the other suite checks.
    await form.getByTestId("report-also-block").uncheck();
    await form.getByRole("button", { name: "Send report" }).click();
    await b.getByText("Thank you. Your report was sent.").waitFor({ timeout: 10_000 });
  }, 60_000);
});
