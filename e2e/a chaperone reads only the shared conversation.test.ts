/**
 * The family chaperone (MATCHING.md 'Chaperone', docs/decisions/0135) in three real Chromium
 * windows, in Indonesian on a phone (390x844): Budi invites his mother from Settings; the mail
 * lands in $DATA_DIR/mail; she accepts through its link with a name and a password and lands on
 * her home; Budi shares his chat with Ana; Ana's open chat shows the notice line live; Ana and Budi
 * write on; the chaperone reads only what was written from the sharing on, with no composer and
 * no call buttons, and the API refuses her a message. Screenshots go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { apiAs, setLanguage } from "./support/accounts";
import { DESKTOP, openBrowser, PHONE, screenshot, type Browser } from "./support/browser";
import { hydrated, matchedPair } from "./support/members";
import { startServer, type RunningServer } from "./support/server";
import { waitUntil } from "./support/wait";
import type { Account } from "./support/accounts";

const MOTHER = "ibu.budi@example.com";
const PASSWORD = "doa ibu selalu menyertai";

let server: RunningServer;
let ana: Account;
let budi: Account;
let matchId: string;
let browserA: Browser;
let browserB: Browser;
let browserC: Browser;
let budiDesktop: Browser;

/** The link of the newest mail to `to` in $DATA_DIR/mail (quoted-printable undone). */
function invitationLink(to: string): string | null {
  const folder = join(server.dataDir, "mail");
  if (!existsSync(folder)) return null;
  for (const name of readdirSync(folder).sort().reverse()) {
    const raw = readFileSync(join(folder, name), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!raw.includes(`To: ${to}`)) continue;
    const link = /(http:\/\/[^\s"<]+\/chaperone\/accept\?token=[a-z0-9]+)/.exec(raw);
    if (link !== null) return link[1]!;
  }
  return null;
}

beforeAll(async () => {
  server = await startServer();
  // Ana on a phone; Budi too (the pair's helper gives him a desktop: a phone window is opened for him).
  ({ ana, budi, browserA, browserB: budiDesktop, matchId } = await matchedPair(server));
  const pair = await matchedPairBrowsers();
  browserB = pair.budi;
  browserC = pair.mother;
  for (const browser of [browserA, browserB, browserC]) await setLanguage(browser.context, server.origin, "id");
  await apiAs(server.origin, budi, "PATCH", "/api/auth/language", { language: "id" });
  // Written before the sharing: the chaperone must never see these.
  await apiAs(server.origin, budi, "POST", `/api/matches/${matchId}/messages`, { content: "Rahasia kecil sebelum dibagikan" });
  await apiAs(server.origin, ana, "POST", `/api/matches/${matchId}/messages`, { content: "Jawaban yang juga pribadi" });
}, 120_000);

/** Budi's phone window (signed in) and a fresh one for his mother. */
async function matchedPairBrowsers() {
  const budiPhone = await openBrowser({ viewport: PHONE });
  const [name, value] = budi.cookie.split("=") as [string, string];
  await budiPhone.context.addCookies([{ name, value, url: server.origin, httpOnly: true, sameSite: "Lax" }]);
  return { budi: budiPhone, mother: await openBrowser({ viewport: PHONE }) };
}

afterAll(async () => {
  await browserA?.close();
  await browserB?.close();
  await browserC?.close();
  await budiDesktop?.close();
  await server?.stop();
});

describe("a chaperone reads only the shared conversation", () => {
  it("invites, accepts through the mailed link, shares one match, tells Ana first, and reads only what follows", async () => {
    const b = browserB.page;
    // 1. Budi invites his mother from Settings.
    await b.goto(`${server.origin}/settings`);
    await hydrated(b, "settings-panel");
    const section = b.getByTestId("chaperone-settings");
    await section.getByRole("heading", { name: "Pendamping keluarga" }).scrollIntoViewIfNeeded();
    await section.getByLabel("Alamat email mereka").fill(MOTHER);
    await section.screenshot({ path: join(import.meta.dir, "screenshots", "chaperone-settings-invite-id-phone.png") });
    await section.getByRole("button", { name: "Kirim undangan" }).click();
    await section.getByText(`Diundang: ${MOTHER}. Menunggu mereka menerima.`).waitFor({ timeout: 10_000 });
    await section.scrollIntoViewIfNeeded();
    await screenshot(b, "chaperone-settings-pending-id-phone");
    await section.screenshot({ path: join(import.meta.dir, "screenshots", "chaperone-settings-section-id-phone.png") });

    // 2. The mail (in Budi's language) and its link, opened by his mother.
    await waitUntil(async () => invitationLink(MOTHER) !== null);
    const link = invitationLink(MOTHER)!;
    const c = browserC.page;
    await c.goto(link);
    await c.getByRole("heading", { name: "Menjadi pendamping Budi" }).waitFor();
    await screenshot(c, "chaperone-accept-id-phone");
    await c.getByLabel("Nama Anda").fill("Ibu Maria");
    await c.getByLabel("Buat kata sandi").fill(PASSWORD);
    await c.getByRole("button", { name: "Terima dan masuk" }).click();
    await c.waitForURL(`${server.origin}/chaperone`);
    await c.getByRole("heading", { name: "Halo, Ibu Maria" }).waitFor();
    const card = c.getByTestId("chaperone-match");
    await card.getByText("Ana", { exact: false }).first().waitFor();
    await card.getByText("Percakapan tidak dibagikan").waitFor();
    await screenshot(c, "chaperone-home-not-shared-id-phone");
    // A chaperone's session is refused on member pages and calls.
    await c.goto(`${server.origin}/swipe`);
    await c.waitForURL(`${server.origin}/chaperone`);

    // 3. Ana has the chat open; Budi shares it.
    const a = browserA.page;
    await a.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(a, "chat-panel");
    await b.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(b, "chat-panel");
    const share = b.getByRole("switch", { name: "Bagikan ke pendamping" });
    await b.getByText("Pendampingmu bisa membaca percakapan ini sejak kamu menyalakannya", { exact: false }).waitFor();
    expect(await share.getAttribute("aria-checked")).toBe("false");
    await screenshot(b, "chaperone-chat-switch-off-id-phone");
    await share.click();
    await waitUntil(async () => (await share.getAttribute("aria-checked")) === "true");
    await b.getByTestId("chaperone-notice").getByText("Pendampingmu bisa membaca percakapan ini mulai dari sini").waitFor();
    await screenshot(b, "chaperone-chat-shared-id-phone");

    // 4. Ana is told, live, before anything is shared: a line, not a message.
    const notice = a.getByTestId("chaperone-notice");
    await notice.getByText("Pendamping Budi dapat membaca percakapan ini").waitFor({ timeout: 10_000 });
    expect(await a.getByTestId("message").count()).toBe(2);
    await screenshot(a, "chaperone-notice-ana-id-phone");
    const list = (await (await apiAs(server.origin, ana, "GET", "/api/matches")).json()) as { id: string; chaperoneCanRead: boolean; lastMessage: { content: string } }[];
    expect(list[0]).toMatchObject({ id: matchId, chaperoneCanRead: true, lastMessage: { content: "Jawaban yang juga pribadi" } });

    // 5. They write on.
    await a.getByLabel("Tulis pesan", { exact: false }).fill("Salam untuk Ibu ya");
    await a.getByTestId("send").click();
    await b.getByText("Salam untuk Ibu ya").waitFor({ timeout: 10_000 });
    await apiAs(server.origin, budi, "POST", `/api/matches/${matchId}/messages`, { content: "Ibu titip salam juga" });

    // 6. The chaperone reads only what followed the sharing, and cannot write.
    await c.goto(`${server.origin}/chaperone`);
    await c.getByTestId("chaperone-match").getByText("Dibagikan sejak", { exact: false }).waitFor();
    await screenshot(c, "chaperone-home-shared-id-phone");
    await c.getByRole("link", { name: "Baca percakapan" }).click();
    await c.waitForURL(`${server.origin}/chaperone/matches/${matchId}`);
    const messages = c.getByTestId("chaperone-message");
    await messages.first().waitFor();
    expect(await messages.allInnerTexts()).toEqual([expect.stringContaining("Salam untuk Ibu ya"), expect.stringContaining("Ibu titip salam juga")]);
    expect(await c.getByText("Rahasia kecil sebelum dibagikan").count()).toBe(0);
    expect(await c.getByText("Jawaban yang juga pribadi").count()).toBe(0);
    expect(await c.locator("textarea, input[type=text], [data-testid=voice-call], [data-testid=video-call]").count()).toBe(0);
    await screenshot(c, "chaperone-conversation-id-phone");
    const cookie = (await browserC.context.cookies(server.origin)).find((entry) => entry.name === "kasih_session")!;
    const mother = { cookie: `kasih_session=${cookie.value}` };
    expect((await apiAs(server.origin, mother, "POST", `/api/matches/${matchId}/messages`, { content: "Halo" })).status).toBe(403);
    expect((await apiAs(server.origin, mother, "GET", `/api/matches/${matchId}/messages`)).status).toBe(403);

    // The same pages in English on a desktop, to look at.
    await c.setViewportSize(DESKTOP);
    await c.getByRole("button", { name: "English" }).click();
    await c.getByText("Read-only.", { exact: false }).waitFor();
    await screenshot(c, "chaperone-conversation-en-desktop");
    await c.goto(`${server.origin}/chaperone`);
    await screenshot(c, "chaperone-home-en-desktop");
    // Budi's chat with the switch on, in English on a desktop.
    // As the Settings switcher does: the device's choice in storage and in the cookie.
    await b.evaluate(() => {
      localStorage.setItem("app-language", "en");
      document.cookie = "app-language=en; path=/; samesite=lax";
    });
    await b.setViewportSize(DESKTOP);
    await b.goto(`${server.origin}/chat/${matchId}`);
    await hydrated(b, "chat-panel");
    await b.getByRole("switch", { name: "Share with chaperone" }).waitFor();
    await screenshot(b, "chaperone-chat-shared-en-desktop");
  }, 120_000);
});
