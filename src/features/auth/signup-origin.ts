/**
 * Where an account was made from, for the member's admin page (ADMIN.md 'One member': sign-up
 * address and country). The address is the one the rate limits see (src/middleware/client-ip.ts).
 * The country is what a trusted proxy in front reports (Cloudflare's `CF-IPCountry`, CloudFront's
 * `CloudFront-Viewer-Country`): Kasih ships no address-to-country database, so without such a
 * proxy it stays unknown rather than guessed.
 */
import type { Context } from "hono";
import { clientIp } from "../../middleware/client-ip";

export interface SignupOrigin {
  signupIp: string | null;
  signupCountry: string | null;
}

const COUNTRY_HEADERS = ["CF-IPCountry", "CloudFront-Viewer-Country"];

export function signupOrigin(c: Context, trustProxy: boolean): SignupOrigin {
  const ip = clientIp(c, trustProxy);
  let country: string | null = null;
  if (trustProxy) {
    for (const header of COUNTRY_HEADERS) {
      const value = c.req.header(header)?.trim().toUpperCase();
      // ISO 3166-1 alpha-2 only; Cloudflare's "XX" (unknown) and "T1" (Tor) say nothing of a country.
      if (value !== undefined && /^[A-Z]{2}$/.test(value) && value !== "XX") {
        country = value;
        break;
      }
    }
  }
  return { signupIp: ip === "unknown" ? null : ip, signupCountry: country };
}
