import * as z from "zod";
import { messageSchema, type ApiOperation } from "../api-docs/describe-routes";

/** Phone sign-in for the OpenAPI document (API.md 'Phone sign-in', docs/decisions/0136). */
export const phoneSignInApiDocs: Record<string, ApiOperation> = {
  "POST /auth/phone/start": {
    tag: "Auth",
    access: "public",
    summary: "Send a sign-in code to a phone number",
    description:
      "An Indonesian mobile number (08…, 628… or +62…, normalised to E.164). A 6-digit code goes by WhatsApp or SMS as configured (the optional channel picks one when both are), or into $DATA_DIR/outbox/ with neither. The answer is the same whether or not the number has an account. A newer code voids older ones. Signed-in members use it too, to add a number.",
    success: { description: "Code sent.", schema: messageSchema },
    refusals: {
      400: "Not a phone number (\"Please enter a valid phone number\").",
      429: "3 codes per number or 10 per client address in an hour (Retry-After).",
      502: "WhatsApp or Twilio refused or failed; the member may ask again.",
    },
  },
  "POST /auth/phone/verify": {
    tag: "Auth",
    access: "public",
    summary: "Sign in with the code",
    description: "The code lives 5 minutes and is used once; the 5th wrong code voids it. A number without an account gets a new one (no email and no name yet: PATCH /account/name).",
    success: { description: "Signed in; the session cookie is set.", schema: z.object({ isNewUser: z.boolean().describe("True when the account has no profile photo yet: the app opens onboarding.") }) },
    refusals: {
      400: "\"Invalid or expired code\" (wrong, used, voided or expired), or not a phone number.",
      403: "The account is banned or suspended.",
      409: "The number was deleted while reports against it were open and cannot sign up yet.",
    },
  },
  "POST /account/phone/verify": {
    tag: "Account",
    access: "member",
    summary: "Add a proven phone number to the account",
    description: "Ask for the code with POST /auth/phone/start first. The number then counts wherever a proven email does.",
    success: { description: "The member, with phone and phoneVerifiedAt." },
    refusals: {
      400: "\"Invalid or expired code\", or not a phone number.",
      409: "The number is proven on another account.",
    },
  },
  "PATCH /account/name": {
    tag: "Account",
    access: "member",
    summary: "Set the member's name",
    description: "For an account made by phone, which starts without one.",
    success: { description: "The name saved.", schema: z.object({ firstName: z.string(), lastName: z.string() }) },
    refusals: { 400: "No first name, or a name with direction control characters." },
  },
};
