/**
 * Onboarding in steps (docs/decisions/0096): what the member typed so far, saved at each step so a
 * closed tab resumes where it was. Photos are saved as they are added (profile.routes.ts); the
 * profile itself is created by POST /api/profile, which removes the draft in the same batch.
 */
import { eq, sql } from "drizzle-orm";
import * as z from "zod";
import { profileDrafts, users } from "../../../db/schema";
import type { Database } from "../../../db/client";
import { TEXT_LIMITS } from "./profile.schemas";
import { MAX_PROMPTS, PROMPT_ANSWER_MAX } from "./prompts";
import { ONBOARDING_STEPS, type OnboardingDraft } from "./onboarding-steps";


const text = z.string().max(TEXT_LIMITS.long);
const age = z.number().int().min(0).max(200).nullable();

/**
 * A draft holds unfinished input, so it is checked for shape and size only; the rules apply when
 * the profile is created. Unknown keys are dropped.
 */
export const draftSchema = z.object({
  step: z.number().int().min(0).max(ONBOARDING_STEPS.length - 1),
  values: z
    .object({
      birthDate: text,
      gender: text,
      city: text,
      occupation: text,
      education: text,
      denomination: text,
      churchId: text,
      churchName: text,
      faithDuration: text,
      faithTestimony: text,
      jesusChristMeaning: text,
      ministryInvolvement: text,
      bio: text,
      interests: text,
      prompts: z.array(z.object({ id: z.string().max(40), answer: z.string().max(PROMPT_ANSWER_MAX * 2) })).max(MAX_PROMPTS),
      relationshipGoals: text,
      ageMin: age,
      ageMax: age,
      maxDistance: z.number().int().min(0).max(1000),
      acceptTerms: z.boolean(),
      confirmAdult: z.boolean(),
    })
    .partial(),
}) satisfies z.ZodType<OnboardingDraft>;

export async function draftOf(db: Database, userId: string): Promise<OnboardingDraft | null> {
  const [row] = await db.select({ step: profileDrafts.step, values: profileDrafts.values }).from(profileDrafts).where(eq(profileDrafts.userId, userId)).limit(1);
  if (row === undefined) return null;
  // A draft saved by an older version may not match today's shape: keep what still does.
  const parsed = draftSchema.safeParse(row);
  return parsed.success ? parsed.data : { step: 0, values: {} };
}

/**
 * Saves the draft; ticking both consent boxes records their time on the account in the same batch
 * (the first time only: the record says when the member agreed, not when they last clicked Next).
 */
export async function saveDraft(db: Database, userId: string, now: Date, draft: OnboardingDraft): Promise<void> {
  const at = now.getTime();
  const write = db
    .insert(profileDrafts)
    .values({ userId, step: draft.step, values: draft.values, updatedAt: now })
    .onConflictDoUpdate({ target: profileDrafts.userId, set: { step: draft.step, values: draft.values, updatedAt: now } });
  const consent = {
    ...(draft.values.acceptTerms === true ? { termsAcceptedAt: sql`coalesce(${users.termsAcceptedAt}, ${at})` } : {}),
    ...(draft.values.confirmAdult === true ? { adultConfirmedAt: sql`coalesce(${users.adultConfirmedAt}, ${at})` } : {}),
  };
  if (Object.keys(consent).length === 0) await write;
  else await db.batch([write, db.update(users).set(consent).where(eq(users.id, userId))]);
}
