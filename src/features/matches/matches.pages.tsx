import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { MatchesList, type MatchesView } from "../../../islands/matches-list";
import { requirePage } from "../../middleware/guards";
import { AppShell } from "../../views/components";
import { Island } from "../../views/island";
import type { RenderPage } from "../../views/render";
import { listMatches, markMatchesSeen, type MatchListItem } from "./matches.service";

function MatchesPage({ matches, meId, view }: { matches: MatchListItem[]; meId: string; view: MatchesView }) {
  const t = useT();
  return (
    <section className="matches-page">
      <div className="matches-list-pane">
        <h1 className="page-title">{t(view === "chats" ? "matches.chatsTitle" : "matches.title")}</h1>
        <Island name="matches-list" component={MatchesList} props={{ initialMatches: matches, meId, view }} />
      </div>
      {/* A desktop shows the list and a chat side by side; until one is chosen, this (docs/decisions/0137). */}
      <div className="matches-chat-pane" data-testid="matches-chat-pane" aria-hidden="true">
        <ChatBubblesIcon />
        <p className="matches-chat-pane-title">{t("matches.pickTitle")}</p>
        <p className="muted">{t("matches.pickBody")}</p>
      </div>
    </section>
  );
}

function ChatBubblesIcon() {
  return (
    <svg width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 8.9 8.9 0 0 1-3.9-.9L3 20.5l1.5-4.6A8 8 0 0 1 3 11.5 8.4 8.4 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z" />
    </svg>
  );
}

/**
 * /matches (signed in with a photo): the list is rendered on the server, then kept live.
 * ?view=chats is the Chats tab: the same list, only the matches with a conversation.
 */
export function matchesPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>().get("/matches", requirePage("withPhoto"), async (c) => {
    const user = c.get("user")!;
    const view: MatchesView = c.req.query("view") === "chats" ? "chats" : "matches";
    const matches = await listMatches(deps.db, user.id, c.get("lang"), deps.clock.now());
    // Opening Matches is seeing its new matches: the tab's dot goes.
    if (view === "matches") await markMatchesSeen(deps.db, user.id, deps.clock.now());
    return render(
      c,
      { title: c.get("t")(view === "chats" ? "matches.chatsTitle" : "matches.title"), entry: "matches", namespaces: ["matches", "options"] },
      <AppShell active={view}>
        <MatchesPage matches={matches} meId={user.id} view={view} />
      </AppShell>,
    );
  });
}
