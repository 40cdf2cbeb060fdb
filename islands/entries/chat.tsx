import { createRoot } from "react-dom/client";
import { hydrateIslands, readI18n } from "../runtime/hydrate";
import { api } from "../runtime/api";
import { I18nProvider } from "../runtime/i18n-context";
import { ChatPanel } from "../chat-panel";
import type { MatchListItem } from "../../src/features/matches/matches.service";

hydrateIslands({ "chat-panel": ChatPanel });

/**
 * The conversations beside the open chat, on a desktop only (src/features/chat/chat.pages.tsx):
 * fetched and drawn once the screen is wide, so a phone spends nothing on them.
 */
const sidebar = document.querySelector<HTMLElement>("[data-chat-sidebar]");
if (sidebar !== null) {
  const wide = window.matchMedia("(min-width: 64rem)");
  let mounted = false;
  const mount = async () => {
    if (mounted || !wide.matches) return;
    mounted = true;
    const [{ MatchesList }, matches] = await Promise.all([import("../matches-list"), api<MatchListItem[]>("GET", "/api/matches")]);
    createRoot(sidebar).render(
      <I18nProvider value={readI18n()}>
        <MatchesList initialMatches={matches} meId={sidebar.dataset.me ?? ""} view="chats" openMatchId={sidebar.dataset.openMatch} />
      </I18nProvider>,
    );
    sidebar.dataset.hydrated = "true";
  };
  void mount().catch(() => (mounted = false));
  wide.addEventListener("change", () => void mount().catch(() => (mounted = false)));
}
