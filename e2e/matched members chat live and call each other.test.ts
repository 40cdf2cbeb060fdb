/**
 * Two matched members in two real Chromium contexts against the real server (issue 6):
 * A sends, B sees it appear without reloading and A sees it read; B on another page gets the
 * new-message toast; then, with fake camera and microphone, A (Premium Plus) calls, B accepts,
 * both see the timer running on a connected peer connection, and ending returns both to idle.
 * As a phone's messenger (docs/decisions/0137): rows of one link with name + time and a preview
 * of 30+ characters on a 390 px phone, the desktop's list beside a chat pane, day separators, one
 * time format per language, icebreakers in an empty chat, the call full screen with round
 * controls, the incoming call full screen, Declined and Missed lines, and the plans for a free
 * member who presses call.
 * Screenshots (phone and desktop, English and Indonesian) go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { apiAs, createAccount, signInContext, type Account } from "./support/accounts";
import { openBrowser, PHONE, screenshot, type Browser } from "./support/browser";
import { completeProfile, hydrated, matchedPair } from "./support/members";
import type { Locator, Page } from "playwright-core";
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
  // Budi answered a prompt: Ana's empty chat draws an icebreaker from it.
  ({ ana, budi, browserA, browserB, matchId } = await matchedPair(server, MEDIA_ARGS, { prompts: [{ id: "worshipSong", answer: "Way Maker, setiap pagi" }] }));
}, 120_000);

const EN_TIME = /^([1-9]|1[0-2]):[0-5]\d (AM|PM)$/;
const ID_TIME = /^([01]\d|2[0-3])\.[0-5]\d$/;

/** How many characters of an element's one-line text are fully visible (not cut by its ellipsis). */
function visibleCharacters(page: Page, selector: string) {
  return page.evaluate((css) => {
    const element = document.querySelector(css)!;
    const text = element.firstChild as Text;
    const right = element.getBoundingClientRect().right;
    const range = document.createRange();
    let count = 0;
    for (let index = 0; index < text.length; index++) {
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      if (range.getBoundingClientRect().right > right - 12) break; // the ellipsis' room
      count++;
    }
    return count;
  }, selector);
}

/** An element's box lies inside the viewport. */
async function inViewport(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
}

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
    // Only a new match says when it was made.
    expect(await page.getByTestId("new-match").first().textContent()).toMatch(/Matched \d{1,2} \w{3}/);
    // A desktop: the list and, beside it, the chat pane's friendly empty state.
    const pane = page.getByTestId("matches-chat-pane");
    expect(await pane.innerText()).toContain("Pick a conversation");
    const paneBox = (await pane.boundingBox())!;
    const listBox = (await page.locator(".matches-list-pane").boundingBox())!;
    expect(paneBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
    expect(await inViewport(page, pane)).toBe(true);
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
    // The empty chat offers three icebreakers, the first from Budi's prompt; a tap fills the composer.
    const breakers = a.getByTestId("icebreaker");
    expect(await breakers.count()).toBe(3);
    expect(await breakers.first().innerText()).toBe("You wrote “Way Maker, setiap pagi” for “The worship song I have on repeat”. Tell me more?");
    await screenshot(a, "chat-icebreakers-en-phone");
    await breakers.nth(1).click();
    expect(await a.locator("#chat-input").inputValue()).toBe(await breakers.nth(1).innerText());
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
    // One day separator, 'Today'; every time in English's one format.
    expect(await a.getByTestId("chat-day").allInnerTexts()).toEqual(["Today"]);
    for (const time of await a.locator(".bubble-meta time").allInnerTexts()) expect(time).toMatch(EN_TIME);
    await screenshot(a, "chat-en-phone");
    await screenshot(b, "chat-en-desktop");

    // Ana's list on the phone: one link per row, no Chat button, name + time, 30+ characters of the preview.
    // The narrowest case: a message arrives while Ana is on the list, so the unread count takes room too.
    await a.goto(`${server.origin}/matches?view=chats`);
    await hydrated(a, "matches-list");
    await Bun.sleep(500);
    await b.locator("#chat-input").fill("Sampai ketemu di GKI Pondok Indah hari Minggu jam sembilan pagi ya");
    await b.getByTestId("send").click();
    const row = a.getByTestId("match-row").first();
    await row.getByText("Sampai ketemu di GKI", { exact: false }).waitFor({ timeout: 10_000 });
    expect(await row.getByTestId("unread-badge").innerText()).toBe("1");
    expect(await row.getByRole("link").count()).toBe(1);
    expect(await row.getByRole("link", { name: /^Chat$/ }).count()).toBe(0);
    expect(await row.getByTestId("match-name").innerText()).toBe("Budi");
    expect(await row.getByTestId("match-time").innerText()).toMatch(EN_TIME);
    expect(await row.innerText()).not.toContain("Matched");
    expect(await inViewport(a, row)).toBe(true);
    expect(await visibleCharacters(a, '[data-testid="match-preview"]')).toBeGreaterThanOrEqual(30);
    // Name and time on one line, the preview on the next.
    const nameBox = (await row.getByTestId("match-name").boundingBox())!;
    const timeBox = (await row.getByTestId("match-time").boundingBox())!;
    const previewBox = (await row.getByTestId("match-preview").boundingBox())!;
    expect(Math.abs(nameBox.y + nameBox.height / 2 - (timeBox.y + timeBox.height / 2))).toBeLessThan(4);
    expect(previewBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
    await screenshot(a, "chats-en-phone");
    await row.click();
    await a.waitForURL(`${server.origin}/chat/${matchId}`);
    await hydrated(a, "chat-panel");
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
    // The sender's name first, then the start of the message, as a phone's messenger shows it.
    expect(await toast.innerText()).toMatch(/^Ana\s+Sampai jumpa hari Minggu/);
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
    // Budi is free: pressing call offers the plans, not an error.
    await b.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(b, "chat-panel");
    await b.getByTestId("video-call").click();
    const upsell = b.locator("dialog[open]");
    await upsell.getByText("Calls come with Premium Plus").waitFor();
    expect(await upsell.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/swipe?plans=1");
    expect(await b.getByTestId("toast").count()).toBe(0);
    await screenshot(b, "call-plans-en-desktop");
    await upsell.getByRole("button", { name: "Not now" }).click();

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
    expect(await incoming.innerText()).toContain("Video call from Ana");
    // Full screen: the caller's photo, Decline and Accept.
    expect((await incoming.boundingBox())!).toMatchObject({ x: 0, y: 0, width: 1366, height: 900 });
    await incoming.getByTestId("incoming-call-photo").waitFor();
    await screenshot(b, "call-incoming-en-desktop");
    await incoming.getByRole("button", { name: "Accept" }).click();
    await b.waitForURL(`${server.origin}/chat/${matchId}`, { timeout: 15_000 });

    for (const page of [a, b]) await page.locator('[data-testid="call-panel"][data-call-state="connected"]').waitFor({ timeout: 30_000 });
    // The timer runs on both: past 00:00 within a few seconds, and sane.
    for (const page of [a, b]) {
      await page.waitForFunction(() => /^00:0[1-9]$/.test(document.querySelector('[data-testid="call-timer"]')?.textContent ?? ""), undefined, { timeout: 10_000 });
      expect(await page.getByTestId("call-timer").innerText()).toMatch(/^00:0[1-9]$/);
    }
    // On the phone the call fills the screen: the remote video, my picture-in-picture, round controls.
    expect((await a.getByTestId("call-panel").boundingBox())!).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const pip = (await a.locator(".call-local").boundingBox())!;
    expect(pip.width).toBeLessThan(390 / 2);
    expect(await inViewport(a, a.locator(".call-local"))).toBe(true);
    for (const name of ["Mute", "Camera off", "End call"]) expect(await inViewport(a, a.getByRole("button", { name }))).toBe(true);
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

    // A voice call Budi declines is logged 'Declined' for both; one Ana hangs up unanswered, 'Missed'.
    await a.getByTestId("voice-call").click();
    expect(await a.getByTestId("call-portrait").isVisible()).toBe(true);
    await screenshot(a, "call-voice-calling-en-phone");
    await b.getByTestId("incoming-call").getByRole("button", { name: "Decline" }).click();
    for (const page of [a, b]) await page.getByTestId("call-line").filter({ hasText: "Declined voice call" }).waitFor({ timeout: 10_000 });
    await a.locator('[data-testid="call-panel"][data-call-state="idle"]').waitFor({ state: "attached", timeout: 10_000 });
    await a.getByTestId("voice-call").click();
    await b.getByTestId("incoming-call").waitFor({ timeout: 10_000 });
    await a.getByTestId("call-end").click();
    for (const page of [a, b]) await page.getByTestId("call-line").filter({ hasText: "Missed voice call" }).waitFor({ timeout: 10_000 });
    expect(await b.getByTestId("incoming-call").count()).toBe(0);
    expect(await a.getByTestId("call-line").last().innerText()).toMatch(/^Missed voice call · ([1-9]|1[0-2]):[0-5]\d (AM|PM)$/);
    await screenshot(a, "call-lines-en-phone");
  }, 150_000);

  it("renders the chat and matches in Indonesian", async () => {
    const a = browserA.page;
    await a.evaluate(() => localStorage.setItem("app-language", "id"));
    await a.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(a, "chat-panel");
    expect(await a.locator("#chat-input").getAttribute("placeholder")).toBe("Tulis pesan...");
    expect(await a.getByTestId("chat-day").allInnerTexts()).toEqual(["Hari ini"]);
    for (const time of await a.locator(".bubble-meta time").allInnerTexts()) expect(time).toMatch(ID_TIME);
    expect(await a.getByTestId("call-line").filter({ hasText: "Panggilan suara ditolak" }).count()).toBe(1);
    expect(await a.getByTestId("call-line").filter({ hasText: "Panggilan suara tak terjawab" }).count()).toBe(1);
    await screenshot(a, "chat-id-phone");
    await a.goto(`${server.origin}/matches`);
    await hydrated(a, "matches-list");
    expect(await a.getByRole("link", { name: "Obrolan" }).first().isVisible()).toBe(true);
    const row = a.getByTestId("match-row").first();
    expect(await row.getByTestId("match-time").innerText()).toMatch(ID_TIME);
    expect(await inViewport(a, row)).toBe(true);
    await screenshot(a, "matches-id-phone");
    // Budi's desktop in Indonesian: the list beside the empty chat pane, a voice call's full-screen ring.
    const b = browserB.page;
    await b.evaluate(() => localStorage.setItem("app-language", "id"));
    await b.goto(`${server.origin}/matches`);
    await hydrated(b, "matches-list");
    expect(await b.getByTestId("matches-chat-pane").innerText()).toContain("Pilih percakapan");
    expect(await b.getByTestId("match-row").first().getByTestId("match-time").innerText()).toMatch(ID_TIME);
    await screenshot(b, "matches-id-desktop");
    await Bun.sleep(500);
    await a.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(a, "chat-panel");
    await a.getByTestId("voice-call").click();
    const incoming = b.getByTestId("incoming-call");
    await incoming.waitFor({ timeout: 10_000 });
    expect(await incoming.innerText()).toContain("Panggilan suara dari Ana");
    expect(await incoming.getByRole("button", { name: "Tolak" }).isVisible()).toBe(true);
    await screenshot(b, "call-incoming-id-desktop");
    await screenshot(a, "call-voice-id-phone");
    await a.getByTestId("call-end").click();
    await a.getByTestId("call-line").filter({ hasText: "Panggilan suara tak terjawab" }).nth(1).waitFor({ timeout: 10_000 });

    // Ana's phone rings full screen when Budi (now Premium Plus) calls; she declines.
    await server.cli(["user", "premium", budi.email, "premium_plus"]);
    await b.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(b, "chat-panel");
    await Bun.sleep(500);
    await b.getByTestId("video-call").click();
    const ringing = a.getByTestId("incoming-call");
    await ringing.waitFor({ timeout: 10_000 });
    expect(await ringing.innerText()).toContain("Panggilan video dari Budi");
    expect((await ringing.boundingBox())!).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    for (const name of ["Tolak", "Terima"]) expect(await inViewport(a, ringing.getByRole("button", { name }))).toBe(true);
    await ringing.getByTestId("incoming-call-photo").waitFor();
    await screenshot(a, "call-incoming-id-phone");
    await ringing.getByRole("button", { name: "Tolak" }).click();
    await a.getByTestId("call-line").filter({ hasText: "Panggilan video ditolak" }).waitFor({ timeout: 10_000 });
    await b.evaluate(() => localStorage.setItem("app-language", "en"));
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
