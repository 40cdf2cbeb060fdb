import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createTestApp, type TestApp } from "../testing/test-app";
import { languageSyncScript } from "../views/document";
import { preferredLanguage } from "./language";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the page language", () => {
  it("is English without a cookie or with an unknown value", async () => {
    for (const cookie of [undefined, "app-language=fr"]) {
      const html = await (await t.request("GET", "/", { cookie })).text();
      expect(html).toContain('<html lang="en"');
      expect(html).toContain("Find your God-given partner");
    }
  });

  it("follows Accept-Language on a first visit: an id-ID Android WebView gets Indonesian", async () => {
    const webView = "id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7";
    const html = await (await t.app.request("/", { headers: { "Accept-Language": webView } })).text();
    expect(html).toContain('<html lang="id"');
    expect(html).toContain("Temukan pasangan pilihan Tuhan untukmu");
    // An explicit choice is kept over the browser's.
    const chosen = await (await t.app.request("/", { headers: { "Accept-Language": webView, Cookie: "app-language=en" } })).text();
    expect(chosen).toContain('<html lang="en"');
  });

  it("reads Accept-Language by its q values, old Android's 'in', and falls back to English", () => {
    expect(preferredLanguage("in-ID")).toBe("id");
    expect(preferredLanguage("en-US,en;q=0.9,id;q=0.8")).toBe("en");
    expect(preferredLanguage("fr-FR,id;q=0.5,en;q=0.4")).toBe("id");
    expect(preferredLanguage("en;q=0.2, id;q=0.7")).toBe("id");
    expect(preferredLanguage("de-DE,fr;q=0.9")).toBeNull();
    expect(preferredLanguage("id;q=0")).toBeNull();
    expect(preferredLanguage("")).toBeNull();
  });

  it("follows the app-language cookie on the landing page", async () => {
    const html = await (await t.request("GET", "/", { cookie: "app-language=id" })).text();
    expect(html).toContain('<html lang="id"');
    expect(html).toContain("Temukan pasangan pilihan Tuhan untukmu");
    expect(html).not.toContain("Find your God-given partner");
  });

  it("renders /auth and ships its islands' copy in Indonesian", async () => {
    const html = await (await t.request("GET", "/auth", { cookie: "app-language=id" })).text();
    expect(html).toContain('<html lang="id"');
    const copyScript = /<script defer="" src="(\/assets\/copy\/[^"]+)"/.exec(html)![1]!;
    expect(copyScript).toStartWith("/assets/copy/id/");
    const body = await (await t.request("GET", copyScript)).text();
    const resources = JSON.parse(body.slice(body.indexOf("=") + 1, -1));
    expect(resources.lang).toBe("id");
    expect(resources.resources.auth.signIn).toBe("Masuk");
    expect(resources.resources.captcha.title).toBe("Verifikasi Keamanan");
    expect(Object.keys(resources.resources)).not.toContain("landing"); // only the groups the page uses
    expect(html).toContain(">Masuk</button>");
  });
});

/** Runs the inline script of every page against a stand-in browser. */
function runSyncScript(stored: string | null, cookie: string) {
  const storage = new Map<string, string>(stored === null ? [] : [["app-language", stored]]);
  const written: string[] = [];
  let jar = cookie;
  let reloads = 0;
  const document = {
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      written.push(value);
      const [pair] = value.split(";");
      const [name] = pair!.split("=");
      jar = [...jar.split("; ").filter((entry) => entry !== "" && !entry.startsWith(`${name}=`)), pair].join("; ");
    },
  };
  const localStorage = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value) };
  const location = { reload: () => void reloads++ };
  new Function("localStorage", "document", "location", languageSyncScript)(localStorage, document, location);
  return { stored: storage.get("app-language") ?? null, written, reloads };
}

describe("the language cookie mirrors localStorage (inline script)", () => {
  it("writes the cookie from localStorage and reloads once so the server renders that language", () => {
    const result = runSyncScript("id", "");
    expect(result.written).toEqual(["app-language=id; path=/; max-age=31536000; samesite=lax"]);
    expect(result.reloads).toBe(1);
  });

  it("corrects a cookie that disagrees with localStorage", () => {
    const result = runSyncScript("en", "other=1; app-language=id");
    expect(result.written[0]).toStartWith("app-language=en;");
    expect(result.reloads).toBe(1);
  });

  it("does nothing when both agree", () => {
    expect(runSyncScript("id", "app-language=id")).toEqual({ stored: "id", written: [], reloads: 0 });
  });

  it("fills localStorage from the cookie when storage is empty, without a reload", () => {
    expect(runSyncScript(null, "app-language=id")).toEqual({ stored: "id", written: [], reloads: 0 });
  });

  it("does not reload in a loop when cookies cannot be written", () => {
    const storage = { getItem: () => "id", setItem: () => {} };
    let reloads = 0;
    const document = { cookie: "" };
    Object.defineProperty(document, "cookie", { get: () => "", set: () => {} });
    new Function("localStorage", "document", "location", languageSyncScript)(storage, document, { reload: () => reloads++ });
    expect(reloads).toBe(0);
  });
});
