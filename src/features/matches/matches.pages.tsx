import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { MatchesList } from "../../../islands/matches-list";
import { requirePage } from "../../middleware/guards";
import { AppShell } from "../../views/components";
import { Island } from "../../views/island";
import type { RenderPage } from "../../views/render";
import { listMatches, type MatchListItem } from "./matches.service";

function MatchesPage({ matches, meId }: { matches: MatchListItem[]; meId: string }) {
  const t = useT();
  return (
    <section className="matches-page">
      <h1 className="page-title">{t("matches.title")}</h1>
      <Island name="matches-list" component={MatchesList} props={{ initialMatches: matches, meId }} />
    </section>
  );
}

/** /matches (signed in with a photo): the list is rendered on the server, then kept live. */
export function matchesPages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>().get("/matches", requirePage("withPhoto"), async (c) => {
    const user = c.get("user")!;
    const matches = await listMatches(deps.db, user.id);
    return render(
      c,
      { title: c.get("t")("matches.title"), entry: "matches", namespaces: ["matches", "options"] },
      <AppShell active="matches">
        <MatchesPage matches={matches} meId={user.id} />
      </AppShell>,
    );
  });
}
