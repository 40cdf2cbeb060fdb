import { hydrateIslands } from "../runtime/hydrate";
import { ChatPanel } from "../chat-panel";
import { MatchesList } from "../matches-list";

hydrateIslands({ "chat-panel": ChatPanel, "matches-list": MatchesList });
