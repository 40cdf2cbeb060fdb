import { useEffect, useState } from "react";
import { useT } from "../runtime/i18n-context";
import { toast } from "../runtime/toast";
import { disablePush, enablePush, pushState, type PushState } from "../runtime/push";

/** Settings → Notifications: web push on this device (docs/decisions/0098), with the browser's own state. */
export function DevicePushRow() {
  const t = useT();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState, () => setState("unsupported"));
  }, []);
  const change = async (turnOn: boolean) => {
    setBusy(true);
    try {
      const next = turnOn ? await enablePush() : await disablePush();
      setState(next);
      if (turnOn && next === "on") toast({ title: t("settings.push.turnedOn"), variant: "success" });
      if (!turnOn) toast({ title: t("settings.push.turnedOff"), variant: "success" });
    } catch {
      toast({ title: t("settings.push.failed"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  const on = state === "on";
  return (
    <li className="settings-row" data-testid="device-push">
      <span className="settings-row-text">
        <span id="label-device-push">{t("settings.push.title")}</span>
        <span className="settings-row-hint">{state === null ? t("common.loading") : t(`settings.push.state.${state}`)}</span>
      </span>
      {state === "off" || state === "on" ? (
        <button type="button" role="switch" aria-checked={on} aria-labelledby="label-device-push" className="switch" onClick={() => void change(!on)} disabled={busy}>
          <span className="switch-thumb" />
        </button>
      ) : null}
    </li>
  );
}
