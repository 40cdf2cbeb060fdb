import { hydrateIslands } from "../runtime/hydrate";
import { MatchesList } from "../matches-list";

hydrateIslands({ "matches-list": MatchesList });
