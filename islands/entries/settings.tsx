import { hydrateIslands } from "../runtime/hydrate";
import { SettingsPanel } from "../settings-panel";

hydrateIslands({ "settings-panel": SettingsPanel });
