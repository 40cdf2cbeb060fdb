/**
 * The caching rules of public/sw.js (docs/decisions/0140-faster-on-a-cheap-phone.md), run in a
 * fake worker global: a Cache Storage in memory, a cookie store, and a fetch that records what
 * reached the network. (public/ is not a test root, so the test lives with the client runtime.)
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const SOURCE = readFileSync(join(import.meta.dir, "../../public/sw.js"), "utf8");
const ORIGIN = "https://kasih.test";
const KEY_A = "keyOfMemberA0000000000";
const KEY_B = "keyOfMemberB0000000000";
const HOURS_13 = 13 * 60 * 60 * 1000;

const href = (request: Request | string) => new URL(typeof request === "string" ? request : request.url, ORIGIN).href;

class FakeCache {
  entries = new Map<string, Response>();
  async match(request: Request | string) {
    return this.entries.get(href(request))?.clone();
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(href(request), response.clone());
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: Request) {
    return this.entries.delete(request.url);
  }
}

class FakeCaches {
  stores = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async match(request: Request | string, options: { cacheName?: string } = {}) {
    const stores = options.cacheName === undefined ? [...this.stores.values()] : [this.stores.get(options.cacheName)].filter((store) => store !== undefined);
    for (const store of stores) {
      const hit = await store.match(request);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}

type Answer = (request: Request) => Response | Promise<Response>;

function worker(answer: Answer) {
  const listeners = new Map<string, (event: any) => void>();
  const caches = new FakeCaches();
  const cookies = new Map<string, string>();
  const network: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: any) => void) => listeners.set(type, listener),
    skipWaiting: () => {},
    registration: { navigationPreload: { enable: async () => {} }, showNotification: async () => {} },
    clients: { claim: async () => {}, matchAll: async () => [] as { url: string }[], openWindow: async () => {} },
    cookieStore: { get: async (name: string) => (cookies.has(name) ? { name, value: cookies.get(name) } : null) },
  };
  const fetch = async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === "string" ? new Request(new URL(input, ORIGIN), init) : input;
    network.push(`${request.method} ${new URL(request.url).pathname}`);
    return answer(request);
  };
  new Function("self", "caches", "fetch", SOURCE)(self, caches, fetch);

  /** One fetch event; `answered` is what the worker responded with, or null when it let the browser go to the network. */
  async function dispatch(path: string, init: { method?: string; navigate?: boolean } = {}) {
    const request = new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET" });
    Object.defineProperty(request, "mode", { value: init.navigate ? "navigate" : "cors" });
    let responded: Promise<Response> | null = null;
    const waits: Promise<unknown>[] = [];
    listeners.get("fetch")!({
      request,
      preloadResponse: Promise.resolve(undefined),
      respondWith: (response: Promise<Response>) => (responded = response),
      waitUntil: (promise: Promise<unknown>) => waits.push(promise),
    });
    const answered = responded === null ? null : await (responded as Promise<Response>);
    const body = answered === null ? null : await answered.text();
    await Promise.all(waits);
    return { answered, body };
  }
  return { dispatch, caches, cookies, network };
}

const html = (body: string, cachedAt?: number) => {
  const response = new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
  if (cachedAt !== undefined) response.headers.set("x-kasih-cached-at", String(cachedAt));
  return response;
};
const script = (body: string, cacheControl = "public, max-age=31536000, immutable") => new Response(body, { headers: { "Content-Type": "text/javascript", "Cache-Control": cacheControl } });
/** A same-origin fetch answer is "basic" in a browser; Bun makes "default". */
function basic(response: Response) {
  Object.defineProperty(response, "type", { value: "basic" });
  return response;
}
const pageCaches = (caches: FakeCaches) => [...caches.stores.keys()].filter((name) => name.startsWith("kasih-pages-"));

describe("the service worker's hashed files", () => {
  test("an immutable file is fetched once, then answered from the cache", async () => {
    const w = worker(() => basic(script("console.log(1)")));
    expect((await w.dispatch("/assets/discover-abc.js")).body).toBe("console.log(1)");
    expect((await w.dispatch("/assets/discover-abc.js")).body).toBe("console.log(1)");
    expect(w.network).toEqual(["GET /assets/discover-abc.js"]);
  });

  test("a file the server says not to keep (another release's copy script) is fetched every time", async () => {
    const w = worker(() => basic(script("copy", "no-cache")));
    await w.dispatch("/assets/copy/en/common.old.js");
    await w.dispatch("/assets/copy/en/common.old.js");
    expect(w.network).toEqual(["GET /assets/copy/en/common.old.js", "GET /assets/copy/en/common.old.js"]);
  });

  test("API answers, photos and other pages are left to the browser", async () => {
    const w = worker(() => basic(html("x")));
    w.cookies.set("kasih_cache", KEY_A);
    expect((await w.dispatch("/api/discovery")).answered).toBeNull();
    expect((await w.dispatch("/uploads/photo.webp")).answered).toBeNull();
    expect((await w.dispatch("/matches", { navigate: true })).answered).toBeNull();
    expect(w.network).toEqual([]);
  });
});

describe("Discover's page, kept per session", () => {
  test("the second visit is answered from the cache and a fresh copy is kept for the next", async () => {
    let version = 1;
    const w = worker(() => basic(html(`deck ${version++}`)));
    w.cookies.set("kasih_cache", KEY_A);
    expect((await w.dispatch("/swipe", { navigate: true })).body).toBe("deck 1");
    expect((await w.dispatch("/swipe", { navigate: true })).body).toBe("deck 1");
    expect((await w.dispatch("/swipe", { navigate: true })).body).toBe("deck 2");
    expect(w.network.length).toBe(3);
  });

  test("another member's key never gets the first member's page, and the first's pages are dropped", async () => {
    const w = worker(() => basic(html(`deck of ${w.cookies.get("kasih_cache")}`)));
    w.cookies.set("kasih_cache", KEY_A);
    await w.dispatch("/swipe", { navigate: true });
    w.cookies.set("kasih_cache", KEY_B);
    expect((await w.dispatch("/swipe", { navigate: true })).body).toBe(`deck of ${KEY_B}`);
    expect(pageCaches(w.caches)).toEqual([`kasih-pages-${KEY_B}`]);
  });

  test("signed out (no key), every kept page is dropped and nothing is kept", async () => {
    const w = worker(() => basic(html("page")));
    w.cookies.set("kasih_cache", KEY_A);
    await w.dispatch("/swipe", { navigate: true });
    expect(pageCaches(w.caches)).toEqual([`kasih-pages-${KEY_A}`]);
    w.cookies.delete("kasih_cache");
    expect((await w.dispatch("/swipe", { navigate: true })).body).toBe("page");
    expect(pageCaches(w.caches)).toEqual([]);
  });

  test("offline, another member gets the network's error, not the page kept for the first", async () => {
    let offline = false;
    const w = worker(() => (offline ? Promise.reject(new TypeError("Failed to fetch")) : basic(html("A's deck"))));
    w.cookies.set("kasih_cache", KEY_A);
    await w.dispatch("/swipe", { navigate: true });
    offline = true;
    w.cookies.set("kasih_cache", KEY_B);
    await expect(w.dispatch("/swipe", { navigate: true })).rejects.toThrow("Failed to fetch");
  });

  test("a write through /api/ (a like) drops the kept page, so an answered card is not shown again", async () => {
    let version = 1;
    const w = worker(() => basic(html(`deck ${version++}`)));
    w.cookies.set("kasih_cache", KEY_A);
    await w.dispatch("/swipe", { navigate: true });
    expect((await w.dispatch("/api/swipe", { method: "POST" })).answered).toBeNull();
    expect((await w.dispatch("/swipe", { navigate: true })).body).toBe("deck 2");
  });

  test("a redirect (the session ended) is not kept", async () => {
    const w = worker(() => basic(Response.redirect(`${ORIGIN}/auth`, 302)));
    w.cookies.set("kasih_cache", KEY_A);
    await w.dispatch("/swipe", { navigate: true });
    expect(await (await w.caches.open(`kasih-pages-${KEY_A}`)).keys()).toEqual([]);
  });

  test("a kept page older than the limit waits for the server; offline it is still shown", async () => {
    let offline = false;
    const w = worker(() => (offline ? Promise.reject(new TypeError("Failed to fetch")) : basic(html("fresh"))));
    w.cookies.set("kasih_cache", KEY_A);
    const cache = await w.caches.open(`kasih-pages-${KEY_A}`);
    await cache.put(`${ORIGIN}/swipe`, html("old", Date.now() - HOURS_13));
    expect((await w.dispatch("/swipe", { navigate: true })).body).toBe("fresh");
    await cache.put(`${ORIGIN}/swipe`, html("old", Date.now() - HOURS_13));
    offline = true;
    expect((await w.dispatch("/swipe", { navigate: true })).body).toBe("old");
  });
});
