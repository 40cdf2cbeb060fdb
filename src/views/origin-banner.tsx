import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { warnOpenedElsewhere } from "../middleware/csrf";
import { BoundedMemo } from "../platform/bounded-memo";

/** APP_ORIGIN's host (one per app; tests build a few). */
const appHosts = new BoundedMemo<string>(16);

/** A Host header as a browser sends it: a name or address and an optional port, nothing else. */
const HOST_PATTERN = /^[A-Za-z0-9.\-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$/;

/**
 * The origin a page was asked for, when its host is not APP_ORIGIN's (a page opened at 127.0.0.1
 * or a LAN address, where the Origin check refuses sign-in and every change); else null. Behind a
 * trusted proxy the forwarded host and scheme count. A request without a Host header (tests'
 * app.request, HTTP/1.0 probes) is taken as addressed to APP_ORIGIN.
 */
export function foreignOpenedOrigin(c: Context<AppEnv>, appOrigin: string, trustProxy: boolean): string | null {
  const forwardedHost = trustProxy ? c.req.header("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost || c.req.header("Host");
  // Every page asks: the usual answer (APP_ORIGIN's own host) costs one comparison.
  const expected = appHosts.get(appOrigin, () => new URL(appOrigin).host);
  if (!host || host === expected || host.toLowerCase() === expected || !HOST_PATTERN.test(host)) return null;
  const forwardedProto = trustProxy ? c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim() : undefined;
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : new URL(c.req.url).protocol;
  return `${scheme}//${host.toLowerCase()}`;
}

/**
 * Removes the banner before the first paint when the browser is in fact at APP_ORIGIN: a reverse
 * proxy that rewrites Host (nginx's default `proxy_set_header Host $proxy_host`) makes the server
 * see another host than the one the member opened.
 */
const hideWhenAtAppOrigin = `(function(){var b=document.getElementById("origin-warning");if(b&&location.origin===b.getAttribute("data-app-origin"))b.remove()})();`;

/**
 * The explanation on every server-rendered page opened at an address other than APP_ORIGIN, with
 * a link to the same page there; the log says it once per address (src/middleware/csrf.ts).
 */
export function OriginBanner({ opened, appOrigin, path, nonce, t }: { opened: string; appOrigin: string; path: string; nonce: string; t: AppEnv["Variables"]["t"] }) {
  return (
    <>
      <div id="origin-warning" className="origin-warning" role="alert" data-app-origin={appOrigin}>
        <p>{t("wrongOrigin.banner", { opened, appOrigin })}</p>
        <a href={`${appOrigin}${path}`}>{t("wrongOrigin.open", { appOrigin })}</a>
      </div>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hideWhenAtAppOrigin }} />
    </>
  );
}

/** The banner's facts for this request, and the log's once-per-address warning; null at APP_ORIGIN. */
export function originBannerFor(c: Context<AppEnv>, appOrigin: string, trustProxy: boolean): { opened: string; appOrigin: string; path: string } | null {
  const opened = foreignOpenedOrigin(c, appOrigin, trustProxy);
  if (opened === null) return null;
  warnOpenedElsewhere(opened, appOrigin);
  const url = new URL(c.req.url);
  return { opened, appOrigin, path: `${url.pathname}${url.search}` };
}
