import { z } from "zod";
import { ID_CHARACTERS } from "../../../platform/ids";
import { blankAsAbsent, listControls, listSort, pageQuerySchema } from "../list-query";
import { BAN_REASON_MAX } from "./ban";

/** The English messages of the users, temp users and matches calls (translated as messages.*). */
export const ADMIN_USER_MESSAGES = {
  invalidFilter: "Invalid filter",
  searchTooLong: "Search must be at most 100 characters",
  reasonRequired: "Ban reason is required",
  reasonTooLong: `Ban reason must be at most ${BAN_REASON_MAX} characters`,
  userNotFound: "User not found",
  tempUserNotFound: "Temp user not found",
  matchNotFound: "Match not found",
  notBanned: "User is not banned",
  banSelf: "You cannot ban your own account",
  deleteSelf: "You cannot delete your own account",
  banSuperAdmin: "The super admin account cannot be banned",
  deleteSuperAdmin: "The super admin account cannot be deleted",
  banned: "User banned successfully",
  unbanned: "User unbanned successfully",
  deleted: "User deleted successfully",
  tempUserDeleted: "Temp user removed",
  matchDeleted: "Match deleted successfully",
} as const;

/** Spec point 5, "User filters": all, verified, banned, premium. */
export const USER_FILTERS = ["all", "verified", "banned", "premium"] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

/** An empty text field of a GET form ("search=", the "All" chip's "filter=") means "not given". */

export const searchSchema = z.preprocess(blankAsAbsent, z.string().trim().max(100, ADMIN_USER_MESSAGES.searchTooLong).optional());

/** The members lists' sort columns (ADMIN.md 'Lists'; docs/decisions/0131): newest first by default. */
export const USER_SORT = listSort(["name", "email", "createdAt", "lastActiveAt", "age", "plan"] as const, "-createdAt");
export type UserSortColumn = (typeof USER_SORT.columns)[number];

/** GET /api/admin/users and /admin/users: page, limit, search (name or email), filter, sort, format. */
export const userListQuerySchema = pageQuerySchema.extend({
  search: searchSchema,
  filter: z.preprocess(blankAsAbsent, z.enum(USER_FILTERS, { message: ADMIN_USER_MESSAGES.invalidFilter }).default("all")),
  ...listControls(USER_SORT),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** Temp users sort by name, email or sign-up (the oldest sign-ups have waited longest). */
export const TEMP_USER_SORT = listSort(["name", "email", "createdAt"] as const, "-createdAt");

/** GET /api/admin/temp-users: pages, sort and format. */
export const tempUserListQuerySchema = pageQuerySchema.extend(listControls(TEMP_USER_SORT));
export type TempUserListQuery = z.infer<typeof tempUserListQuerySchema>;

/** Matches sort by when they began, their last message, their message count, or a member's name. */
export const MATCH_SORT = listSort(["createdAt", "lastMessageAt", "messageCount", "member"] as const, "-createdAt");
export type MatchSortColumn = (typeof MATCH_SORT.columns)[number];

/** GET /api/admin/matches: page, limit, search (either member's name or email), sort, format. */
export const matchListQuerySchema = pageQuerySchema.extend({ search: searchSchema, ...listControls(MATCH_SORT) });
export type MatchListQuery = z.infer<typeof matchListQuerySchema>;

/** POST /api/admin/users/{id}/ban: the reason, trimmed, 1–500 characters (spec point 5, ADMIN.md). */
export const banBodySchema = z.object({
  reason: z
    .string({ message: ADMIN_USER_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_USER_MESSAGES.reasonRequired)
    .max(BAN_REASON_MAX, ADMIN_USER_MESSAGES.reasonTooLong),
});

/** An id of ours in a path: anything else cannot name a row, so it is simply not found. */
export const idParamSchema = z.object({ id: z.string().min(1).max(64).regex(ID_CHARACTERS) });
