/**
 * Indonesian churches and interests as chips (docs/decisions/0132), in a real Chromium against the
 * real server: a new member at onboarding's faith step types "gbi", picks GBI from the suggestions
 * with the keyboard and adds the congregation; picks interests as chips (ten at most); the profile
 * shows the church and the interests in the member's language, and Discover's card of a member
 * of the same church comes first with the shared interests marked. Indonesian on a phone, English
 * on a desktop; screenshots of each screen.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { apiAs, createAccount, setLanguage, signInContext, type Account } from "./support/accounts";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { completeProfile, hydrated, photoDataUrl } from "./support/members";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const next = (page: Page) => page.locator(".onboarding-actions button[type=submit]");
const onStep = (page: Page, step: string) => page.locator(`form.onboarding[data-step="${step}"]`).waitFor();

/** A new member with a photo uploaded and the basics done: onboarding opens at the faith step. */
async function atFaithStep(page: Page, account: Account) {
  const jpeg = Buffer.from((await photoDataUrl(page, 320)).split(",")[1]!, "base64");
  const upload = await fetch(`${server.origin}/api/profile/photos`, { method: "POST", headers: { "Content-Type": "image/jpeg", Origin: server.origin, Cookie: account.cookie }, body: jpeg });
  expect(upload.status).toBe(201);
  const draft = await apiAs(server.origin, account, "PUT", "/api/profile/draft", {
    step: 2,
    values: { birthDate: "1997-02-11", gender: "female", city: "surabaya", acceptTerms: true, confirmAdult: true },
  });
  expect(draft.status).toBe(200);
}

for (const [lang, size, viewport] of [
  ["id", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  describe(`churches and interests in ${lang} on a ${size}`, () => {
    it("picks GBI from the suggestions, chooses interests as chips, and sees them on the profile and a card", async () => {
      const browser = await openBrowser({ viewport });
      const { page, context } = browser;
      const shot = (name: string) => screenshot(page, `faith-${name}-${lang}-${size}`);
      try {
        await page.goto(`${server.origin}/`);
        // Someone of the same church to meet, and one of another family who would otherwise rank as high.
        const yosua = await createAccount(server.origin, { firstName: lang === "id" ? "Yosua" : "Joshua", lastName: "Wowor" });
        await completeProfile(server.origin, page, yosua, "male", 200, { city: "surabaya", denomination: "pentecostal", churchId: "gbi", churchName: "Rayon 3", interests: ["music", "choir", "cooking"], relationshipGoals: "marriage" });
        const other = await createAccount(server.origin, { firstName: lang === "id" ? "Hendra" : "Henry", lastName: "Tan" });
        await completeProfile(server.origin, page, other, "male", 120, { city: "surabaya", denomination: "catholic", churchId: "k-surabaya", interests: ["hiking"], relationshipGoals: "marriage" });

        const maria = await createAccount(server.origin, { firstName: "Maria", lastName: "Lumowa" });
        await atFaithStep(page, maria);
        await setLanguage(context, server.origin, lang);
        await signInContext(context, server.origin, maria);
        await page.goto(`${server.origin}/edit-profile`);
        await hydrated(page, "onboarding");
        await onStep(page, "faith");

        // The combobox: typing asks the directory, GBI comes first; the keyboard picks it.
        const combobox = page.locator("#field-churchName");
        await combobox.click();
        await combobox.pressSequentially("gbi", { delay: 40 });
        const listbox = page.getByRole("listbox");
        await listbox.getByRole("option").first().waitFor();
        expect(await combobox.getAttribute("aria-expanded")).toBe("true");
        expect(await listbox.getByRole("option").first().innerText()).toContain("Gereja Bethel Indonesia");
        await shot("church-suggestions");
        await combobox.press("ArrowDown");
        expect(await combobox.getAttribute("aria-activedescendant")).toBe(await listbox.getByRole("option").first().getAttribute("id"));
        await combobox.press("Enter");
        expect(await combobox.inputValue()).toBe("GBI — Gereja Bethel Indonesia");
        expect(await combobox.getAttribute("aria-expanded")).toBe("false");
        await page.locator("#field-congregation").fill("Rayon 3 Surabaya");
        await page.locator("#field-denomination").selectOption("pentecostal");
        expect(await page.locator("#field-denomination option:checked").innerText()).toBe(lang === "id" ? "Pentakosta" : "Pentecostal");
        await page.locator("#field-faithDuration").selectOption("5-10 years");
        await page.locator("#field-faithTestimony").fill("I found Jesus at a youth camp in Batu and have served in the worship team since.");
        await shot("church-chosen");
        await next(page).click();

        // Interests: chips in the member's language; at ten the rest are unavailable.
        await onStep(page, "about");
        await page.locator("#field-bio").fill("Teacher in Surabaya who sings in the choir on Sundays.");
        const chip = (name: string) => page.locator(".interest-picker button", { hasText: new RegExp(`^(✓ )?${name}$`) });
        const names = lang === "id" ? ["Musik", "Paduan suara", "Jalan-jalan"] : ["Music", "Choir", "Travel"];
        for (const name of names) await chip(name).click();
        expect(await page.locator('.interest-picker button[aria-pressed="true"]').count()).toBe(3);
        const more = page.locator('.interest-picker button[aria-pressed="false"]');
        const added: string[] = [];
        for (let i = 0; i < 7; i++) {
          added.push(await more.first().innerText());
          await more.first().click();
        }
        expect(await page.locator('.interest-picker button[aria-pressed="true"]').count()).toBe(10);
        expect(await page.locator(".interest-picker button:disabled").count()).toBeGreaterThan(50);
        expect(await page.locator("#hint-interests").innerText()).toContain("10");
        await shot("interests-full");
        // Take the seven back off.
        for (const name of added) await chip(name).click();
        expect(await page.locator('.interest-picker button[aria-pressed="true"]').count()).toBe(3);
        await shot("interests");
        await next(page).click();
        await onStep(page, "preferences");
        await page.locator('input[name="relationshipGoals"][value="marriage"]').check();
        await next(page).click();

        // The profile as saved: the church from the directory, the congregation, the interests as keys.
        for (let tries = 0; tries < 100; tries++) {
          if ((await apiAs(server.origin, maria, "GET", "/api/profile")).status === 200) break;
          await page.waitForTimeout(150);
        }
        const profile = await (await apiAs(server.origin, maria, "GET", "/api/profile")).json();
        expect(profile).toMatchObject({ denomination: "pentecostal", churchId: "gbi", churchName: "Rayon 3 Surabaya", interests: ["music", "choir", "travel"] });

        await page.goto(`${server.origin}/profile`);
        await page.locator(".profile-details").first().waitFor();
        expect(await page.locator(".profile-details").first().innerText()).toContain("GBI · Rayon 3 Surabaya");
        expect(await page.locator(".interest-chips").innerText()).toContain(names[1]!);
        await shot("profile");

        // Discover: the same church first, the shared interests marked.
        await page.goto(`${server.origin}/swipe`);
        await hydrated(page, "swipe-deck");
        const deck = (await (await apiAs(server.origin, maria, "GET", "/api/discovery")).json()) as { firstName: string }[];
        const order = deck.map((card) => card.firstName);
        // (The first run's people are on the second run's deck too.)
        expect(order.indexOf(lang === "id" ? "Yosua" : "Joshua")).toBeLessThan(order.indexOf(lang === "id" ? "Hendra" : "Henry"));
        const card = page.locator(".swipe-stack .swipe-card", { hasText: lang === "id" ? "Yosua" : "Joshua" });
        await card.locator(".swipe-card-church").waitFor();
        expect(await card.locator(".swipe-card-church").innerText()).toContain("GBI · Rayon 3");
        const shared = await card.locator(".badge-shared").allInnerTexts();
        expect(shared).toHaveLength(2);
        expect(shared[0]).toContain(names[0]!);
        expect(shared[1]).toContain(names[1]!);
        await shot("card");

        // The editor opens with the directory church, the congregation and the chips as saved.
        await page.goto(`${server.origin}/profile/edit`);
        await hydrated(page, "profile-editor");
        expect(await page.locator("#field-churchName").inputValue()).toBe("GBI — Gereja Bethel Indonesia");
        expect(await page.locator("#field-congregation").inputValue()).toBe("Rayon 3 Surabaya");
        expect(await page.locator('.interest-picker button[aria-pressed="true"]').count()).toBe(3);
        await shot("edit");
      } finally {
        await browser.close();
      }
    }, 120_000);
  });
}
