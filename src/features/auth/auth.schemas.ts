// zod/mini: this file is also bundled into the sign-in island, where full zod would weigh 20 KB more.
import * as z from "zod/mini";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../platform/constants";
import { hasBidiControls, isBlank } from "../../platform/text";

/**
 * Sign-in and registration rules (spec point 5), shared by the form (live) and the API (the
 * real check). Messages are the specification's English texts; screens translate them.
 */
export const AUTH_MESSAGES = {
  fillAllFields: "Please fill in all fields",
  invalidLanguage: "Choose English or Bahasa Indonesia",
  passwordsDoNotMatch: "Passwords do not match",
  captchaRequired: "Please complete the CAPTCHA verification",
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  invalidEmail: "Please enter a valid email address",
  emailTaken: "An account with this email already exists",
  invalidCredentials: "Invalid email or password",
  tooManyAttempts: "Too many sign-in attempts. Please try again later",
  tooManyRegistrations: "Too many accounts created from this network. Please try again later",
  banned: "Your account has been suspended",
  /** Followed by the end (ISO) and the reason: "Your account is suspended until 2026-12-04T…Z: …". */
  suspendedUntil: "Your account is suspended until",
  invalidName: "Names cannot contain direction control characters",
} as const;

const field = (max: number) => z.pipe(z._default(z.optional(z.string().check(z.maxLength(max))), ""), z.transform((value: string) => value.trim()));
const password = z._default(z.optional(z.string().check(z.maxLength(MAX_PASSWORD_LENGTH * 4))), "");

/** NFC without control characters, trimmed; bidi controls are kept here only so they can be refused. */
function cleanNameKeepingBidi(value: string): string {
  return value.normalize("NFC").replace(/[\u0000-\u001F\u007F-\u009F]/g, "").trim();
}

export const loginBodySchema = z.object({
  email: field(254),
  password,
});

/** A name as typed, made NFC and without control characters; direction overrides are refused below. */
const name = z.pipe(z._default(z.optional(z.string().check(z.maxLength(60))), ""), z.transform((value: string) => cleanNameKeepingBidi(value)));

export const registerBodySchema = z.object({
  email: field(254),
  password,
  firstName: name,
  lastName: name,
  captchaToken: z.optional(z.string().check(z.maxLength(4096))),
});

export type LoginInput = z.infer<typeof loginBodySchema>;
export type RegisterInput = z.infer<typeof registerBodySchema>;

export const emailSchema = z.string().check(z.email());

export function loginProblem(input: { email: string; password: string }): string | null {
  if (input.email.trim() === "" || input.password === "") return AUTH_MESSAGES.fillAllFields;
  return null;
}

/** The form's checks in the specification's order; the server adds captcha, strength and uniqueness. */
export function registrationFormProblem(input: { email: string; password: string; confirmPassword?: string; firstName: string; lastName: string; captchaToken?: string | null }): string | null {
  if ([input.email, input.firstName, input.lastName].some((value) => isBlank(value)) || input.password === "") return AUTH_MESSAGES.fillAllFields;
  // A name that reads differently from what it holds misleads the people it writes to.
  if (hasBidiControls(input.firstName) || hasBidiControls(input.lastName)) return AUTH_MESSAGES.invalidName;
  if (input.confirmPassword !== undefined && input.password !== input.confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  if (!input.captchaToken) return AUTH_MESSAGES.captchaRequired;
  if (input.password.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (!emailSchema.safeParse(input.email.trim()).success) return AUTH_MESSAGES.invalidEmail;
  return null;
}
