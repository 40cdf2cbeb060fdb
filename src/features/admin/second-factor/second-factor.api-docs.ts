import { z } from "zod";
import type { ApiOperation } from "../../api-docs/describe-routes";

const staff = (summary: string, rest: Omit<ApiOperation, "tag" | "access" | "summary">): ApiOperation => ({ tag: "Admin", access: "admin", summary, ...rest });

/** The second factor's calls and the role call (ADMIN.md 'Who') for the OpenAPI document (docs/decisions/0119, 0127). */
export const secondFactorApiDocs: Record<string, ApiOperation> = {
  "POST /admin/2fa/enrol": staff("Start enrolling a TOTP second factor", {
    description:
      "For an admin or moderator not enrolled yet (no proven code needed). A new secret (base32) and its otpauth:// URL for an authenticator app, and 10 single-use recovery codes, shown this once and stored hashed. Asking again before the first code replaces them.",
    success: { description: "{secret, otpauthUrl, recoveryCodes}.", schema: z.object({ secret: z.string(), otpauthUrl: z.string(), recoveryCodes: z.array(z.string()).length(10) }) },
    refusals: { 409: "Already enrolled (the terminal's `kasih admin reset-2fa EMAIL` starts over)." },
  }),
  "POST /admin/2fa/verify": staff("Prove the second factor for this session", {
    description:
      "A TOTP code (RFC 6238: 30 s, 6 digits, the step before and after accepted, each code once) or an unused recovery code once enrolled. The first good TOTP code completes the enrolment. The proof lasts as long as the session; until then every other /api/admin call answers 403 {message: \"Second factor required\"}. The sign-in is logged with its address.",
    success: { description: "{message, proof: totp|recovery_code, enrolled}.", schema: z.object({ message: z.string(), proof: z.enum(["totp", "recovery_code"]), enrolled: z.boolean() }) },
    refusals: { 400: "Invalid code.", 429: "5 wrong codes in 15 minutes; Retry-After says when to try again." },
  }),
  "POST /admin/users/{id}/role": staff("Grant or revoke a role", {
    description:
      "Admins only. role: admin, moderator or member; logged. The super admin cannot be demoted (400); changing another admin's or moderator's role is for the super admin alone (403). The same role again changes nothing.",
    success: { description: "{message, id, role, changed}.", schema: z.object({ message: z.string(), id: z.string(), role: z.string(), changed: z.boolean() }) },
    refusals: { 400: "Not a known role, one's own role, or the super admin.", 403: "Another admin's or moderator's role, by someone other than the super admin.", 404: "No such member.", 409: "The role changed meanwhile." },
  }),
};
