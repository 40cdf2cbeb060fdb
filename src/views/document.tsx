import type { ReactNode } from "react";
import type { ClientManifest } from "./assets";
import { Island } from "./island";
import { Toaster } from "../../islands/toaster";

/**
 * Runs before first paint: if localStorage holds a language the cookie does not, the cookie is
 * set and the page reloads once, so the server renders that language (no flash of the other).
 */
export const languageSyncScript = `(function(){try{var k="app-language",s=localStorage.getItem(k),m=document.cookie.match(/(?:^|; )app-language=(en|id)(?:;|$)/),c=m?m[1]:null;if((s==="en"||s==="id")&&s!==c){document.cookie=k+"="+s+"; path=/; max-age=31536000; samesite=lax";if(document.cookie.indexOf(k+"="+s)!==-1)location.reload()}else if(!s&&c){localStorage.setItem(k,c)}}catch(e){}})();`;

export interface DocumentProps {
  title: string;
  lang: string;
  nonce: string;
  manifest: ClientManifest;
  apiBaseUrl: string;
  tokenSyncUrl?: string;
  hostedSignIn?: boolean;
  /** The page's client entry (islands/entries/<entry>), if it has one. */
  entry?: string;
  /** The address of the copy script for the page's islands (src/i18n/copy-script.ts), when they hydrate. */
  copyScript?: string;
  description?: string;
  bodyClassName?: string;
  children: ReactNode;
}

/**
 * The pages of the member app get the member stylesheet, without the admin panel's and the
 * operator pages' rules: less CSS to fetch and match before the first paint (docs/decisions/0099).
 */
const MEMBER_APP_ENTRIES = new Set(["auth", "chat", "discover", "likes", "matches", "onboarding", "profile", "profile-editor", "reset-password", "settings", "verify", "shell"]);

export function stylesheetsFor(manifest: ClientManifest, entry: string | undefined): string[] {
  return entry !== undefined && MEMBER_APP_ENTRIES.has(entry) && manifest.memberCss !== undefined && manifest.memberCss.length > 0 ? manifest.memberCss : manifest.css;
}

export function Document({ title, lang, nonce, manifest, apiBaseUrl, tokenSyncUrl, hostedSignIn, entry, copyScript, description, bodyClassName, children }: DocumentProps) {
  const entryFiles = entry === undefined ? undefined : manifest.entries[entry];
  if (entry !== undefined && entryFiles === undefined) throw new Error(`No client entry "${entry}" in the build manifest`);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        <meta name="theme-color" content="#c92a64" />
        <meta name="api-base-url" content={apiBaseUrl} />
        {tokenSyncUrl ? <meta name="token-sync-url" content={tokenSyncUrl} /> : null}
        {hostedSignIn ? <meta name="hosted-sign-in" content="firebase" /> : null}
        {/*
          The language script before the stylesheet: a script after a stylesheet waits for it, and
          the parser with it. The stylesheet is what the first paint waits for; not hoisted by
          React (no `precedence`), so it stays ahead of the script preloads.
        */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: languageSyncScript }} />
        {stylesheetsFor(manifest, entry).map((href) => (
          <link key={href} rel="stylesheet" href={`/${href}`} />
        ))}
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {entryFiles ? [entryFiles.file, ...entryFiles.imports].map((href) => <link key={href} rel="modulepreload" href={`/${href}`} nonce={nonce} />) : null}
      </head>
      <body className={bodyClassName}>
        {children}
        {/* Every page whose islands hydrate gets the toaster (spec point 9); hydrate.tsx mounts it. */}
        {copyScript ? <Island name="toaster" component={Toaster} props={{}} /> : null}
        {/* Deferred like the entry module and before it: it has run when the islands hydrate. */}
        {copyScript ? <script defer src={copyScript} nonce={nonce} /> : null}
        {entryFiles ? <script type="module" src={`/${entryFiles.file}`} nonce={nonce} /> : null}
      </body>
    </html>
  );
}
