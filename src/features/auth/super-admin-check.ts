import { and, eq, isNull, sql } from "drizzle-orm";
import { adminActions, sessions, settings, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { ADMIN_BOOTSTRAP_USED_KEY } from "./admin-bootstrap";
import { log } from "../../platform/log";

/**
 * Start-up safety net (docs/decisions/0083). Until this version, whoever registered the
 * SUPER_ADMIN_EMAIL address first became an admin without proving it. If that account is an
 * admin and its address is still unproven, it loses admin and every session, and the log says
 * why and what to do. The one exception is the account that used the operator's one-time
 * ADMIN_BOOTSTRAP_SECRET (the secret proved it belongs to the operator), and an account the
 * operator made admin with `kasih admin grant`.
 *
 * Returns the demoted address, or null when there was nothing to do.
 */
export async function revokeUnprovenSuperAdmin(deps: Pick<AppDeps, "db" | "config"> & Partial<Pick<AppDeps, "events">>): Promise<string | null> {
  const email = deps.config.superAdminEmail;
  if (email === undefined) return null;
  const claimedBootstrap = sql`exists (select 1 from ${settings} where ${settings.key} = ${ADMIN_BOOTSTRAP_USED_KEY} and ${settings.updatedBy} = ${users.id})`;
  // `kasih admin grant` is the operator's own word (logged as grant_admin): it stands too.
  const grantedAtTerminal = sql`exists (select 1 from ${adminActions} where ${adminActions.action} = 'grant_admin' and ${adminActions.targetUserId} = ${users.id})`;
  const unproven = and(eq(users.email, email), eq(users.isAdmin, true), isNull(users.emailVerifiedAt), sql`not ${claimedBootstrap}`, sql`not ${grantedAtTerminal}`);
  // One batch: the sessions go only if the demotion applies (same condition, checked first).
  const [, demoted] = await deps.db.batch([
    deps.db.delete(sessions).where(sql`${sessions.userId} in (select ${users.id} from ${users} where ${unproven})`),
    deps.db.update(users).set({ isAdmin: false }).where(unproven).returning({ id: users.id }),
  ]);
  const row = demoted[0];
  if (row === undefined) return null;
  deps.events?.emit("sessions.revoked", { userId: row.id, sessionIds: null });
  log.warn(
    `SUPER_ADMIN_EMAIL ${email}: admin access removed and signed out, because the address was never verified (an older version made whoever registered it first an admin). ` +
      `To restore it, sign in as ${email} and confirm the address with the link from the verification mail (Profile → Resend sends a new one; without SMTP_URL the mail is a .eml file in DATA_DIR/mail).`,
  );
  return email;
}
