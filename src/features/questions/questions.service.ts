/** A member's own answers: listing the questions with theirs, answering, taking an answer back (MATCHING.md 'Values questions'). */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { valuesAnswers } from "../../../db/schema";
import type { Lang } from "../../i18n";
import { deckCacheFor } from "../discovery/deck-cache";
import { answersOf, forgetOwnAnswers } from "./answers-store";
import { QUESTIONS, type Importance } from "./question-bank";

export interface OwnAnswer {
  answer: string;
  acceptable: string[];
  importance: Importance;
  public: boolean;
}

export interface QuestionJson {
  id: string;
  text: string;
  answers: { id: string; text: string }[];
  mine?: OwnAnswer;
}

/** Every question in the member's language, with `mine` where the member answered (`mine` only: the caller's own). */
export async function questionsFor(db: Database, userId: string, lang: Lang): Promise<QuestionJson[]> {
  const own = (await answersOf(db, [userId])).get(userId)!;
  return QUESTIONS.filter((question) => !question.retired).map((question) => {
    const answer = own.get(question.id);
    return {
      id: question.id,
      text: question.text[lang],
      answers: question.answers.map((choice) => ({ id: choice.id, text: choice.text[lang] })),
      ...(answer === undefined ? {} : { mine: { answer: answer.answer, acceptable: [...answer.acceptable], importance: answer.importance, public: answer.isPublic } }),
    };
  });
}

/** A change of answers changes the viewer's matches: their kept deck and kept answers go. */
function forgetMatching(db: Database, userId: string): void {
  forgetOwnAnswers(db, userId);
  deckCacheFor(db).forget(userId);
}

export async function saveAnswer(db: Database, userId: string, questionId: string, now: Date, input: OwnAnswer): Promise<OwnAnswer> {
  const values = { answerId: input.answer, acceptable: input.acceptable, importance: input.importance, isPublic: input.public, updatedAt: now };
  await db
    .insert(valuesAnswers)
    .values({ userId, questionId, ...values })
    .onConflictDoUpdate({ target: [valuesAnswers.userId, valuesAnswers.questionId], set: values });
  forgetMatching(db, userId);
  return input;
}

/** True when there was an answer to remove. */
export async function deleteAnswer(db: Database, userId: string, questionId: string): Promise<boolean> {
  const removed = await db.delete(valuesAnswers).where(and(eq(valuesAnswers.userId, userId), eq(valuesAnswers.questionId, questionId))).returning({ questionId: valuesAnswers.questionId });
  forgetMatching(db, userId);
  return removed.length > 0;
}
