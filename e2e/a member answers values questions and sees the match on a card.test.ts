/**
 * Values questions and the match % (MATCHING.md 'Values questions', docs/decisions/0133) in a
 * real Chromium: a member answers on /profile/questions (progress "N of 42"), sees "91% match" on
 * the other person's card with the question they agree on most, the three agreeing questions in
 * the info sheet, an empty deck under a minimum match above it, and the % in the match moment.
 * Indonesian on a phone, English on a desktop; screenshots of each screen.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { apiAs, createAccount, setLanguage, signInContext, type Account } from "./support/accounts";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { completeProfile, hydrated, photoDataUrl, userIdOf } from "./support/members";
import { startServer, type RunningServer } from "./support/server";
import { QUESTION_COUNT, QUESTIONS } from "../src/features/questions/question-bank";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The first `count` questions: each one's first answer, accepting only it, "very", public. */
async function answerFirst(account: Account, count: number, from = 0) {
  for (const question of QUESTIONS.slice(from, count)) {
    const first = question.answers[0]!.id;
    const response = await apiAs(server.origin, account, "PUT", `/api/questions/${question.id}/answer`, { answer: first, acceptable: [first], importance: "very" });
    expect(response.status).toBe(200);
  }
}

for (const [lang, size, viewport] of [
  ["id", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  describe(`values questions in ${lang} on a ${size}`, () => {
    it("answers, then sees the match on the card, in the info sheet, under a minimum and in the match moment", async () => {
      const browser = await openBrowser({ viewport });
      const { context, page } = browser;
      const shot = (name: string) => screenshot(page, `values-${name}-${lang}-${size}`);
      // What the member sees without scrolling (the questions page is long).
      const view = (name: string) => page.screenshot({ path: join(import.meta.dir, "screenshots", `values-${name}-${lang}-${size}-view.png`) });
      const text = (en: string, id: string) => (lang === "en" ? en : id);
      try {
        const sari = await createAccount(server.origin, { firstName: "Sari", lastName: "Simanjuntak" });
        const budi = await createAccount(server.origin, { firstName: "Budi", lastName: "Hutapea" });
        await setLanguage(context, server.origin, lang);
        await signInContext(context, server.origin, sari);
        await page.goto(`${server.origin}/auth`);
        await completeProfile(server.origin, page, sari, "female", 330);
        await completeProfile(server.origin, page, budi, "male", 200);
        await answerFirst(budi, 12);

        // The questions page: nothing answered, then the first question answered in the page.
        await page.goto(`${server.origin}/profile/questions`);
        await hydrated(page, "values-questions");
        const progress = page.getByTestId("values-progress");
        expect(await progress.innerText()).toBe(text(`0 of ${QUESTION_COUNT} answered`, `0 dari ${QUESTION_COUNT} terjawab`));
        const first = QUESTIONS[0]!;
        const item = page.locator(".values-item").first();
        await item.locator("summary").click();
        await item.locator(`input[name="question-${first.id}-answer"][value="${first.answers[0]!.id}"]`).check();
        // The same answer is accepted until the member says otherwise.
        expect(await item.locator(`input[name="question-${first.id}-acceptable"][value="${first.answers[0]!.id}"]`).isChecked()).toBe(true);
        await item.locator(`input[name="question-${first.id}-importance"][value="very"]`).check();
        await shot("1-question");
        await view("1-question");
        await item.locator(".values-question-actions .button-primary").click();
        await page.waitForFunction((expected) => document.querySelector('[data-testid="values-progress"]')?.textContent === expected, text(`1 of ${QUESTION_COUNT} answered`, `1 dari ${QUESTION_COUNT} terjawab`));
        await shot("2-progress");
        await answerFirst(sari, 12, 1);

        // The card: 12 questions in common, all agreeing: 1 − 1/12 → 91 %.
        await page.goto(`${server.origin}/swipe`);
        await hydrated(page, "swipe-deck");
        const card = page.locator(".swipe-card-top", { hasText: "Budi" }).first();
        await card.getByTestId("match-percent").waitFor();
        expect(await card.getByTestId("match-percent").innerText()).toBe(text("91% match", "91% cocok"));
        expect(await card.locator(".swipe-card-agree").count()).toBe(1);
        // A desktop shows the person beside the card, the match first.
        if (size === "desktop") expect(await page.getByTestId("discover-details").getByTestId("match-summary").locator(".match-summary-agree li").count()).toBe(3);
        await shot("3-card");

        // The info sheet: the three agreeing questions, in the reader's language.
        await page.locator(".swipe-card-info").first().click();
        const summary = page.locator("dialog[open]").getByTestId("match-summary");
        await summary.waitFor();
        expect(await summary.locator(".match-summary-agree li").count()).toBe(3);
        const agreeing = await summary.locator(".match-summary-agree li").allInnerTexts();
        for (const line of agreeing) expect(QUESTIONS.slice(0, 12).map((question) => question.text[lang])).toContain(line);
        await shot("4-info-sheet");
        await page.locator("dialog[open] .profile-overlay-close").click();

        // A minimum above 91 % leaves nobody; back to any, Budi is there again.
        await page.locator(".discover-filters-button").click();
        const slider = page.locator("#filter-min-match");
        await slider.fill("95");
        expect(await page.getByTestId("filter-min-match-value").innerText()).toBe(text("95% or more", "95% atau lebih"));
        await shot("5-filters");
        await page.locator(".filters-actions button[type=submit]").click();
        await page.locator(".discover-empty").first().waitFor({ timeout: 10_000 });
        expect(await page.locator(".swipe-card-top", { hasText: "Budi" }).count()).toBe(0);
        await shot("6-minimum-empty");
        await page.locator(".discover-filters-button").first().click();
        await page.locator("#filter-min-match").fill("0");
        await page.locator(".filters-actions button[type=submit]").click();
        await page.locator(".swipe-card-top", { hasText: "Budi" }).first().waitFor();

        // The match moment: Budi liked Sari; her like makes the match, with the %.
        await apiAs(server.origin, budi, "POST", "/api/swipe", { swipedId: await userIdOf(server.origin, sari), isLike: true });
        await page.locator(".discover-action-like").click();
        const moment = page.locator("dialog[open].match-dialog");
        await moment.waitFor({ timeout: 10_000 });
        expect(await moment.getByTestId("match-summary").locator(".match-summary-percent").innerText()).toBe(text("91% match", "91% cocok"));
        await shot("7-match-moment");
      } finally {
        await browser.close();
      }
    });
  });
}

describe("onboarding's quick questions in id on a phone", () => {
  it("offers ten questions after preferences, saves each answer as it is chosen, and skips to Discover", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    const { context, page } = browser;
    try {
      const dewi = await createAccount(server.origin, { firstName: "Dewi", lastName: "Sitompul" });
      await setLanguage(context, server.origin, "id");
      await signInContext(context, server.origin, dewi);
      await page.goto(`${server.origin}/auth`);
      // Everything up to the last step, as a draft resumed there (the steps before are another test's).
      const photo = Buffer.from((await photoDataUrl(page, 120)).split(",")[1]!, "base64");
      expect((await fetch(`${server.origin}/api/profile/photos`, { method: "POST", headers: { Cookie: dewi.cookie, Origin: server.origin, "Content-Type": "image/jpeg" }, body: photo })).status).toBe(201);
      const values = {
        birthDate: "1997-05-20",
        gender: "female",
        city: "medan",
        denomination: "protestant",
        churchName: "HKBP Menteng",
        faithDuration: "5-10 years",
        faithTestimony: "Jesus found me at a youth retreat in Parapat, and I have walked with him every day since then.",
        bio: "Teacher in Medan who sings in the church choir.",
        acceptTerms: true,
        confirmAdult: true,
      };
      expect((await apiAs(server.origin, dewi, "PUT", "/api/profile/draft", { step: 4, values })).status).toBe(200);
      await page.goto(`${server.origin}/edit-profile`);
      await hydrated(page, "onboarding");
      await page.locator('form.onboarding[data-step="preferences"]').waitFor();
      await page.locator(".onboarding-actions button[type=submit]").click();

      await page.locator('[data-step="questions"]').waitFor({ timeout: 15_000 });
      expect(await page.locator("h1").innerText()).toBe("Beberapa pertanyaan singkat");
      expect(await page.getByTestId("onboarding-questions-progress").innerText()).toBe("0 dari 10 terjawab");
      expect(await page.locator(".values-question").count()).toBe(10);
      await screenshot(page, "values-8-onboarding-questions-id-phone");
      await page.locator('input[name="question-tithing-answer"][value="always"]').check();
      await page.waitForFunction(() => document.querySelector('[data-testid="onboarding-questions-progress"]')?.textContent === "1 dari 10 terjawab");
      // Widening what she accepts saves too.
      await page.locator('input[name="question-tithing-acceptable"][value="regularly"]').check();
      await page.waitForFunction(() => document.querySelector('[data-testid="onboarding-questions-done"]') !== null);
      await page.waitForTimeout(500);
      const saved = (await (await apiAs(server.origin, dewi, "GET", "/api/questions")).json()) as { questions: { id: string; mine?: unknown }[] };
      expect(saved.questions.find((question) => question.id === "tithing")!.mine).toEqual({ answer: "always", acceptable: ["always", "regularly"], importance: "somewhat", public: true });
      await screenshot(page, "values-9-onboarding-answered-id-phone");
      await page.getByTestId("onboarding-questions-done").click();
      await page.waitForURL(/\/swipe/, { timeout: 15_000 });
    } finally {
      await browser.close();
    }
  });

  it("can be skipped without answering anything", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    const { context, page } = browser;
    try {
      const eka = await createAccount(server.origin, { firstName: "Eka", lastName: "Purba" });
      await setLanguage(context, server.origin, "id");
      await signInContext(context, server.origin, eka);
      await page.goto(`${server.origin}/auth`);
      const photo = Buffer.from((await photoDataUrl(page, 60)).split(",")[1]!, "base64");
      expect((await fetch(`${server.origin}/api/profile/photos`, { method: "POST", headers: { Cookie: eka.cookie, Origin: server.origin, "Content-Type": "image/jpeg" }, body: photo })).status).toBe(201);
      const values = { birthDate: "1995-01-10", gender: "male", city: "medan", denomination: "catholic", churchName: "Paroki Santo Yosef", faithDuration: "10+ years", faithTestimony: "Raised in the church, I made my faith my own during university in Medan.", bio: "Engineer who plays guitar at youth service.", acceptTerms: true, confirmAdult: true };
      expect((await apiAs(server.origin, eka, "PUT", "/api/profile/draft", { step: 4, values })).status).toBe(200);
      await page.goto(`${server.origin}/edit-profile`);
      await hydrated(page, "onboarding");
      await page.locator(".onboarding-actions button[type=submit]").click();
      await page.getByTestId("onboarding-questions-skip").click();
      await page.waitForURL(/\/swipe/, { timeout: 15_000 });
      const saved = (await (await apiAs(server.origin, eka, "GET", "/api/questions")).json()) as { questions: { mine?: unknown }[] };
      expect(saved.questions.filter((question) => question.mine !== undefined)).toHaveLength(0);
    } finally {
      await browser.close();
    }
  });
});
