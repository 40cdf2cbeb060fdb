/**
 * Reports that protect (docs/decisions/0089), in two real Chromium contexts: Budi asks Ana for
 * money; Ana sees the scam guard's warning, reports from it (reason and "Also block" already
 * chosen), and lands on her matches with the safety note; Budi's open chat ends live, and the
 * match is gone for both. Screenshots go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { apiAs, type Account } from "./support/accounts";
import { screenshot, type Browser } from "./support/browser";
import { hydrated, matchedPair, userIdOf } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
let ana: Account;
let budi: Account;
let matchId: string;
let browserA: Browser;
let browserB: Browser;

beforeAll(async () => {
  server = await startServer();
  ({ ana, budi, browserA, browserB, matchId } = await matchedPair(server));
  await apiAs(server.origin, budi, "POST", `/api/matches/${matchId}/messages`, { content: "Shalom Ana, senang kenal kamu" });
  await apiAs(server.origin, budi, "POST", `/api/matches/${matchId}/messages`, { content: "Aku lagi susah nih, bisa pinjam uang 2 juta? Transfer ke rekening BCA aku ya" });
}, 120_000);

afterAll(async () => {
  await browserA?.close();
  await browserB?.close();
  await server?.stop();
});

describe("a member reports a match from the chat", () => {
  it("reports from the scam warning, leaves the chat with a safety note, and the match is gone for both", async () => {
    const a = browserA.page;
    const b = browserB.page;
    await b.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(b, "chat-panel");
    await a.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(a, "chat-panel");

    const caution = a.getByTestId("scam-caution");
    await caution.waitFor();
    expect(await caution.count()).toBe(1);
    await caution.getByRole("button", { name: "Report" }).click();
    const form = a.locator("dialog[open]");
    await form.getByText("Also block Budi").waitFor();
    expect(await form.getByLabel("Scam or money request").isChecked()).toBe(true);
    expect(await form.getByTestId("report-also-block").isChecked()).toBe(true);
    await screenshot(a, "report-from-chat-en-phone");
    await form.getByRole("button", { name: "Send report" }).click();

    await a.waitForURL(`${server.origin}/matches`);
    await a.getByText("Report sent. Budi is blocked.").waitFor({ timeout: 10_000 });
    await a.getByText("Budi can no longer see you or write to you. If you are in danger, call 112.").waitFor();
    await screenshot(a, "report-safety-note-en-phone");
    await b.getByText("This conversation has ended").waitFor({ timeout: 10_000 });

    expect(await (await apiAs(server.origin, ana, "GET", "/api/matches")).json()).toEqual([]);
    expect(await (await apiAs(server.origin, budi, "GET", "/api/matches")).json()).toEqual([]);
    const anaId = await userIdOf(server.origin, ana);
    const deck = (await (await apiAs(server.origin, budi, "GET", "/api/discovery")).json()) as { id: string }[];
    expect(deck.map((card) => card.id)).not.toContain(anaId);
    // The chat's address is closed to her too.
    expect((await apiAs(server.origin, ana, "GET", `/api/matches/${matchId}/messages`)).status).toBe(404);
  }, 90_000);
});
