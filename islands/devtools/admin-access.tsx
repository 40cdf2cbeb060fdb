import { useState, type FormEvent } from "react";
import { useT } from "../runtime/i18n-context";
import { apiUrl, isServerFailure } from "../runtime/api";
import { translateMessage } from "../runtime/messages";
import { Dialog } from "../components/dialog";

export interface AdminAccessProps {
  /**
   * disabled: no ADMIN_BOOTSTRAP_SECRET on the server; used: the one use is spent;
   * available: the button asks for the secret.
   */
  state: "disabled" | "available" | "used";
  signedIn: boolean;
}

/**
 * The setup page's temporary admin access (spec points 2 and 6): asks for the operator's
 * one-time bootstrap secret and calls POST /api/auth/admin-login, which makes the signed-in
 * user an admin. Failures are browser alerts, as the specification describes (point 8).
 */
export function AdminAccess({ state, signedIn }: AdminAccessProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState("");
  const [pending, setPending] = useState(false);

  if (state !== "available") {
    return (
      <div className="devtools-action-note">
        <button type="button" className="button button-outline button-block" disabled aria-describedby="admin-access-disabled">
          {t("devtools.googleSetup.adminAccess")}
        </button>
        <p id="admin-access-disabled" className="field-hint">
          {state === "used" ? t("devtools.googleSetup.adminUsed") : t("devtools.googleSetup.adminDisabled")}
        </p>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (secret.trim() === "") return;
    setPending(true);
    try {
      const response = await fetch(apiUrl("/api/auth/admin-login"), {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ secret }),
      });
      if (response.ok) {
        window.location.assign("/admin");
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      // A wrong or spent secret (403, 429) is an answer shown below, not an error (docs/decisions/0139).
      if (isServerFailure(response.status)) console.error("Admin login failed", response.status, body);
      window.alert(body.message ? `${t("devtools.googleSetup.adminFailed")}\n${translateMessage(t, body.message)}` : t("devtools.googleSetup.adminFailed"));
    } catch (error) {
      console.error("Admin login error", error);
      window.alert(t("devtools.googleSetup.adminError"));
    }
    setPending(false);
  };

  return (
    <div className="devtools-action-note">
      <button type="button" className="button button-outline button-block" onClick={() => setOpen(true)}>
        {t("devtools.googleSetup.adminAccess")}
      </button>
      {signedIn ? null : (
        <p className="field-hint">
          {t("devtools.googleSetup.adminSignInFirst")} <a href="/auth">{t("devtools.googleSetup.signInLink")}</a>
        </p>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title={t("devtools.googleSetup.adminDialogTitle")} description={t("devtools.googleSetup.adminDialogBody")}>
        <form className="form" onSubmit={submit}>
          <div className="field">
            <label htmlFor="bootstrap-secret">{t("devtools.googleSetup.secretLabel")}</label>
            <input id="bootstrap-secret" type="password" autoComplete="off" value={secret} onChange={(event) => setSecret(event.target.value)} required />
          </div>
          <div className="dialog-actions">
            <button type="button" className="button button-outline" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </button>
            <button type="submit" className="button button-primary" disabled={pending || secret.trim() === ""}>
              {pending ? t("devtools.googleSetup.adminPending") : t("devtools.googleSetup.adminSubmit")}
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
