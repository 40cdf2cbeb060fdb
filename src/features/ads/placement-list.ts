/**
 * Ad placements as an admin list (ADMIN.md 'Lists', 'Ads'; docs/decisions/0131): sorted by any
 * column, 10/25/100 at a time, CSV. GET /api/admin/ad-placements without `page` or `limit` keeps
 * its first form and answers every placement (the old callers read them all).
 */
import { asc, count, sql, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client";
import { adPlacements } from "../../../db/schema";
import { csvTime, type CsvColumn } from "../admin/list-csv";
import { listControls, listSort, offsetOf, orderOf, pageOf, pageQuerySchema } from "../admin/list-query";
import { findPlacement, type PlacementJson } from "./ad-placements.service";

export const PLACEMENT_SORT = listSort(["name", "adType", "platform", "placement", "frequency", "isActive", "createdAt"] as const, "createdAt");
type PlacementSortColumn = (typeof PLACEMENT_SORT.columns)[number];

export const placementListQuerySchema = pageQuerySchema.extend(listControls(PLACEMENT_SORT));
export type PlacementListQuery = z.infer<typeof placementListQuerySchema>;

const SORT_SQL: Record<PlacementSortColumn, SQLWrapper> = {
  name: sql`lower(${adPlacements.name})`,
  adType: adPlacements.adType,
  platform: adPlacements.platform,
  placement: adPlacements.placement,
  frequency: adPlacements.frequency,
  isActive: adPlacements.isActive,
  createdAt: adPlacements.createdAt,
};

/** A page of placements, in the list's sort (oldest first by default, the order they were added). */
export async function pageOfPlacements(db: Database, query: PlacementListQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: adPlacements.id })
      .from(adPlacements)
      .orderBy(...orderOf(query.sort, SORT_SQL, [asc(adPlacements.createdAt), asc(adPlacements.id)]))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(adPlacements),
  ]);
  // Placements are few (a handful per location): one read each keeps their JSON in one place.
  const placements = (await Promise.all(rows.map((row) => findPlacement(db, row.id)))).filter((placement): placement is PlacementJson => placement !== null);
  return pageOf("placements", placements, total?.value ?? 0, query);
}

export const PLACEMENT_CSV: CsvColumn<PlacementJson>[] = [
  { header: "id", value: (p) => p.id },
  { header: "name", value: (p) => p.name },
  { header: "ad_type", value: (p) => p.adType },
  { header: "platform", value: (p) => p.platform },
  { header: "placement", value: (p) => p.placement },
  { header: "frequency", value: (p) => p.frequency },
  { header: "active", value: (p) => p.isActive },
  { header: "created_at", value: (p) => csvTime(p.createdAt) },
  { header: "updated_at", value: (p) => csvTime(p.updatedAt) },
];
