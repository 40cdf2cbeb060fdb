/**
 * The two-sided match: Ana liked Budi earlier and is on her matches page; Budi likes her back on
 * Discover and sees both photos; Ana, without reloading, gets the same moment and opens the chat
 * from it. Phone and desktop; then the same moment and the inbox's unread counts in Indonesian.
 * Screenshots go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { apiAs, createAccount, setLanguage, signInContext, type Account } from "./support/accounts";
import { screenshot, type Browser } from "./support/browser";
import { completeProfile, hydrated, twoMembers, userIdOf } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
let ana: Account;
let budi: Account;
let anaBrowser: Browser;
let budiBrowser: Browser;

beforeAll(async () => {
  server = await startServer();
  ({ ana, budi, browserA: anaBrowser, browserB: budiBrowser } = await twoMembers(server));
  expect((await apiAs(server.origin, ana, "POST", "/api/swipe", { swipedId: await userIdOf(server.origin, budi), isLike: true })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await anaBrowser?.close();
  await budiBrowser?.close();
  await server?.stop();
});

describe("a match is seen live by both", () => {
  it("Budi likes Ana back and sees both photos; Ana gets the same moment live and opens the chat", async () => {
    const a = anaBrowser.page;
    const b = budiBrowser.page;
    await a.goto(`${server.origin}/matches`);
    await hydrated(a, "matches-list");
    await b.goto(`${server.origin}/swipe`);
    await hydrated(b, "swipe-deck");
    expect(await b.locator(".swipe-card-title").first().innerText()).toContain("Ana");
    await b.locator(".discover-action-like").click();
    const budiMoment = b.locator("dialog.match-dialog[open]");
    await budiMoment.waitFor();
    expect(await budiMoment.locator(".match-dialog-avatar img").count()).toBe(2);
    await screenshot(b, "match-moment-en-desktop");

    const anaMoment = a.locator("dialog.match-dialog[open]");
    await anaMoment.waitFor({ timeout: 10_000 });
    expect(await anaMoment.innerText()).toContain("You and Budi like each other.");
    expect(await anaMoment.locator(".match-dialog-avatar img").count()).toBe(2);
    await screenshot(a, "match-moment-live-en-phone");
    // Behind the moment, the list already holds the new match.
    await a.getByTestId("new-match").first().waitFor();
    await anaMoment.getByTestId("match-send-message").click();
    await a.waitForURL(/\/chat\/[a-z2-7]{26}$/);
    await hydrated(a, "chat-panel");
    expect(await a.locator(".chat-title").innerText()).toContain("Budi");
  }, 60_000);

  it("a match made while Ana was away waits as a dot on the Matches tab until she opens Matches", async () => {
    const a = anaBrowser.page;
    await a.goto("about:blank");
    const citra = await createAccount(server.origin, { firstName: "Citra", lastName: "Dewi" });
    await completeProfile(server.origin, anaBrowser.page, citra, "male", 120);
    const anaId = await userIdOf(server.origin, ana);
    await apiAs(server.origin, citra, "POST", "/api/swipe", { swipedId: anaId, isLike: true });
    expect((await (await apiAs(server.origin, ana, "POST", "/api/swipe", { swipedId: await userIdOf(server.origin, citra), isLike: true })).json()).isMatch).toBe(true);
    await a.goto(`${server.origin}/profile`);
    await a.waitForFunction(() => document.querySelector("[data-new-matches-dot]:not([hidden])") !== null, undefined, { timeout: 10_000 });
    await screenshot(a, "tab-new-match-dot-en-phone");
    await a.goto(`${server.origin}/matches`);
    await hydrated(a, "matches-list");
    await a.goto(`${server.origin}/profile`);
    await a.waitForTimeout(1000);
    expect(await a.locator("[data-new-matches-dot]:not([hidden])").count()).toBe(0);
  }, 60_000);

  it("in Indonesian: Dewi on her phone sees the moment live, then the inbox counts Yosua's messages live, on the row and the Chats tab", async () => {
    const phone = anaBrowser;
    const page = phone.page;
    await page.goto("about:blank");
    const dewi = await createAccount(server.origin, { firstName: "Dewi", lastName: "Lestari" });
    const yosua = await createAccount(server.origin, { firstName: "Yosua", lastName: "Sitompul" });
    await completeProfile(server.origin, page, dewi, "female", 20);
    await completeProfile(server.origin, page, yosua, "male", 250);
    await apiAs(server.origin, dewi, "POST", "/api/swipe", { swipedId: await userIdOf(server.origin, yosua), isLike: true });
    await setLanguage(phone.context, server.origin, "id");
    await signInContext(phone.context, server.origin, dewi);
    await page.goto(`${server.origin}/matches`);
    await hydrated(page, "matches-list");
    // Yosua likes her back from his phone app (the API): Dewi's page hears it.
    expect((await (await apiAs(server.origin, yosua, "POST", "/api/swipe", { swipedId: await userIdOf(server.origin, dewi), isLike: true })).json()).isMatch).toBe(true);
    const moment = page.locator("dialog.match-dialog[open]");
    await moment.waitFor({ timeout: 10_000 });
    expect(await moment.innerText()).toContain("Kamu dan Yosua saling menyukai.");
    await screenshot(page, "match-moment-live-id-phone");
    await moment.getByRole("button", { name: "Lanjut swipe" }).click();
    await page.getByTestId("new-match").first().waitFor();

    // Two messages from Yosua: the conversation row and the Chats tab count them, live.
    const matchId = ((await (await apiAs(server.origin, dewi, "GET", "/api/matches")).json()) as { id: string }[])[0]!.id;
    for (const content of ["Shalom Dewi!", "Ibadah Minggu di mana?"]) {
      expect((await apiAs(server.origin, yosua, "POST", `/api/matches/${matchId}/messages`, { content })).status).toBe(201);
    }
    await page.waitForFunction(() => document.querySelector("[data-testid=unread-badge]")?.textContent === "2", undefined, { timeout: 10_000 });
    expect(await page.getByTestId("unread-badge").first().getAttribute("aria-label")).toBe("2 pesan belum dibaca");
    await page.waitForFunction(() => document.querySelector("[data-unread-badge]:not([hidden])")?.textContent === "2", undefined, { timeout: 10_000 });
    await screenshot(page, "inbox-unread-id-phone");
  }, 60_000);
});
