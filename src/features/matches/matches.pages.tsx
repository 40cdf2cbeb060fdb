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
      <h1 className="page-title">{t(view === "chats" ? "matches.chatsTitle" : "matches.title")}</h1>
      <Island name="matches-list" component={MatchesList} props={{ initialMatches: matches, meId, view }} />
    </section>
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
