import { useI18n } from "../runtime/i18n-context";
import type { Presence } from "../chat-panel";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Online", "Active 3 hours ago", or nothing when the time is unknown. */
export function PresenceLine({ presence }: { presence: Presence }) {
  const { t, lang } = useI18n();
  if (presence.online) {
    return (
      <p className="chat-presence chat-presence-online" data-testid="presence">
        <span className="presence-dot" aria-hidden="true" />
        {t("chat.presence.online")}
      </p>
    );
  }
  if (presence.lastActiveAt === null) return null;
  const ago = Date.now() - new Date(presence.lastActiveAt).getTime();
  let text: string;
  if (ago < 5 * MINUTE) text = t("chat.presence.justNow");
  else {
    const format = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
    const when = ago < HOUR ? format.format(-Math.round(ago / MINUTE), "minute") : ago < DAY ? format.format(-Math.round(ago / HOUR), "hour") : format.format(-Math.min(30, Math.round(ago / DAY)), "day");
    text = t("chat.presence.active", { when });
  }
  return (
    <p className="chat-presence" data-testid="presence">
      {text}
    </p>
  );
}
