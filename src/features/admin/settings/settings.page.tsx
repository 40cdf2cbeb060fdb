import { Hono, type Context } from "hono";
import { join } from "node:path";
import type { ReactNode } from "react";
import type { AppDeps, AppEnv } from "../../../app-env";
import { useI18n, useT } from "../../../../islands/runtime/i18n-context";
import { renderFragment, type RenderPage } from "../../../views/render";
import { adConfigOf, listAdConfigs, type AdConfigView, type PublicAdConfig } from "../../ads/ad-configs.service";
import { renderAdmin } from "../admin-render";
import { formatDateTime } from "../admin-ui";
import { isHtmx, refreshEvent } from "../htmx";
import { GATEWAYS, type Gateway, type SettingKey } from "../settings.registry";
import { maskedKey, readText, settingUpdatedAt, type MaskedSecret } from "../settings.service";
import { GATEWAY_FIELDS } from "./gateway-keys";
import { gatewaySetups, type GatewaySetup } from "./gateway-setup";
import { GatewayModeBadge, GatewaySetupPanel } from "./gateway-setup-panel";
import { loadToggleState, ToggleCards, TOGGLES_FRAGMENT_HREF, type ToggleState } from "./toggle-cards";

/** Where the key forms and the ad forms reload from after a save (the secret inputs come back empty). */
const GATEWAY_KEYS_HREF = "/admin/settings/gateway-keys";
const AD_FORMS_HREF = "/admin/settings/ad-forms";

/** One stored key as a form shows it: masked when secret, whole when not (client ids, public keys). */
interface KeyState {
  masked: MaskedSecret;
  text: string | null;
  updatedAt: Date | null;
}

type GatewayKeyStates = Record<Gateway, Record<string, KeyState>>;

/** What the gateway cards show: the key fields' states and each gateway's setup (mode, notification URL). */
interface GatewayCards {
  keys: GatewayKeyStates;
  setups: Record<Gateway, GatewaySetup>;
}

interface AdForms {
  admob: PublicAdConfig | null;
  meta: AdConfigView | null;
}

async function loadGatewayCards(deps: Pick<AppDeps, "db" | "config" | "gatewayTimeoutMs">): Promise<GatewayCards> {
  const [keys, setups] = await Promise.all([loadGatewayKeys(deps), gatewaySetups(deps)]);
  return { keys, setups };
}

async function loadGatewayKeys(deps: Pick<AppDeps, "db" | "config">): Promise<GatewayKeyStates> {
  const entries = await Promise.all(
    GATEWAYS.map(async (gateway) => {
      const fields = Object.entries(GATEWAY_FIELDS[gateway]) as [string, SettingKey][];
      const states = await Promise.all(
        fields.map(async ([field, key]) => [field, { masked: await maskedKey(deps, key), text: await readText(deps.db, key), updatedAt: await settingUpdatedAt(deps.db, key) }] as const),
      );
      return [gateway, Object.fromEntries(states)] as const;
    }),
  );
  return Object.fromEntries(entries) as GatewayKeyStates;
}

async function loadAdForms(deps: Pick<AppDeps, "db" | "config">): Promise<AdForms> {
  return { admob: await adConfigOf(deps.db, "admob"), meta: (await listAdConfigs(deps)).find((config) => config.platform === "meta") ?? null };
}

/** "Stored: ••••1234 (updated …)" or "Not set": which key is there, never the key. */
function StoredLine({ id, masked, updatedAt }: { id: string; masked: MaskedSecret | null; updatedAt: Date | string | null }) {
  const { t, lang } = useI18n();
  if (masked === null || !masked.set) {
    return (
      <p id={id} className="admin-secret-state">
        {t("admin.settings.notSet")}
      </p>
    );
  }
  const dots = `••••${masked.last4 ?? ""}`;
  return (
    <p id={id} className="admin-secret-state">
      {updatedAt === null ? t("admin.settings.stored", { masked: dots }) : t("admin.settings.storedUpdated", { masked: dots, date: formatDateTime(lang, updatedAt) })}
    </p>
  );
}

/** A secret's input: a password field that renders empty, so the page never carries the key (0084). */
function SecretField({ id, name, label, hint, masked, updatedAt }: { id: string; name: string; label: string; hint?: string; masked: MaskedSecret | null; updatedAt: Date | string | null }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {/* "new-password": browsers ignore "off" on password fields and would fill in the admin's own login. */}
      <input id={id} name={name} type="password" autoComplete="new-password" autoCapitalize="off" spellCheck={false} aria-describedby={hint ? `${id}-hint ${id}-state` : `${id}-state`} />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <StoredLine id={`${id}-state`} masked={masked} updatedAt={updatedAt} />
    </div>
  );
}

function TextField({ id, name, label, hint, value, required }: { id: string; name: string; label: string; hint?: string; value: string | null; required?: boolean }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" defaultValue={value ?? ""} autoComplete="off" autoCapitalize="off" spellCheck={false} aria-required={required ? "true" : undefined} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A form that posts JSON to an ADMIN.md call through htmx (docs/decisions/0082). Without
 * JavaScript it would post form fields to the same call, which refuses them: key material never
 * lands in a URL.
 */
function JsonForm({ id, action, vals, errorTitle, titleId, children, inCard }: { id: string; action: string; vals: Record<string, string>; errorTitle: string; titleId: string; children: ReactNode; inCard?: boolean }) {
  const t = useT();
  return (
    <form
      id={id}
      className={inCard ? "admin-form admin-settings-form" : "admin-card admin-form admin-settings-form"}
      method="post"
      action={action}
      aria-labelledby={titleId}
      hx-post={action}
      hx-vals={JSON.stringify(vals)}
      hx-swap="none"
      data-error-title={errorTitle}
      data-validation-title={t("admin.settings.validationTitle")}
    >
      {children}
    </form>
  );
}

function SaveButton({ label }: { label: string }) {
  return (
    <div className="admin-form-actions">
      <button type="submit" className="button button-primary">
        {label}
      </button>
    </div>
  );
}

function AdmobForm({ config }: { config: PublicAdConfig | null }) {
  const t = useT();
  return (
    <JsonForm id="admob-form" action="/api/admin/ad-configs" vals={{ platform: "admob" }} errorTitle={t("admin.settings.admobErrorTitle")} titleId="admob-title">
      <h2 id="admob-title" className="admin-card-title">
        {t("admin.settings.admob.title")}
      </h2>
      <p className="admin-card-lead">{t("admin.settings.admob.lead")}</p>
      <div className="admin-form-grid">
        <TextField id="admob-app-id" name="appId" label={t("admin.settings.admob.appId")} hint={t("admin.settings.admob.appIdHint")} value={config?.appId ?? null} required />
        <TextField id="admob-banner" name="bannerAdUnitId" label={t("admin.settings.admob.banner")} value={config?.bannerAdUnitId ?? null} />
        <TextField id="admob-interstitial" name="interstitialAdUnitId" label={t("admin.settings.admob.interstitial")} value={config?.interstitialAdUnitId ?? null} />
        <TextField id="admob-rewarded" name="rewardedAdUnitId" label={t("admin.settings.admob.rewarded")} value={config?.rewardedAdUnitId ?? null} />
      </div>
      <SaveButton label={t("admin.settings.admob.save")} />
    </JsonForm>
  );
}

function MetaForm({ config }: { config: AdConfigView | null }) {
  const t = useT();
  return (
    <JsonForm id="meta-form" action="/api/admin/ad-configs" vals={{ platform: "meta" }} errorTitle={t("admin.settings.errorTitle")} titleId="meta-title">
      <h2 id="meta-title" className="admin-card-title">
        {t("admin.settings.meta.title")}
      </h2>
      <p className="admin-card-lead">{t("admin.settings.meta.lead")}</p>
      <div className="admin-form-grid">
        <TextField id="meta-app-id" name="appId" label={t("admin.settings.meta.appId")} value={config?.appId ?? null} required />
        <TextField id="meta-placement-id" name="placementId" label={t("admin.settings.meta.placementId")} value={config?.placementId ?? null} />
      </div>
      <SecretField id="meta-access-token" name="accessToken" label={t("admin.settings.meta.accessToken")} hint={t("admin.settings.blankKeeps")} masked={config?.accessToken ?? null} updatedAt={config?.updatedAt ?? null} />
      <label className="admin-check" htmlFor="meta-active">
        <input id="meta-active" name="isActive" type="checkbox" defaultChecked={config?.isActive ?? true} />
        <span>{t("admin.settings.meta.active")}</span>
      </label>
      <SaveButton label={t("admin.settings.meta.save")} />
    </JsonForm>
  );
}

/** The four gateways' key forms (spec point 2: iPaymu, Midtrans, Xendit, DOKU), fields named as the API's. */
function GatewayKeyForms({ cards }: { cards: GatewayCards }) {
  const t = useT();
  const { keys, setups } = cards;
  const errorTitle = t("admin.settings.errorTitle");
  const secret = (gateway: Gateway, field: string, label: string, hint?: string) => (
    <SecretField id={`${gateway}-${field}`} name={field} label={label} hint={hint} masked={keys[gateway][field]!.masked} updatedAt={keys[gateway][field]!.updatedAt} />
  );
  const title = (gateway: Gateway) => (
    <>
      <div className="admin-card-head admin-gateway-head">
        <h3 id={`${gateway}-keys-title`} className="admin-card-title">
          {t(`admin.gateways.${gateway}`)}
        </h3>
        <GatewayModeBadge setup={setups[gateway]} />
      </div>
      <p className="admin-card-lead">{t(`admin.settings.${gateway}.lead`)}</p>
    </>
  );
  // One card per gateway: its key form, then its setup (notification URL, test) outside the form.
  const card = (gateway: Gateway, form: ReactNode) => (
    <div className="admin-card admin-gateway-card" data-gateway={gateway}>
      {form}
      <GatewaySetupPanel gateway={gateway} setup={setups[gateway]} />
    </div>
  );
  return (
    <section
      id="admin-gateway-keys"
      className="admin-settings-section"
      aria-labelledby="gateway-keys-title"
      hx-get={GATEWAY_KEYS_HREF}
      hx-trigger={`${refreshEvent("settings")} from:body`}
      hx-swap="outerHTML"
    >
      <div className="admin-settings-section-head">
        <h2 id="gateway-keys-title" className="admin-settings-section-title">
          {t("admin.settings.gatewayKeys.title")}
        </h2>
        <p className="muted">{t("admin.settings.gatewayKeys.lead")}</p>
      </div>
      <div className="admin-grid admin-grid-2">
        {card(
          "ipaymu",
          <JsonForm id="ipaymu-keys" action="/api/admin/payment-config" vals={{ gateway: "ipaymu" }} errorTitle={errorTitle} titleId="ipaymu-keys-title" inCard>
            {title("ipaymu")}
            {secret("ipaymu", "va", t("admin.settings.ipaymu.va"))}
            {secret("ipaymu", "apiKey", t("admin.settings.ipaymu.apiKey"))}
            <SaveButton label={t("admin.settings.saveKeys", { gateway: t("admin.gateways.ipaymu") })} />
          </JsonForm>,
        )}
        {card(
          "midtrans",
          <JsonForm id="midtrans-keys" action="/api/admin/payment-config" vals={{ gateway: "midtrans" }} errorTitle={errorTitle} titleId="midtrans-keys-title" inCard>
            {title("midtrans")}
            {secret("midtrans", "serverKey", t("admin.settings.midtrans.serverKey"))}
            {secret("midtrans", "clientKey", t("admin.settings.midtrans.clientKey"))}
            <SaveButton label={t("admin.settings.saveKeys", { gateway: t("admin.gateways.midtrans") })} />
          </JsonForm>,
        )}
        {card(
          "xendit",
          <JsonForm id="xendit-keys" action="/api/admin/payment-config" vals={{ gateway: "xendit" }} errorTitle={errorTitle} titleId="xendit-keys-title" inCard>
            {title("xendit")}
            {secret("xendit", "secretKey", t("admin.settings.xendit.secretKey"))}
            {secret("xendit", "callbackToken", t("admin.settings.xendit.callbackToken"), t("admin.settings.xendit.callbackTokenHint"))}
            <TextField id="xendit-publicKey" name="publicKey" label={t("admin.settings.xendit.publicKey")} value={keys.xendit.publicKey!.text} />
            <SaveButton label={t("admin.settings.saveKeys", { gateway: t("admin.gateways.xendit") })} />
          </JsonForm>,
        )}
        {card(
          "doku",
          <JsonForm id="doku-keys" action="/api/admin/payment-config" vals={{ gateway: "doku" }} errorTitle={errorTitle} titleId="doku-keys-title" inCard>
            {title("doku")}
            <TextField id="doku-clientId" name="clientId" label={t("admin.settings.doku.clientId")} hint={t("admin.settings.doku.clientIdHint")} value={keys.doku.clientId!.text} />
            {secret("doku", "secretKey", t("admin.settings.doku.secretKey"), t("admin.settings.doku.secretKeyHint"))}
            <div className="field">
              <label htmlFor="doku-publicKey">{t("admin.settings.doku.publicKey")}</label>
              <textarea
                id="doku-publicKey"
                name="publicKey"
                className="admin-pem"
                rows={6}
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
                placeholder={"-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----"}
                aria-describedby="doku-publicKey-hint"
                defaultValue={keys.doku.publicKey!.text ?? ""}
              />
              <p id="doku-publicKey-hint" className="field-hint">
                {t("admin.settings.doku.publicKeyHint")}
              </p>
            </div>
            <SaveButton label={t("admin.settings.saveKeys", { gateway: t("admin.gateways.doku") })} />
          </JsonForm>,
        )}
      </div>
    </section>
  );
}

function AdFormsRegion({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="admin-settings-region" hx-get={`${AD_FORMS_HREF}?form=${id}`} hx-trigger={`${refreshEvent("ad-configs")} from:body`} hx-swap="outerHTML">
      {children}
    </div>
  );
}

/** A URL that wraps after a slash on a phone, never inside a word. */
function BreakableUrl({ url }: { url: string }) {
  const parts = url.split("/");
  return (
    <>
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </span>
      ))}
    </>
  );
}

function Instructions({ appOrigin, secretsDir }: { appOrigin: string; secretsDir: string }) {
  const t = useT();
  return (
    <section className="admin-card" aria-labelledby="settings-instructions-title">
      <h2 id="settings-instructions-title" className="admin-card-title">
        {t("admin.settings.instructions.title")}
      </h2>
      <h3 className="admin-settings-subtitle">{t("admin.settings.instructions.notifyTitle")}</h3>
      <p className="admin-card-lead">{t("admin.settings.instructions.notifyBody")}</p>
      <dl className="admin-settings-urls">
        {(["ipaymu", "midtrans", "xendit", "doku"] as const).map((gateway) => (
          <div key={gateway}>
            <dt>{t(`admin.gateways.${gateway}`)}</dt>
            <dd>
              <code className="admin-code">
                <BreakableUrl url={`${appOrigin}/api/payment/notify/${gateway}`} />
              </code>
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="admin-settings-subtitle">{t("admin.settings.instructions.keysTitle")}</h3>
      <ul className="admin-steps admin-settings-notes">
        <li>
          {t("admin.settings.instructions.keysBody")} <code className="admin-code">{secretsDir}</code>
        </li>
        <li>{t("admin.settings.instructions.backupBody")}</li>
        <li>{t("admin.settings.instructions.switchBody")}</li>
        <li>{t("admin.settings.instructions.blankBody")}</li>
      </ul>
    </section>
  );
}

function SettingsBody({ toggles, cards, ads, appOrigin, secretsDir }: { toggles: ToggleState; cards: GatewayCards; ads: AdForms; appOrigin: string; secretsDir: string }) {
  // Spec point 2's order: the AdMob form, the toggles, the gateway key forms, the Meta Ads form, instructions.
  return (
    <div className="admin-settings">
      <AdFormsRegion id="admob-region">
        <AdmobForm config={ads.admob} />
      </AdFormsRegion>
      <ToggleCards state={toggles} />
      <GatewayKeyForms cards={cards} />
      <AdFormsRegion id="meta-region">
        <MetaForm config={ads.meta} />
      </AdFormsRegion>
      <Instructions appOrigin={appOrigin} secretsDir={secretsDir} />
    </div>
  );
}

/** The Settings tab (spec point 2, ADMIN.md "Settings"), and the fragments its regions reload. */
export function settingsPages(deps: AppDeps, render: RenderPage) {
  const secretsDir = join(deps.config.dataDir, "secrets");
  // The fragments answer htmx only; a person who opens one (a bookmark) gets the whole tab.
  const fragmentOnly = async (c: Context<AppEnv>, body: () => Promise<ReactNode>): Promise<Response> => (isHtmx(c) ? renderFragment(c, await body()) : c.redirect("/admin/settings", 302));

  return new Hono<AppEnv>()
    .get("/settings", async (c) => {
      const t = c.get("t");
      const [toggles, cards, ads] = await Promise.all([loadToggleState(deps), loadGatewayCards(deps), loadAdForms(deps)]);
      c.header("Cache-Control", "no-store");
      return renderAdmin(
        c,
        render,
        { place: "settings", title: t("admin.tabs.settings"), lead: t("admin.settings.lead") },
        <SettingsBody toggles={toggles} cards={cards} ads={ads} appOrigin={deps.config.appOrigin} secretsDir={secretsDir} />,
      );
    })
    .get(TOGGLES_FRAGMENT_HREF.replace("/admin", ""), (c) => fragmentOnly(c, async () => <ToggleCards state={await loadToggleState(deps)} />))
    .get(GATEWAY_KEYS_HREF.replace("/admin", ""), (c) => fragmentOnly(c, async () => <GatewayKeyForms cards={await loadGatewayCards(deps)} />))
    .get(AD_FORMS_HREF.replace("/admin", ""), (c) =>
      fragmentOnly(c, async () => {
        const ads = await loadAdForms(deps);
        return c.req.query("form") === "meta-region" ? (
          <AdFormsRegion id="meta-region">
            <MetaForm config={ads.meta} />
          </AdFormsRegion>
        ) : (
          <AdFormsRegion id="admob-region">
            <AdmobForm config={ads.admob} />
          </AdFormsRegion>
        );
      }),
    );
}
