import { useEffect, useState } from "react";
import { useT } from "../runtime/i18n-context";
import { toast } from "../runtime/toast";
import { dismissInvite, enablePush, shouldInvite } from "../runtime/push";
import { BellIcon } from "./icons";

/**
 * The moment to ask for notifications (docs/decisions/0098): right after a match, when a reply is
 * worth hearing about. Shown once per browser until answered; the browser's own prompt follows
 * only the member's tap.
 */
export function PushInvite({ name }: { name: string }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setShown(shouldInvite()), []);
  if (!shown) return null;
  const turnOn = async () => {
    setBusy(true);
    try {
      const state = await enablePush();
      if (state === "on") toast({ title: t("match.push.on"), variant: "success" });
      else if (state === "blocked") toast({ title: t("match.push.blocked"), description: t("match.push.blockedBody") });
      else dismissInvite();
    } catch {
      toast({ title: t("match.push.failed"), variant: "destructive" });
    } finally {
      setShown(false);
      setBusy(false);
    }
  };
  return (
    <div className="push-invite" data-testid="push-invite">
      <span className="push-invite-icon" aria-hidden="true">
        <BellIcon size={20} />
      </span>
      <p>{t("match.push.invite", { name })}</p>
      <div className="push-invite-actions">
        {/* Secondary: the match moment's one primary button is Send message (docs/decisions/0138). */}
        <button type="button" className="button button-outline button-small" onClick={() => void turnOn()} disabled={busy}>
          {t("match.push.turnOn")}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => {
            dismissInvite();
            setShown(false);
          }}
        >
          {t("match.push.notNow")}
        </button>
      </div>
    </div>
  );
}
