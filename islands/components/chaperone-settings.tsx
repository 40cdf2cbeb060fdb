import { useState } from "react";
import type { ChaperoneStatus } from "../../src/features/chaperone/chaperone.service";
import { Dialog } from "./dialog";
import { api } from "../runtime/api";
import { useI18n } from "../runtime/i18n-context";
import { errorText, messageKey } from "../runtime/messages";
import { toast } from "../runtime/toast";

/**
 * "Family chaperone" in Settings (MATCHING.md 'Chaperone', docs/decisions/0135): what a
 * chaperone sees and never sees, the invitation by email, its status, and removing them (their
 * access ends at once). Inviting someone else replaces the chaperone.
 */
export function ChaperoneSettings({ initial }: { initial: ChaperoneStatus | null }) {
  const { t } = useI18n();
  const [status, setStatus] = useState(initial);
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [inviting, setInviting] = useState(initial === null);

  const explain = (caught: unknown) => {
    const fallback = errorText(t, caught);
    return caught instanceof Error ? t(`chaperone.errors.${messageKey(caught.message)}`, { defaultValue: fallback }) : fallback;
  };

  const invite = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api<{ chaperone: ChaperoneStatus }>("POST", "/api/chaperone/invite", { email: email.trim() });
      setStatus(answer.chaperone);
      setEmail("");
      setInviting(false);
      toast({ title: t("chaperone.settings.invited"), description: t("chaperone.settings.invitedBody", { email: answer.chaperone.email }), variant: "success" });
    } catch (caught) {
      setError(explain(caught));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await api("DELETE", "/api/chaperone");
      setStatus(null);
      setInviting(true);
      setConfirming(false);
      toast({ title: t("chaperone.settings.removed"), variant: "success" });
    } catch (caught) {
      toast({ title: t("toast.error"), description: explain(caught), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card settings-group" aria-labelledby="settings-chaperone" id="chaperone" data-testid="chaperone-settings">
      <h2 id="settings-chaperone">{t("chaperone.settings.title")}</h2>
      <p className="settings-row-hint">{t("chaperone.settings.intro")}</p>
      {status !== null ? (
        <div className="chaperone-settings-current">
          <p className="chaperone-settings-status" data-testid="chaperone-status" data-status={status.status}>
            {t(status.status === "accepted" ? "chaperone.settings.accepted" : "chaperone.settings.pending", { email: status.email })}
          </p>
          <div className="chaperone-settings-actions">
            <button type="button" className="button button-outline button-small settings-danger" onClick={() => setConfirming(true)} data-testid="chaperone-remove">
              {t(status.status === "accepted" ? "chaperone.settings.remove" : "chaperone.settings.cancel")}
            </button>
            {!inviting ? (
              <button type="button" className="button button-ghost button-small" onClick={() => setInviting(true)}>
                {t("chaperone.settings.inviteAnother")}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {inviting ? (
        <form
          className="chaperone-settings-form"
          onSubmit={(event) => {
            event.preventDefault();
            void invite();
          }}
        >
          <div className="field">
            <label htmlFor="chaperone-email">{t("chaperone.settings.emailLabel")}</label>
            <input id="chaperone-email" type="email" inputMode="email" autoComplete="off" required value={email} onChange={(event) => setEmail(event.target.value)} />
            {status !== null ? <p className="field-hint">{t("chaperone.settings.replaceHint")}</p> : null}
          </div>
          {error !== null ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button-primary" disabled={busy || email.trim().length === 0} data-testid="chaperone-invite">
            {t("chaperone.settings.invite")}
          </button>
        </form>
      ) : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t("chaperone.settings.remove")} description={status === null ? undefined : t("chaperone.settings.removeConfirm", { email: status.email })}>
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={() => setConfirming(false)}>
            {t("settings.data.cancel")}
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void remove()} data-testid="chaperone-remove-confirm">
            {t("chaperone.settings.remove")}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
