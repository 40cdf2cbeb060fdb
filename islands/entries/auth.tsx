import { hydrateIslands } from "../runtime/hydrate";
import { bindLanguageSwitchers } from "../runtime/language-switch";
import { AuthPanel } from "../auth-panel";

bindLanguageSwitchers();
hydrateIslands({ "auth-panel": AuthPanel });
