import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { valuesAnswers } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { deleteAccount } from "../account/delete-account";
import { createMember } from "../discovery/discovery.test-support";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

test("the data export has the member's answers (only theirs), and deleting the account removes them", async () => {
  const maria = await createMember(app);
  const budi = await createMember(app, { gender: "male" });
  const answer = (cookie: string, answerId: string) => app.request("PUT", "/api/questions/tithing/answer", { cookie, body: { answer: answerId, acceptable: ["always", "regularly"], importance: "very", public: false } });
  expect((await answer(maria.cookie, "always")).status).toBe(200);
  expect((await answer(budi.cookie, "no")).status).toBe(200);

  const response = await app.request("GET", "/api/account/export", { cookie: maria.cookie });
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const exported = JSON.parse(strFromU8(files["answers.json"]!));
  expect(exported).toEqual([
    {
      questionId: "tithing",
      question: "Do you give a tithe (perpuluhan)?",
      answer: "always",
      answerText: "Yes, always a tenth or more",
      acceptable: ["always", "regularly"],
      acceptableText: ["Yes, always a tenth or more", "I give regularly, not always a tenth"],
      importance: "very",
      public: false,
      updatedAt: app.clock.now().toISOString(),
    },
  ]);

  await deleteAccount(app.deps, maria.id);
  expect(await app.deps.db.select().from(valuesAnswers).where(eq(valuesAnswers.userId, maria.id))).toHaveLength(0);
  expect(await app.deps.db.select().from(valuesAnswers).where(eq(valuesAnswers.userId, budi.id))).toHaveLength(1);
});
