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

  useEffect(() => {
    if (open) setEmail(initialEmail);
  }, [open, initialEmail]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (email.trim() === "") {
      toast({ title: t("toast.error"), description: translateMessage(t, "Please enter your email address"), variant: "destructive" });
      return;
    }
    setPending(true);
    try {
      const result = await api<{ message: string }>("POST", "/api/auth/forgot-password", { email: email.trim() });
      toast({ title: t("toast.success"), description: translateMessage(t, result.message), variant: "success" });
      setEmail("");
      onClose();
    } catch (caught) {
      toast({ title: t("toast.error"), description: translateMessage(t, caught instanceof ApiError ? caught.message : "Network error"), variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={t("auth.forgot.title")} description={t("auth.forgot.description")}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="forgot-email">{t("auth.forgot.email")}</label>
          <input id="forgot-email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
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
