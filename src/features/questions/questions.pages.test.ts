import { afterEach, beforeEach, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createMember } from "../discovery/discovery.test-support";
import { QUESTION_COUNT, QUESTIONS } from "./question-bank";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

test("/profile/questions lists every question with the member's progress, in their language", async () => {
  const me = await createMember(app);
  const q = QUESTIONS[0]!;
  await app.request("PUT", `/api/questions/${q.id}/answer`, { cookie: me.cookie, body: { answer: q.answers[0]!.id, acceptable: [q.answers[0]!.id], importance: "very" } });
  const response = await app.request("GET", "/profile/questions", { cookie: me.cookie, headers: { "Accept-Language": "id" } });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("Pertanyaan nilai hidup");
  expect(html).toContain(`1 dari ${QUESTION_COUNT} terjawab`);
  expect(html).toContain(q.text.id);
  expect(html).toContain("Sudah dijawab");
});

test("/profile/questions needs a profile with a photo, like /profile", async () => {
  const incomplete = await createMember(app, { profile: false, photo: false });
  const response = await app.request("GET", "/profile/questions", { cookie: incomplete.cookie });
  expect(response.status).toBe(302);
  expect((await app.request("GET", "/profile/questions")).status).toBe(302);
});

test("the Discover page's first cards carry the % and the reasons in the reader's language", async () => {
  const me = await createMember(app, { gender: "male" });
  const her = await createMember(app, { firstName: "Sari" });
  for (const member of [me, her]) {
    for (const q of QUESTIONS.slice(0, 10)) await app.request("PUT", `/api/questions/${q.id}/answer`, { cookie: member.cookie, body: { answer: q.answers[0]!.id, acceptable: [q.answers[0]!.id], importance: "very" } });
  }
  const html = await (await app.request("GET", "/swipe", { cookie: me.cookie, headers: { "Accept-Language": "id" } })).text();
  expect(html).toContain("90% cocok");
  expect(html).toContain(QUESTIONS[0]!.text.id);
  expect(html).not.toContain(QUESTIONS[0]!.text.en);
});
