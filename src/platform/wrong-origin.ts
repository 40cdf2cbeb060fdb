/**
 * The explanation given when a page is used at an address other than APP_ORIGIN (127.0.0.1, a LAN
 * address): state-changing calls from it are refused by the Origin check (src/middleware/csrf.ts),
 * and "You are not allowed to do that" alone leaves a newcomer guessing. The API's refusal names
 * both origins in this English text; the islands recognise it and show it in the member's language
 * (islands/runtime/messages.ts). Shared by server and browser, so it imports nothing.
 */
const PREFIX = "This page was opened at ";
const MIDDLE = ", but this server's address is ";
const SUFFIX = " (APP_ORIGIN). Open it at ";

export function wrongOriginMessage(opened: string, appOrigin: string): string {
  return `${PREFIX}${opened}${MIDDLE}${appOrigin}${SUFFIX}${appOrigin}`;
}

const pattern = /^This page was opened at (\S+), but this server's address is (\S+) \(APP_ORIGIN\)\. Open it at \S+$/;

/** The two origins of a message written by wrongOriginMessage, else null. */
export function parseWrongOriginMessage(message: string): { opened: string; appOrigin: string } | null {
  const match = pattern.exec(message);
  return match === null ? null : { opened: match[1]!, appOrigin: match[2]! };
}

/** An http(s) origin as a browser sends it in `Origin`, else null ("null", garbage, other schemes). */
export function httpOrigin(value: string | undefined | null): string | null {
  if (!value || value.length > 300) return null;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}
