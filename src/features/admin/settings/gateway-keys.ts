import { createPublicKey } from "node:crypto";
import type { AppDeps } from "../../../app-env";
import type { SessionUser } from "../../auth/session";
import { adminLogInsert } from "../admin-log";
import { GATEWAYS, type Gateway, type SettingKey } from "../settings.registry";
import { checkSettingValue, maskedKey, settingUpsert, type MaskedSecret } from "../settings.service";

type Deps = Pick<AppDeps, "db" | "config" | "clock">;

/**
 * POST /api/admin/payment-config: a gateway's keys saved at once, checked as spec point 5 says
 * (its messages verbatim), sealed like every secret (docs/decisions/0084-admin-secrets.md).
 */
export const GATEWAY_KEY_MESSAGES = {
  unknownGateway: "Unknown payment gateway",
  invalidConfig: "Invalid gateway config",
  midtransServerKey: "Server Key is required",
  xenditSecretKey: "Secret Key is required",
  dokuKeys: "Both Secret Key and Public Key are required",
  dokuSecretPrefix: "DOKU Secret Key must start with SK-",
  dokuPublicKeyPem: "DOKU Public Key must be a PEM block",
  ipaymuKeys: "Both VA and API Key are required",
} as const;

/** Each gateway's fields, by the API's names (spec point 3 "Gateway key fields"), and the setting each is kept in. */
export const GATEWAY_FIELDS = {
  midtrans: { serverKey: "midtrans_server_key", clientKey: "midtrans_client_key" },
  xendit: { secretKey: "xendit_secret_key", callbackToken: "xendit_callback_token", publicKey: "xendit_public_key" },
  // DOKU's requests carry a Client-Id header, so its client id is kept too. It is optional here
  // (the spec's form sends only the two keys) and required before the gateway can be switched on
  // (GATEWAY_REQUIRED_KEYS).
  doku: { clientId: "doku_client_id", secretKey: "doku_secret_key", publicKey: "doku_public_key" },
  ipaymu: { va: "ipaymu_va", apiKey: "ipaymu_api_key" },
} as const satisfies Record<Gateway, Record<string, SettingKey>>;

/** What each gateway needs to have stored once the save is done, and the message when it will not. */
const REQUIRED: Record<Gateway, { fields: string[]; message: string }> = {
  midtrans: { fields: ["serverKey"], message: GATEWAY_KEY_MESSAGES.midtransServerKey },
  xendit: { fields: ["secretKey"], message: GATEWAY_KEY_MESSAGES.xenditSecretKey },
  doku: { fields: ["secretKey", "publicKey"], message: GATEWAY_KEY_MESSAGES.dokuKeys },
  ipaymu: { fields: ["va", "apiKey"], message: GATEWAY_KEY_MESSAGES.ipaymuKeys },
};

/** The spec's own client sends snake_case (point 7: "config (secret_key, public_key)"). */
const SNAKE_CASE: Record<string, string> = {
  server_key: "serverKey",
  client_key: "clientKey",
  secret_key: "secretKey",
  public_key: "publicKey",
  api_key: "apiKey",
  callback_token: "callbackToken",
  client_id: "clientId",
};

const PEM_BLOCK = /^-----BEGIN (RSA )?PUBLIC KEY-----\n[A-Za-z0-9+/=\n]+\n-----END \1PUBLIC KEY-----$/;

/**
 * A key's own format rule (spec point 5: a DOKU secret key starts with SK-, its public key is a
 * full PEM block), for the gateway form and for POST /api/admin/settings/{key} alike. The message
 * names the field and never repeats the value.
 */
export function keyFormatProblem(key: SettingKey, value: string): string | null {
  if (key === "doku_secret_key" && !value.startsWith("SK-")) return GATEWAY_KEY_MESSAGES.dokuSecretPrefix;
  if (key === "doku_public_key") {
    if (!PEM_BLOCK.test(value)) return GATEWAY_KEY_MESSAGES.dokuPublicKeyPem;
    try {
      createPublicKey(value);
    } catch {
      return GATEWAY_KEY_MESSAGES.dokuPublicKeyPem;
    }
  }
  return null;
}

/** Key material as it is stored: trimmed, a PEM block with plain newlines (a pasted one may carry \r\n). */
export function normaliseKey(key: SettingKey, value: string): string {
  const trimmed = value.trim();
  return key === "doku_public_key" ? trimmed.replace(/\r\n?/g, "\n") : trimmed;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The masked state of every key of a gateway, by the API's field names. */
export async function gatewayKeyStates(deps: Pick<Deps, "db" | "config">, gateway: Gateway): Promise<Record<string, MaskedSecret>> {
  const fields = Object.entries(GATEWAY_FIELDS[gateway]) as [string, SettingKey][];
  return Object.fromEntries(await Promise.all(fields.map(async ([field, key]) => [field, await maskedKey(deps, key)] as const)));
}

export type GatewayKeysResult = { ok: true; gateway: Gateway; keys: Record<string, MaskedSecret> } | { ok: false; status: 400; message: string };

/**
 * Reads `{gateway, config}`; `config` may also be given flat beside `gateway` (the panel's forms
 * post their fields so). A blank field leaves the stored key as it is: secret inputs render
 * empty, so re-saving a form must not wipe what the admin did not retype.
 */
export function readGatewayKeys(body: unknown): { ok: true; gateway: Gateway; values: Record<string, string> } | { ok: false; message: string } {
  if (!isObject(body)) return { ok: false, message: GATEWAY_KEY_MESSAGES.invalidConfig };
  const gateway = body.gateway;
  if (typeof gateway !== "string" || !(GATEWAYS as readonly string[]).includes(gateway)) return { ok: false, message: GATEWAY_KEY_MESSAGES.unknownGateway };
  if (body.config !== undefined && !isObject(body.config)) return { ok: false, message: GATEWAY_KEY_MESSAGES.invalidConfig };
  const config = isObject(body.config) ? body.config : body;
  const fields = GATEWAY_FIELDS[gateway as Gateway] as Record<string, SettingKey>;
  const values: Record<string, string> = {};
  for (const [name, raw] of Object.entries(config)) {
    const field = SNAKE_CASE[name] ?? name;
    const key = fields[field];
    if (key === undefined || raw === undefined || raw === null) continue;
    // A VA is digits; a client sending it as a number means the same key.
    if (typeof raw !== "string" && typeof raw !== "number") return { ok: false, message: GATEWAY_KEY_MESSAGES.invalidConfig };
    const value = normaliseKey(key, String(raw));
    if (value === "" || values[field] !== undefined) continue;
    values[field] = value;
  }
  return { ok: true, gateway: gateway as Gateway, values };
}

/** Checks and stores a gateway's keys: every key and its one admin log row in one batch, or nothing on a 400. */
export async function saveGatewayKeys(deps: Deps, admin: SessionUser, body: unknown): Promise<GatewayKeysResult> {
  const read = readGatewayKeys(body);
  if (!read.ok) return { ok: false, status: 400, message: read.message };
  const { gateway, values } = read;
  const fields = GATEWAY_FIELDS[gateway] as Record<string, SettingKey>;

  const required = REQUIRED[gateway];
  for (const field of required.fields) {
    if (values[field] !== undefined) continue;
    if (!(await maskedKey(deps, fields[field]!)).set) return { ok: false, status: 400, message: required.message };
  }
  const changes: { key: SettingKey; value: string }[] = [];
  // In the gateway's field order, so the log reads the same whatever order the body had.
  for (const [field, key] of Object.entries(fields)) {
    const value = values[field];
    if (value === undefined) continue;
    const problem = keyFormatProblem(key, value);
    if (problem !== null) return { ok: false, status: 400, message: problem };
    const checked = checkSettingValue(key, value);
    if (checked === null) return { ok: false, status: 400, message: GATEWAY_KEY_MESSAGES.invalidConfig };
    changes.push({ key, value: checked as string });
  }

  const [first, ...rest] = changes.map((change) => settingUpsert(deps, admin, change.key, change.value));
  if (first !== undefined) {
    // The log names the gateway and which keys changed, never their values (ADMIN.md).
    const log = adminLogInsert(deps.db, { admin, action: "gateway_keys", targetName: gateway, reason: changes.map((change) => change.key).join(", "), at: deps.clock.now() });
    await deps.db.batch([first, ...rest, log]);
  }
  return { ok: true, gateway, keys: await gatewayKeyStates(deps, gateway) };
}
