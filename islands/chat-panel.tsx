import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { CallPanel, PLANS_HREF, useCall, type CallType } from "./call-panel";
import { SafetyMenu } from "./components/safety-menu";
import { AdSlot } from "./components/ad-slot-lazy";
import { adDue, countVisit, useAdPlacement } from "./runtime/ads";
import { ArrowLeftIcon } from "./components/icons";
import { PresenceLine } from "./components/presence-line";
import { VerifiedBadge } from "./components/verified-badge";
import { api, ApiError } from "./runtime/api";
import { useI18n } from "./runtime/i18n-context";
import { errorText, translateMessage } from "./runtime/messages";
import { realtime } from "./runtime/realtime";
import { toast } from "./runtime/toast";
import { FREE_DAILY_CHATS, MAX_MESSAGE_LENGTH, MESSAGE_PAGE_SIZE } from "../src/platform/constants";
import { LimitOffer } from "./components/limit-offer";
import { clockTime, dayNumber, firstRenderZone, relativeDay, shortDate, type ClockZone } from "./runtime/clock-time";

import type { MessageJson } from "../src/features/chat/chat.service";
import type { ChaperoneNotice } from "../src/features/chaperone/chaperone.service";
import { ChaperoneShareSwitch, ChaperoneNoticeLine, mergeNotices, noticesBefore } from "./components/chaperone-chat";

/** The other person's activity, when both share theirs (src/features/settings). */
export interface Presence {
  online: boolean;
  lastActiveAt: string | null;
}

export interface ChatPanelProps {
  matchId: string;
  me: { id: string };
  other: { id: string; firstName: string; age: number | null; photo: string | null; presence: Presence | null; verified: boolean; prompts?: { id: string; answer: string }[] };
  initialMessages: MessageJson[];
  /** Null for premium members (no limit). */
  remainingToday: number | null;
  canCall: boolean;
  iceServers: RTCIceServer[];
  /** Set when the page was opened from the incoming-call toast's accept. */
  answer: CallType | null;
  /**
   * The family chaperone (MATCHING.md 'Chaperone'): whether I have one who accepted (the share
   * switch), whether I share this chat now, and the notice lines of every share and unshare.
   */
  chaperone?: { available: boolean; sharedByMe: boolean; notices: ChaperoneNotice[] };
}

const TYPING_SEND_INTERVAL_MS = 2000;
/** An empty chat offers this many icebreakers (docs/decisions/0137). */
const ICEBREAKERS = 3;
/** A prompt's answer quoted in an icebreaker is cut here, so the chip stays a line or two. */
const ICEBREAKER_ANSWER_MAX = 40;

type Translate = ReturnType<typeof useI18n>["t"];

/** Three openers: one per answered prompt of the other person, then general ones. */
export function icebreakers(t: Translate, prompts: { id: string; answer: string }[]): string[] {
  const fromPrompts = prompts.map((prompt) => {
    const answer = prompt.answer.trim();
    const quoted = answer.length > ICEBREAKER_ANSWER_MAX ? `${answer.slice(0, ICEBREAKER_ANSWER_MAX - 1).trimEnd()}…` : answer;
    return t("chat.icebreakerPrompt", { answer: quoted, prompt: t(`prompts.list.${prompt.id}`), interpolation: { escapeValue: false } });
  });
  const general = [t("chat.icebreakerFallback1"), t("chat.icebreakerFallback2"), t("chat.icebreakerFallback3")];
  return [...fromPrompts, ...general].slice(0, ICEBREAKERS);
}

/** A call line's words: "Video call · 1:05", "Missed voice call", "Declined video call". */
function callLine(t: Translate, message: MessageJson): string {
  const [type = "voice", detail] = message.content.split(":");
  const video = type === "video";
  if (message.kind === "missed_call") return t(detail === "declined" ? (video ? "chat.declinedVideo" : "chat.declinedVoice") : video ? "chat.missedVideo" : "chat.missedVoice");
  const seconds = Number(detail ?? 0);
  return t(video ? "chat.videoCallLine" : "chat.voiceCallLine", { duration: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` });
}
const TYPING_SHOW_MS = 3500;

function mergeMessages(current: MessageJson[], incoming: MessageJson[]) {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    // A late copy (the POST answer after the read receipt) must not un-read a message.
    byId.set(message.id, { ...known, ...message, readAt: message.readAt ?? known?.readAt ?? null });
  }
  return [...byId.values()].sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? -1 : 1));
}

/** The chat of one match (spec point 2): bubbles, read receipts, typing, the limit banner, calls. */
export function ChatPanel(props: ChatPanelProps) {
  const { t, lang } = useI18n();
  const { matchId, me, other } = props;
  const [messages, setMessages] = useState(props.initialMessages);
  const [hasOlder, setHasOlder] = useState(props.initialMessages.length >= MESSAGE_PAGE_SIZE);
  const [delivered, setDelivered] = useState<Set<string>>(new Set());
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [remaining, setRemaining] = useState(props.remainingToday);
  const [otherTyping, setOtherTyping] = useState(false);
  const [removed, setRemoved] = useState(false);
  // The scam guard's Report presses, passed to the safety menu (src/features/safety/scam-guard.ts).
  const [reportScam, setReportScam] = useState(0);
  const [offline, setOffline] = useState(false);
  const [notices, setNotices] = useState<ChaperoneNotice[]>(props.chaperone?.notices ?? []);
  const list = useRef<HTMLOListElement>(null);
  const lastTypingSent = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const call = useCall({ matchId, iceServers: props.iceServers, canCall: props.canCall });
  // A slim ad strip above the composer on every `frequency`-th chat opened in this tab, for free
  // members only (Premium members' placement list is empty). Decision 0086.
  const adPlacement = useAdPlacement("chat_screen", props.remainingToday !== null);
  const [adShown, setAdShown] = useState(false);
  useEffect(() => {
    if (adPlacement !== null) setAdShown(adDue(countVisit("chat_screen"), adPlacement.frequency));
  }, [adPlacement]);
  // The server renders Jakarta time; after hydration the browser's own zone is used (no mismatch).
  const [zone, setZone] = useState<ClockZone>(firstRenderZone);
  useEffect(() => setZone("local"), []);

  /** The other person's messages are read once the chat is on screen. */
  const markRead = useCallback(() => {
    if (document.visibilityState !== "visible") return;
    if (realtime.isOpen) realtime.send({ type: "read", matchId });
    else void api("POST", `/api/matches/${encodeURIComponent(matchId)}/read`).catch(() => undefined);
  }, [matchId]);

  const refetch = useCallback(async () => {
    try {
      const latest = await api<MessageJson[]>("GET", `/api/matches/${encodeURIComponent(matchId)}/messages`);
      setMessages((current) => mergeMessages(current, latest));
      markRead();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setRemoved(true);
    }
  }, [matchId, markRead]);

  useEffect(() => {
    realtime.viewingMatch = matchId;
    realtime.send({ type: "join_match", matchId });
    if (props.initialMessages.some((message) => message.senderId !== me.id && message.readAt === null)) markRead();
    const offs = [
      realtime.on("new_message", (frame) => {
        if (frame.matchId !== matchId) return;
        setMessages((current) => mergeMessages(current, [frame.message]));
        if (frame.message.senderId !== me.id) {
          setOtherTyping(false);
          markRead();
        }
      }),
      realtime.on("message_delivered", (frame) => {
        if (frame.matchId === matchId) setDelivered((current) => new Set(current).add(frame.messageId));
      }),
      realtime.on("message_read", (frame) => {
        if (frame.matchId !== matchId) return;
        // upTo (a catch-up after a Redis outage): messages after it were sent after the read.
        const covers = (message: MessageJson) => frame.upTo === undefined || message.createdAt <= frame.upTo;
        setMessages((current) => current.map((message) => (message.senderId !== frame.readerId && message.readAt === null && covers(message) ? { ...message, readAt: frame.readAt } : message)));
      }),
      realtime.on("typing", (frame) => {
        if (frame.matchId !== matchId) return;
        setOtherTyping(true);
        if (typingTimer.current !== null) clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setOtherTyping(false), TYPING_SHOW_MS);
      }),
      realtime.on("match_removed", (frame) => {
        if (frame.matchId === matchId) setRemoved(true);
      }),
      // A member of this chat shared it with their chaperone, or stopped (a line, not a message).
      realtime.on("chaperone_notice", (frame) => {
        if (frame.matchId === matchId) setNotices((current) => mergeNotices(current, [frame.notice]));
      }),
      realtime.on("error", (frame) => {
        if (frame.matchId === matchId && frame.frame === "join_match") setRemoved(true);
      }),
      realtime.onLifecycle("reconnected", () => {
        setOffline(false);
        realtime.send({ type: "join_match", matchId });
        void refetch();
      }),
      realtime.onLifecycle("offline", () => setOffline(true)),
    ];
    const onVisible = () => {
      if (document.visibilityState === "visible") markRead();
    };
    document.addEventListener("visibilitychange", onVisible);
    // The ringing frame names the call type: a video call answered from the toast starts as video.
    realtime.answerHandlers.set(matchId, (callType) => void call.accept(callType));
    if (props.answer !== null) {
      history.replaceState(null, "", location.pathname);
      void call.accept(props.answer);
    }
    return () => {
      offs.forEach((off) => off());
      document.removeEventListener("visibilitychange", onVisible);
      realtime.answerHandlers.delete(matchId);
      if (realtime.viewingMatch === matchId) realtime.viewingMatch = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matchId]);

  // Newest at the bottom: keep the view there as messages arrive.
  useLayoutEffect(() => {
    const element = list.current;
    if (element !== null) element.scrollTop = element.scrollHeight;
  }, [messages.length, otherTyping, notices.length]);

  const loadOlder = async () => {
    const oldest = messages[0];
    if (oldest === undefined) return;
    try {
      const older = await api<MessageJson[]>("GET", `/api/matches/${encodeURIComponent(matchId)}/messages?before=${encodeURIComponent(oldest.id)}`);
      setHasOlder(older.length >= MESSAGE_PAGE_SIZE);
      setMessages((current) => mergeMessages(older, current));
    } catch (error) {
      toast({ title: t("toast.error"), description: errorText(t, error), variant: "destructive" });
    }
  };

  const send = async () => {
    const content = draft.trim();
    if (content.length === 0 || sending) return;
    setSending(true);
    try {
      const message = await api<MessageJson & { remainingToday: number | null }>("POST", `/api/matches/${encodeURIComponent(matchId)}/messages`, { content });
      setMessages((current) => mergeMessages(current, [message]));
      setRemaining(message.remainingToday);
      setDraft("");
    } catch (error) {
      const text = error instanceof ApiError ? error.message : t("messages.network_error");
      if (text.includes("Daily chat limit reached")) {
        // The composer becomes the offer with its countdown (below), not a red toast.
        setRemaining(0);
      } else if (error instanceof ApiError && error.status === 404) setRemoved(true);
      else toast({ title: t("toast.error"), description: translateMessage(t, text), variant: "destructive" });
    } finally {
      setSending(false);
    }
  };

  const onDraft = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (value.trim().length > 0 && now - lastTypingSent.current > TYPING_SEND_INTERVAL_MS) {
      lastTypingSent.current = now;
      realtime.sendIfOpen({ type: "typing", matchId });
    }
  };

  const lastMine = [...messages].reverse().find((message) => message.senderId === me.id && message.kind === "text");
  const title = other.age === null ? other.firstName : `${other.firstName}, ${other.age}`;

  const dayLabel = (at: Date) => {
    const day = relativeDay(at, new Date(), zone);
    return day === "today" ? t("chat.today") : day === "yesterday" ? t("chat.yesterday") : shortDate(at, lang, zone);
  };

  /** The chaperone notice lines that go before message `index` (after the last one: messages.length). */
  const chaperoneLines = (index: number) =>
    noticesBefore(notices, messages, index, hasOlder).map((notice) => <ChaperoneNoticeLine key={`n-${notice.memberId}-${notice.at}-${notice.shared}`} notice={notice} meId={me.id} otherName={other.firstName} />);

  const messageItem = (message: MessageJson) => {
    if (message.kind !== "text") {
      return (
        <li key={message.id} className="chat-system" data-kind={message.kind} data-testid="call-line">
          {callLine(t, message)} · <time dateTime={message.createdAt}>{clockTime(new Date(message.createdAt), lang, zone)}</time>
        </li>
      );
    }
    const mine = message.senderId === me.id;
    const state = message.readAt !== null ? "read" : delivered.has(message.id) ? "delivered" : "sent";
    return (
      <li key={message.id} className={`bubble ${mine ? "bubble-mine" : "bubble-theirs"}`} data-testid="message" data-state={mine ? state : undefined}>
        <p className="bubble-text">{message.content}</p>
        <p className="bubble-meta">
          <time dateTime={message.createdAt}>{clockTime(new Date(message.createdAt), lang, zone)}</time>
          {mine && message.id === lastMine?.id ? (
            <span className="bubble-state" data-testid="message-state">
              {" · "}
              {t(`chat.state.${state}`)}
            </span>
          ) : mine ? (
            <span className="bubble-ticks" aria-label={t(`chat.state.${state}`)}>
              {state === "sent" ? " ✓" : " ✓✓"}
            </span>
          ) : null}
        </p>
        {!mine && message.caution !== null && !removed ? (
          <div className="scam-caution" role="note" data-testid="scam-caution" data-caution={message.caution}>
            <p>{t(`chat.caution.${message.caution}`)}</p>
            <button type="button" className="button button-outline button-small" onClick={() => setReportScam((count) => count + 1)}>
              {t("chat.caution.report")}
            </button>
          </div>
        ) : null}
      </li>
    );
  };

  return (
    <div className="chat" data-testid="chat-panel">
      <header className="chat-header">
        <a href="/matches" className="button button-ghost button-small chat-back" aria-label={t("chat.back")}>
          <ArrowLeftIcon size={20} />
        </a>
        {other.photo ? <img className="person-avatar person-avatar-sm" src={other.photo} alt="" width={40} height={40} /> : <span className="person-avatar person-avatar-sm person-avatar-empty" aria-hidden="true" />}
        <div className="chat-heading">
          <h1 className="chat-title">
            <span className="chat-title-name">{title}</span>
            {other.verified ? <VerifiedBadge compact /> : null}
          </h1>
          {other.presence !== null && !removed ? <PresenceLine presence={other.presence} /> : null}
        </div>
        {!removed ? (
          <div className="chat-header-actions">
            <button type="button" className="button button-ghost button-small" onClick={() => void call.start("voice")} disabled={call.phase !== "idle"} aria-label={t("chat.voiceCall")} data-testid="voice-call">
              <PhoneIcon />
            </button>
            <button type="button" className="button button-ghost button-small" onClick={() => void call.start("video")} disabled={call.phase !== "idle"} aria-label={t("chat.videoCall")} data-testid="video-call">
              <VideoIcon />
            </button>
            <SafetyMenu userId={other.id} name={other.firstName} matchId={matchId} reportScam={reportScam} />
          </div>
        ) : (
          // The match is gone, but what happened in it may still need reporting (issue 6).
          <div className="chat-header-actions">
            <SafetyMenu userId={other.id} name={other.firstName} />
          </div>
        )}
      </header>

      <CallPanel call={call} name={other.firstName} photo={other.photo} />

      {offline ? (
        <p className="chat-banner chat-banner-warning" role="status">
          {t("chat.offline")}{" "}
          <button type="button" className="link-button" onClick={() => location.reload()}>
            {t("chat.reload")}
          </button>
        </p>
      ) : null}
      {remaining !== null && !removed ? (
        <p className="chat-banner" role="status" data-testid="messages-left">
          {t("chat.messagesLeft", { count: remaining })}
        </p>
      ) : null}

      {!removed && props.chaperone !== undefined && (props.chaperone.available || props.chaperone.sharedByMe) ? (
        <ChaperoneShareSwitch matchId={matchId} otherName={other.firstName} initiallyShared={props.chaperone.sharedByMe} onNotice={(notice) => setNotices((current) => mergeNotices(current, [notice]))} />
      ) : null}

      <ol ref={list} className="chat-messages" aria-live="polite" aria-label={t("chat.history", { name: other.firstName })}>
        {hasOlder ? (
          <li className="chat-older">
            <button type="button" className="button button-ghost button-small" onClick={() => void loadOlder()}>
              {t("chat.loadOlder")}
            </button>
          </li>
        ) : null}
        {messages.length === 0 ? (
          <li className="chat-empty">
            <p>{t("chat.empty", { name: other.firstName })}</p>
            {!removed && remaining !== 0 ? (
              <div className="icebreakers" data-testid="icebreakers">
                <p className="icebreakers-title">{t("chat.icebreakersTitle")}</p>
                {icebreakers(t, other.prompts ?? []).map((text) => (
                  <button key={text} type="button" className="icebreaker" data-testid="icebreaker" onClick={() => {
                    onDraft(text);
                    document.getElementById("chat-input")?.focus();
                  }}>
                    {text}
                  </button>
                ))}
              </div>
            ) : null}
          </li>
        ) : null}
        {messages.map((message, index) => {
          // A day separator before the first message of each day: Today, Yesterday, then the date.
          const at = new Date(message.createdAt);
          const previous = messages[index - 1];
          const separator =
            previous === undefined || dayNumber(new Date(previous.createdAt), zone) !== dayNumber(at, zone) ? (
              <li className="chat-day" data-testid="chat-day" key={`day-${message.id}`}>
                {dayLabel(at)}
              </li>
            ) : null;
          return [separator, ...chaperoneLines(index), messageItem(message)];
        })}
        {chaperoneLines(messages.length)}
        {otherTyping ? (
          <li className="chat-typing" data-testid="typing">
            {t("chat.typing", { name: other.firstName })}
          </li>
        ) : null}
      </ol>

      {removed ? (
        <div className="chat-removed card" role="status">
          <p>{t("chat.removed")}</p>
          <a className="button button-primary" href="/matches">
            {t("chat.backToMatches")}
          </a>
        </div>
      ) : (
        <>
          {adShown && adPlacement !== null ? <AdSlot placement={adPlacement} location="chat_screen" /> : null}
          {remaining === 0 ? (
            <div className="chat-limit">
              <LimitOffer kind="messages" plansHref={PLANS_HREF} onReset={() => setRemaining(FREE_DAILY_CHATS)} />
            </div>
          ) : (
          <form
            className="chat-input"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <label htmlFor="chat-input" className="visually-hidden">
              {t("chat.placeholder")}
            </label>
            <textarea
              id="chat-input"
              rows={1}
              value={draft}
              maxLength={MAX_MESSAGE_LENGTH}
              placeholder={t("chat.placeholder")}
              onChange={(event) => onDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) {
                  event.preventDefault();
                  void send();
                }
              }}
            />
            <button type="submit" className="button button-primary" disabled={sending || draft.trim().length === 0} data-testid="send">
              {t("chat.send")}
            </button>
          </form>
          )}
        </>
      )}
    </div>
  );
}

function PhoneIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

function VideoIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="m22 8-6 4 6 4V8z" />
      <rect x="2" y="6" width="14" height="12" rx="2" />
    </svg>
  );
}
