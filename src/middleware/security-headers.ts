import { createMiddleware } from "hono/factory";
import { encodeBase64 } from "@oslojs/encoding";
import type { AppEnv } from "../app-env";

export interface CspSources {
  /** Extra origins for script-src / connect-src / frame-src (e.g. the hosted identity service when configured). */
  script?: string[];
  connect?: string[];
  frame?: string[];
  img?: string[];
}

/**
 * Every response: nosniff and a referrer policy. HTML responses: a CSP with a fresh nonce.
 * 'strict-dynamic' lets the nonced entry script load its own chunks.
 */
export function securityHeaders(options: { isHttps: boolean; extra?: CspSources }) {
  const extra = options.extra ?? {};
  return createMiddleware<AppEnv>(async (c, next) => {
    const nonce = encodeBase64(crypto.getRandomValues(new Uint8Array(16)));
    c.set("nonce", nonce);
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    if (!c.res.headers.has("Referrer-Policy")) c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (options.isHttps) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    const type = c.res.headers.get("Content-Type") ?? "";
    // A static page of public/ cannot carry a nonce; it arrives with its own stricter policy.
    if (type.startsWith("text/html") && !c.res.headers.has("Content-Security-Policy")) {
      c.header(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'nonce-${nonce}' 'strict-dynamic' 'self' ${(extra.script ?? []).join(" ")}`.trim(),
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
        ].join("; "),
      );
    }
    if (type.startsWith("text/html")) c.header("X-Frame-Options", "DENY");
  });
}
