import { expect, test } from "bun:test";
import { ONBOARDING_QUESTIONS, QUESTION_COUNT, QUESTIONS } from "./question-bank";

test("about 40 questions, each id once, each answer id once within its question, every text in both languages", () => {
  expect(QUESTION_COUNT).toBeGreaterThanOrEqual(38);
  expect(new Set(QUESTIONS.map((question) => question.id)).size).toBe(QUESTIONS.length);
  for (const question of QUESTIONS) {
    expect(question.answers.length).toBeGreaterThanOrEqual(2);
    expect(new Set(question.answers.map((answer) => answer.id)).size).toBe(question.answers.length);
    for (const text of [question.text, ...question.answers.map((answer) => answer.text)]) {
      expect(text.en.trim().length).toBeGreaterThan(0);
      expect(text.id.trim().length).toBeGreaterThan(0);
    }
    expect(question.id).toMatch(/^[a-z0-9-]{1,40}$/);
  }
});

test("onboarding offers ten questions", () => {
  expect(ONBOARDING_QUESTIONS).toHaveLength(10);
});
