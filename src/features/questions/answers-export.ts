/** The member's values answers for "download my data" (MATCHING.md: the export's `answers` section). */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { valuesAnswers } from "../../../db/schema";
import { findQuestion } from "./question-bank";

/** Each answer with the question's and the answers' English text beside the ids, so the file reads on its own. */
export async function answersForExport(db: Database, userId: string) {
  const rows = await db.select().from(valuesAnswers).where(eq(valuesAnswers.userId, userId)).orderBy(asc(valuesAnswers.questionId));
  return rows.map((row) => {
    const question = findQuestion(row.questionId);
    const textOf = (answerId: string) => question?.answers.find((answer) => answer.id === answerId)?.text.en ?? null;
    return {
      questionId: row.questionId,
      question: question?.text.en ?? null,
      answer: row.answerId,
      answerText: textOf(row.answerId),
      acceptable: row.acceptable,
      acceptableText: row.acceptable.map(textOf),
      importance: row.importance,
      public: row.isPublic,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
