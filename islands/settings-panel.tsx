import { DevicePushRow } from "./components/device-push-row";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "./runtime/i18n-context";
import { api } from "./runtime/api";
import { toast } from "./runtime/toast";
import { errorText } from "./runtime/messages";
import { setLanguage } from "./runtime/language-switch";
import { SEARCH_DISTANCE_KM } from "../src/platform/constants";
import { NOTIFICATION_KINDS, PRIVACY_SWITCHES, type MemberSettings, type NotificationChoices } from "../src/features/settings/settings-types";
import { DataRights } from "./components/data-rights";
import { ChaperoneSettings } from "./components/chaperone-settings";
import type { ChaperoneStatus } from "../src/features/chaperone/chaperone.service";

/**
 * Signed in, the account keeps the language too, so mails (password reset) use it. The screen
 * switches even if that call fails: the account follows at the next sign-in.
 */
async function switchLanguage(code: "en" | "id") {
  await api("PATCH", "/api/auth/language", { language: code }).catch(() => undefined);
  setLanguage(code);
}

export interface SettingsPanelProps {
  searchDistance: number;
  /** Notifications and privacy, kept on the server so they follow the member (src/features/settings). */
  settings: MemberSettings;
  /** Password accounts confirm a deletion with it; others by a fresh sign-in. */
  hasPassword: boolean;
  /** The family chaperone's invitation (docs/decisions/0135); undefined: the section is not shown. */
  chaperone?: ChaperoneStatus | null;
}

/** Sounds and vibration belong to the device, so they stay in this browser (docs/decisions/0090). */
const LOCAL_TOGGLES = { app: ["sounds", "vibration"] } as const;
const DEFAULTS: Record<string, boolean> = {};
const storageKey = "kasih-settings";
const DISTANCE_SAVE_DELAY_MS = 600;

function readLocal(): Record<string, boolean> {
  try {
    return JSON.parse(localStorage.getItem(storageKey) ?? "{}") as Record<string, boolean>;
  } catch {
    return {};
  }
}

/** /settings: notifications, privacy, discovery (search distance, saved on the server), app, account. */
export function SettingsPanel({ searchDistance, settings: initialSettings, hasPassword, chaperone }: SettingsPanelProps) {
  const { t, lang } = useI18n();
  const [settings, setSettings] = useState(initialSettings);
  const [local, setLocal] = useState<Record<string, boolean>>({});
  const [distance, setDistance] = useState(searchDistance);
  const [saved, setSaved] = useState(searchDistance);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => setLocal(readLocal()), []);

  const toggle = (key: string) => {
    const next = { ...local, [key]: !(local[key] ?? DEFAULTS[key] ?? true) };
    setLocal(next);
    try {
      localStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // storage unavailable: the toggle still works for this visit
    }
  };

  const saveDistance = async (value: number) => {
    if (value === saved) return;
    try {
      await api("PATCH", "/api/profile", { searchDistance: value });
      setSaved(value);
      toast({ title: t("settings.discovery.saved"), description: t("settings.discovery.savedBody", { km: value }), variant: "success" });
    } catch (caught) {
      setDistance(saved);
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
    }
  };

  /** Saved once the slider rests for a moment, not at every 5 km step it passes. */
  const changeDistance = (value: number) => {
    setDistance(value);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveDistance(value), DISTANCE_SAVE_DELAY_MS);
  };

  /** Shown at once, saved on the server; put back if the save fails. */
  const saveSetting = async (patch: Partial<Omit<MemberSettings, "notifications">> | { notifications: Partial<NotificationChoices> }, optimistic: MemberSettings) => {
    const before = settings;
    setSettings(optimistic);
    try {
      setSettings(await api<MemberSettings>("PATCH", "/api/settings", patch));
    } catch (caught) {
      setSettings(before);
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
    }
  };
  const toggleNotification = (key: (typeof NOTIFICATION_KINDS)[number]) => {
    const value = !settings.notifications[key];
    void saveSetting({ notifications: { [key]: value } }, { ...settings, notifications: { ...settings.notifications, [key]: value } });
  };
  const togglePrivacy = (key: (typeof PRIVACY_SWITCHES)[number]) => {
    const value = !settings[key];
    void saveSetting({ [key]: value }, { ...settings, [key]: value });
  };

  const switchRow = (group: string, key: string, on: boolean, onToggle: () => void) => (
    <li key={key} className="settings-row">
      <span className="settings-row-text">
        <span id={`label-${key}`}>{t(`settings.${group}.${key}`)}</span>
        <span className="settings-row-hint">{t(`settings.${group}.${key}Hint`)}</span>
      </span>
      <button type="button" role="switch" aria-checked={on} aria-labelledby={`label-${key}`} className="switch" onClick={onToggle} data-setting={key}>
        <span className="switch-thumb" />
      </button>
    </li>
  );
  const localRow = (key: string) => switchRow("app", key, local[key] ?? DEFAULTS[key] ?? true, () => toggle(key));

  return (
    <div className="settings-groups">
      <section className="card settings-group" aria-labelledby="settings-notifications">
        <h2 id="settings-notifications">{t("settings.notifications.title")}</h2>
        <ul>
          <DevicePushRow />
          {NOTIFICATION_KINDS.map((key) => switchRow("notifications", key, settings.notifications[key], () => toggleNotification(key)))}
        </ul>
      </section>

      <section className="card settings-group" aria-labelledby="settings-privacy">
        <h2 id="settings-privacy">{t("settings.privacy.title")}</h2>
        <ul>{PRIVACY_SWITCHES.map((key) => switchRow("privacy", key, settings[key], () => togglePrivacy(key)))}</ul>
      </section>

      <section className="card settings-group" aria-labelledby="settings-discovery">
        <h2 id="settings-discovery">{t("settings.discovery.title")}</h2>
        <div className="settings-slider">
          <label htmlFor="search-distance">{t("settings.discovery.distance")}</label>
          <output htmlFor="search-distance" className="settings-slider-value" data-testid="distance-value">
            {t("settings.discovery.km", { km: distance })}
          </output>
          <input
            id="search-distance"
            type="range"
            min={SEARCH_DISTANCE_KM.min}
            max={SEARCH_DISTANCE_KM.max}
            step={SEARCH_DISTANCE_KM.step}
            value={distance}
            aria-valuetext={t("settings.discovery.km", { km: distance })}
            onChange={(event) => changeDistance(Number(event.target.value))}
          />
          <div className="settings-slider-scale" aria-hidden="true">
            <span>{t("settings.discovery.km", { km: SEARCH_DISTANCE_KM.min })}</span>
            <span>{t("settings.discovery.km", { km: SEARCH_DISTANCE_KM.max })}</span>
          </div>
          <p className="field-hint">{t("settings.discovery.distanceHint")}</p>
        </div>
        {/* Verified-only and the other filters live in Discover's filter sheet (decision 0097). */}
        <a className="button button-outline button-small settings-filters-link" href="/swipe?filters=1">
          {t("settings.discovery.moreFilters")}
        </a>
      </section>

      <section className="card settings-group" aria-labelledby="settings-app">
        <h2 id="settings-app">{t("settings.app.title")}</h2>
        <ul>
          <li className="settings-row">
            <span className="settings-row-text">
              <span id="label-language">{t("settings.app.language")}</span>
              <span className="settings-row-hint">{t("settings.app.languageHint")}</span>
            </span>
            <div className="segmented" role="group" aria-labelledby="label-language">
              {(["en", "id"] as const).map((code) => (
                <button key={code} type="button" aria-pressed={lang === code} className="segmented-option" onClick={() => lang !== code && void switchLanguage(code)}>
                  {code === "en" ? "English" : "Bahasa Indonesia"}
                </button>
              ))}
            </div>
          </li>
          {LOCAL_TOGGLES.app.map(localRow)}
        </ul>
      </section>

      <section className="card settings-group" aria-labelledby="settings-account">
        <h2 id="settings-account">{t("settings.account.title")}</h2>
        <ul className="settings-links">
          <li>
            <a href="/profile/edit">{t("settings.account.editProfile")}</a>
          </li>
          <li>
            <a href="/privacy-policy">{t("settings.account.privacy")}</a>
          </li>
          <li>
            <a href="/api/logout">{t("settings.account.signOut")}</a>
          </li>
        </ul>
      </section>

      {chaperone !== undefined ? <ChaperoneSettings initial={chaperone} /> : null}

      <DataRights hasPassword={hasPassword} />
    </div>
  );
}
