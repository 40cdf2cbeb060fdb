import type { Context } from "hono";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { AppEnv } from "../app-env";
import { copyScriptPath } from "../i18n/copy-script";
import { I18nProvider } from "../../islands/runtime/i18n-context";
import { Document, stylesheetsFor } from "./document";
import { cspNonce } from "../middleware/security-headers";
import type { AssetStore } from "./assets";
import { OriginBanner, originBannerFor } from "./origin-banner";

/** Groups of copy every page with islands needs (toasts, shared buttons, server messages). */
const baseNamespaces = ["common", "toast", "messages"] as const;

export interface PageOptions {
  title: string;
  /** The client entry that hydrates this page's islands, or none for a page without JavaScript. */
  entry?: string;
  /** False for a page whose entry is plain DOM code (the landing page): it links no copy script. */
  hydrates?: boolean;
  /** Further groups of copy the page's islands use. */
  namespaces?: string[];
  status?: 200 | 404 | 400 | 403;
  description?: string;
  bodyClassName?: string;
}

/** Renders a whole page to HTML in the request's language. */
/** What every page tells its scripts about this server. */
export interface SiteFacts {
  apiBaseUrl: string;
  /** Same-origin token-sync URL of spec point 7; signed-in pages name it so sign-out links DELETE there. */
  tokenSyncUrl?: string;
  /** Firebase sign-in is configured: signing out also clears what its SDK stored in the browser. */
  hostedSignIn?: boolean;
  /** APP_ORIGIN: a page asked for at another host explains where to open it (origin-banner.tsx). */
  appOrigin?: string;
  /** TRUST_PROXY: the forwarded host and scheme are the ones the member opened. */
  trustProxy?: boolean;
}

export function renderPage(c: Context<AppEnv>, assets: AssetStore, site: SiteFacts, options: PageOptions, body: ReactNode) {
  const lang = c.get("lang");
  const t = c.get("t");
  const hydrates = options.entry !== undefined && options.hydrates !== false;
  // Signed-in members' pages keep the live connection (/ws): new-message and call toasts anywhere.
  const user = c.get("user");
  const realtime = hydrates && user !== null && user.hasPhoto;
  const banner = site.appOrigin === undefined ? null : originBannerFor(c, site.appOrigin, site.trustProxy === true);
  const nonce = cspNonce(c);
  const copyScript = hydrates ? copyScriptPath(lang, [...baseNamespaces, ...(realtime ? ["realtime", "match"] : []), ...(options.namespaces ?? [])]) : undefined;
  const html = renderToString(
    <I18nProvider value={{ t, lang }}>
      <Document
        title={options.title}
        lang={lang}
        nonce={nonce}
        manifest={assets.manifest}
        apiBaseUrl={site.apiBaseUrl}
        tokenSyncUrl={user !== null && hydrates ? site.tokenSyncUrl : undefined}
        hostedSignIn={user !== null && hydrates && site.hostedSignIn === true}
        entry={options.entry}
        copyScript={copyScript}
        description={options.description}
        bodyClassName={options.bodyClassName}
      >
        {banner === null ? null : <OriginBanner {...banner} nonce={nonce} t={t} />}
        {body}
        {realtime ? <div id="realtime-root" data-notify-messages={String(user.notifications.messages)} data-notify-matches={String(user.notifications.newMatches)} /> : null}
      </Document>
    </I18nProvider>,
  );
  c.header("Cache-Control", "no-store");
  // The stylesheet is fetched as soon as the headers arrive, before the browser has parsed the
  // page (scripts cannot be: a preload from a header carries no CSP nonce). bench/page measures it.
  c.header("Link", stylesheetsFor(assets.manifest, options.entry).map((href) => `</${href}>; rel=preload; as=style`).join(", "));
  return c.html(`<!doctype html>${html}`, options.status ?? 200);
}

export type RenderPage = (c: Context<AppEnv>, options: PageOptions, body: ReactNode) => Response | Promise<Response>;

export function pageRenderer(assets: AssetStore, site: SiteFacts): RenderPage {
  return (c, options, body) => renderPage(c, assets, site, options, body);
}

/**
 * A piece of a page (an htmx swap of the admin panel): the same components in the request's
 * language, without the document around them.
 */
export function renderFragment(c: Context<AppEnv>, body: ReactNode, status: 200 | 400 | 404 = 200) {
  const html = renderToString(<I18nProvider value={{ t: c.get("t"), lang: c.get("lang") }}>{body}</I18nProvider>);
  c.header("Cache-Control", "no-store");
  // Vary: the same URL answers the whole page without HX-Request (so caches keep them apart).
  c.header("Vary", "HX-Request");
  return c.html(html, status);
}
