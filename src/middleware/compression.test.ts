import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createMember } from "../features/discovery/discovery.test-support";
import { join } from "node:path";
import { Hono } from "hono";
import { createFolderAssetStore } from "../views/assets";
import { acceptedEncodings, staticFileRoutes } from "./static-files";
import { compressResponses } from "./compression";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME = "gzip, deflate, br, zstd";

describe("bytes on the wire", () => {
  it("serves a built script's brotli copy to a browser that takes it, gzip to one that takes only gzip, plain otherwise; a year immutable, varying by encoding", async () => {
    // The real client build (npm test builds it first) behind the real routes.
    const clientDir = join(import.meta.dir, "..", "..", "dist", "client");
    const assets = createFolderAssetStore(clientDir, join(import.meta.dir, "..", "..", "public"));
    const app = new Hono();
    app.use(compressResponses());
    app.route("/", staticFileRoutes(assets));
    const script = `/${assets.manifest.entries.auth!.file}`;
    const plain = await app.request(script);
    const original = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("Content-Encoding")).toBeNull();

    const br = await app.request(script, { headers: { "Accept-Encoding": CHROME } });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toBe("Accept-Encoding");
    expect(br.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).equals(original)).toBe(true);
    expect(brBytes.length).toBeLessThan(original.length / 3);

    const gz = await app.request(script, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(original)).toBe(true);
  });

  it("gzips HTML pages and JSON answers", async () => {
    const page = await t.app.request("/auth", { headers: { "Accept-Encoding": CHROME } });
    expect(page.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain("<!doctype html>");
    const member = await createMember(t, { gender: "male" });
    for (let i = 0; i < 5; i++) await createMember(t, { gender: "female" });
    const deck = await t.app.request("/api/discovery", { headers: { "Accept-Encoding": CHROME, Cookie: member.cookie } });
    expect(deck.headers.get("Content-Encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await deck.arrayBuffer())).toString())).toHaveLength(5);
  });

  it("answers under 1 KB plainly, with a Content-Length, and leaves HEAD, no-transform and images alone", async () => {
    const app = new Hono();
    app.use(compressResponses());
    app.get("/small", (c) => c.json({ ok: true }));
    app.get("/big", (c) => {
      c.header("Set-Cookie", "a=1; Path=/", { append: true });
      c.header("Set-Cookie", "b=2; Path=/", { append: true });
      c.header("ETag", '"v1"');
      return c.json({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `member ${i}` })) });
    });
    app.get("/raw", (c) => c.body("x".repeat(4000), 200, { "Content-Type": "text/plain", "Cache-Control": "no-transform" }));
    app.get("/image", (c) => c.body(new Uint8Array(4000), 200, { "Content-Type": "image/webp" }));
    const headers = { "Accept-Encoding": CHROME };

    const small = await app.request("/small", { headers });
    expect(small.headers.get("Content-Encoding")).toBeNull();
    expect(small.headers.get("Content-Length")).toBe(String('{"ok":true}'.length));
    expect(small.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await small.json()).toEqual({ ok: true });

    const big = await app.request("/big", { headers });
    const bytes = Buffer.from(await big.arrayBuffer());
    expect(big.headers.get("Content-Encoding")).toBe("gzip");
    expect(big.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(big.headers.get("ETag")).toBe('W/"v1"');
    expect(big.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect((JSON.parse(gunzipSync(bytes).toString()) as { items: unknown[] }).items).toHaveLength(200);

    const plainClient = await app.request("/big");
    expect(plainClient.headers.get("Content-Encoding")).toBeNull();
    expect(plainClient.headers.get("Vary")).toBe("Accept-Encoding");
    expect((await plainClient.json()).items).toHaveLength(200);

    expect((await app.request("/big", { method: "HEAD", headers })).headers.get("Content-Encoding")).toBeNull();
    expect((await app.request("/raw", { headers })).headers.get("Content-Encoding")).toBeNull();
    const image = await app.request("/image", { headers });
    expect(image.headers.get("Content-Encoding")).toBeNull();
    expect(image.headers.get("Vary")).toBeNull();
  });

  it("reads Accept-Encoding's q values", () => {
    expect(acceptedEncodings(CHROME)).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip;q=1, br;q=0")).toEqual(["gzip"]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });

  it("reads each Accept-Encoding value once, and stays right past its bound of kept values", () => {
    expect(acceptedEncodings(CHROME)).toBe(acceptedEncodings(CHROME));
    expect(Object.isFrozen(acceptedEncodings(CHROME))).toBe(true);
    // A caller choosing a new value per request only costs the parsing again.
    for (let i = 0; i < 200; i++) expect(acceptedEncodings(`gzip;q=0.${i % 9 + 1}, x-${i}`)).toEqual(["gzip"]);
    expect(acceptedEncodings("br, gzip;q=0")).toEqual(["br"]);
  });
});
