import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { acceptedEncodings } from "./static-files";

/** Below this, compressing costs more than the bytes it saves. */
const COMPRESS_FROM_BYTES = 1024;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * HTML pages and JSON answers leave gzipped from 1 KB, with a Content-Length. The app renders
 * them whole, so they are compressed in one native call (`Bun.gzipSync`, level 6, the bytes
 * hono/compress sent) instead of through a CompressionStream: under bench:load the streams'
 * plumbing for every answer, a swipe's 30-byte `{ ok }` included, cost about a tenth of the
 * server's CPU (docs/decisions/0102). Built scripts and styles arrive precompressed (brotli or
 * gzip, static-files.ts) and are left alone, as are images and answers to HEAD.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (c.req.method === "HEAD" || response.body === null || response.status === 204 || response.status === 206 || response.status === 304) return;
    const headers = response.headers;
    const type = headers.get("Content-Type");
    if (type === null || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || headers.has("Content-Encoding") || NO_TRANSFORM.test(headers.get("Cache-Control") ?? "")) return;
    const vary = headers.get("Vary");
    if (vary !== "*" && !VARIES_BY_ENCODING.test(vary ?? "")) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!acceptedEncodings(c.req.header("Accept-Encoding")).includes("gzip")) return;
    const body = new Uint8Array(await response.arrayBuffer());
    const compress = body.byteLength >= COMPRESS_FROM_BYTES;
    const sent = compress ? Bun.gzipSync(body, { level: 6 }) : body;
    const out = new Response(sent, { status: response.status, statusText: response.statusText, headers });
    out.headers.set("Content-Length", String(sent.byteLength));
    if (compress) {
      out.headers.set("Content-Encoding", "gzip");
      const etag = out.headers.get("ETag");
      if (etag !== null && !etag.startsWith("W/")) out.headers.set("ETag", `W/${etag}`);
    }
    c.res = undefined;
    c.res = out;
  };
}
