import { Fragment, useCallback, useEffect, useState } from "react";
import { api } from "./runtime/api";
import { useI18n } from "./runtime/i18n-context";
import { realtime } from "./runtime/realtime";
import type { MatchListItem } from "../src/features/matches/matches.service";
import { optionText } from "./components/option-text";
import { AdSlot } from "./components/ad-slot-lazy";
import { adRowsAfter, useAdPlacement } from "./runtime/ads";

/**
 * The matches list (spec point 2): avatar, first name and age, 'Matched {date}', denomination,
 * Chat, and the last message with an unread badge, newest activity first. Updates live.
 */
export type MatchesView = "matches" | "chats";

export function MatchesList({ initialMatches, meId, view = "matches", openMatchId }: { initialMatches: MatchListItem[]; meId: string; view?: MatchesView; openMatchId?: string }) {
  // Beside an open chat (a desktop's chat page): rows only, the open one marked, no ads.
  const beside = openMatchId !== undefined;
  const { t, lang } = useI18n();
  const [allMatches, setMatches] = useState(initialMatches);
  // The Chats tab: only the matches with a conversation (the list is already newest activity first).
  const matches = view === "chats" ? allMatches.filter((match) => match.lastMessage !== null) : allMatches;
  // An ad row after every `frequency` rows, one at the end of a shorter list (decision 0086).
  // Premium members' placement list is empty, so they never see one.
  const ad = useAdPlacement("matches_list", !beside);
  const adAfter = ad === null ? new Set<number>() : adRowsAfter(matches.length, ad.frequency);
  const locale = lang === "id" ? "id-ID" : "en-US";
  const date = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Jakarta" });
  const clock = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
  const day = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" });

  const refetch = useCallback(async () => {
    try {
      setMatches(await api<MatchListItem[]>("GET", "/api/matches"));
    } catch {
      // The list on screen stays; the next event or reload brings it up to date.
    }
  }, []);

  useEffect(() => {
    const offs = [
      realtime.on("new_message", (frame) => {
        setMatches((current) => {
          const index = current.findIndex((match) => match.id === frame.matchId);
          if (index === -1) {
            void refetch();
            return current;
          }
          const match = current[index]!;
          const message = frame.message;
          const updated: MatchListItem = {
            ...match,
            lastActivityAt: message.createdAt,
            lastMessage: { id: message.id, content: message.content, kind: message.kind, senderId: message.senderId, createdAt: message.createdAt, readAt: message.readAt },
            unreadCount: message.senderId === meId ? match.unreadCount : match.unreadCount + 1,
          };
          return [updated, ...current.filter((item) => item.id !== match.id)];
        });
      }),
      realtime.on("message_read", (frame) => {
        // A catch-up after a Redis outage says what stays unread (messages after the read).
        if (frame.readerId === meId) setMatches((current) => current.map((match) => (match.id === frame.matchId ? { ...match, unreadCount: frame.unreadCount ?? 0 } : match)));
      }),
      realtime.on("match_removed", (frame) => setMatches((current) => current.filter((match) => match.id !== frame.matchId))),
      // A new match made by the other person appears without a reload.
      realtime.on("match_created", () => void refetch()),
      realtime.onLifecycle("reconnected", () => void refetch()),
    ];
    return () => offs.forEach((off) => off());
  }, [meId, refetch]);

  if (matches.length === 0) {
    // Matches but no conversation yet (Chats tab), or no match at all.
    const noChats = view === "chats" && allMatches.length > 0;
    return (
      <div className="matches-empty card" data-testid={noChats ? "chats-empty" : "matches-empty"}>
        <p className="matches-empty-title">{t(noChats ? "matches.chatsEmptyTitle" : "matches.emptyTitle")}</p>
        <p className="muted">{t(noChats ? "matches.chatsEmptyBody" : "matches.emptyBody")}</p>
        <a className="button button-primary" href={noChats ? "/matches" : "/swipe"}>
          {t(noChats ? "matches.goToMatches" : "matches.startSwiping")}
        </a>
      </div>
    );
  }

  const preview = (match: MatchListItem) => {
    const last = match.lastMessage;
    if (last === null) return t("matches.sayHello");
    if (last.kind === "missed_call") return t("matches.missedCall");
    if (last.kind === "call") return t("matches.call");
    return last.senderId === meId ? t("matches.you", { text: last.content }) : last.content;
  };

  const time = (iso: string) => {
    const at = new Date(iso);
    const sameDay = new Date().toDateString() === at.toDateString();
    return sameDay ? clock.format(at) : day.format(at);
  };

  const rows = (list: MatchListItem[]) => (
    <ul className="matches-list" data-testid="matches-list">
      {list.map((match, index) => (
        <Fragment key={match.id}>
          <li className="match-row card" data-testid="match-row" aria-current={match.id === openMatchId ? "page" : undefined}>
            <a href={`/chat/${encodeURIComponent(match.id)}`} className="match-avatar-link" tabIndex={-1} aria-hidden="true">
              {match.user1.photo ? <img className="person-avatar" src={match.user1.photo} alt="" width={56} height={56} loading="lazy" /> : <span className="person-avatar person-avatar-empty" />}
            </a>
            <div className="match-body">
              <p className="match-name">
                {beside ? (
                  <a className="match-row-link" href={`/chat/${encodeURIComponent(match.id)}`}>
                    {match.user1.firstName}
                  </a>
                ) : match.user1.age === null ? (
                  match.user1.firstName
                ) : (
                  `${match.user1.firstName}, ${match.user1.age}`
                )}
                {match.lastMessage !== null ? (
                  <time className="match-time muted" dateTime={match.lastMessage.createdAt}>
                    {time(match.lastMessage.createdAt)}
                  </time>
                ) : null}
              </p>
              <p className="match-meta muted">
                {t("matches.matchedOn", { date: date.format(new Date(match.createdAt)) })}
                {match.user1.denomination ? ` · ${optionText(t, "denomination", match.user1.denomination)}` : ""}
              </p>
              <p className={`match-preview ${match.unreadCount > 0 ? "match-preview-unread" : ""}`}>
                <span className="match-preview-text">{preview(match)}</span>
                {match.unreadCount > 0 ? (
                  <span className="badge badge-primary match-unread" data-testid="unread-badge" aria-label={t("matches.unread", { count: match.unreadCount })}>
                    {match.unreadCount}
                  </span>
                ) : null}
              </p>
            </div>
            {beside ? null : (
              <a className="button button-primary button-small" href={`/chat/${encodeURIComponent(match.id)}`}>
                {t("matches.chat")}
              </a>
            )}
          </li>
          {ad !== null && adAfter.has(index) ? (
            <li className="ad-row-item">
              <AdSlot placement={ad} location="matches_list" />
            </li>
          ) : null}
        </Fragment>
      ))}
    </ul>
  );

  if (view === "chats") return rows(matches);

  // Matches: the new ones as a row of faces on top (Hinge, Bumble), then the conversations.
  const fresh = allMatches.filter((match) => match.lastMessage === null);
  const talking = allMatches.filter((match) => match.lastMessage !== null);
  return (
    <div className="inbox">
      {fresh.length > 0 ? (
        <section className="new-matches" aria-labelledby="new-matches-title">
          <h2 id="new-matches-title" className="inbox-heading">
            {t("matches.newMatches")} <span className="inbox-count">{fresh.length}</span>
          </h2>
          <ul className="new-matches-row" data-testid="new-matches">
            {fresh.map((match) => (
              <li key={match.id}>
                <a className="new-match" href={`/chat/${encodeURIComponent(match.id)}`} data-testid="new-match">
                  {match.user1.photo ? <img className="new-match-photo" src={match.user1.photo} alt="" width={72} height={72} loading="lazy" /> : <span className="new-match-photo person-avatar-empty" />}
                  <span className="new-match-name">{match.user1.firstName}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="conversations-title">
        <h2 id="conversations-title" className="inbox-heading">
          {t("matches.conversations")}
        </h2>
        {talking.length > 0 ? rows(talking) : <p className="muted inbox-empty">{t("matches.noConversations")}</p>}
      </section>
    </div>
  );
}
