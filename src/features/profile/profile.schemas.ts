/**
 * The profile rules of spec point 5, ONE module for the API and the editor's live validation
 * (islands import it, so it uses zod/mini). Messages are the specification's English texts where
 * it gives one; the screens translate them through messages.<slug>.
 */
import * as z from "zod/mini";
import { MAX_PROFILE_PHOTOS, SEARCH_DISTANCE_KM } from "../../platform/constants";
import { visibleLength } from "../../platform/text";
import { BIRTH_DATE_MESSAGES, birthDateProblem } from "./birth-date";
import { promptListSchema } from "./prompts";

export { DENOMINATIONS, editFaithDurations, FAITH_DURATIONS_EDIT, FAITH_DURATIONS_REGISTRATION, GENDERS, RELATIONSHIP_GOALS } from "./profile-options";
import { DENOMINATIONS, editFaithDurations, FAITH_DURATIONS_KNOWN, FAITH_DURATIONS_REGISTRATION, GENDERS, RELATIONSHIP_GOALS } from "./profile-options";
import { preferencesSchema } from "../discovery/filters";
import { churchById } from "../churches/church-directory";
import { denominationKeyOf } from "./denominations";
import { INTEREST_KEYS, interestKeyOf } from "./interests";

export const MAX_INTERESTS = 10;
export const TEXT_LIMITS = { short: 120, long: 2000, interest: 40 } as const;

export const PROFILE_MESSAGES = {
  gender: "Gender is required",
  denomination: "Denomination is required",
  churchName: "Church name is required",
  faithTestimonyRegistration: "Please share more about your relationship with Christ (at least 50 characters)",
  faithTestimonyEdit: "Faith testimony must be at least 20 characters",
  faithDuration: "Faith duration is required",
  bioRegistration: "Please write a brief bio (at least 20 characters)",
  bioEdit: "Bio must be at least 10 characters",
  jesusChristMeaning: "Please share what Jesus Christ means to you (at least 20 characters)",
  relationshipGoals: "Relationship goals are required",
  relationshipGoalsInvalid: "Please choose a relationship goal from the list",
  photosRequired: "Photos required: Please add at least one photo to your profile",
  maxPhotos: "Maximum photos reached: You can only upload 6 photos",
  invalidFileType: "Invalid file type: Please select only image files",
  fileTooLarge: "File too large: Please select images smaller than 5MB",
  processingError: "Error processing image",
  imageTooLarge: "Image dimensions too large: Please use a smaller image",
  searchDistance: "Search distance must be between 5 and 200 km in steps of 5",
  tooLong: "This text is too long",
  tooManyInterests: "You can list up to 10 interests",
  unknownInterest: "Please choose interests from the list",
  unknownChurch: "Please choose a church from the list",
  city: "Please choose a city from the list",
  acceptTerms: "Please accept the Terms and Privacy Policy to continue",
  confirmAdult: "Please confirm that you are 18 or older",
  profileExists: "Profile already exists",
  profileIncomplete: "Profile incomplete",
  photoNotFound: "Photo not found",
  photosChanged: "Your photos changed while saving. Please try again",
} as const;

const trimmedMin = (min: number, message: string) =>
  z.string({ error: message }).check(
    // Counted as a reader sees it: zero-width characters and controls do not make a bio long enough.
    z.refine((value) => visibleLength(value) >= min, message),
    z.maxLength(TEXT_LIMITS.long, PROFILE_MESSAGES.tooLong),
  );

const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max, PROFILE_MESSAGES.tooLong))));

/** A photo in a save: an id or /uploads URL of an uploaded photo, or an image data URL. */
const photoList = z.array(z.string(), { error: PROFILE_MESSAGES.photosRequired }).check(z.minLength(1, PROFILE_MESSAGES.photosRequired), z.maxLength(MAX_PROFILE_PHOTOS, PROFILE_MESSAGES.maxPhotos));

/**
 * The church: a directory id and/or free text for the local congregation; the name is required
 * only without an id (MATCHING.md). An unknown id is refused.
 */
const churchFields = {
  churchId: z.optional(z.nullable(z.string({ error: PROFILE_MESSAGES.unknownChurch }).check(z.refine((id) => churchById(id) !== undefined, PROFILE_MESSAGES.unknownChurch)))),
  churchName: z.optional(z.string({ error: PROFILE_MESSAGES.churchName }).check(z.maxLength(TEXT_LIMITS.long, PROFILE_MESSAGES.tooLong))),
};
const churchGiven = z.refine<{ churchId?: string | null; churchName?: string }>((value) => (value.churchId ?? null) !== null || visibleLength(value.churchName ?? "") >= 1, {
  message: PROFILE_MESSAGES.churchName,
  path: ["churchName"],
});

const extras = {
  /** Interest keys (names and aliases are turned into keys by normalizeProfileBody). */
  interests: z.optional(
    z.array(z.enum(INTEREST_KEYS as [string, ...string[]], { error: PROFILE_MESSAGES.unknownInterest })).check(z.maxLength(MAX_INTERESTS, PROFILE_MESSAGES.tooManyInterests)),
  ),
  occupation: optionalText(TEXT_LIMITS.short),
  education: optionalText(TEXT_LIMITS.short),
  city: optionalText(TEXT_LIMITS.short),
  prompts: z.optional(promptListSchema),
};

/** "YYYY-MM-DD"; whether it makes an adult is checked against today in validateProfile. */
const birthDate = z.string({ error: BIRTH_DATE_MESSAGES.required });

/** Complete Your Profile (registration rules), fields in the order the form shows them. */
export const createProfileSchema = z.object({
  photos: photoList,
  birthDate,
  gender: z.enum(GENDERS, { error: PROFILE_MESSAGES.gender }),
  denomination: z.enum(DENOMINATIONS, { error: PROFILE_MESSAGES.denomination }),
  ...churchFields,
  faithTestimony: trimmedMin(50, PROFILE_MESSAGES.faithTestimonyRegistration),
  faithDuration: z.enum(FAITH_DURATIONS_REGISTRATION, { error: PROFILE_MESSAGES.faithDuration }),
  bio: trimmedMin(20, PROFILE_MESSAGES.bioRegistration),
  ministryInvolvement: optionalText(TEXT_LIMITS.long),
  relationshipGoals: z.optional(z.nullable(z.union([z.enum(RELATIONSHIP_GOALS, { error: PROFILE_MESSAGES.relationshipGoalsInvalid }), z.literal("")]))),
  jesusChristMeaning: optionalText(TEXT_LIMITS.long),
  // Consent is recorded with its time (users.terms_accepted_at, adult_confirmed_at).
  acceptTerms: z.literal(true, { error: PROFILE_MESSAGES.acceptTerms }),
  confirmAdult: z.literal(true, { error: PROFILE_MESSAGES.confirmAdult }),
  /** Onboarding's last step: who the member would like to meet (the first Discover filters). */
  preferences: z.optional(preferencesSchema),
  ...extras,
}).check(churchGiven);

/**
 * Edit Profile (edit rules). The age is not an input (docs/decisions/0096): a birth date is
 * accepted only from a profile made before birth dates, and never changes once set.
 */
const editProfileBase = z.object({
  photos: photoList,
  birthDate: z.optional(birthDate),
  gender: z.enum(GENDERS, { error: PROFILE_MESSAGES.gender }),
  bio: trimmedMin(10, PROFILE_MESSAGES.bioEdit),
  denomination: z.enum(DENOMINATIONS, { error: PROFILE_MESSAGES.denomination }),
  ...churchFields,
  faithDuration: z.enum(FAITH_DURATIONS_KNOWN, { error: PROFILE_MESSAGES.faithDuration }),
  faithTestimony: trimmedMin(20, PROFILE_MESSAGES.faithTestimonyEdit),
  jesusChristMeaning: trimmedMin(20, PROFILE_MESSAGES.jesusChristMeaning),
  relationshipGoals: z.enum(RELATIONSHIP_GOALS, { error: PROFILE_MESSAGES.relationshipGoals }),
  ministryInvolvement: optionalText(TEXT_LIMITS.long),
  searchDistance: z.optional(z.number()),
  ...extras,
});
export const editProfileSchema = editProfileBase.check(churchGiven);

/** PATCH /api/profile with only {searchDistance}: the settings slider (5–200 km, step 5). */
export const searchDistanceSchema = z.object({
  searchDistance: z.number({ error: PROFILE_MESSAGES.searchDistance }).check(
    z.int(PROFILE_MESSAGES.searchDistance),
    z.gte(SEARCH_DISTANCE_KM.min, PROFILE_MESSAGES.searchDistance),
    z.lte(SEARCH_DISTANCE_KM.max, PROFILE_MESSAGES.searchDistance),
    z.multipleOf(SEARCH_DISTANCE_KM.step, PROFILE_MESSAGES.searchDistance),
  ),
});

export type CreateProfileInput = z.infer<typeof createProfileSchema>;
export type EditProfileInput = z.infer<typeof editProfileSchema>;
export type ProfileMode = "create" | "edit";


/** Form and wire values arrive as strings sometimes ("50"). */
export function normalizeProfileBody(body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof copy.birthDate === "string" && copy.birthDate.trim() === "") delete copy.birthDate;
  if (typeof copy.searchDistance === "string" && /^\d{1,3}$/.test(copy.searchDistance)) copy.searchDistance = Number(copy.searchDistance);
  if (typeof copy.interests === "string") copy.interests = splitInterests(copy.interests);
  // Older clients send the English denominations and interest names: taken as their keys (docs/decisions/0132).
  if (typeof copy.denomination === "string") copy.denomination = denominationKeyOf(copy.denomination) ?? copy.denomination;
  if (Array.isArray(copy.interests)) copy.interests = uniqueInterests(copy.interests);
  if (copy.churchId === "") copy.churchId = null;
  return copy;
}

/** Names and aliases as keys, each once; an unknown entry stays as it came, for the schema to refuse. */
function uniqueInterests(entries: unknown[]): unknown[] {
  const result: unknown[] = [];
  for (const entry of entries) {
    const value = typeof entry === "string" ? (interestKeyOf(entry) ?? entry) : entry;
    if (!result.includes(value)) result.push(value);
  }
  return result;
}

/** "music, hiking" → ["music", "hiking"], trimmed and without empty or repeated entries. */
export function splitInterests(text: string): string[] {
  const result: string[] = [];
  const lower = new Set<string>();
  for (const part of text.split(",")) {
    const value = part.trim();
    if (value === "" || lower.has(value.toLowerCase())) continue;
    lower.add(value.toLowerCase());
    result.push(value);
  }
  return result;
}

export interface ValidationFailure {
  message: string;
  errors: Record<string, string>;
}

/** The error body of API.md: the first message, and the first message of each field. */
export function validationFailure(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): ValidationFailure {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { message: issues[0]?.message ?? "Invalid input", errors };
}

export interface ProfileContext {
  /** The Jakarta day ("YYYY-MM-DD") the age is computed on. */
  today: string;
  /** The profile's stored faith duration, which an edit may keep (see editFaithDurations). */
  keptFaithDuration?: string;
  /** The profile's stored birth date: an edit may not change it; null lets an older profile set one. */
  storedBirthDate?: string | null;
}

export function validateProfile(mode: ProfileMode, body: unknown, context: ProfileContext): { ok: true; value: CreateProfileInput | EditProfileInput } | ({ ok: false } & ValidationFailure) {
  const schema =
    mode === "create"
      ? createProfileSchema
      : z.extend(editProfileBase, { faithDuration: z.enum(editFaithDurations(context.keptFaithDuration ?? "") as unknown as typeof FAITH_DURATIONS_KNOWN, { error: PROFILE_MESSAGES.faithDuration }) }).check(churchGiven);
  const normalized = normalizeProfileBody(body);
  const result = schema.safeParse(normalized);
  const issues: { path: PropertyKey[]; message: string }[] = result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  const given = typeof normalized === "object" && normalized !== null ? (normalized as { birthDate?: unknown }).birthDate : undefined;
  const birth = typeof given === "string" ? given : undefined;
  const stored = context.storedBirthDate ?? null;
  const birthIssue = mode === "edit" && stored !== null ? (birth !== undefined && birth !== stored ? BIRTH_DATE_MESSAGES.locked : null) : birthDateProblem(birth, context.today);
  if (birthIssue !== null && !issues.some((issue) => issue.path[0] === "birthDate")) {
    // In the form's order: after the photos, before the rest.
    const at = issues.findIndex((issue) => issue.path[0] !== "photos");
    issues.splice(at === -1 ? issues.length : at, 0, { path: ["birthDate"], message: birthIssue });
  }
  // The object-level church check runs only once every field parsed: with other fields wrong it is
  // made here, so the form shows all its messages at once (as when the name was a plain field).
  const church = typeof normalized === "object" && normalized !== null ? (normalized as { churchId?: unknown; churchName?: unknown }) : {};
  const churchMissing = (church.churchId === undefined || church.churchId === null) && (typeof church.churchName !== "string" || visibleLength(church.churchName) < 1);
  if (churchMissing && !issues.some((issue) => issue.path[0] === "churchName")) {
    const before = new Set(["photos", "birthDate", "gender", "bio", "denomination"]);
    const at = issues.findIndex((issue) => !before.has(String(issue.path[0])));
    issues.splice(at === -1 ? issues.length : at, 0, { path: ["churchName"], message: PROFILE_MESSAGES.churchName });
  }
  if (result.success && issues.length === 0) return { ok: true, value: result.data };
  return { ok: false, ...validationFailure(issues) };
}
