import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { matches, valuesAnswers } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createMember, recordSwipe } from "../discovery/discovery.test-support";
import { newId } from "../../platform/ids";
import { QUESTIONS } from "./question-bank";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

type Member = Awaited<ReturnType<typeof createMember>>;
type Card = { id: string; firstName: string; matchPercent: number | null; matchReasons: { text: string; agrees: boolean }[] } & Record<string, unknown>;

const put = (member: Member, questionId: string, body: unknown) => app.request("PUT", `/api/questions/${questionId}/answer`, { cookie: member.cookie, body });

/**
 * Answers the first `count` questions: each question's first answer, accepting only it, "very",
 * except `different` questions, answered with the second answer (still accepting only the first).
 */
async function answer(member: Member, count: number, options: { different?: number; importance?: string } = {}) {
  for (const [index, question] of QUESTIONS.slice(0, count).entries()) {
    const pick = index < (options.different ?? 0) ? question.answers[1]!.id : question.answers[0]!.id;
    const response = await put(member, question.id, { answer: pick, acceptable: [question.answers[0]!.id], importance: options.importance ?? "very" });
    expect(response.status).toBe(200);
  }
}

async function deck(member: Member, query = "") {
  const response = await app.request("GET", `/api/discovery${query}`, { cookie: member.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Card[];
}

describe("values questions' calls", () => {
  test("GET /api/questions lists about 40 questions in the request's language; mine appears once answered", async () => {
    const me = await createMember(app);
    const first = QUESTIONS[0]!;
    const before = await app.request("GET", "/api/questions", { cookie: me.cookie, headers: { "Accept-Language": "id" } });
    const listed = (await before.json()) as { questions: { id: string; text: string; answers: { id: string; text: string }[]; mine?: unknown }[] };
    expect(listed.questions.length).toBeGreaterThanOrEqual(38);
    expect(listed.questions[0]).toEqual({ id: first.id, text: first.text.id, answers: first.answers.map((a) => ({ id: a.id, text: a.text.id })) });

    const saved = await put(me, first.id, { answer: first.answers[1]!.id, acceptable: [first.answers[1]!.id, first.answers[0]!.id], importance: "mandatory", public: false });
    expect(saved.status).toBe(200);
    const after = (await (await app.request("GET", "/api/questions", { cookie: me.cookie })).json()) as typeof listed;
    // Acceptable answers are kept in the question's order.
    expect(after.questions[0]!.mine).toEqual({ answer: first.answers[1]!.id, acceptable: [first.answers[0]!.id, first.answers[1]!.id], importance: "mandatory", public: false });
    expect(after.questions[0]!.text).toBe(first.text.en);
    expect(after.questions.filter((question) => question.mine !== undefined)).toHaveLength(1);
  });

  test("public defaults to true; DELETE takes the answer back (404 when there is none)", async () => {
    const me = await createMember(app);
    const q = QUESTIONS[3]!;
    expect((await (await put(me, q.id, { answer: q.answers[0]!.id, acceptable: [q.answers[0]!.id], importance: "little" })).json()).mine.public).toBe(true);
    expect((await app.request("DELETE", `/api/questions/${q.id}/answer`, { cookie: me.cookie })).status).toBe(200);
    expect(await app.deps.db.select().from(valuesAnswers).where(eq(valuesAnswers.userId, me.id))).toHaveLength(0);
    expect((await app.request("DELETE", `/api/questions/${q.id}/answer`, { cookie: me.cookie })).status).toBe(404);
  });

  test("bad input is refused and changes nothing", async () => {
    const me = await createMember(app);
    const q = QUESTIONS[0]!;
    const good = { answer: q.answers[0]!.id, acceptable: [q.answers[0]!.id], importance: "very" };
    for (const body of [
      { ...good, answer: "not-an-answer" },
      { ...good, acceptable: [] },
      { ...good, acceptable: ["nope"] },
      { ...good, importance: "extremely" },
      { ...good, public: "yes" },
      "not json",
    ]) {
      const response = await put(me, q.id, body);
      expect(response.status).toBe(400);
      expect(typeof ((await response.json()) as { message: string }).message).toBe("string");
    }
    expect((await put(me, "no-such-question", good)).status).toBe(404);
    expect(await app.deps.db.select().from(valuesAnswers).where(eq(valuesAnswers.userId, me.id))).toHaveLength(0);
    expect((await app.request("PUT", `/api/questions/${q.id}/answer`, { body: good })).status).toBe(401);
  });
});

describe("the match % on Discover, matches and profiles", () => {
  test("cards carry the % and the reasons, never another member's answers", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app, { firstName: "Sari" });
    await answer(me, 12);
    await answer(her, 12, { different: 2 });
    const [card] = await deck(me);
    expect(card!.id).toBe(her.id);
    // Hers fail 2 of my 12 questions (50 points each), mine meet all of hers → sqrt(10/12 × 1) − 1/12 = 0.8296.
    expect(card!.matchPercent).toBe(82);
    expect(card!.matchReasons).toHaveLength(4);
    expect(card!.matchReasons.filter((reason) => reason.agrees)).toHaveLength(3);
    expect(card!.matchReasons.at(-1)).toEqual({ text: QUESTIONS[0]!.text.en, agrees: false });
    expect(Object.keys(card!.matchReasons[0]!).sort()).toEqual(["agrees", "text"]);
    // No answer of hers anywhere in what I receive: not the card, not my own questions call.
    expect(JSON.stringify(card)).not.toContain('"acceptable"');
    expect(JSON.stringify(card)).not.toContain('"importance"');
    const mine = (await (await app.request("GET", "/api/questions", { cookie: me.cookie })).json()) as { questions: { mine?: { answer: string } }[] };
    expect(mine.questions[0]!.mine!.answer).toBe(QUESTIONS[0]!.answers[0]!.id);
  });

  test("a question made private is never named as a reason", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app);
    await answer(me, 12);
    await answer(her, 12, { different: 2 });
    const q = QUESTIONS[0]!;
    await put(her, q.id, { answer: q.answers[1]!.id, acceptable: [q.answers[0]!.id], importance: "very", public: false });
    const [card] = await deck(me);
    expect(card!.matchReasons.map((reason) => reason.text)).not.toContain(q.text.en);
  });

  test("the % is null with fewer than 10 questions in common", async () => {
    const me = await createMember(app, { gender: "male" });
    await createMember(app);
    const her = (await deck(me))[0]!;
    expect(her.matchPercent).toBeNull();
    expect(her.matchReasons).toEqual([]);
  });

  test("a mandatory question failed keeps the pair off each other's deck, both ways", async () => {
    const me = await createMember(app, { gender: "male" });
    const strict = await createMember(app, { firstName: "Strict" });
    const easy = await createMember(app, { firstName: "Easy" });
    const q = QUESTIONS.find((question) => question.id === "smoking")!;
    await put(me, q.id, { answer: "yes", acceptable: ["yes"], importance: "little" });
    await put(strict, q.id, { answer: "never", acceptable: ["never"], importance: "mandatory" });
    await put(easy, q.id, { answer: "never", acceptable: ["never", "yes"], importance: "very" });
    expect((await deck(me)).map((card) => card.firstName)).toEqual(["Easy"]);
    const myself = await createMember(app, { gender: "male", firstName: "Other" });
    expect((await deck(strict)).map((card) => card.firstName)).toEqual(["Other"]);
    expect(myself.id).not.toBe(me.id);
    // Nor reachable as a profile.
    expect((await app.request("GET", `/api/profiles/${strict.id}`, { cookie: me.cookie })).status).toBe(404);
  });

  test("an answer changed after the deck was ranked still keeps a mandatory mismatch off the kept deck", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app, { firstName: "Later" });
    const other = await createMember(app, { firstName: "Other" });
    expect((await deck(me, "?limit=1")).map((card) => card.id)).toHaveLength(1);
    const q = QUESTIONS.find((question) => question.id === "children")!;
    await put(me, q.id, { answer: "no", acceptable: ["no"], importance: "little" });
    await put(her, q.id, { answer: "yes", acceptable: ["yes"], importance: "mandatory" });
    const ids = (await deck(me)).map((card) => card.id);
    expect(ids).toEqual([other.id]);
  });

  test("minMatch leaves out lower and unknown %s; 0 leaves everyone in; out of range is 400", async () => {
    const me = await createMember(app, { gender: "male" });
    const high = await createMember(app, { firstName: "High" });
    const low = await createMember(app, { firstName: "Low" });
    const unknown = await createMember(app, { firstName: "Unknown" });
    await answer(me, 12);
    await answer(high, 12); // 1 − 1/12 → 91
    await answer(low, 12, { different: 4 }); // sqrt(8/12 × 1) − 1/12 → 73
    const names = async (query: string) => (await deck(me, query)).map((card) => `${card.firstName}:${card.matchPercent}`).sort();
    expect(await names("?minMatch=0")).toEqual(["High:91", "Low:73", `Unknown:null`]);
    expect(await names("?minMatch=1")).toEqual(["High:91", "Low:73"]);
    expect(await names("?minMatch=91")).toEqual(["High:91"]);
    expect(await names("?minMatch=92")).toEqual([]);
    expect((await app.request("GET", "/api/discovery?minMatch=101", { cookie: me.cookie })).status).toBe(400);
    expect(unknown.id).not.toBe(low.id);
  });

  test("ranking: a high match comes before a better score without one; a null % ranks as 50", async () => {
    const me = await createMember(app, { gender: "male", denomination: "Protestant" });
    // Same denomination (+25 in the pool's score) but a 0 % match.
    const poor = await createMember(app, { firstName: "Poor", denomination: "Protestant" });
    const good = await createMember(app, { firstName: "Good", denomination: "Catholic" });
    const unknown = await createMember(app, { firstName: "Unknown", denomination: "Catholic" });
    await answer(me, 12);
    await answer(good, 12);
    await answer(poor, 12, { different: 12 });
    expect((await deck(me)).map((card) => card.firstName)).toEqual(["Good", "Unknown", "Poor"]);
    expect(unknown.id).toBeDefined();
  });

  test("GET /api/profiles/{userId}: someone on the deck or matched; 404 otherwise", async () => {
    const me = await createMember(app, { gender: "male" });
    const onDeck = await createMember(app, { firstName: "Deck" });
    const passed = await createMember(app, { firstName: "Passed" });
    const matched = await createMember(app, { firstName: "Matched" });
    const sameGender = await createMember(app, { gender: "male" });
    await answer(me, 10);
    await answer(matched, 10);
    await recordSwipe(app, me.id, passed.id, false);
    await recordSwipe(app, me.id, matched.id, true);
    await recordSwipe(app, matched.id, me.id, true);
    const [user1Id, user2Id] = me.id < matched.id ? [me.id, matched.id] : [matched.id, me.id];
    await app.deps.db.insert(matches).values({ id: newId(), user1Id, user2Id, createdAt: app.clock.now() });

    const profile = async (id: string) => app.request("GET", `/api/profiles/${id}`, { cookie: me.cookie, headers: { "Accept-Language": "id" } });
    const deckProfile = await profile(onDeck.id);
    expect(deckProfile.status).toBe(200);
    expect(((await deckProfile.json()) as Card).firstName).toBe("Deck");
    const matchedProfile = (await (await profile(matched.id)).json()) as Card;
    expect(matchedProfile.matchPercent).toBe(90);
    // The reasons in the viewer's language.
    expect(matchedProfile.matchReasons[0]!.text).toBe(QUESTIONS.slice(0, 10).map((q) => q.text.id).find((text) => text === matchedProfile.matchReasons[0]!.text)!);
    for (const id of [passed.id, sameGender.id, "no-such-member"]) {
      const response = await profile(id);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Profile not found" });
    }

    // The matches list carries the same figure.
    const list = (await (await app.request("GET", "/api/matches", { cookie: me.cookie })).json()) as { matchPercent: number | null; matchReasons: unknown[] }[];
    expect(list[0]!.matchPercent).toBe(90);
    expect(list[0]!.matchReasons.length).toBeGreaterThan(0);
  });
});

test("the answers of a deck's candidates are read on the table's key, for the viewer's questions only", async () => {
  const { ANSWERS_OF_SQL, ANSWERS_TO_SQL } = await import("./answers-store");
  const plan = async (sqlText: string, args: string[]) =>
    ((await app.deps.dbClient.execute({ sql: `explain query plan ${sqlText}`, args })).rows as unknown as { detail: string }[]).map((row) => row.detail).join(" | ");
  expect(await plan(ANSWERS_OF_SQL, ['["a","b"]'])).toContain("SEARCH values_answers USING PRIMARY KEY (user_id=?)");
  const narrowed = await plan(ANSWERS_TO_SQL, ['["a","b"]', '["tithing","children"]']);
  expect(narrowed).toContain("SEARCH values_answers USING PRIMARY KEY (user_id=? AND question_id=?)");
  expect(narrowed).not.toContain("SCAN values_answers");
});
