import { useState } from "react";
import { Dialog } from "./dialog";
import { api, ApiError } from "../runtime/api";
import { useT } from "../runtime/i18n-context";
import { translateMessage } from "../runtime/messages";
import { toastOnNextPage } from "../runtime/toast";

/**
 * "Your data" in Settings (UU PDP 27/2022; Google Play's account deletion rule): download a zip
 * of everything Kasih holds about the member, and delete the account, confirmed by the password
 * or, for accounts without one, by a fresh sign-in (docs/decisions/0091).
 */
export function DataRights({ hasPassword }: { hasPassword: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);

  const close = () => {
    setOpen(false);
    setPassword("");
    setError(null);
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api("DELETE", "/api/account", hasPassword ? { password } : {});
      toastOnNextPage({ title: t("settings.data.deletedTitle"), description: t("settings.data.deletedBody"), variant: "success" });
      // The sign-in page (the landing page runs no script, so it could not show the toast).
      location.assign("/auth");
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 403) setSignInAgain(true);
      setError(caught instanceof ApiError ? translateMessage(t, caught.message) : t("messages.network_error"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card settings-group" aria-labelledby="settings-data" id="your-data">
      <h2 id="settings-data">{t("settings.data.title")}</h2>
      <ul className="settings-links">
        <li className="settings-link-row">
          <a href="/api/account/export" download data-testid="download-data">
            {t("settings.data.download")}
          </a>
          <span className="settings-row-hint">{t("settings.data.downloadHint")}</span>
        </li>
        <li className="settings-link-row">
          <button type="button" className="link-button settings-danger" onClick={() => setOpen(true)} data-testid="delete-account">
            {t("settings.data.delete")}
          </button>
          <span className="settings-row-hint">{t("settings.data.deleteHint")}</span>
        </li>
      </ul>
      <Dialog open={open} onClose={close} title={t("settings.data.confirmTitle")} description={t("settings.data.confirmBody")}>
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            void remove();
          }}
        >
          {hasPassword ? (
            <div className="field">
              <label htmlFor="delete-password">{t("settings.data.password")}</label>
              <input id="delete-password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
            </div>
          ) : (
            <p className="field-hint">{t("settings.data.freshSignIn")}</p>
          )}
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            {signInAgain ? (
              <a className="button button-outline" href="/api/logout">
                {t("settings.data.signInAgain")}
              </a>
            ) : (
              <button type="button" className="button button-ghost" onClick={close}>
                {t("settings.data.cancel")}
              </button>
            )}
            <button type="submit" className="button button-danger" disabled={busy}>
              {t("settings.data.confirm")}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
