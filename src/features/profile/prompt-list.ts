/**
 * The prompts a member can answer (docs/decisions/0096): ids only, each shown in the reader's
 * language (i18n `prompts.list.<id>`). No zod here: the Discover bundle imports this file; the
 * rules are in prompts.ts.
 */
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

export const isPromptId = (value: string): value is PromptId => (PROMPT_IDS as readonly string[]).includes(value);
