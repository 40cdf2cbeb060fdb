/** Test helpers of the admin member areas: named people written straight to the database. */
import { eq } from "drizzle-orm";
import { users, type Plan, type Role } from "../../../../db/schema";
import { createMember } from "../../discovery/discovery.test-support";
import type { TestApp } from "../../../testing/test-app";

export interface PersonOptions {
  firstName?: string;
  lastName?: string;
  email?: string;
  isAdmin?: boolean;
  /** Default: admin with isAdmin, else member. */
  role?: Role;
  /** A staff session that has proven the second factor (default true); false to test the second factor itself. */
  secondFactor?: boolean;
  /** A saved profile (an active member); false: a sign-up that stopped before it. */
  profile?: boolean;
  plan?: Plan;
  planExpiresAt?: Date | null;
  /** The Verified badge: an approved selfie (users.photo_verified_at, decision 0130). */
  photoVerified?: boolean;
  /** A proven email address (email_verified_at, and the older is_verified flag with it). */
  emailVerified?: boolean;
  createdAt?: Date;
}

/** A member (or admin) with a session cookie; fast: no password hashing. */
export async function person(app: TestApp, options: PersonOptions = {}) {
  const account = await createMember(app, { firstName: options.firstName ?? "Maria", isAdmin: options.isAdmin ?? false, role: options.role, secondFactor: options.secondFactor, profile: options.profile ?? true, photo: options.profile ?? true });
  const email = options.email ?? `${account.id}@example.com`;
  const lastName = options.lastName ?? "Santoso";
  await app.deps.db
    .update(users)
    .set({
      lastName,
      email,
      plan: options.plan ?? "free",
      planExpiresAt: options.planExpiresAt ?? null,
      photoVerifiedAt: options.photoVerified ? app.clock.now() : null,
      emailVerifiedAt: options.emailVerified ? app.clock.now() : null,
      isVerified: options.emailVerified ?? false,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .where(eq(users.id, account.id));
  return { ...account, lastName, email };
}

export const adminOf = (app: TestApp, options: PersonOptions = {}) => person(app, { firstName: "Ada", lastName: "Admin", ...options, isAdmin: true });

/** A moderator (ADMIN.md 'Who') with a session that has proven the second factor unless told otherwise. */
export const moderatorOf = (app: TestApp, options: PersonOptions = {}) => person(app, { firstName: "Mona", lastName: "Moderator", ...options, isAdmin: false, role: "moderator" });

/** The request an htmx element of the panel makes. */
export const HX = { "HX-Request": "true" } as const;

/** The toast and refresh events a change announced (HX-Trigger), or null. */
export function triggerOf(response: Response): Record<string, unknown> | null {
  const header = response.headers.get("HX-Trigger");
  return header === null ? null : (JSON.parse(header) as Record<string, unknown>);
}
