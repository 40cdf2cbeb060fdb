import { Fragment, useCallback, useEffect, useState } from "react";
import { api } from "./runtime/api";
import { useI18n } from "./runtime/i18n-context";
import { realtime } from "./runtime/realtime";
import type { MatchListItem } from "../src/features/matches/matches.service";
import { VerifiedBadge } from "./components/verified-badge";
import { clockTime, firstRenderZone, relativeDay, shortDate, type ClockZone } from "./runtime/clock-time";
import { AdSlot } from "./components/ad-slot-lazy";
import { adRowsAfter, useAdPlacement } from "./runtime/ads";

/**
 * The matches list (spec point 2, as a phone's messenger shows it: docs/decisions/0137): each row
 * one link with the photo, one line of name (Verified badge) and time, one line of the last
 * message with the unread count; "Matched {date}" only while nothing was said. Newest activity
 * first. Updates live.
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
  // The server renders Jakarta time; after hydration the browser's own zone (islands/runtime/clock-time.ts).
  const [zone, setZone] = useState<ClockZone>(firstRenderZone);
  useEffect(() => setZone("local"), []);

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
    // "Matched {date}" only while nothing was said yet (docs/decisions/0137).
    if (last === null) return t("matches.matchedHello", { date: shortDate(new Date(match.createdAt), lang, zone) });
    if (last.kind === "missed_call") return t(last.content.endsWith(":declined") ? "matches.declinedCall" : "matches.missedCall");
    if (last.kind === "call") return t("matches.call");
    return last.senderId === meId ? t("matches.you", { text: last.content }) : last.content;
  };

  /** WhatsApp's list time: the clock today, "Yesterday", then the date. */
  const time = (iso: string) => {
    const at = new Date(iso);
    const day = relativeDay(at, new Date(), zone);
    return day === "today" ? clockTime(at, lang, zone) : day === "yesterday" ? t("matches.yesterday") : shortDate(at, lang, zone);
  };

  const rows = (list: MatchListItem[]) => (
    <ul className="matches-list" data-testid="matches-list">
      {list.map((match, index) => (
        <Fragment key={match.id}>
          <li className="match-row card" data-testid="match-row" aria-current={match.id === openMatchId ? "page" : undefined}>
            {/* The whole row opens the chat: one link, no separate Chat button (docs/decisions/0137). */}
            <a className="match-row-link" href={`/chat/${encodeURIComponent(match.id)}`} data-testid="match-row-link">
              {match.user1.photo ? <img className="person-avatar" src={match.user1.photo} alt="" width={56} height={56} loading="lazy" /> : <span className="person-avatar person-avatar-empty" />}
              <span className="match-body">
                <span className="match-line">
                  <span className="match-name" data-testid="match-name">
                    <span className="match-name-text">{match.user1.firstName}</span>
                    {match.user1.verified ? <VerifiedBadge compact /> : null}
                  </span>
                  <time className={`match-time ${match.unreadCount > 0 ? "match-time-unread" : ""}`} dateTime={match.lastActivityAt} data-testid="match-time">
                    {time(match.lastActivityAt)}
                  </time>
                </span>
                <span className={`match-line match-preview ${match.unreadCount > 0 ? "match-preview-unread" : ""}`}>
                  <span className="match-preview-text" data-testid="match-preview">
                    {preview(match)}
                  </span>
                  {match.unreadCount > 0 ? (
                    <span className="badge badge-primary match-unread" data-testid="unread-badge" aria-label={t("matches.unread", { count: match.unreadCount })}>
                      {match.unreadCount}
                    </span>
                  ) : null}
                </span>
              </span>
            </a>
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
                  {/* "Matched 28 Nov" said in full, the face's narrow column shows the date. */}
                  <span className="new-match-date muted">
                    <span className="visually-hidden">{t("matches.matchedOn", { date: shortDate(new Date(match.createdAt), lang, zone) })}</span>
                    <span aria-hidden="true">{shortDate(new Date(match.createdAt), lang, zone)}</span>
                  </span>
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
