import { useEffect, useState, type FormEvent } from "react";
import { useT } from "../runtime/i18n-context";
import { api, ApiError } from "../runtime/api";
import { toast } from "../runtime/toast";
import { translateMessage } from "../runtime/messages";
import { Dialog } from "./dialog";

/** 'Reset Your Password' (spec point 2): closes and clears its email after success (point 4). */
export function ForgotPasswordDialog({ open, onClose, initialEmail }: { open: boolean; onClose: () => void; initialEmail: string }) {
  const t = useT();
  const [email, setEmail] = useState(initialEmail);
  const [pending, setPending] = useState(false);
  // Shown inside the dialog too: next to the field is where the eye is (the toast sits in a corner).
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setError(null);
    }
  }, [open, initialEmail]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (email.trim() === "") {
      setError("Please enter your email address");
      toast({ title: t("toast.error"), description: translateMessage(t, "Please enter your email address"), variant: "destructive" });
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await api<{ message: string }>("POST", "/api/auth/forgot-password", { email: email.trim() });
      toast({ title: t("toast.success"), description: translateMessage(t, result.message), variant: "success" });
      setEmail("");
      onClose();
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : t("messages.network_error");
      setError(message);
      toast({ title: t("toast.error"), description: translateMessage(t, message), variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={t("auth.forgot.title")} description={t("auth.forgot.description")}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="forgot-email">{t("auth.forgot.email")}</label>
          <input
            id="forgot-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null); // the message was about what was typed before
            }}
            aria-invalid={error !== null}
            aria-describedby={error !== null ? "forgot-email-error" : undefined}
            required
          />
          {error !== null ? (
            <p id="forgot-email-error" className="field-error" role="alert">
              {translateMessage(t, error)}
            </p>
          ) : null}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? t("auth.forgot.sending") : t("auth.forgot.send")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
