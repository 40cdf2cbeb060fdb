import * as z from "zod/mini";
import { PHONE_CHANNELS } from "./phone-channels";

/** API.md 'Phone sign-in': the English messages; screens translate them. */
export const PHONE_MESSAGES = {
  codeSent: "Code sent",
  invalidPhone: "Please enter a valid phone number",
  invalidCode: "Invalid or expired code",
  tooManyCodes: "Too many codes requested. Please try again later",
  phoneTaken: "This phone number is already used by another account",
  /** A number deleted while reports against it were open (SECURITY.md 'Privacy and abuse'). */
  phoneHeld: "This phone number cannot be used to sign up right now",
  nameRequired: "Please enter your first name",
  sendFailed: "The code could not be sent. Please try again",
} as const;

const text = (max: number) => z._default(z.optional(z.string().check(z.maxLength(max))), "");

export const phoneStartBodySchema = z.object({
  phone: text(40),
  /** Optional: "whatsapp" or "sms" when both are offered; the first configured otherwise. */
  channel: z.optional(z.enum(PHONE_CHANNELS)),
});

export const phoneVerifyBodySchema = z.object({
  phone: text(40),
  code: text(20),
});

export const accountNameBodySchema = z.object({
  firstName: text(60),
  lastName: text(60),
});
