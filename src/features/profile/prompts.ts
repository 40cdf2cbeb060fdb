/**
 * Hinge-style prompts (docs/decisions/0096): a member picks up to three from the list
 * (prompt-list.ts) and answers each. Only the id is stored, so every reader sees the prompt in their own language
 * (i18n `prompts.<id>`); the answer stays as written.
 */
import * as z from "zod/mini";
import { visibleLength } from "../../platform/text";

export { isPromptId, MAX_PROMPTS, PROMPT_ANSWER_MAX, PROMPT_IDS, type PromptId } from "./prompt-list";
import { MAX_PROMPTS, PROMPT_ANSWER_MAX, PROMPT_IDS } from "./prompt-list";

export const PROMPT_MESSAGES = {
  answer: "Please answer the prompt",
  tooLong: "This text is too long",
  unknown: "Please choose a prompt from the list",
  tooMany: "You can answer up to 3 prompts",
  repeated: "Each prompt can be chosen once",
} as const;

const promptAnswer = z.object({
  id: z.enum(PROMPT_IDS, { error: PROMPT_MESSAGES.unknown }),
  answer: z.string({ error: PROMPT_MESSAGES.answer }).check(
    z.refine((value) => visibleLength(value) >= 1, PROMPT_MESSAGES.answer),
    z.maxLength(PROMPT_ANSWER_MAX, PROMPT_MESSAGES.tooLong),
  ),
});

export const promptListSchema = z.array(promptAnswer).check(
  z.maxLength(MAX_PROMPTS, PROMPT_MESSAGES.tooMany),
  z.refine((list) => new Set(list.map((entry) => entry.id)).size === list.length, PROMPT_MESSAGES.repeated),
);
