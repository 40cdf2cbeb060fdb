/**
 * The family chaperone in a chat (MATCHING.md 'Chaperone', docs/decisions/0135): the member's
 * "Share with chaperone" switch, with what it shares said plainly, and the notice lines both
 * members see where a share began or ended (lines, never messages: not unread, not the last).
 */
import { useState } from "react";
import type { ChaperoneNotice } from "../../src/features/chaperone/chaperone.service";
import type { MessageJson } from "../../src/features/chat/chat.service";
import { api } from "../runtime/api";
import { useI18n } from "../runtime/i18n-context";
import { errorText, messageKey } from "../runtime/messages";
import { toast } from "../runtime/toast";

const noticeKey = (notice: ChaperoneNotice) => `${notice.memberId}|${notice.at}|${notice.shared}`;

/** Known notices plus new ones (the live frame and the switch's answer may bring the same), by time. */
export function mergeNotices(current: ChaperoneNotice[], incoming: ChaperoneNotice[]): ChaperoneNotice[] {
  const byKey = new Map(current.map((notice) => [noticeKey(notice), notice]));
  for (const notice of incoming) byKey.set(noticeKey(notice), notice);
  return [...byKey.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * The notices that go just before messages[index] (index = messages.length: after the last).
 * Older than the loaded page, they wait until "load older" brings their messages.
 */
export function noticesBefore(notices: ChaperoneNotice[], messages: Pick<MessageJson, "createdAt">[], index: number, hasOlder: boolean): ChaperoneNotice[] {
  const upper = messages[index]?.createdAt;
  const lower = messages[index - 1]?.createdAt;
  return notices.filter((notice) => (upper === undefined || notice.at <= upper) && (lower === undefined ? !hasOlder || index > 0 : notice.at > lower));
}

export function ChaperoneNoticeLine({ notice, meId, otherName }: { notice: ChaperoneNotice; meId: string; otherName: string }) {
  const { t } = useI18n();
  const mine = notice.memberId === meId;
  const key = mine ? (notice.shared ? "chaperone.chat.noticeMine" : "chaperone.chat.noticeMineEnded") : notice.shared ? "chaperone.chat.noticeOther" : "chaperone.chat.noticeOtherEnded";
  return (
    <li className="chat-system chaperone-notice" role="note" data-testid="chaperone-notice" data-shared={String(notice.shared)} data-mine={String(mine)}>
      <ShieldIcon /> {t(key, { name: otherName })}
    </li>
  );
}

/** The member's switch; the other member is told (their notice line and socket) before anything is shared. */
export function ChaperoneShareSwitch({ matchId, otherName, initiallyShared, onNotice }: { matchId: string; otherName: string; initiallyShared: boolean; onNotice: (notice: ChaperoneNotice) => void }) {
  const { t } = useI18n();
  const [shared, setShared] = useState(initiallyShared);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (busy) return;
    const next = !shared;
    setBusy(true);
    try {
      const answer = await api<{ shared: boolean; sharedAt: string | null; at: string | null; memberId: string }>("PUT", `/api/matches/${encodeURIComponent(matchId)}/chaperone`, { shared: next });
      setShared(answer.shared);
      if (answer.at !== null) onNotice({ at: answer.at, shared: answer.shared, memberId: answer.memberId });
      toast({ title: t(answer.shared ? "chaperone.chat.shared" : "chaperone.chat.unshared"), variant: "success" });
    } catch (caught) {
      const fallback = errorText(t, caught);
      const text = caught instanceof Error ? t(`chaperone.errors.${messageKey(caught.message)}`, { defaultValue: fallback }) : fallback;
      toast({ title: t("toast.error"), description: text, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="chaperone-share" data-testid="chaperone-share">
      <span className="chaperone-share-text">
        <span id="chaperone-share-label" className="chaperone-share-label">
          {t("chaperone.chat.shareLabel")}
        </span>
        <span id="chaperone-share-hint" className="chaperone-share-hint">
          {t("chaperone.chat.shareHint", { name: otherName })}
        </span>
      </span>
      <button type="button" role="switch" aria-checked={shared} aria-labelledby="chaperone-share-label" aria-describedby="chaperone-share-hint" className="switch" onClick={() => void toggle()} disabled={busy} data-testid="chaperone-share-switch">
        <span className="switch-thumb" />
      </button>
    </div>
  );
}

function ShieldIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="chaperone-notice-icon">
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    </svg>
  );
}
