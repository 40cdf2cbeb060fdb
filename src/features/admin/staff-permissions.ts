import type { Role } from "../../../db/schema";

/**
 * Who may do what in the panel: ADMIN.md 'Who' in one table (docs/decisions/0127-roles-and-a-second-factor.md).
 * An admin may do everything; a moderator reads the overview, users, a member's page, matches and
 * the admin log, decides reports and verifications, and warns, hides, suspends and bans members.
 * Everything else (settings, gateway keys, ads, payments, refunds, grants, roles, deleting
 * accounts) is the admin's alone.
 */
export const STAFF_PERMISSIONS = [
  "overview",
  "users",
  /** warn, hide, unhide, suspend, ban, unban, reverify. */
  "users.moderate",
  "users.delete",
  /** Plans by hand: grants, extensions, revocations. */
  "plans",
  "roles",
  "matches",
  "matches.delete",
  "log",
  "reports",
  "verifications",
  /** Payments and refunds. */
  "payments",
  /** Settings and gateway keys. */
  "settings",
  "ads",
  "temp-users",
  /** A call or page the table below does not name: the admin's alone. */
  "unlisted",
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const STAFF_ROLES = ["moderator", "admin"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

const MODERATOR_MAY: ReadonlySet<StaffPermission> = new Set<StaffPermission>(["overview", "users", "users.moderate", "matches", "log", "reports", "verifications"]);

export function isStaffRole(role: Role): role is StaffRole {
  return role === "admin" || role === "moderator";
}

export function roleMay(role: Role, permission: StaffPermission): boolean {
  if (role === "admin") return true;
  return role === "moderator" && MODERATOR_MAY.has(permission);
}

type Rule = readonly [method: string, path: RegExp, permission: StaffPermission];
const ID = "[^/]+";
const MODERATION_ACTIONS = "ban|unban|suspend|warn|hide|unhide|reverify";

/**
 * Every /api/admin call by method and path (after /api/admin). A call not named here is the
 * admin's alone, so a new call is closed to moderators until it is listed.
 */
const API_RULES: readonly Rule[] = [
  ["GET", /^\/stats$/, "overview"],
  ["GET", /^\/users$/, "users"],
  ["GET", new RegExp(`^/users/${ID}$`), "users"],
  ["POST", new RegExp(`^/users/${ID}/(${MODERATION_ACTIONS})$`), "users.moderate"],
  ["DELETE", new RegExp(`^/users/${ID}$`), "users.delete"],
  // Removing a church vouch is moderation (docs/decisions/0134).
  ["DELETE", new RegExp(`^/vouches/${ID}$`), "users.moderate"],
  ["POST", new RegExp(`^/users/${ID}/plan$`), "plans"],
  ["POST", new RegExp(`^/users/${ID}/role$`), "roles"],
  ["GET", /^\/reports(\/.*)?$/, "reports"],
  ["PATCH", new RegExp(`^/reports/${ID}$`), "reports"],
  ["GET", /^\/actions$/, "log"],
  ["GET", /^\/verifications(\/.*)?$/, "verifications"],
  ["POST", new RegExp(`^/verifications/${ID}$`), "verifications"],
  ["GET", /^\/matches$/, "matches"],
  ["DELETE", new RegExp(`^/matches/${ID}$`), "matches.delete"],
  ["*", /^\/payments(\/.*)?$/, "payments"],
  ["*", /^\/payment-config(\/.*)?$/, "settings"],
  ["*", /^\/settings(\/.*)?$/, "settings"],
  ["*", /^\/ad-(placements|configs|revenue-summary)(\/.*)?$/, "ads"],
  ["*", /^\/temp-users(\/.*)?$/, "temp-users"],
];

/** The /admin pages (and the htmx dialogs they open) by path after /admin. */
const PAGE_RULES: readonly Rule[] = [
  ["GET", /^\/?$/, "overview"],
  // The shell's counters: each counts only what the role may open (admin-counters.tsx).
  ["GET", /^\/counters$/, "overview"],
  ["GET", /^\/users$/, "users"],
  ["GET", new RegExp(`^/users/${ID}$`), "users"],
  ["*", new RegExp(`^/users/${ID}/(${MODERATION_ACTIONS})$`), "users.moderate"],
  ["*", new RegExp(`^/users/${ID}/delete$`), "users.delete"],
  ["*", new RegExp(`^/users/${ID}/vouches/${ID}/remove$`), "users.moderate"],
  ["*", new RegExp(`^/users/${ID}/plan$`), "plans"],
  ["*", new RegExp(`^/users/${ID}/role$`), "roles"],
  ["*", /^\/moderation(\/.*)?$/, "reports"],
  ["*", /^\/reports(\/.*)?$/, "reports"],
  ["*", /^\/verifications(\/.*)?$/, "verifications"],
  ["*", /^\/actions(\/.*)?$/, "log"],
  ["GET", /^\/matches$/, "matches"],
  ["*", new RegExp(`^/matches/${ID}/delete$`), "matches.delete"],
  ["*", /^\/payments(\/.*)?$/, "payments"],
  ["*", /^\/temp-users(\/.*)?$/, "temp-users"],
  ["*", /^\/settings(\/.*)?$/, "settings"],
  ["*", /^\/ads(\/.*)?$/, "ads"],
];

function lookUp(rules: readonly Rule[], method: string, path: string): StaffPermission {
  const verb = method === "HEAD" ? "GET" : method;
  for (const [ruleMethod, pattern, permission] of rules) if ((ruleMethod === "*" || ruleMethod === verb) && pattern.test(path)) return permission;
  return "unlisted";
}

/** The permission an /api/admin call needs; `path` is what follows /api/admin ("/users/u1/ban"). */
export function apiPermission(method: string, path: string): StaffPermission {
  return lookUp(API_RULES, method, path);
}

/** The permission an /admin page needs; `path` is what follows /admin ("" for the overview). */
export function pagePermission(method: string, path: string): StaffPermission {
  return lookUp(PAGE_RULES, method, path);
}
