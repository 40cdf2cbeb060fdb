/**
 * Onboarding in steps (docs/decisions/0096), in a real Chromium against the real server, from a
 * fresh account to the first card in Discover: photos (one JPEG carrying GPS EXIF), basics with a
 * birth date (under 18 refused) and consent, faith, about me with a prompt, preferences. The tab
 * is closed half-way and a new one resumes at the same step with everything typed; after the
 * profile is made, two of the ten quick values questions are answered. Run in English
 * on a phone and in Indonesian on a desktop; screenshots of every step in both.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { apiAs, createAccount, setLanguage, signInContext } from "./support/accounts";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { completeProfile, hydrated, photoDataUrl } from "./support/members";
import { startServer, type RunningServer } from "./support/server";
import { containsText, GPS_SECRET, withJpegMetadata } from "../src/features/profile/photos/test-images";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A real JPEG drawn in the page. */
async function drawnJpeg(page: Page, hue: number): Promise<Uint8Array> {
  const dataUrl = await photoDataUrl(page, hue);
  return new Uint8Array(Buffer.from(dataUrl.split(",")[1]!, "base64"));
}

const next = (page: Page) => page.locator(".onboarding-actions button[type=submit]");
const back = (page: Page) => page.locator(".onboarding-actions button[type=button]");
const onStep = (page: Page, step: string) => page.locator(`form.onboarding[data-step="${step}"]`).waitFor();
const fieldError = (page: Page, field: string) => page.locator(`#error-${field}`);

/** Someone of the other gender, with a prompt, for the deck's first card. */
async function someoneToMeet(page: Page, firstName: string, gender: "male" | "female") {
  const account = await createAccount(server.origin, { firstName, lastName: "Siregar" });
  await completeProfile(server.origin, page, account, gender, 200, { birthDate: "1996-08-30", prompts: [{ id: "favouriteVerse", answer: "Micah 6:8" }] });
}

/**
 * Every field of the step, focused in turn as the keyboard would, ends wholly above the sticky
 * bar and inside the screen (docs/decisions/0138); answers the fields that did not.
 */
async function fieldsUnderTheBar(page: Page): Promise<string[]> {
  const fields = await page.locator("form.onboarding :is(input, select, textarea):not([type=hidden]):not([type=file])").all();
  const covered: string[] = [];
  for (const field of fields) {
    const result = await field.evaluate((element: HTMLElement) => {
      const box = (element.closest("label, .choice-chip") ?? element).getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || element.closest(".onboarding-actions")) return null;
      element.focus();
      const shown = (element.closest("label, .choice-chip") ?? element).getBoundingClientRect();
      const bar = document.querySelector(".onboarding-actions")!.getBoundingClientRect();
      return shown.bottom <= bar.top + 0.5 && shown.top >= 0 ? null : `${element.id || (element as HTMLInputElement).name} ${Math.round(shown.top)}-${Math.round(shown.bottom)} bar ${Math.round(bar.top)}`;
    });
    if (result !== null) covered.push(result);
  }
  return covered;
}

for (const [lang, size, viewport] of [
  ["en", "phone", PHONE],
  ["id", "desktop", DESKTOP],
] as const) {
  describe(`onboarding in ${lang} on a ${size}`, () => {
    it("goes from a fresh account to the first card, step by step, resuming after the tab is closed", async () => {
      const account = await createAccount(server.origin, { firstName: "Maria", lastName: "Tambunan" });
      const browser = await openBrowser({ viewport });
      const { context } = browser;
      let page = browser.page;
      const shot = (name: string) => screenshot(page, `onboarding-${name}-${lang}-${size}`);
      try {
        await setLanguage(context, server.origin, lang);
        await signInContext(context, server.origin, account);
        await page.goto(`${server.origin}/settings`);
        await page.waitForURL(/\/edit-profile$/);
        await hydrated(page, "onboarding");
        await someoneToMeet(page, "Budi", "male");
        expect(await page.locator(".onboarding-count").innerText()).toBe(lang === "en" ? "Step 1 of 5" : "Langkah 1 dari 5");
        expect(await page.locator("h1").innerText()).toBe(lang === "en" ? "Welcome, Maria! Add your photos" : "Selamat datang, Maria! Tambahkan fotomu");

        // Photos first: none is refused, then a JPEG with a GPS position goes in.
        await next(page).click();
        expect(await fieldError(page, "photos").innerText()).toBe(lang === "en" ? "Photos required: Please add at least one photo to your profile" : "Foto wajib: Tambahkan minimal satu foto ke profilmu");
        const jpeg = withJpegMetadata(await drawnJpeg(page, 330));
        expect(containsText(jpeg, GPS_SECRET)).toBe(true);
        await page.locator("[data-testid=photo-input]").setInputFiles([{ name: "camp.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpeg) }]);
        await page.waitForFunction(() => document.querySelectorAll('.photo-grid img[src^="/uploads/"]').length === 1, undefined, { timeout: 30_000 });
        expect(await fieldsUnderTheBar(page)).toEqual([]);
        // The tile's buttons sit under the picture, not over it.
        const tile = await page.locator(".photo-tile").first().evaluate((element) => ({ photo: element.querySelector("img")!.getBoundingClientRect(), actions: element.querySelector(".photo-tile-actions")!.getBoundingClientRect() }));
        expect(tile.actions.top).toBeGreaterThanOrEqual(tile.photo.bottom - 0.5);
        expect(tile.photo.height / tile.photo.width).toBeCloseTo(4 / 3, 1);
        await shot("1-photos");
        await next(page).click();

        // Basics: under 18 on the day is refused, and both consents are needed.
        await onStep(page, "basics");
        const today = new Date();
        const seventeen = `${today.getFullYear() - 17}-01-01`;
        await page.locator("#field-birthDate").fill(seventeen);
        await next(page).click();
        expect(await fieldError(page, "birthDate").innerText()).toBe(lang === "en" ? "Must be at least 18 years old" : "Usia minimal 18 tahun");
        expect(await fieldError(page, "acceptTerms").count()).toBe(1);
        expect(await fieldError(page, "confirmAdult").count()).toBe(1);
        await shot("2-basics-errors");
        await page.locator("#field-birthDate").fill("1998-03-14");
        await page.locator('input[name="gender"][value="female"]').check();
        await page.locator("#field-city").selectOption("medan");
        await page.locator("#field-acceptTerms").check();
        await page.locator("#field-confirmAdult").check();
        expect(await page.locator(".field-error").count()).toBe(0);
        expect(await fieldsUnderTheBar(page)).toEqual([]);
        await shot("2-basics");
        await next(page).click();
        await onStep(page, "faith");

        // The tab is closed; a new one opens at the same step with everything kept.
        await page.locator("#field-churchName").fill("HKBP Menteng");
        await page.waitForTimeout(1_600); // the typing autosave
        // (A second tab first: closing the browser's last one would also end its session cookies.)
        const resumed = await context.newPage();
        await page.close();
        page = resumed;
        await page.goto(`${server.origin}/edit-profile`);
        await hydrated(page, "onboarding");
        await onStep(page, "faith");
        expect(await page.locator(".onboarding-count").innerText()).toBe(lang === "en" ? "Step 3 of 5" : "Langkah 3 dari 5");
        expect(await page.locator("#field-churchName").inputValue()).toBe("HKBP Menteng");
        await back(page).click();
        await onStep(page, "basics");
        expect(await page.locator("#field-birthDate").inputValue()).toBe("1998-03-14");
        expect(await page.locator("#field-confirmAdult").isChecked()).toBe(true);
        await next(page).click();

        // Faith.
        await onStep(page, "faith");
        await page.locator("#field-denomination").selectOption("protestant");
        await page.locator("#field-faithDuration").selectOption("5-10 years");
        await page.locator("#field-faithTestimony").fill("Jesus found me at a youth retreat in Parapat, and I have walked with him every day since then.");
        expect(await fieldsUnderTheBar(page)).toEqual([]);
        await shot("3-faith");
        await next(page).click();

        // About me, with one prompt answered.
        await onStep(page, "about");
        await page.locator("#field-bio").fill("Nurse in Medan who sings in the church choir.");
        await page.locator(".prompt-add").click();
        await page.locator("#prompt-0-id").selectOption("sundayLooksLike");
        await next(page).click();
        expect(await fieldError(page, "prompts").innerText()).toBe(lang === "en" ? "Please answer the prompt" : "Jawab pertanyaannya dulu");
        await page.locator("#prompt-0-answer").fill("Morning service, then lunch with the choir.");
        expect(await fieldsUnderTheBar(page)).toEqual([]);
        await shot("4-about");
        await next(page).click();

        // Preferences, then the first card.
        await onStep(page, "preferences");
        await page.locator('input[name="relationshipGoals"][value="marriage"]').check();
        await page.locator("#field-ageMin").selectOption("25");
        await page.locator("#field-ageMax").selectOption("35");
        expect(await fieldsUnderTheBar(page)).toEqual([]);
        await shot("5-preferences");
        await next(page).click();

        // Ten quick values questions (docs/decisions/0133): two answered, each saved as it is chosen.
        const questions = page.locator('[data-step="questions"]');
        await questions.waitFor({ timeout: 15_000 });
        expect(await page.getByTestId("onboarding-questions-progress").innerText()).toBe(lang === "en" ? "0 of 10 answered" : "0 dari 10 terjawab");
        expect(await page.getByTestId("onboarding-questions-skip").isVisible()).toBe(true);
        await page.locator('input[name="question-pray-together-answer"][value="daily"]').check();
        await page.locator('input[name="question-children-answer"][value="yes"]').check();
        await page.waitForFunction((expected) => document.querySelector('[data-testid="onboarding-questions-progress"]')?.textContent === expected, lang === "en" ? "2 of 10 answered" : "2 dari 10 terjawab");
        await shot("6-questions");
        await page.getByTestId("onboarding-questions-done").click();
        await page.waitForURL(/\/swipe/, { timeout: 15_000 });
        await hydrated(page, "swipe-deck");
        await page.locator(".swipe-card-title", { hasText: "Budi" }).first().waitFor();
        await shot("7-first-card");

        // The other person's prompt, in the reader's language: beside the card on a desktop, and in the info overlay.
        const promptTitle = lang === "en" ? "My favourite verse" : "Ayat favoritku";
        if (size === "desktop") expect(await page.getByTestId("discover-details").locator(".prompt-answer dt").innerText()).toBe(promptTitle);
        else expect(await page.getByTestId("discover-details").count()).toBe(0);
        await page.locator(".swipe-card-info").first().click();
        const overlay = page.locator("dialog[open]");
        await overlay.locator(".prompt-answer dt", { hasText: promptTitle }).waitFor();
        expect(await overlay.locator(".prompt-answer dd").innerText()).toBe("Micah 6:8");

        // What was saved: the age from the birth date, the prompt, the preferences; the photo without its GPS position.
        const profile = await (await apiAs(server.origin, account, "GET", "/api/profile")).json();
        const expectedAge = today.getFullYear() - 1998 - (today.getMonth() < 2 || (today.getMonth() === 2 && today.getDate() < 14) ? 1 : 0);
        expect(profile).toMatchObject({ birthDate: "1998-03-14", age: expectedAge, city: "medan", churchName: "HKBP Menteng", prompts: [{ id: "sundayLooksLike", answer: "Morning service, then lunch with the choir." }] });
        const answered = (await (await apiAs(server.origin, account, "GET", "/api/questions")).json()) as { questions: { id: string; mine?: unknown }[] };
        expect(answered.questions.filter((question) => question.mine).map((question) => [question.id, question.mine])).toEqual([
          ["pray-together", { answer: "daily", acceptable: ["daily"], importance: "somewhat", public: true }],
          ["children", { answer: "yes", acceptable: ["yes"], importance: "somewhat", public: true }],
        ]);
        const filters = await (await apiAs(server.origin, account, "GET", "/api/discovery/filters")).json();
        expect(filters).toMatchObject({ ageMin: 25, ageMax: 35, maxDistance: 50 });
        const stored = new Uint8Array(await (await fetch(`${server.origin}${profile.photos[0]}`, { headers: { Cookie: account.cookie } })).arrayBuffer());
        expect(containsText(stored, GPS_SECRET)).toBe(false);
      } finally {
        await browser.close();
      }
    });
  });
}
