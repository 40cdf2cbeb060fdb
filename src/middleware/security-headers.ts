import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";

export interface CspSources {
  /** Extra origins for script-src / connect-src / frame-src (e.g. the hosted identity service when configured). */
  script?: string[];
  connect?: string[];
  frame?: string[];
  img?: string[];
}

/** The CSP of our HTML pages, built once; only the nonce changes per response. */
function cspTemplate(extra: CspSources): (nonce: string) => string {
  const after = [
    // Inline style attributes come from server-rendered React; scripts stay nonce-only.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${(extra.img ?? []).join(" ")}`.trim(),
    "media-src 'self' blob:",
    `connect-src 'self' ${(extra.connect ?? []).join(" ")}`.trim(),
    `frame-src 'self' ${(extra.frame ?? []).join(" ")}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
  const scriptExtra = (extra.script ?? []).join(" ");
  return (nonce) => `default-src 'self'; script-src 'nonce-${nonce}' 'strict-dynamic' 'self'${scriptExtra ? ` ${scriptExtra}` : ""}; ${after}`;
}

const referrerPolicy = "strict-origin-when-cross-origin";
const hsts = "max-age=31536000; includeSubDomains";

/**
 * Sets headers on the finished response. Hono's c.header() copies a finished Response for every
 * call, which cost more than the rest of a small API request; a Response we built has mutable
 * headers, so they are set in place (a copy is made only for an immutable one).
 */
function responseHeaders(c: Context): Headers {
  try {
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  }
  return c.res.headers;
}

/**
 * The CSP nonce of this response, made on first use: only HTML pages need one, so JSON API
 * requests (most of the traffic) skip the random bytes and the encoding.
 */
export function cspNonce(c: Context<AppEnv>): string {
  let nonce = c.get("nonce");
  if (nonce === undefined) {
    nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
    c.set("nonce", nonce);
  }
  return nonce;
}

/**
 * Every response: nosniff and a referrer policy. HTML responses: a CSP with a fresh nonce.
 * 'strict-dynamic' lets the nonced entry script load its own chunks.
 */
export function securityHeaders(options: { isHttps: boolean; extra?: CspSources }) {
  const csp = cspTemplate(options.extra ?? {});
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const headers = responseHeaders(c);
    if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", referrerPolicy);
    if (options.isHttps) headers.set("Strict-Transport-Security", hsts);
    const type = headers.get("Content-Type") ?? "";
    if (type.startsWith("text/html")) {
      // A static page of public/ cannot carry a nonce; it arrives with its own stricter policy.
      if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", csp(cspNonce(c)));
      headers.set("X-Frame-Options", "DENY");
    }
  });
}
