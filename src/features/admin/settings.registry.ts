/**
 * The admin settings keys (spec point 3, ADMIN.md) and what each one holds. One table, read by the
 * settings service, the admin routes and the screens, so a key exists in exactly one place.
 *
 * - toggle:  a boolean (payment methods, ad platforms, Google sign-in)
 * - gateway: {enabled} (a payment gateway; stays off until its keys are set, ADMIN.md)
 * - secret:  key material, stored AES-256-GCM sealed, read back only as {set, last4}
 * - text:    key material that is not secret (DOKU's client id and public key)
 * - json:    a JSON string (admob_config, spec point 7)
 */
export type SettingKind = "toggle" | "gateway" | "secret" | "text" | "json";

export const GATEWAYS = ["midtrans", "xendit", "doku", "ipaymu"] as const;
export type Gateway = (typeof GATEWAYS)[number];

export const SETTINGS = {
  payment_qris: { kind: "toggle", default: true },
  payment_credit: { kind: "toggle", default: true },
  payment_bank: { kind: "toggle", default: true },
  // Ads are off until the operator places them: a fresh install shows members no ad slots.
  ads_google: { kind: "toggle", default: false },
  ads_meta: { kind: "toggle", default: false },
  // The Google button also needs GOOGLE_CLIENT_ID/SECRET in the environment.
  google_auth: { kind: "toggle", default: true },
  midtrans_gateway: { kind: "gateway", default: { enabled: false } },
  xendit_gateway: { kind: "gateway", default: { enabled: false } },
  doku_gateway: { kind: "gateway", default: { enabled: false } },
  ipaymu_gateway: { kind: "gateway", default: { enabled: false } },
  midtrans_server_key: { kind: "secret", default: null },
  midtrans_client_key: { kind: "secret", default: null },
  xendit_secret_key: { kind: "secret", default: null },
  xendit_callback_token: { kind: "secret", default: null },
  // Xendit's public key tokenises cards in the browser (spec point 3: "Xendit and DOKU use
  // secretKey and publicKey"); it is meant to be public, so it is text.
  xendit_public_key: { kind: "text", default: null },
  doku_secret_key: { kind: "secret", default: null },
  doku_client_id: { kind: "text", default: null },
  doku_public_key: { kind: "text", default: null },
  ipaymu_va: { kind: "secret", default: null },
  ipaymu_api_key: { kind: "secret", default: null },
  admob_config: { kind: "json", default: null },
} as const satisfies Record<string, { kind: SettingKind; default: unknown }>;

export type SettingKey = keyof typeof SETTINGS;
export type ToggleKey = { [K in SettingKey]: (typeof SETTINGS)[K]["kind"] extends "toggle" ? K : never }[SettingKey];
export type GatewayKey = `${Gateway}_gateway`;
export type SecretKey = { [K in SettingKey]: (typeof SETTINGS)[K]["kind"] extends "secret" ? K : never }[SettingKey];

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

export function settingKind(key: SettingKey): SettingKind {
  return SETTINGS[key].kind;
}

/** The keys a gateway needs before its toggle may be switched on (spec point 3, PAYMENTS.md). */
export const GATEWAY_REQUIRED_KEYS: Record<Gateway, SettingKey[]> = {
  midtrans: ["midtrans_server_key"],
  xendit: ["xendit_secret_key"],
  doku: ["doku_secret_key", "doku_public_key", "doku_client_id"],
  ipaymu: ["ipaymu_va", "ipaymu_api_key"],
};

/** The payment methods the admin switches (spec point 4) and their toggles. */
export const PAYMENT_METHOD_TOGGLES = { qris: "payment_qris", credit: "payment_credit", bank: "payment_bank" } as const satisfies Record<string, ToggleKey>;
