import * as z from "zod";
import { messageSchema, type ApiOperation } from "../api-docs/describe-routes";

/** The sign-in calls for the OpenAPI document (docs/decisions/0119); keys as each routes file names them. */

const message = messageSchema;
const isNewUser = z.object({ isNewUser: z.boolean().describe("True when the account has no profile photo yet: the app opens the profile editor.") });

export const authApiDocs: Record<string, ApiOperation> = {
  "GET /captcha/challenge": {
    tag: "Auth",
    access: "public",
    summary: "A proof-of-work challenge for registration",
    description: "An ALTCHA challenge. The client solves it and sends the base64 JSON of {challenge, solution} as `captchaToken` when registering.",
    success: { description: "The ALTCHA challenge (algorithm, challenge, salt, signature, maxnumber).", schema: z.object({ algorithm: z.string(), challenge: z.string(), maxnumber: z.number(), salt: z.string(), signature: z.string() }).loose() },
  },
  "POST /auth/register": {
    tag: "Auth",
    access: "public",
    summary: "Create an account with email and password",
    description: "Signs the new account in (sets the session cookie) and mails a link that proves the address.",
    success: {
      status: 201,
      description: "The new account; the session cookie is set.",
      schema: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), isAdmin: z.boolean(), isNewUser: z.boolean() }),
    },
    refusals: {
      400: "A missing field, a weak password, an invalid email or name, or an unsolved captcha.",
      409: "An account with this email already exists.",
      429: "Too many accounts created from this network.",
    },
  },
  "POST /auth/login": {
    tag: "Auth",
    access: "public",
    summary: "Sign in with email and password",
    success: { description: "Signed in; the session cookie is set.", schema: isNewUser },
    refusals: {
      400: "A missing email or password.",
      401: "Invalid email or password.",
      403: "The account is suspended.",
      429: "Too many failed sign-ins for this account or address.",
    },
  },
  "PATCH /auth/language": {
    tag: "Auth",
    access: "member",
    summary: "Set the account's language (for mails)",
    success: { description: "The language saved.", schema: z.object({ language: z.enum(["en", "id"]) }) },
    refusals: { 400: "Not one of en, id." },
  },
  "GET /auth/user": {
    tag: "Auth",
    access: "member",
    summary: "The signed-in member",
    description: "The account, its plan and today's usage, its role (member, moderator, admin or chaperone; isAdmin is true for admins only), isNewUser (no photo yet; always false for a chaperone) and the profile (null before onboarding).",
    success: { description: "The member." },
  },
  "GET /logout": {
    tag: "Auth",
    access: "public",
    summary: "Sign out",
    description: "Ends the session (its open sockets close) and clears the cookie.",
    success: { status: 302, description: "Redirect to /." },
  },
};

export const passwordResetApiDocs: Record<string, ApiOperation> = {
  "POST /auth/forgot-password": {
    tag: "Auth",
    access: "public",
    summary: "Mail a password reset link",
    description: "Answers the same whether or not the email has an account.",
    success: { description: "The link is sent if the account exists.", schema: message },
    refusals: { 400: "No email.", 429: "Too many requests from this network." },
  },
  "GET /auth/verify-reset-token/{token}": {
    tag: "Auth",
    access: "public",
    summary: "Check a password reset token",
    success: { description: "The token is valid.", schema: z.object({ valid: z.boolean(), message: z.string() }) },
    refusals: { 400: "Invalid or expired token ({valid: false, message})." },
  },
  "POST /auth/reset-password": {
    tag: "Auth",
    access: "public",
    summary: "Set a new password with a reset token",
    description: "Signs out every session of the account.",
    success: { description: "The password is changed.", schema: message },
    refusals: { 400: "A missing field, a weak password, or an invalid or expired token." },
  },
};

export const emailVerificationApiDocs: Record<string, ApiOperation> = {
  "POST /auth/verify-email": {
    tag: "Auth",
    access: "public",
    summary: "Prove the email address with the mailed token",
    success: { description: "The address is verified.", schema: message },
    refusals: { 400: "Invalid or expired verification link." },
  },
  "POST /auth/verify-email/resend": {
    tag: "Auth",
    access: "member",
    summary: "Mail a new verification link",
    success: { description: "The mail is sent.", schema: message },
    refusals: { 409: "The email is already verified.", 429: "At most three mails an hour.", 503: "The mail could not be sent." },
  },
};

const oauthStart = (provider: string): ApiOperation => ({
  tag: "Auth",
  access: "public",
  summary: `Start signing in with ${provider}`,
  description: "A browser navigation, not a fetch: sets short-lived state cookies and redirects to the provider.",
  success: { status: 302, description: `Redirect to ${provider}, or back to /auth?signInError=not_configured when the server has no ${provider} keys.` },
  ...(provider === "Google" ? { refusals: { 404: "Google sign-in is switched off by the admin." } } : {}),
});
const oauthCallback = (provider: string): ApiOperation => ({
  tag: "Auth",
  access: "public",
  summary: `${provider} sends the browser back here`,
  description: "Checks the state, signs the person in (creating the account on first use) and sets the session cookie.",
  success: { status: 302, description: "Redirect to / or /edit-profile, or to /auth?signInError=failed|no_email|banned|not_configured." },
  ...(provider === "Google" ? { refusals: { 404: "Google sign-in is switched off by the admin." } } : {}),
});

export const oauthApiDocs: Record<string, ApiOperation> = {
  "GET /auth/google": oauthStart("Google"),
  "GET /auth/google/callback": oauthCallback("Google"),
  "GET /auth/facebook": oauthStart("Facebook"),
  "GET /auth/facebook/callback": oauthCallback("Facebook"),
};

export const firebaseLoginApiDocs: Record<string, ApiOperation> = {
  "POST /auth/firebase-login": {
    tag: "Auth",
    access: "public",
    summary: "Sign in with a Firebase ID token",
    description: "Only the verified token is believed; uid and email in the body are at most cross-checked.",
    success: { description: "Signed in; the session cookie is set.", schema: isNewUser },
    refusals: {
      400: "Firebase is not configured on this server, or the identity has no verified email.",
      401: "Invalid or expired ID token.",
      403: "Google sign-in is switched off, or the account is suspended.",
    },
  },
};

export const adminBootstrapApiDocs: Record<string, ApiOperation> = {
  "POST /auth/admin-login": {
    tag: "Auth",
    access: "member",
    summary: "Become admin once with ADMIN_BOOTSTRAP_SECRET",
    description: "For the operator's first admin: the signed-in caller presents the secret; it works once per server. A new session replaces the old one.",
    success: { description: "The caller is now an admin.", schema: message },
    refusals: { 400: "A body that is not JSON.", 403: "No secret configured, a wrong secret, or already used.", 429: "Too many wrong secrets from this address." },
  },
};
