import { z } from "zod";
import type { Database } from "../../../db/client";
import { AD_PLATFORMS, adConfigs } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { secretBoxFor } from "../../platform/secret-box";
import type { SessionUser } from "../auth/session";
import { adminLogInsert } from "../admin/admin-log";
import { maskSecret, SETTING_MESSAGES, type MaskedSecret } from "../admin/settings.service";
import { log } from "../../platform/log";

type Deps = Pick<AppDeps, "db" | "config" | "clock">;
export type AdPlatform = (typeof AD_PLATFORMS)[number];

/**
 * The ad platforms' configuration (spec point 3 "Ad config fields"; ADMIN.md "Ads"): one row per
 * platform in ad_configs. The `admob_config` setting of spec point 7 reads and writes the same
 * "admob" row, so there is one source of truth for the AdMob ids.
 */
export const AD_CONFIG_MESSAGES = {
  appIdRequired: "App ID is required",
  unknownPlatform: "Unknown ad platform",
  invalid: "Invalid ad config",
} as const;

/** The Meta access token is sealed like gateway keys; the context binds it to its column. */
const accessTokenContext = (platform: AdPlatform) => `ad_configs.${platform}.accessToken`;

const optionalId = z
  .string({ message: AD_CONFIG_MESSAGES.invalid })
  .max(500, AD_CONFIG_MESSAGES.invalid)
  .nullable()
  .optional()
  // Omitted: keep what is stored. Blank: cleared (the form shows the stored id, so blank means the admin removed it).
  .transform((value) => (value === undefined ? undefined : value === null || value.trim() === "" ? null : value.trim()));

export const adConfigSchema = z.object({
  platform: z.enum(AD_PLATFORMS, { message: AD_CONFIG_MESSAGES.unknownPlatform }),
  appId: z.string({ message: AD_CONFIG_MESSAGES.appIdRequired }).trim().min(1, AD_CONFIG_MESSAGES.appIdRequired).max(500, AD_CONFIG_MESSAGES.invalid),
  bannerAdUnitId: optionalId,
  interstitialAdUnitId: optionalId,
  rewardedAdUnitId: optionalId,
  placementId: optionalId,
  // Secret: rendered empty, so blank keeps the stored token.
  accessToken: z
    .string({ message: AD_CONFIG_MESSAGES.invalid })
    .max(10_000, AD_CONFIG_MESSAGES.invalid)
    .nullable()
    .optional()
    .transform((value) => (value === undefined || value === null || value.trim() === "" ? undefined : value.trim())),
  isActive: z.boolean({ message: AD_CONFIG_MESSAGES.invalid }).optional(),
  /** Spec point 7 sends a description with admob_config; it is not kept. */
  description: z.string().optional(),
});

export type AdConfigInput = z.infer<typeof adConfigSchema>;

/** GET /api/admin/ad-configs: a platform's config as the admin sees it (the token masked). */
export interface AdConfigView {
  platform: AdPlatform;
  appId: string;
  bannerAdUnitId: string | null;
  interstitialAdUnitId: string | null;
  rewardedAdUnitId: string | null;
  placementId: string | null;
  accessToken: MaskedSecret | null;
  isActive: boolean;
  updatedAt: string;
}

/** What code outside the panel reads (ad serving, the ads tab's platform status): no token, not even masked. */
export interface PublicAdConfig {
  platform: AdPlatform;
  appId: string;
  bannerAdUnitId: string | null;
  interstitialAdUnitId: string | null;
  rewardedAdUnitId: string | null;
  placementId: string | null;
  hasAccessToken: boolean;
  isActive: boolean;
  updatedAt: Date;
}

type AdConfigRow = typeof adConfigs.$inferSelect;

function storedConfigs(db: Database): Promise<AdConfigRow[]> {
  return db.select().from(adConfigs);
}

function publicView(row: AdConfigRow): PublicAdConfig {
  return {
    platform: row.platform,
    appId: row.appId,
    bannerAdUnitId: row.bannerAdUnitId,
    interstitialAdUnitId: row.interstitialAdUnitId,
    rewardedAdUnitId: row.rewardedAdUnitId,
    placementId: row.placementId,
    hasAccessToken: row.accessToken !== null,
    isActive: row.isActive,
    updatedAt: row.updatedAt,
  };
}

/** A platform's saved config, active or not; null when never saved. */
export async function adConfigOf(db: Database, platform: AdPlatform): Promise<PublicAdConfig | null> {
  const row = (await storedConfigs(db)).find((config) => config.platform === platform);
  return row === undefined ? null : publicView(row);
}

function maskToken(deps: Pick<Deps, "config">, row: AdConfigRow): MaskedSecret | null {
  if (row.accessToken === null) return null;
  const plaintext = secretBoxFor(deps.config.dataDir).open(row.accessToken, accessTokenContext(row.platform));
  if (plaintext === null) log.error(`ad_configs: the ${row.platform} access token cannot be decrypted with this DATA_DIR's key; treated as unset`);
  return maskSecret(plaintext);
}

/** Every saved platform config, AdMob first (GET /api/admin/ad-configs). */
export async function listAdConfigs(deps: Pick<Deps, "db" | "config">): Promise<AdConfigView[]> {
  const rows = [...(await storedConfigs(deps.db))].sort((a, b) => AD_PLATFORMS.indexOf(a.platform) - AD_PLATFORMS.indexOf(b.platform));
  return rows.map((row) => ({
    platform: row.platform,
    appId: row.appId,
    bannerAdUnitId: row.bannerAdUnitId,
    interstitialAdUnitId: row.interstitialAdUnitId,
    rewardedAdUnitId: row.rewardedAdUnitId,
    placementId: row.placementId,
    accessToken: maskToken(deps, row),
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export type AdConfigResult = { ok: true; config: AdConfigView } | { ok: false; status: 400; message: string };

const OPTIONAL_IDS = ["bannerAdUnitId", "interstitialAdUnitId", "rewardedAdUnitId", "placementId"] as const;

/** POST /api/admin/ad-configs: upserts one platform's row and its admin log row in one batch. */
export async function saveAdConfig(deps: Deps, admin: SessionUser, body: unknown): Promise<AdConfigResult> {
  const parsed = adConfigSchema.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? AD_CONFIG_MESSAGES.invalid };
  const input = parsed.data;
  const now = deps.clock.now();
  const sealed = input.accessToken === undefined ? undefined : secretBoxFor(deps.config.dataDir).seal(input.accessToken, accessTokenContext(input.platform));

  // What an update changes: fields that were sent. A new row takes the defaults (active, spec point 7).
  const changed: Partial<typeof adConfigs.$inferInsert> = { appId: input.appId, updatedAt: now };
  for (const field of OPTIONAL_IDS) if (input[field] !== undefined) changed[field] = input[field];
  if (sealed !== undefined) changed.accessToken = sealed;
  if (input.isActive !== undefined) changed.isActive = input.isActive;
  const insert = {
    platform: input.platform,
    appId: input.appId,
    bannerAdUnitId: input.bannerAdUnitId ?? null,
    interstitialAdUnitId: input.interstitialAdUnitId ?? null,
    rewardedAdUnitId: input.rewardedAdUnitId ?? null,
    placementId: input.placementId ?? null,
    accessToken: sealed ?? null,
    isActive: input.isActive ?? true,
    updatedAt: now,
  };
  // Field names only: the token never reaches the log (ADMIN.md).
  const what = Object.keys(changed).filter((field) => field !== "updatedAt");
  await deps.db.batch([
    deps.db.insert(adConfigs).values(insert).onConflictDoUpdate({ target: adConfigs.platform, set: changed }),
    adminLogInsert(deps.db, { admin, action: "ad_config", targetName: input.platform, reason: what.join(", "), at: now }),
  ]);
  const config = (await listAdConfigs(deps)).find((view) => view.platform === input.platform)!;
  return { ok: true, config };
}

/** The AdMob fields the admob_config setting carries (spec point 7: a JSON string). */
const ADMOB_SETTING_FIELDS = ["appId", "bannerAdUnitId", "interstitialAdUnitId", "rewardedAdUnitId", "isActive"] as const;

/** GET /api/admin/settings/admob_config: the "admob" row as a JSON string, null when never saved. */
export async function admobConfigSetting(db: Database): Promise<string | null> {
  const config = await adConfigOf(db, "admob");
  if (config === null) return null;
  return JSON.stringify(Object.fromEntries(ADMOB_SETTING_FIELDS.map((field) => [field, config[field]])));
}

/** POST /api/admin/settings/admob_config {value: "<json>"}: saved into the "admob" row like the AdMob form. */
export async function saveAdmobConfigSetting(deps: Deps, admin: SessionUser, value: unknown): Promise<AdConfigResult> {
  if (typeof value !== "string") return { ok: false, status: 400, message: SETTING_MESSAGES.wrongType };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { ok: false, status: 400, message: SETTING_MESSAGES.wrongType };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { ok: false, status: 400, message: SETTING_MESSAGES.wrongType };
  const fields = Object.fromEntries(ADMOB_SETTING_FIELDS.filter((field) => field in parsed).map((field) => [field, (parsed as Record<string, unknown>)[field]]));
  return saveAdConfig(deps, admin, { ...fields, platform: "admob" });
}

