import { describe, expect, it } from "bun:test";
import en from "../../i18n/en.json";
import id from "../../i18n/id.json";
import { GATEWAY_REQUIRED_KEYS, GATEWAYS, SETTING_KEYS, settingKind } from "./settings.registry";

describe("the settings keys", () => {
  it("has every key of spec point 3 and ADMIN.md's two additions", () => {
    for (const key of ["midtrans_server_key", "midtrans_client_key", "xendit_secret_key", "doku_secret_key", "ipaymu_va", "ipaymu_api_key", "payment_qris", "payment_credit", "payment_bank", "ads_google", "ads_meta", "google_auth", "admob_config", "doku_gateway", "midtrans_gateway", "xendit_gateway", "ipaymu_gateway", "xendit_callback_token", "doku_client_id"]) {
      expect(SETTING_KEYS).toContain(key as (typeof SETTING_KEYS)[number]);
    }
  });

  it("names every key in both languages, for the admin log", () => {
    for (const key of SETTING_KEYS) {
      expect({ key, en: (en.admin.settingNames as Record<string, string>)[key] !== undefined, id: (id.admin.settingNames as Record<string, string>)[key] !== undefined }).toEqual({ key, en: true, id: true });
    }
  });

  it("needs only stored key material before a gateway may be switched on", () => {
    for (const gateway of GATEWAYS) for (const key of GATEWAY_REQUIRED_KEYS[gateway]) expect(["secret", "text"]).toContain(settingKind(key));
  });
});
