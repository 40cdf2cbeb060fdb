/** Onboarding's steps and its draft's shape (docs/decisions/0096); no server imports: islands import this file. */

/** Photos, basics (birth date, consent), faith, about me (prompts), preferences. */
export const ONBOARDING_STEPS = ["photos", "basics", "faith", "about", "preferences"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export interface DraftValues {
  birthDate: string;
  gender: string;
  city: string;
  occupation: string;
  education: string;
  denomination: string;
  /** A directory church's id, or "" (docs/decisions/0132). */
  churchId: string;
  churchName: string;
  faithDuration: string;
  faithTestimony: string;
  jesusChristMeaning: string;
  ministryInvolvement: string;
  bio: string;
  /** Interest keys as "key, key" text. */
  interests: string;
  prompts: { id: string; answer: string }[];
  relationshipGoals: string;
  ageMin: number | null;
  ageMax: number | null;
  maxDistance: number;
  acceptTerms: boolean;
  confirmAdult: boolean;
}

export interface OnboardingDraft {
  step: number;
  values: Partial<DraftValues>;
}
