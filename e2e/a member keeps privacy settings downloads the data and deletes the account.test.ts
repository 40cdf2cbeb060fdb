/**
 * Privacy settings kept on the server and data rights, as a member does them in Chromium:
 * switching read receipts off follows the account to another browser; "Download my data" saves a
 * zip of JSON and photos; "Delete my account" with the password ends everything, the match is
 * gone for the partner, and the email registers again. Screenshots go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { apiAs, createAccount, setLanguage, signInContext, type Account } from "./support/accounts";
import { openBrowser, PHONE, DESKTOP, screenshot, type Browser } from "./support/browser";
import { completeProfile, hydrated, matchPair } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
let ana: Account;
let budi: Account;
let phone: Browser;

beforeAll(async () => {
  server = await startServer();
  ana = await createAccount(server.origin, { firstName: "Ana", lastName: "Kusuma" });
  budi = await createAccount(server.origin, { firstName: "Budi", lastName: "Hartono" });
  phone = await openBrowser({ viewport: PHONE });
  await signInContext(phone.context, server.origin, ana);
  await phone.page.goto(`${server.origin}/edit-profile`);
  await completeProfile(server.origin, phone.page, ana, "female", 330);
  await completeProfile(server.origin, phone.page, budi, "male", 200);
  await matchPair(server.origin, ana, budi);
}, 120_000);

afterAll(async () => {
  await phone?.close();
  await server?.stop();
});

describe("a member keeps privacy settings, downloads the data and deletes the account", () => {
  it("switches read receipts off, and another device shows it off too", async () => {
    const { page } = phone;
    await page.goto(`${server.origin}/settings`);
    await hydrated(page, "settings-panel");
    const receipts = page.locator('[data-setting="readReceipts"]');
    expect(await receipts.getAttribute("aria-checked")).toBe("true");
    await Promise.all([page.waitForResponse((response) => response.url().endsWith("/api/settings") && response.request().method() === "PATCH"), receipts.click()]);
    expect(await receipts.getAttribute("aria-checked")).toBe("false");
    expect(((await (await apiAs(server.origin, ana, "GET", "/api/settings")).json()) as { readReceipts: boolean }).readReceipts).toBe(false);
    await screenshot(page, "settings-en-phone");

    const laptop = await openBrowser({ viewport: DESKTOP });
    try {
      await signInContext(laptop.context, server.origin, ana);
      await setLanguage(laptop.context, server.origin, "id");
      await laptop.page.goto(`${server.origin}/settings`);
      await hydrated(laptop.page, "settings-panel");
      expect(await laptop.page.locator('[data-setting="readReceipts"]').getAttribute("aria-checked")).toBe("false");
      await laptop.page.getByText("Datamu").scrollIntoViewIfNeeded();
      await screenshot(laptop.page, "settings-id-desktop");
    } finally {
      await laptop.close();
    }
  }, 60_000);

  it("downloads a zip of the account's JSON and photos", async () => {
    const { page } = phone;
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-data").click()]);
    expect(download.suggestedFilename()).toMatch(/^kasih-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(JSON.parse(strFromU8(files["account.json"]!))).toMatchObject({ email: ana.email, firstName: "Ana", settings: { readReceipts: false } });
    expect(JSON.parse(strFromU8(files["matches.json"]!))).toEqual([expect.objectContaining({ with: expect.objectContaining({ firstName: "Budi" }) })]);
    expect(Object.keys(files).filter((name) => name.startsWith("photos/"))).toHaveLength(1);
  }, 60_000);

  it("deletes the account with the password: the partner's match is gone and the email registers again", async () => {
    const { page } = phone;
    await page.getByTestId("delete-account").click();
    const dialog = page.locator("dialog[open]");
    await dialog.getByLabel("Your password").fill("wrong password");
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await dialog.getByText("Incorrect password").waitFor();
    await screenshot(page, "delete-account-en-phone");
    await dialog.getByLabel("Your password").fill(ana.password);
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await page.waitForURL(`${server.origin}/auth`);
    await page.getByText("Your account has been deleted").waitFor({ timeout: 10_000 });

    expect(await (await apiAs(server.origin, budi, "GET", "/api/matches")).json()).toEqual([]);
    expect((await apiAs(server.origin, ana, "GET", "/api/auth/user")).status).toBe(401);
    const again = await createAccount(server.origin, { email: ana.email, firstName: "Ana" });
    expect((await apiAs(server.origin, again, "GET", "/api/auth/user")).status).toBe(200);
  }, 60_000);
});
