import htmx from "htmx.org";
import { hydrateIslands, readI18n } from "../runtime/hydrate";
import { installAdminBehaviour } from "../admin/admin-behaviour";

// The admin panel is server HTML; htmx swaps its lists and posts its changes (decision 0082).
// A failed call never replaces content: it toasts instead (admin-behaviour.ts).
htmx.config.noSwap = [204, 304, "4xx", "5xx"] as unknown as number[];
// Back and forward after a search or a page link reload that URL: the server renders it whole.
htmx.config.history = "reload" as unknown as boolean;

// The toaster island is the app's one toast (spec point 9: one at a time, 5 s, F8).
hydrateIslands({});
installAdminBehaviour(readI18n().t);
