import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createTestApp, type TestApp } from "../testing/test-app";
import { createMember } from "../features/discovery/discovery.test-support";
import { join } from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createFolderAssetStore } from "../views/assets";
import { acceptedEncodings, staticFileRoutes } from "./static-files";

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
    app.use(compress());
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

  it("reads Accept-Encoding's q values", () => {
    expect(acceptedEncodings(CHROME)).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip;q=1, br;q=0")).toEqual(["gzip"]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});
