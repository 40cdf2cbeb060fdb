/**
 * Ad placements (spec points 3–5, ADMIN.md "Ads"): what the admin sets up in Ad Management and what
 * the member app's slots ask for. Every change writes its admin log row in the same batch.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { AD_LOCATIONS, AD_PLATFORMS, AD_TYPES, adPlacements } from "../../../db/schema";
import { newId } from "../../platform/ids";
import type { SessionUser } from "../auth/session";
import { adminLogInsert } from "../admin/admin-log";
import { toggleOn } from "../admin/settings.service";
import type { CreatePlacementInput, UpdatePlacementInput } from "./ads.schemas";

export type AdPlatform = (typeof AD_PLATFORMS)[number];
export type AdLocation = (typeof AD_LOCATIONS)[number];
export type AdType = (typeof AD_TYPES)[number];

export interface PlacementJson {
  id: string;
  name: string;
  adType: CreatePlacementInput["adType"];
  platform: AdPlatform;
  placement: AdLocation;
  frequency: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string | null;
}

/** What a member's slot needs of a placement (ADMIN.md): no names, no times. */
export interface SlotPlacement {
  id: string;
  adType: CreatePlacementInput["adType"];
  platform: AdPlatform;
  frequency: number;
}

type PlacementRow = typeof adPlacements.$inferSelect;

function toJson(row: PlacementRow): PlacementJson {
  return {
    id: row.id,
    name: row.name,
    adType: row.adType,
    platform: row.platform,
    placement: row.placement,
    frequency: row.frequency,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** Every placement, oldest first: the admin's list keeps its order as placements are added. */
export async function listPlacements(db: Database): Promise<PlacementJson[]> {
  const rows = await db.select().from(adPlacements).orderBy(asc(adPlacements.createdAt), asc(adPlacements.id));
  return rows.map(toJson);
}

export async function findPlacement(db: Database, id: string): Promise<PlacementJson | null> {
  const [row] = await db.select().from(adPlacements).where(eq(adPlacements.id, id)).limit(1);
  return row === undefined ? null : toJson(row);
}

/**
 * The log's detail of a placement, as codes the Admin Actions list translates
 * ("banner admob swipe_screen 3 active"; placementDetailParts reads it back).
 */
function describe(p: Pick<PlacementJson, "adType" | "platform" | "placement" | "frequency" | "isActive">): string {
  return [p.adType, p.platform, p.placement, p.frequency, p.isActive ? "active" : "inactive"].join(" ");
}

/** A placement log detail split into its codes, or null when it is not one (an older, free-text detail). */
export function placementDetailParts(detail: string) {
  const [adType, platform, placement, frequency, state, ...rest] = detail.split(" ");
  if (rest.length > 0 || !(AD_TYPES as readonly string[]).includes(adType ?? "") || !(AD_PLATFORMS as readonly string[]).includes(platform ?? "") || !(AD_LOCATIONS as readonly string[]).includes(placement ?? "")) return null;
  if (!/^\d+$/.test(frequency ?? "") || (state !== "active" && state !== "inactive")) return null;
  return { adType: adType as AdType, platform: platform as AdPlatform, placement: placement as AdLocation, frequency: Number(frequency), isActive: state === "active" };
}

type Admin = Pick<SessionUser, "id" | "firstName" | "lastName">;

export async function createPlacement(db: Database, now: Date, admin: Admin, input: CreatePlacementInput): Promise<PlacementJson> {
  const row: PlacementRow = { id: newId(), ...input, createdAt: now, updatedAt: null };
  await db.batch([
    db.insert(adPlacements).values(row),
    adminLogInsert(db, { admin, action: "placement_create", targetName: row.name, reason: describe(row), at: now }),
  ]);
  return toJson(row);
}

/**
 * Changes the given fields; null when the placement does not exist. Placements are never deleted
 * (no route removes one), so the placement read here still exists when the batch runs.
 */
export async function updatePlacement(db: Database, now: Date, admin: Admin, id: string, input: UpdatePlacementInput): Promise<PlacementJson | null> {
  const current = await findPlacement(db, id);
  if (current === null) return null;
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as UpdatePlacementInput;
  const next: PlacementJson = { ...current, ...changes, updatedAt: now.toISOString() };
  await db.batch([
    db.update(adPlacements).set({ ...changes, updatedAt: now }).where(eq(adPlacements.id, id)),
    adminLogInsert(db, { admin, action: "placement_update", targetName: next.name, reason: describe(next), at: now }),
  ]);
  return next;
}

/** Which ad platforms the admin switched on (Overview/Settings toggles; they take effect at once). */
export async function enabledPlatforms(db: Database): Promise<AdPlatform[]> {
  const [google, meta] = await Promise.all([toggleOn(db, "ads_google"), toggleOn(db, "ads_meta")]);
  return [...(google ? (["admob"] as const) : []), ...(meta ? (["meta"] as const) : [])];
}

/** The active placements of enabled platforms at one location, oldest first (a slot uses the first). */
export async function placementsForSlot(db: Database, location: AdLocation): Promise<SlotPlacement[]> {
  const platforms = await enabledPlatforms(db);
  if (platforms.length === 0) return [];
  return db
    .select({ id: adPlacements.id, adType: adPlacements.adType, platform: adPlacements.platform, frequency: adPlacements.frequency })
    .from(adPlacements)
    .where(and(eq(adPlacements.placement, location), eq(adPlacements.isActive, true), inArray(adPlacements.platform, platforms)))
    .orderBy(asc(adPlacements.createdAt), asc(adPlacements.id));
}
