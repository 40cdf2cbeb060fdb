import { hydrateRoot } from "react-dom/client";
import type { ComponentType } from "react";
import { COPY_GLOBAL } from "./copy-global";
import { createTranslator } from "./translate";
import { I18nProvider, type Lang } from "./i18n-context";
import { Toaster } from "../toaster";
import { onSessionEnded } from "./api";
import { sessionEndedHandler } from "./session-ended";

/** The language and copy of this page's islands, left by the page's copy script (src/i18n/copy-script.ts). */
export function readI18n() {
  const copy = (window as unknown as Record<string, { lang: Lang; resources: Record<string, unknown> } | undefined>)[COPY_GLOBAL];
  const data = copy ?? { lang: (document.documentElement.lang === "id" ? "id" : "en") as Lang, resources: {} };
  return { t: createTranslator(data.lang, data.resources), lang: data.lang };
}

/** Hydrates the islands of this page that the entry registered; nothing else on the page runs React. */
export function hydrateIslands(registry: Record<string, ComponentType<any>>) {
  const i18n = readI18n();
  onSessionEnded(sessionEndedHandler(i18n.t));
  // Sign-out links tell the token-sync URL and clear the hosted sign-in (decision 0077); loaded
  // only on pages that name one, so the sign-in screen does not carry it.
  if (document.querySelector('meta[name="token-sync-url"], meta[name="hosted-sign-in"]') !== null) void import("./token-sync").then(({ installSignOutSync }) => installSignOutSync());
  const all: Record<string, ComponentType<any>> = { toaster: Toaster, ...registry };
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = element.dataset.island ?? "";
    const Component = all[name];
    if (Component === undefined) continue;
    const propsElement = element.nextElementSibling;
    const props = propsElement?.matches("script[data-island-props]") ? JSON.parse(propsElement.textContent ?? "{}") : {};
    hydrateRoot(
      element,
      <I18nProvider value={i18n}>
        <Component {...props} />
      </I18nProvider>,
    );
    // Lets end-to-end tests (and styles) tell a live island from its server HTML.
    element.dataset.hydrated = "true";
  }
  // When the page answers taps: bench/page reads this mark.
  performance.mark("islands-hydrated");
  // Signed-in pages carry #realtime-root (src/views/render.tsx): open the live connection there.
  // Loaded on demand so pages without it (sign-in) do not ship the code.
  const realtimeRoot = document.getElementById("realtime-root");
  if (realtimeRoot !== null) void import("../components/incoming-call").then(({ mountRealtime }) => mountRealtime(realtimeRoot, i18n));
  // The worker that makes the next visit instant (public/sw.js, docs/decisions/0140), registered
  // once the page has loaded so it never competes with this visit's own files and photos.
  if (realtimeRoot !== null && "serviceWorker" in navigator) {
    const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }
}
