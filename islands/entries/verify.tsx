import { hydrateIslands } from "../runtime/hydrate";
import { VerifyPanel } from "../verify-panel";

hydrateIslands({ "verify-panel": VerifyPanel });
