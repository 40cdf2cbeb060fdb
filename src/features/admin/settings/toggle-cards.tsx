import type { AppDeps } from "../../../app-env";
import { useT } from "../../../../islands/runtime/i18n-context";
import { refreshEvent } from "../htmx";
import { SettingSwitch } from "../admin-ui";
import { gatewayEnabled, gatewayHasKeys, toggleOn } from "../settings.service";
import { GATEWAYS, type Gateway } from "../settings.registry";

/** Everything the feature switches show (spec point 2's Overview and Settings tab). */
export interface ToggleState {
  payment: { qris: boolean; credit: boolean; bank: boolean };
  gateways: Record<Gateway, { enabled: boolean; hasKeys: boolean }>;
  ads: { google: boolean; meta: boolean };
  googleAuth: boolean;
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set in the environment. */
  googleConfigured: boolean;
  googleRedirectUri: string;
  /** The offline sandbox gateway takes payments while no real gateway is enabled (PAYMENTS.md). */
  sandbox: boolean;
}

export async function loadToggleState(deps: Pick<AppDeps, "db" | "config">): Promise<ToggleState> {
  const db = deps.db;
  const gatewayStates = await Promise.all(GATEWAYS.map(async (gateway) => [gateway, { enabled: await gatewayEnabled(db, gateway), hasKeys: await gatewayHasKeys(deps, gateway) }] as const));
  return {
    payment: { qris: await toggleOn(db, "payment_qris"), credit: await toggleOn(db, "payment_credit"), bank: await toggleOn(db, "payment_bank") },
    gateways: Object.fromEntries(gatewayStates) as ToggleState["gateways"],
    ads: { google: await toggleOn(db, "ads_google"), meta: await toggleOn(db, "ads_meta") },
    googleAuth: await toggleOn(db, "google_auth"),
    googleConfigured: deps.config.google !== undefined,
    googleRedirectUri: `${deps.config.appOrigin}/api/auth/google/callback`,
    sandbox: deps.config.payments.sandbox,
  };
}

/** Where the toggle cards reload from after a change (src/features/admin/settings/settings.page.tsx). */
export const TOGGLES_FRAGMENT_HREF = "/admin/settings/toggles";

/**
 * The feature switches: payment methods, gateways, ad platforms and Google sign-in, each posting
 * to POST /api/admin/settings/{key}. The whole group reloads from the server after any change.
 */
export function ToggleCards({ state }: { state: ToggleState }) {
  const t = useT();
  const failed = t("admin.toggles.failed");
  return (
    <div id="admin-toggles" className="admin-grid admin-grid-2" hx-get={TOGGLES_FRAGMENT_HREF} hx-trigger={`${refreshEvent("settings")} from:body`} hx-swap="outerHTML">
      <section className="admin-card" aria-labelledby="toggles-payment-title">
        <h2 id="toggles-payment-title" className="admin-card-title">
          {t("admin.toggles.paymentMethods")}
        </h2>
        <div className="admin-switch-list">
          <SettingSwitch settingKey="payment_qris" checked={state.payment.qris} label={t("admin.toggles.qris")} description={t("admin.toggles.qrisHint")} errorTitle={failed} />
          <SettingSwitch settingKey="payment_credit" checked={state.payment.credit} label={t("admin.toggles.credit")} description={t("admin.toggles.creditHint")} errorTitle={failed} />
          <SettingSwitch settingKey="payment_bank" checked={state.payment.bank} label={t("admin.toggles.bank")} description={t("admin.toggles.bankHint")} errorTitle={failed} />
        </div>
      </section>
      <section className="admin-card" aria-labelledby="toggles-gateways-title">
        <h2 id="toggles-gateways-title" className="admin-card-title">
          {t("admin.toggles.gateways")}
        </h2>
        <div className="admin-switch-list">
          {(["ipaymu", "doku", "midtrans", "xendit"] as const).map((gateway) => {
            const { enabled, hasKeys } = state.gateways[gateway];
            // Spec point 2 / PAYMENTS.md: Midtrans without working keys reads 'Invalid credentials -
            // using demo mode' while the sandbox takes the payments; with no sandbox, keys are missing.
            const note = hasKeys ? undefined : gateway === "midtrans" && state.sandbox ? t("admin.toggles.midtransDemo") : t("admin.toggles.keysMissing");
            return (
              <SettingSwitch
                key={gateway}
                settingKey={`${gateway}_gateway`}
                checked={enabled}
                value={{ enabled: !enabled }}
                disabled={!hasKeys && !enabled}
                label={t(`admin.gateways.${gateway}`)}
                note={note}
                errorTitle={failed}
              />
            );
          })}
        </div>
      </section>
      <section className="admin-card" aria-labelledby="toggles-ads-title">
        <h2 id="toggles-ads-title" className="admin-card-title">
          {t("admin.toggles.ads")}
        </h2>
        <div className="admin-switch-list">
          <SettingSwitch settingKey="ads_google" checked={state.ads.google} label={t("admin.toggles.googleAds")} description={t("admin.toggles.googleAdsHint")} errorTitle={failed} />
          <SettingSwitch settingKey="ads_meta" checked={state.ads.meta} label={t("admin.toggles.metaAds")} description={t("admin.toggles.metaAdsHint")} errorTitle={failed} />
        </div>
      </section>
      <section className="admin-card" aria-labelledby="toggles-google-title">
        <h2 id="toggles-google-title" className="admin-card-title">
          {t("admin.toggles.googleAuth")}
        </h2>
        <div className="admin-switch-list">
          <SettingSwitch
            settingKey="google_auth"
            checked={state.googleAuth}
            label={t("admin.toggles.googleAuthLabel")}
            description={state.googleConfigured ? t("admin.toggles.googleConfigured") : t("admin.toggles.googleNotConfigured")}
            errorTitle={failed}
          />
        </div>
        <ol className="admin-steps">
          <li>{t("admin.toggles.googleStep1")}</li>
          <li>
            {t("admin.toggles.googleStep2")} <code className="admin-code">{state.googleRedirectUri}</code>
          </li>
          <li>
            {t("admin.toggles.googleStep3")} <code className="admin-code">GOOGLE_CLIENT_ID</code> · <code className="admin-code">GOOGLE_CLIENT_SECRET</code>
          </li>
          <li>{t("admin.toggles.googleStep4")}</li>
        </ol>
      </section>
    </div>
  );
}
