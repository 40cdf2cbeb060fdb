import { bindLanguageSwitchers } from "../runtime/language-switch";

// The landing page ships no React: only the language switcher runs here.
bindLanguageSwitchers();
