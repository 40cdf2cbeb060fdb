/** Test helpers for areas built on matches: a matched pair without going through discovery. */
import { eq } from "drizzle-orm";
import { matches, users, type Plan } from "../../db/schema";
import { newId } from "../platform/ids";
import type { TestApp } from "./test-app";

/** Inserts the match row of two users (ordered pair), as POST /api/swipe does on a mutual like. */
export async function matchUsers(app: TestApp, a: { id: string }, b: { id: string }): Promise<string> {
  const [user1Id, user2Id] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  const id = newId();
  await app.deps.db.insert(matches).values({ id, user1Id, user2Id, createdAt: app.clock.now() });
  return id;
}

export async function setPlan(app: TestApp, user: { id: string }, plan: Plan) {
  await app.deps.db.update(users).set({ plan, planExpiresAt: null }).where(eq(users.id, user.id));
}
