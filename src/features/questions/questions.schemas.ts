import * as z from "zod";
import { findQuestion, IMPORTANCES } from "./question-bank";

export const QUESTION_MESSAGES = {
  notFound: "Question not found",
  answer: "Choose one of the question's answers",
  acceptable: "Choose at least one acceptable answer from the question's answers",
  importance: "Choose how much it matters: irrelevant, little, somewhat, very or mandatory",
  public: "public must be true or false",
} as const;

/** PUT /api/questions/{id}/answer; the answer ids are checked against the question afterwards (answerFor). */
export const answerBodySchema = z.object({
  answer: z.string({ error: QUESTION_MESSAGES.answer }).max(40, QUESTION_MESSAGES.answer),
  acceptable: z.array(z.string().max(40), { error: QUESTION_MESSAGES.acceptable }).min(1, QUESTION_MESSAGES.acceptable).max(10, QUESTION_MESSAGES.acceptable),
  importance: z.enum(IMPORTANCES, { error: QUESTION_MESSAGES.importance }),
  /** The question (never the answer) may be named as a reason; true unless said otherwise. */
  public: z.boolean({ error: QUESTION_MESSAGES.public }).optional(),
});

export type AnswerBody = z.infer<typeof answerBodySchema>;

/** The body checked against the question's own answers: a message when an id is not one of them. */
export function checkAgainstQuestion(questionId: string, body: AnswerBody): { ok: true; acceptable: string[] } | { ok: false; message: string } {
  const question = findQuestion(questionId)!;
  const ids = new Set(question.answers.map((answer) => answer.id));
  if (!ids.has(body.answer)) return { ok: false, message: QUESTION_MESSAGES.answer };
  if (!body.acceptable.every((id) => ids.has(id))) return { ok: false, message: QUESTION_MESSAGES.acceptable };
  // Stored in the question's order, each once.
  return { ok: true, acceptable: question.answers.map((answer) => answer.id).filter((id) => body.acceptable.includes(id)) };
}

export const questionResponseSchema = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      answers: z.array(z.object({ id: z.string(), text: z.string() })),
      mine: z.object({ answer: z.string(), acceptable: z.array(z.string()), importance: z.enum(IMPORTANCES), public: z.boolean() }).optional(),
    }),
  ),
});
