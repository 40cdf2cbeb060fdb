import { hydrateIslands } from "../runtime/hydrate";
import { ChatPanel } from "../chat-panel";

hydrateIslands({ "chat-panel": ChatPanel });
