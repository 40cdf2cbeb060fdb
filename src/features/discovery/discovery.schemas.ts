import * as z from "zod";
import { DISCOVERY_MAX_EXCLUDE, DISCOVERY_PAGE_SIZE } from "../../platform/constants";

const userId = z.string().trim().min(1).max(64);

/** GET /api/discovery?limit=10&exclude=id1,id2&minMatch=60 — exclude = the cards the client already holds. */
export const discoveryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(DISCOVERY_PAGE_SIZE.max).default(DISCOVERY_PAGE_SIZE.default),
  exclude: z
    .string()
    .max(DISCOVERY_MAX_EXCLUDE * 65)
    .optional()
    .transform((value) => (value ? value.split(",").filter((id) => id.length > 0) : []))
    .pipe(z.array(userId).max(DISCOVERY_MAX_EXCLUDE)),
  /** The lowest match % to show (0–100); above 0, people without a % are left out too (MATCHING.md). */
  minMatch: z.coerce.number().int().min(0).max(100).default(0),
});

export const swipeBodySchema = z.object({
  swipedId: userId,
  isLike: z.boolean(),
  isSuperLike: z.boolean().optional(),
});
