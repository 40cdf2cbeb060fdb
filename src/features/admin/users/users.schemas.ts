import { z } from "zod";
import { ID_CHARACTERS } from "../../../platform/ids";
import { blankAsAbsent, pageQuerySchema } from "../list-query";
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

/** GET /api/admin/users and /admin/users: page, limit, search (name or email), filter. */
export const userListQuerySchema = pageQuerySchema.extend({
  search: searchSchema,
  filter: z.preprocess(blankAsAbsent, z.enum(USER_FILTERS, { message: ADMIN_USER_MESSAGES.invalidFilter }).default("all")),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** GET /api/admin/temp-users: pages only. */
export const tempUserListQuerySchema = pageQuerySchema;

/** GET /api/admin/matches: page, limit, search (either member's name or email). */
export const matchListQuerySchema = pageQuerySchema.extend({ search: searchSchema });
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
