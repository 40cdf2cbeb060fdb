// zod/mini: this file is also bundled into the reset-password island.
import * as z from "zod/mini";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../platform/constants";
import { AUTH_MESSAGES } from "./auth.schemas";

/** Forgot and reset texts (spec points 5 and 8); screens translate them through messages.<slug>. */
export const RESET_MESSAGES = {
  emailRequired: "Please enter your email address",
  /** The same answer whether or not the account exists (SECURITY.md). */
  linkSent: "If an account exists for this email, a reset link has been sent.",
  tokenValid: "Reset link is valid",
  tokenInvalid: "This password reset link is invalid or has expired.",
  passwordReset: "Your password has been reset. You can now sign in with your new password.",
  tooManyRequests: "Too many requests. Please try again later",
} as const;

export const forgotPasswordBodySchema = z.object({
  email: z.pipe(z._default(z.optional(z.string().check(z.maxLength(254))), ""), z.transform((value: string) => value.trim())),
});

export const resetPasswordBodySchema = z.object({
  token: z._default(z.optional(z.string().check(z.maxLength(200))), ""),
  newPassword: z._default(z.optional(z.string().check(z.maxLength(MAX_PASSWORD_LENGTH * 4))), ""),
});

/** The reset form's checks in the specification's order (point 5, Reset). */
export function resetFormProblem(input: { newPassword: string; confirmPassword?: string }): string | null {
  if (input.newPassword === "" || input.confirmPassword === "") return AUTH_MESSAGES.fillAllFields;
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (input.confirmPassword !== undefined && input.newPassword !== input.confirmPassword) return AUTH_MESSAGES.passwordsDoNotMatch;
  return null;
}
