import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { CALL_RING_TIMEOUT_MS } from "../../src/platform/constants";
import type { MatchListItem } from "../../src/features/matches/matches.service";
import { HandsetIcon } from "./call-icons";
import { I18nProvider, useT, type I18nValue } from "../runtime/i18n-context";
import { realtime, type ServerFrame } from "../runtime/realtime";
import { toast } from "../runtime/toast";
import { messageToast } from "../runtime/message-toast";
import { translateMessage } from "../runtime/messages";
import { api, endSession } from "../runtime/api";
import { MatchDialog } from "./match-dialog";

type IncomingCall = Extract<ServerFrame, { type: "incoming_call" }>;
/** How often the vibration pattern repeats while a call rings. */
const RING_PATTERN_MS = 2_000;
type MatchMoment = Extract<ServerFrame, { type: "match_created" }>;

/**
 * The tab bar's unread count: read once, then moved by the live frames (a message from someone
 * else +1 unless its chat is open; a read, a removed match or a reconnect: read again).
 */
function useUnreadBadge() {
  const t = useT();
  useEffect(() => {
    let count = 0;
    const show = (value: number) => {
      count = value;
      for (const badge of Array.from(document.querySelectorAll<HTMLElement>("[data-unread-badge]"))) {
        badge.hidden = value === 0;
        badge.textContent = value > 99 ? "99+" : String(value);
        badge.setAttribute("aria-label", t("realtime.unread", { count: value }));
      }
    };
    const dot = (on: boolean) => {
      for (const mark of Array.from(document.querySelectorAll<HTMLElement>("[data-new-matches-dot]"))) {
        mark.hidden = !on;
        mark.setAttribute("aria-label", t("realtime.newMatches"));
      }
    };
    const refresh = () =>
      void api<{ count: number; newMatches: number }>("GET", "/api/matches/unread").then(
        (answer) => {
          show(answer.count);
          dot(answer.newMatches > 0);
        },
        () => undefined,
      );
    if (document.querySelector("[data-unread-badge]") === null) return;
    refresh();
    const offs = [
      realtime.on("new_message", (frame) => {
        if (frame.message.senderId !== realtime.userId && realtime.viewingMatch !== frame.matchId) show(count + 1);
      }),
      realtime.on("message_read", (frame) => frame.readerId === realtime.userId && refresh()),
      realtime.on("match_removed", refresh),
      // A match made by the other person while this member was away from Matches.
      realtime.on("match_created", () => location.pathname !== "/matches" && dot(true)),
      realtime.onLifecycle("reconnected", refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [t]);
}

/**
 * What the live connection shows on every signed-in page: the new-message toast (the sender's
 * name, then the message: message-toast.ts), and the incoming call, full screen until it is answered, declined or ends (docs/decisions/0137).
 */
function RealtimeNotices({ notifyMessages, notifyMatches }: { notifyMessages: boolean; notifyMatches: boolean }) {
  const t = useT();
  const [call, setCall] = useState<IncomingCall | null>(null);
  const [moment, setMoment] = useState<MatchMoment | null>(null);

  useEffect(() => {
    const offs = [
      realtime.on("new_message", (frame) => {
        if (frame.message.kind !== "text") return;
        if (frame.message.senderId === realtime.userId || realtime.viewingMatch === frame.matchId) return;
        // The member switched message notifications off in Settings (kept on the server).
        if (!notifyMessages) return;
        toast({
          ...messageToast(frame.message.sender.firstName, frame.message.content),
          action: { label: t("realtime.open"), onClick: () => location.assign(`/chat/${encodeURIComponent(frame.matchId)}`) },
        });
      }),
      realtime.on("premium_activated", () => {
        // A payment finished after its dialog was closed ('Done'), or on another device: say so,
        // and offer the reload that shows the new plan. An open payment dialog says it itself.
        if (document.querySelector("dialog.payment-dialog[open]") !== null) return;
        toast({
          title: t("realtime.paymentSuccessTitle"),
          description: t("realtime.paymentSuccessBody"),
          variant: "success",
          action: { label: t("realtime.paymentContinue"), onClick: () => location.reload() },
        });
      }),
      realtime.on("incoming_call", (frame) => setCall(frame)),
      // The other person completed a match with this member: the same moment, live.
      realtime.on("match_created", (frame) => notifyMatches && setMoment(frame)),
      realtime.on("call_ended", (frame) => setCall((current) => (current?.matchId === frame.matchId ? null : current))),
      realtime.on("match_removed", (frame) => setCall((current) => (current?.matchId === frame.matchId ? null : current))),
      realtime.on("error", (frame) => {
        // Chat and call screens report their own errors; a frame from elsewhere gets a toast.
        if (frame.matchId !== undefined && frame.matchId === realtime.viewingMatch) return;
        if (frame.frame === undefined) return;
        toast({ title: t("toast.error"), description: translateMessage(t, frame.message), variant: "destructive" });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [t, notifyMessages, notifyMatches]);

  useUnreadBadge();

  // The incoming call rings until it is answered, declined or ends (call_ended); the ring time is
  // only a fallback for a lost frame. No ring tone ships with the app, so a phone vibrates where
  // the browser allows it (docs/decisions/0137).
  const [callerPhoto, setCallerPhoto] = useState<string | null>(null);
  useEffect(() => {
    if (call === null) return;
    setCallerPhoto(null);
    void api<MatchListItem[]>("GET", "/api/matches").then(
      (list) => setCallerPhoto(list.find((match) => match.id === call.matchId)?.user1.photo ?? null),
      () => undefined,
    );
    const vibrate = () => navigator.vibrate?.([600, 400, 600]);
    vibrate();
    const ring = setInterval(vibrate, RING_PATTERN_MS);
    const timer = setTimeout(() => setCall(null), CALL_RING_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      clearInterval(ring);
      navigator.vibrate?.(0);
    };
  }, [call]);

  const matchDialog = <MatchDialog person={moment === null ? null : { firstName: moment.other.firstName, photo: moment.other.photo, matchId: moment.matchId, matchPercent: moment.other.matchPercent, matchReasons: moment.other.matchReasons }} myPhoto={moment?.myPhoto ?? null} onClose={() => setMoment(null)} />;
  if (call === null) return matchDialog;
  const accept = () => {
    setCall(null);
    const answerHere = realtime.answerHandlers.get(call.matchId);
    if (answerHere !== undefined) answerHere(call.callType);
    else location.assign(`/chat/${encodeURIComponent(call.matchId)}?answer=${call.callType}`);
  };
  const decline = () => {
    setCall(null);
    realtime.send({ type: "call_decline", matchId: call.matchId });
  };
  return (
    <>
    {matchDialog}
    {/* Full screen like a phone's incoming call: the caller's photo, who and what, Decline and Accept. */}
    <div className="incoming-call" role="alertdialog" aria-modal="true" aria-labelledby="incoming-call-title" data-testid="incoming-call" data-call-type={call.callType}>
      <div className="incoming-call-who">
        {callerPhoto !== null ? <img className="incoming-call-photo" src={callerPhoto} alt="" width={160} height={160} data-testid="incoming-call-photo" /> : <span className="incoming-call-photo person-avatar-empty" aria-hidden="true" />}
        <p className="incoming-call-name" aria-hidden="true">
          {call.from.firstName}
        </p>
        <p id="incoming-call-title" className="incoming-call-title">
          {t(call.callType === "video" ? "realtime.incomingVideo" : "realtime.incomingVoice", { name: call.from.firstName })}
        </p>
      </div>
      <div className="incoming-call-actions">
        <div className="call-control">
          <button type="button" className="call-round call-round-danger" onClick={decline} aria-label={t("realtime.decline")}>
            <HandsetIcon down />
          </button>
          <span className="call-caption" aria-hidden="true">
            {t("realtime.decline")}
          </span>
        </div>
        <div className="call-control">
          <button type="button" className="call-round call-round-accept" onClick={accept} autoFocus aria-label={t("realtime.accept")}>
            <HandsetIcon />
          </button>
          <span className="call-caption" aria-hidden="true">
            {t("realtime.accept")}
          </span>
        </div>
      </div>
    </div>
    </>
  );
}

/** Starts the live connection and mounts its notices (hydrate.tsx calls this on signed-in pages). */
export function mountRealtime(element: HTMLElement, i18n: I18nValue) {
  // A ban or a sign-out elsewhere closes the socket for good: this page is signed out too (spec point 8).
  realtime.onLifecycle("ended", endSession);
  realtime.start();
  createRoot(element).render(
    <I18nProvider value={i18n}>
      <RealtimeNotices notifyMessages={element.dataset.notifyMessages !== "false"} notifyMatches={element.dataset.notifyMatches !== "false"} />
    </I18nProvider>,
  );
}
