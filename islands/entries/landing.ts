import { bindLanguageSwitchers } from "../runtime/language-switch";
import { discardNextPageToast } from "../runtime/toast";

// The landing page ships no React: only the language switcher runs here. It has no toaster, so a
// toast left for "the next page" (e.g. after signing out) is dropped rather than shown later.
bindLanguageSwitchers();
discardNextPageToast();
