import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createTestApp, type TestApp } from "../testing/test-app";
import { COPY_GLOBAL } from "../../islands/runtime/copy-global";
import { copyScriptAt, copyScriptPath } from "./copy-script";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME = "gzip, deflate, br, zstd";

/** What the script leaves for the islands, read the way a browser would run it. */
function runCopyScript(body: string): { lang: string; resources: Record<string, Record<string, unknown>> } {
  const window: Record<string, unknown> = {};
  new Function("window", body)(window);
  return window[COPY_GLOBAL] as { lang: string; resources: Record<string, Record<string, unknown>> };
}

const copyScriptOf = (html: string) => /<script defer="" src="(\/assets\/copy\/[^"]+)" nonce="[^"]+"><\/script><script type="module"/.exec(html)?.[1];

describe("a page's copy script", () => {
  it("is linked by the page, deferred before its entry module, instead of the copy being embedded", async () => {
    const html = await (await t.request("GET", "/auth", { cookie: "app-language=id" })).text();
    const path = copyScriptOf(html);
    expect(path).toMatch(/^\/assets\/copy\/id\/auth\+captcha\+common\+messages\+phoneSignIn\+social\+toast\.[0-9a-f]{12}\.js$/);
    expect(html).not.toContain("i18n-resources");
    // A message only the server's answers carry is not in the page any more.
    expect(html).not.toContain("Terlalu banyak");
  });

  it("serves brotli, gzip or plain, a year immutable, with exactly the page's groups in the page's language", async () => {
    const path = copyScriptPath("id", ["common", "toast", "messages", "auth", "captcha", "social"]);
    const plain = await t.request("GET", path);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = await plain.text();
    const copy = runCopyScript(body);
    expect(copy.lang).toBe("id");
    expect(Object.keys(copy.resources).sort()).toEqual(["auth", "captcha", "common", "messages", "social", "toast"]);
    expect(copy.resources.auth!.signIn).toBe("Masuk");

    // Brotli is made off the main thread: gzip until it is ready.
    let br = await t.request("GET", path, { headers: { "Accept-Encoding": CHROME } });
    for (let tries = 0; br.headers.get("Content-Encoding") !== "br" && tries < 100; tries++) {
      expect(br.headers.get("Content-Encoding")).toBe("gzip");
      await Bun.sleep(20);
      br = await t.request("GET", path, { headers: { "Accept-Encoding": CHROME } });
    }
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toBe("Accept-Encoding");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString("utf8")).toBe(body);
    expect(brBytes.length).toBeLessThan(body.length / 3);
    const gzip = await t.request("GET", path, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString("utf8")).toBe(body);
  });

  it("is one address for one set of groups, whatever their order; another language or set is another address", () => {
    const path = copyScriptPath("en", ["messages", "common", "toast", "common"]);
    expect(path).toBe(copyScriptPath("en", ["common", "messages", "toast"]));
    expect(path).not.toBe(copyScriptPath("id", ["common", "messages", "toast"]));
    expect(path).not.toBe(copyScriptPath("en", ["common", "messages", "toast", "chat"]));
    // A group the language file does not have is left out, not an error of the page.
    expect(copyScriptPath("en", ["common", "nothing"])).toBe(copyScriptPath("en", ["common"]));
  });

  it("answers another release's address with this release's copy, not to be kept, a set no page here links without keeping it, and a made-up address with 404", async () => {
    const current = copyScriptPath("en", ["common", "toast"]);
    const older = current.replace(/\.[0-9a-f]{12}\.js$/, ".000000000000.js");
    const answer = await t.request("GET", older);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-cache");
    expect(runCopyScript(await answer.text()).resources.common).toBeDefined();
    expect(copyScriptAt(older)?.current).toBe(false);

    // A set no page here links (a page of another instance, or a guess): answered, gzipped, not kept.
    const unlinked = "/assets/copy/en/chat+common+legal+nav.0123456789ab.js";
    const first = copyScriptAt(unlinked)!;
    expect(first.script.br).toBeNull();
    expect(copyScriptAt(unlinked)!.script).not.toBe(first.script);
    const gzipped = await t.request("GET", unlinked, { headers: { "Accept-Encoding": CHROME } });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(Object.keys(runCopyScript(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8")).resources)).toEqual(["chat", "common", "legal", "nav"]);

    const seventeen = ["admin", "auth", "calls", "captcha", "chat", "common", "devtools", "discover", "landing", "legal", "likes", "limits", "mail", "match", "matches", "messages", "nav"];
    for (const address of [
      `/assets/copy/en/${seventeen.join("+")}.0123456789ab.js`, // more groups than any page uses
      "/assets/copy/fr/common.0123456789ab.js", // no such language
      "/assets/copy/en/common+nothing.0123456789ab.js", // no such group
      "/assets/copy/en/toast+common.0123456789ab.js", // not the one order a page links
      "/assets/copy/en/common+common.0123456789ab.js",
      "/assets/copy/en/../common.0123456789ab.js",
      "/assets/copy/en/common.js",
    ]) {
      expect((await t.request("GET", address)).status).toBe(404);
    }
  });

  it("leaves out the characters that end a line in older WebViews' JavaScript", () => {
    const { script } = copyScriptAt(copyScriptPath("en", ["common"]))!;
    expect(script.body).not.toMatch(/[\u2028\u2029]/);
    expect(script.body.startsWith(`window.${COPY_GLOBAL}={`)).toBe(true);
  });
});
