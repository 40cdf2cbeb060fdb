import { useI18n } from "../runtime/i18n-context";
import type { Presence } from "../chat-panel";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Online", "Active 3 hours ago", or nothing when the time is unknown. */
export function PresenceLine({ presence }: { presence: Presence }) {
  const { t } = useI18n();
  if (presence.online) {
    return (
      <p className="chat-presence chat-presence-online" data-testid="presence">
        <span className="presence-dot" aria-hidden="true" />
        <span className="chat-presence-text">{t("chat.presence.online")}</span>
      </p>
    );
  }
  if (presence.lastActiveAt === null) return null;
  const ago = Date.now() - new Date(presence.lastActiveAt).getTime();
  // Plural keys rather than Intl.RelativeTimeFormat: building one cost a slow phone ~150 ms of the
  // chat's hydration (decision 0099).
  const days = Math.min(30, Math.round(ago / DAY));
  const text =
    ago < 5 * MINUTE
      ? t("chat.presence.justNow")
      : ago < HOUR
        ? t("chat.presence.minutesAgo", { count: Math.round(ago / MINUTE) })
        : ago < DAY
          ? t("chat.presence.hoursAgo", { count: Math.round(ago / HOUR) })
          : days === 1
            ? t("chat.presence.yesterday")
            : t("chat.presence.daysAgo", { count: days });
  return (
    <p className="chat-presence" data-testid="presence">
      <span className="chat-presence-text">{text}</span>
    </p>
  );
}
