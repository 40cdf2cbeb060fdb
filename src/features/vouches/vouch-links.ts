/**
 * Links a member shares so someone from their church can vouch (MATCHING.md: `POST
 * /api/vouches/link`): a random token in the URL, only its SHA-256 kept, good for VOUCH_LINK_DAYS.
 * A member keeps VOUCH_LINKS_KEPT live links at most; making another drops the oldest.
 */
import { and, desc, eq, gt, notInArray } from "drizzle-orm";
import type { AppDeps } from "../../app-env";
import { vouchLinks } from "../../../db/schema";
import { newToken } from "../../platform/ids";
import { sessionIdFromToken } from "../auth/session";
import { DAY_MS, VOUCH_LINK_DAYS, VOUCH_LINKS_KEPT } from "./vouch-rules";

type Deps = Pick<AppDeps, "db" | "clock" | "config">;

/** The token's stored form (the same SHA-256 hex the session tokens use). */
const hashOf = (token: string) => sessionIdFromToken(token);

export const vouchLinkPath = (token: string) => `/vouch/${token}`;

export async function createVouchLink(deps: Deps, userId: string): Promise<string> {
  const token = newToken(24);
  const now = deps.clock.now();
  const kept = await deps.db
    .select({ tokenHash: vouchLinks.tokenHash })
    .from(vouchLinks)
    .where(and(eq(vouchLinks.userId, userId), gt(vouchLinks.expiresAt, now)))
    .orderBy(desc(vouchLinks.createdAt))
    .limit(VOUCH_LINKS_KEPT - 1);
  await deps.db.batch([
    deps.db.delete(vouchLinks).where(and(eq(vouchLinks.userId, userId), kept.length === 0 ? undefined : notInArray(vouchLinks.tokenHash, kept.map((row) => row.tokenHash)))),
    deps.db.insert(vouchLinks).values({ tokenHash: hashOf(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + VOUCH_LINK_DAYS * DAY_MS) }),
  ]);
  return `${deps.config.appOrigin}${vouchLinkPath(token)}`;
}

/** The member a live link was made by, or null (unknown, or expired). */
export async function vouchLinkOwner(deps: Pick<Deps, "db" | "clock">, token: string): Promise<string | null> {
  if (!/^[a-z2-7]{20,80}$/.test(token)) return null;
  const [row] = await deps.db.select({ userId: vouchLinks.userId, expiresAt: vouchLinks.expiresAt }).from(vouchLinks).where(eq(vouchLinks.tokenHash, hashOf(token))).limit(1);
  if (row === undefined || row.expiresAt.getTime() <= deps.clock.now().getTime()) return null;
  return row.userId;
}
