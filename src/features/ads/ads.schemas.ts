import { z } from "zod";
import { AD_LOCATIONS, AD_PLATFORMS, AD_TYPES } from "../../../db/schema";
import { MAX_EVENT_REVENUE_MICROS } from "../../platform/constants";

/** Spec point 5: frequency 1 to 20, default 3 (an ad every N member actions, point 9). */
export const FREQUENCY = { min: 1, max: 20, default: 3 } as const;
export const PLACEMENT_NAME_MAX = 80;

/** The API's messages for a placement (ADMIN.md: a violation is 400 naming the field). */
export const PLACEMENT_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${PLACEMENT_NAME_MAX} characters`,
  adType: "Ad type must be banner, interstitial, rewarded or native",
  platform: "Platform must be admob or meta",
  placement: "Location must be swipe_screen, matches_list, chat_screen or profile_view",
  frequency: `Frequency must be a number from ${FREQUENCY.min} to ${FREQUENCY.max}`,
  isActive: "Active must be true or false",
  notFound: "Placement not found",
} as const;

export const AD_MESSAGES = {
  location: "Location must be swipe_screen, matches_list, chat_screen or profile_view",
  kind: "Kind must be impression or click",
  placementId: "placementId is required",
  revenue: "revenueMicros must be a whole number from 0 to 100000",
  placementNotFound: "Placement not found",
} as const;

/**
 * A whole number from 1 to 20. A numeric string ("3") is taken as its number, so a plain form post
 * works too; "x", 2.5, 0 and 21 are refused with the one message naming the field.
 */
const frequency = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.number({ message: PLACEMENT_MESSAGES.frequency }).int(PLACEMENT_MESSAGES.frequency).min(FREQUENCY.min, PLACEMENT_MESSAGES.frequency).max(FREQUENCY.max, PLACEMENT_MESSAGES.frequency),
);

const fields = {
  name: z.string({ message: PLACEMENT_MESSAGES.nameRequired }).trim().min(1, PLACEMENT_MESSAGES.nameRequired).max(PLACEMENT_NAME_MAX, PLACEMENT_MESSAGES.nameTooLong),
  adType: z.enum(AD_TYPES, { message: PLACEMENT_MESSAGES.adType }),
  platform: z.enum(AD_PLATFORMS, { message: PLACEMENT_MESSAGES.platform }),
  placement: z.enum(AD_LOCATIONS, { message: PLACEMENT_MESSAGES.placement }),
  frequency,
  isActive: z.boolean({ message: PLACEMENT_MESSAGES.isActive }),
};

/** POST: name required; the rest default as spec point 5 says (banner, admob, swipe_screen, 3, active). */
export const createPlacementSchema = z.object({
  name: fields.name,
  adType: fields.adType.default("banner"),
  platform: fields.platform.default("admob"),
  placement: fields.placement.default("swipe_screen"),
  frequency: fields.frequency.default(FREQUENCY.default),
  isActive: fields.isActive.default(true),
});

/**
 * PUT: the same fields, each optional; an omitted field keeps its stored value (the panel always
 * sends all of them; another client may change one, e.g. only isActive).
 */
export const updatePlacementSchema = z.object({
  name: fields.name.optional(),
  adType: fields.adType.optional(),
  platform: fields.platform.optional(),
  placement: fields.placement.optional(),
  frequency: fields.frequency.optional(),
  isActive: fields.isActive.optional(),
});

export type CreatePlacementInput = z.infer<typeof createPlacementSchema>;
export type UpdatePlacementInput = z.infer<typeof updatePlacementSchema>;

export const adLocationQuerySchema = z.object({ location: z.enum(AD_LOCATIONS, { message: AD_MESSAGES.location }) });

export const adEventSchema = z.object({
  placementId: z.string({ message: AD_MESSAGES.placementId }).trim().min(1, AD_MESSAGES.placementId).max(64, AD_MESSAGES.placementId),
  kind: z.enum(["impression", "click"], { message: AD_MESSAGES.kind }),
  revenueMicros: z.number({ message: AD_MESSAGES.revenue }).int(AD_MESSAGES.revenue).min(0, AD_MESSAGES.revenue).max(MAX_EVENT_REVENUE_MICROS, AD_MESSAGES.revenue).default(0),
});

export type AdEventInput = z.infer<typeof adEventSchema>;
