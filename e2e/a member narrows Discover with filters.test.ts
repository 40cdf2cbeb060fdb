/**
 * Discover filters (docs/decisions/0097) in a real Chromium: the server narrows the deck by age
 * range and denomination, the Filters button shows a dot, the choice survives a reload, and
 * filters nobody matches give their own empty state with a way back. English on a phone,
 * Indonesian on a desktop.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { apiAs, createAccount, setLanguage, signInContext, type Account } from "./support/accounts";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { hydrated, photoDataUrl } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function member(page: Page, firstName: string, gender: "male" | "female", birthDate: string, denomination: string, relationshipGoals: string): Promise<Account> {
  const account = await createAccount(server.origin, { firstName, lastName: "Nainggolan" });
  const response = await apiAs(server.origin, account, "POST", "/api/profile", {
    photos: [await photoDataUrl(page, firstName.length * 40)],
    birthDate,
    acceptTerms: true,
    confirmAdult: true,
    gender,
    denomination,
    churchName: "Gereja Kristus Yesus",
    faithTestimony: "I came to know Christ in university and have served in the youth ministry since then.",
    faithDuration: "5-10 years",
    bio: "I love worship music, hiking and good coffee.",
    relationshipGoals,
  });
  expect(response.status).toBe(201);
  return account;
}

const shown = (page: Page) => page.locator(".swipe-stack .swipe-card-title").allInnerTexts();

// Each run has its own people and church, so the second run's deck can hold the first run's people
// without changing what the filters leave.
for (const [lang, size, viewport, church, names] of [
  ["en", "phone", PHONE, "Protestant", ["Budi", "Yosua", "Andreas"]],
  ["id", "desktop", DESKTOP, "Methodist", ["Bima", "Yohanes", "Agus"]],
] as const) {
  describe(`filters in ${lang} on a ${size}`, () => {
    it("narrow the deck on the server, show a dot, survive a reload, and explain an empty deck", async () => {
      const browser = await openBrowser({ viewport });
      const { page, context } = browser;
      try {
        await page.goto(`${server.origin}/`);
        const maria = await member(page, "Maria", "female", "1998-05-02", church, "marriage");
        const year = new Date().getFullYear();
        const [fits, tooOld, otherChurch] = names;
        await member(page, fits, "male", `${year - 31}-01-10`, church, "marriage");
        await member(page, tooOld, "male", `${year - 46}-01-10`, church, "marriage");
        await member(page, otherChurch, "male", `${year - 29}-01-10`, "Baptist", "friendship");
        await setLanguage(context, server.origin, lang);
        await signInContext(context, server.origin, maria);
        await page.goto(`${server.origin}/swipe`);
        await hydrated(page, "swipe-deck");
        await page.waitForFunction(() => document.querySelectorAll(".swipe-stack .swipe-card-title").length === 3);
        expect(await page.locator(".discover-filter-dot").count()).toBe(0);

        // Age 25 to 35, this run's church only: the second is too old, the third goes to another church.
        await page.locator(".discover-filters-button").click();
        await page.locator("#filter-ageMin").selectOption("25");
        await page.locator("#filter-ageMax").selectOption("35");
        // The profiles were made with the old English value; the filter offers its family key (decision 0132).
        await page.locator(`input[name="denominations"][value="${church.toLowerCase()}"]`).check();
        await screenshot(page, `discover-filters-${lang}-${size}`);
        await page.locator(".filters-actions button[type=submit]").click();
        await page.getByText(lang === "en" ? "Filters saved" : "Filter disimpan").waitFor();
        await page.waitForFunction(() => document.querySelectorAll(".swipe-stack .swipe-card-title").length === 1);
        expect((await shown(page))[0]).toContain(fits);
        expect(await page.locator(".discover-filter-dot").count()).toBe(1);

        // Kept on the server: the same deck after a reload.
        await page.reload();
        await hydrated(page, "swipe-deck");
        await page.waitForFunction(() => document.querySelectorAll(".swipe-stack .swipe-card-title").length === 1);
        expect((await shown(page))[0]).toContain(fits);

        // Nobody verified yet: the empty state names the filters and opens them.
        await page.locator(".discover-filters-button").click();
        await page.locator("#filter-verified").check();
        await page.locator(".filters-actions button[type=submit]").click();
        const emptyTitle = lang === "en" ? "No one matches your filters" : "Belum ada yang cocok dengan filtermu";
        await page.getByRole("heading", { name: emptyTitle }).waitFor();
        await screenshot(page, `discover-filters-empty-${lang}-${size}`);
        await page.getByRole("button", { name: lang === "en" ? "Change filters" : "Ubah filter" }).click();
        await page.locator(".filters-actions button[type=button]").click(); // clear
        expect(await page.locator("#filter-verified").isChecked()).toBe(false);
        await page.locator(".filters-actions button[type=submit]").click();
        await page.waitForFunction(() => document.querySelectorAll(".swipe-stack .swipe-card-title").length === 3);
        expect(await page.locator(".discover-filter-dot").count()).toBe(0);
      } finally {
        await browser.close();
      }
    });
  });
}
