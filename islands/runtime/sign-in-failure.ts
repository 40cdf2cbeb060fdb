import type { TFunction } from "i18next";
import { ApiError } from "./api";
import { dateTimeText } from "./clock-time";

/**
 * What the sign-in screen says when signing in fails. A suspended account's 403 carries the reason
 * and the end (ADMIN.md 'One member', docs/decisions/0128): both said in the person's language, the
 * end in Jakarta time as the service keeps it; any other answer its message as sent (translated
 * where it is shown).
 */
export function signInFailure(t: TFunction, lang: string, caught: unknown): string {
  if (!(caught instanceof ApiError)) return t("messages.network_error");
  const { suspendedUntil, reason } = caught.details;
  if (typeof suspendedUntil !== "string" || typeof reason !== "string") return caught.message;
  // The app's one date-and-time format (docs/decisions/0137).
  const date = dateTimeText(new Date(suspendedUntil), lang);
  return t("messages.account_suspended_until_detail", { date, reason });
}
