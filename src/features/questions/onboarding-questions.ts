/**
 * The ten values questions onboarding offers after the preferences step (docs/decisions/0133):
 * the convictions that most often decide a Christian marriage here, answered in a minute or two.
 * Ids of src/features/questions/question-bank.ts; a file of its own so the onboarding bundle does
 * not carry the whole bank (the texts come from GET /api/questions).
 */
export const ONBOARDING_QUESTION_IDS = ["pray-together", "same-church", "cross-denomination", "faith-first", "tithing", "premarital-counselling", "purity", "children", "live-with-parents", "smoking"] as const;
