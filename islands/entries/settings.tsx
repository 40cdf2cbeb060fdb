import { hydrateIslands } from "../runtime/hydrate";
import { SettingsPanel } from "../settings-panel";
import { PhoneNumberSetting } from "../components/phone-number-setting";

hydrateIslands({ "settings-panel": SettingsPanel, "phone-number-setting": PhoneNumberSetting });
