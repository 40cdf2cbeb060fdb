import type { TFunction } from "i18next";
import { ApiError } from "./api";
import { parseWrongOriginMessage } from "../../src/platform/wrong-origin";

/**
 * The API speaks the specification's English messages; the screens show them in the user's
 * language. "Invalid email or password" is looked up as messages.invalid_email_or_password.
 */
export function messageKey(message: string): string {
  return message
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 80);
}

export function translateMessage(t: TFunction, message: string): string {
  // The Origin check's refusal names two addresses (src/middleware/csrf.ts): one text with both.
  const wrongOrigin = parseWrongOriginMessage(message);
  if (wrongOrigin !== null) return t("messages.wrong_origin", wrongOrigin);
  const known = (text: string) => t(`messages.${messageKey(text)}`, { defaultValue: "" });
  const translated = known(message);
  if (translated !== "") return translated;
  // "Your account has been suspended: {reason}": a known message with a detail after it keeps
  // the detail (written by a person, in their language) and translates the rest.
  const colon = message.indexOf(": ");
  if (colon > 0) {
    const head = known(message.slice(0, colon));
    if (head !== "") return `${head}: ${message.slice(colon + 2)}`;
  }
  return message;
}

/**
 * What a failed call shows: the API's message in the user's language, else (the server was not
 * reached, or the browser threw) our own network text, never the browser's English "Failed to fetch".
 */
export function errorText(t: TFunction, caught: unknown): string {
  return caught instanceof ApiError ? translateMessage(t, caught.message) : t("messages.network_error");
}

/**
 * A toast for a message written "Title: text" (spec point 5's photo messages, e.g. 'File too
 * large: Please select images smaller than 5MB'): the part before the colon is the title.
 * A message without one is the text under `fallbackTitle`.
 */
export function titledToast(t: TFunction, message: string, fallbackTitle: string): { title: string; description?: string } {
  const translated = translateMessage(t, message);
  const colon = translated.indexOf(": ");
  return colon > 0 ? { title: translated.slice(0, colon), description: translated.slice(colon + 2) } : { title: fallbackTitle, description: translated };
}
