import { hydrateIslands } from "../runtime/hydrate";
import { bindLanguageSwitchers } from "../runtime/language-switch";
import { ResetPassword } from "../reset-password";

bindLanguageSwitchers();
hydrateIslands({ "reset-password": ResetPassword });
