import { useState } from "react";
import { useT } from "../runtime/i18n-context";
import { api } from "../runtime/api";
import { toast } from "../runtime/toast";
import { PhoneCodeForm } from "./phone-code-form";
import type { PhoneChannel } from "../../src/features/phone-sign-in/phone-channels";

export interface PhoneSettingProps {
  /** The proven number in E.164, or null. */
  number: string | null;
  /** The channels the server sends by (decision 0136). */
  channels?: PhoneChannel[];
}

/** Settings' phone number (docs/decisions/0136): add or change it with a code sent to it. */
export function PhoneNumberSetting({ number: initial, channels }: PhoneSettingProps) {
  const t = useT();
  const [number, setNumber] = useState(initial);
  const [editing, setEditing] = useState(false);

  const prove = async (phone: string, code: string) => {
    const user = await api<{ phone: string }>("POST", "/api/account/phone/verify", { phone, code });
    setNumber(user.phone);
    setEditing(false);
    toast({ title: t("toast.success"), description: t("phoneSignIn.added"), variant: "success" });
  };

  return (
    <section className="card settings-group settings-phone" aria-labelledby="settings-phone">
      <h2 id="settings-phone">{t("phoneSignIn.settingsTitle")}</h2>
      <p className="field-hint">{t("phoneSignIn.settingsHint")}</p>
      {number !== null ? (
        <p className="settings-phone-number">
          <span>{number}</span>
          <span className="badge badge-primary">{t("phoneSignIn.proven")}</span>
        </p>
      ) : editing ? null : (
        <p className="muted">{t("phoneSignIn.none")}</p>
      )}
      {editing ? (
        <>
          <PhoneCodeForm idPrefix="settings-phone" prove={prove} submitLabel={t("phoneSignIn.verifyNumber")} channels={channels} />
          <button type="button" className="link-button" onClick={() => setEditing(false)}>
            {t("phoneSignIn.cancel")}
          </button>
        </>
      ) : (
        <button type="button" className="button button-outline" onClick={() => setEditing(true)}>
          {number === null ? t("phoneSignIn.add") : t("phoneSignIn.change")}
        </button>
      )}
    </section>
  );
}
