import type { Database } from "../../../db/client";
import { settings } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { secretBoxFor } from "../../platform/secret-box";
import type { SessionUser } from "../auth/session";
import { adminLogInsert } from "./admin-log";
import { GATEWAY_REQUIRED_KEYS, SETTINGS, settingKind, type Gateway, type SecretKey, type SettingKey, type ToggleKey } from "./settings.registry";
import { log } from "../../platform/log";

type Deps = Pick<AppDeps, "db" | "config" | "clock">;

/** What GET /api/admin/settings/{key} shows of a secret: never the value (ADMIN.md). */
export interface MaskedSecret {
  set: boolean;
  last4: string | null;
}

export const SETTING_MESSAGES = {
  unknownKey: "Unknown setting",
  wrongType: "Invalid setting value",
  gatewayKeysMissing: "Set the gateway's keys before enabling it",
} as const;

interface StoredSetting {
  value: unknown;
  isSecret: boolean;
  updatedAt: Date;
}

/** Every stored setting, read each time: toggles take effect at once, on every instance. */
async function storedSettings(db: Database): Promise<Map<string, StoredSetting>> {
  const rows = await db.select({ key: settings.key, value: settings.value, isSecret: settings.isSecret, updatedAt: settings.updatedAt }).from(settings);
  return new Map(rows.map((row) => [row.key, { value: row.value, isSecret: row.isSecret, updatedAt: row.updatedAt }]));
}

/** A boolean toggle's value now (its default when never set). */
export async function toggleOn(db: Database, key: ToggleKey): Promise<boolean> {
  const stored = (await storedSettings(db)).get(key);
  return typeof stored?.value === "boolean" ? stored.value : SETTINGS[key].default;
}

/** Whether the admin switched a gateway on (its keys were checked when it was). */
export async function gatewayEnabled(db: Database, gateway: Gateway): Promise<boolean> {
  const stored = (await storedSettings(db)).get(`${gateway}_gateway`);
  const value = stored?.value as { enabled?: unknown } | undefined;
  return value?.enabled === true;
}

/** A secret's plaintext, for the code that calls the gateway; null when unset. */
export async function readSecret(deps: Pick<Deps, "db" | "config">, key: SecretKey): Promise<string | null> {
  const stored = (await storedSettings(deps.db)).get(key);
  if (typeof stored?.value !== "string") return null;
  const plaintext = secretBoxFor(deps.config.dataDir).open(stored.value, key);
  if (plaintext === null) log.error(`settings: ${key} cannot be decrypted with this DATA_DIR's key; treated as unset`);
  return plaintext;
}

/** A non-secret text or JSON setting; null when unset. */
export async function readText(db: Database, key: SettingKey): Promise<string | null> {
  const stored = (await storedSettings(db)).get(key);
  return typeof stored?.value === "string" && !stored.isSecret ? stored.value : null;
}

/** When a setting was last saved; null when it never was (the Settings tab's "Stored … (updated …)"). */
export async function settingUpdatedAt(db: Database, key: SettingKey): Promise<Date | null> {
  return (await storedSettings(db)).get(key)?.updatedAt ?? null;
}

/** A secret as the panel and the API show it (ADMIN.md): set or not, and its last 4 characters. */
export function maskSecret(plaintext: string | null): MaskedSecret {
  return { set: plaintext !== null, last4: plaintext === null ? null : lastFour(plaintext) };
}

/**
 * A stored key's state: a secret counts as set only if it still opens with this DATA_DIR's key
 * (decision 0084); client ids and public keys are not secret, and are shown whole by the forms.
 */
export async function maskedKey(deps: Pick<Deps, "db" | "config">, key: SettingKey): Promise<MaskedSecret> {
  if (settingKind(key) === "secret") return maskSecret(await readSecret(deps, key as SecretKey));
  return { set: (await readText(deps.db, key)) !== null, last4: null };
}

/** True when every key the gateway needs is stored (and, for secrets, still opens). */
export async function gatewayHasKeys(deps: Pick<Deps, "db" | "config">, gateway: Gateway): Promise<boolean> {
  const states = await Promise.all(GATEWAY_REQUIRED_KEYS[gateway].map((key) => maskedKey(deps, key)));
  return states.every((state) => state.set);
}

/** {key, value} as the admin API shows it: secrets masked to {set, last4}. */
export async function settingForAdmin(deps: Pick<Deps, "db" | "config">, key: SettingKey): Promise<{ key: SettingKey; value: unknown }> {
  if (settingKind(key) === "secret") return { key, value: await maskedKey(deps, key) };
  const stored = (await storedSettings(deps.db)).get(key);
  return { key, value: stored === undefined ? SETTINGS[key].default : stored.value };
}

/** The last 4 characters of a secret, shown so an admin can tell which key is stored; none for very short ones. */
export function lastFour(secret: string): string | null {
  return secret.length >= 12 ? secret.slice(-4) : null;
}

/**
 * Checks a value against the key's kind (ADMIN.md: toggles take a boolean, gateway keys {enabled},
 * key material a string). Returns the value to store, or null when its type is wrong.
 */
export function checkSettingValue(key: SettingKey, value: unknown): unknown | null {
  switch (settingKind(key)) {
    case "toggle":
      return typeof value === "boolean" ? value : null;
    case "gateway": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
      const enabled = (value as { enabled?: unknown }).enabled;
      return typeof enabled === "boolean" ? { enabled } : null;
    }
    case "secret":
    case "text":
      return typeof value === "string" && value.trim().length > 0 && value.length <= 10_000 ? value.trim() : null;
    case "json": {
      if (typeof value !== "string" || value.length > 10_000) return null;
      try {
        const parsed: unknown = JSON.parse(value);
        return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? value : null;
      } catch {
        return null;
      }
    }
  }
}

/**
 * The upsert of one checked value (sealed when secret), for a db.batch() with its log row.
 * `value` must have passed checkSettingValue.
 */
export function settingUpsert(deps: Pick<Deps, "db" | "config" | "clock">, admin: Pick<SessionUser, "id">, key: SettingKey, value: unknown) {
  const isSecret = settingKind(key) === "secret";
  const stored = isSecret ? secretBoxFor(deps.config.dataDir).seal(value as string, key) : value;
  const now = deps.clock.now();
  return deps.db
    .insert(settings)
    .values({ key, value: stored, isSecret, updatedAt: now, updatedBy: admin.id })
    .onConflictDoUpdate({ target: settings.key, set: { value: stored, isSecret, updatedAt: now, updatedBy: admin.id } });
}

/** What the admin log says of a change: the new value of a toggle, never key material. */
export function describeSettingChange(key: SettingKey, value: unknown): string {
  const kind = settingKind(key);
  if (kind === "toggle") return value ? "on" : "off";
  if (kind === "gateway") return (value as { enabled: boolean }).enabled ? "on" : "off";
  return "updated";
}

export type SettingUpdateResult = { ok: true; value: unknown } | { ok: false; status: 400; message: string };

/** POST /api/admin/settings/{key}: one setting and its log row, in one batch. */
export async function updateSetting(deps: Deps, admin: SessionUser, key: SettingKey, raw: unknown): Promise<SettingUpdateResult> {
  const value = checkSettingValue(key, raw);
  if (value === null) return { ok: false, status: 400, message: SETTING_MESSAGES.wrongType };
  if (settingKind(key) === "gateway" && (value as { enabled: boolean }).enabled) {
    const gateway = key.replace(/_gateway$/, "") as Gateway;
    if (!(await gatewayHasKeys(deps, gateway))) return { ok: false, status: 400, message: SETTING_MESSAGES.gatewayKeysMissing };
  }
  await deps.db.batch([
    settingUpsert(deps, admin, key, value),
    adminLogInsert(deps.db, { admin, action: "setting", targetName: key, reason: describeSettingChange(key, value), at: deps.clock.now() }),
  ]);
  return { ok: true, value: settingKind(key) === "secret" ? undefined : value };
}
