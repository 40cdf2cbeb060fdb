import * as z from "zod";
import { messageSchema, type ApiOperation } from "../api-docs/describe-routes";
import { answerBodySchema, questionResponseSchema } from "./questions.schemas";
import { IMPORTANCES } from "./question-bank";

const ownAnswer = z.object({ id: z.string(), mine: z.object({ answer: z.string(), acceptable: z.array(z.string()), importance: z.enum(IMPORTANCES), public: z.boolean() }) });

/** The values questions' calls for the OpenAPI document (docs/decisions/0119, 0133). */
export const questionsApiDocs: Record<string, ApiOperation> = {
  "GET /questions": {
    tag: "Profile",
    access: "member",
    summary: "The values questions, with the member's own answers",
    description: "About 40 questions in the request's language. `mine` is the caller's own answer, acceptable answers, importance and whether the question may be named as a reason; another member's answers are never returned by any call.",
    success: { description: "The questions.", schema: questionResponseSchema },
  },
  "PUT /questions/{questionId}/answer": {
    tag: "Profile",
    access: "member",
    summary: "Answer a values question",
    description: "`importance` is irrelevant (0 points), little (1), somewhat (10), very (50) or mandatory (250); `acceptable` a non-empty subset of the question's answer ids; `public` (default true) lets the question, never the answer, be named as a reason to others.",
    body: answerBodySchema,
    success: { description: "The answer as saved.", schema: ownAnswer },
    refusals: { 400: "An answer id that is not the question's, an empty acceptable list or an unknown importance.", 404: "No such question." },
  },
  "DELETE /questions/{questionId}/answer": {
    tag: "Profile",
    access: "member",
    summary: "Take back an answer",
    success: { description: "Removed.", schema: messageSchema },
    refusals: { 404: "No such question, or no answer to it." },
  },
};
