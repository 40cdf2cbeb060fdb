/**
 * Hinge-style prompts (docs/decisions/0096): a member picks up to three from this list and answers
 * each. Only the id is stored, so every reader sees the prompt in their own language
 * (i18n `prompts.<id>`); the answer stays as written.
 */
import * as z from "zod/mini";
import { visibleLength } from "../../platform/text";

export const PROMPT_IDS = [
  "favouriteVerse",
  "sundayLooksLike",
  "lookingFor",
  "worshipSong",
  "prayingFor",
  "faithGrew",
  "serving",
  "firstDate",
  "familyMeans",
  "greenFlag",
  "weekend",
  "together",
] as const;
export type PromptId = (typeof PROMPT_IDS)[number];

export const MAX_PROMPTS = 3;
export const PROMPT_ANSWER_MAX = 200;

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

export const isPromptId = (value: string): value is PromptId => (PROMPT_IDS as readonly string[]).includes(value);
