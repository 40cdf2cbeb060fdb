/*
 * Kasih's service worker.
 * - Web push (src/features/push, docs/decisions/0098): shows a notification for a new match, a
 *   message or a call when no page of the app is on screen, and opens the chat when one is tapped.
 * - Repeat visits on a slow phone (docs/decisions/0140-faster-on-a-cheap-phone.md): the build's
 *   hashed files (answered `immutable`) come from its own cache first; Discover's page is kept per
 *   session and shown at once on the next visit while a fresh copy is fetched for the one after.
 *   A page is kept only under the key cookie of the session that fetched it
 *   (src/middleware/page-cache-key.ts): no key (signed out) or another key (another member) and
 *   every kept page is dropped before anything is answered. Answers of /api/ are never kept; any
 *   write through /api/ (a like, a block) drops the kept pages, so a card already answered is not
 *   shown again.
 */
const ASSET_CACHE = "kasih-assets-v1";
const PAGE_CACHE_PREFIX = "kasih-pages-";
const KEY_COOKIES = ["__Host-kasih_cache", "kasih_cache"];
/** The pages kept for an instant repeat visit: Discover, where the installed app starts. */
const KEPT_PAGES = ["/swipe"];
/** A kept page older than this is not shown; the visit waits for the server. */
const PAGE_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Older builds' files are dropped past this many (they are named by hash, so never stale, only unused). */
const MAX_ASSETS = 80;
const CACHED_AT_HEADER = "x-kasih-cached-at";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) =>
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      // The visit that installed the worker did not pass through it: keep its page now, so the
      // next visit is already instant.
      const windows = await self.clients.matchAll({ type: "window" });
      const paths = new Set(windows.map((client) => new URL(client.url)).filter((url) => url.origin === self.location.origin && KEPT_PAGES.includes(url.pathname) && url.search === "").map((url) => url.pathname));
      await Promise.all([...paths].map((path) => keepPage(path).catch(() => {})));
    })(),
  ),
);

/** Bumped by every write: a page fetched before it must not be kept after it. */
let pageGeneration = 0;

async function sessionKey() {
  if (!self.cookieStore) return null;
  const cookies = await Promise.all(KEY_COOKIES.map((name) => self.cookieStore.get(name).catch(() => null)));
  const cookie = cookies.find((found) => found && typeof found.value === "string" && /^[A-Za-z0-9_-]{10,64}$/.test(found.value));
  return cookie ? cookie.value : null;
}

/** Drops the pages kept for any session but `key` (all of them when `key` is null). */
async function dropPagesExcept(key) {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PAGE_CACHE_PREFIX) && name !== PAGE_CACHE_PREFIX + key).map((name) => caches.delete(name)));
}

async function dropAllPages() {
  pageGeneration++;
  await dropPagesExcept(null);
}

function keepable(response) {
  return response.ok && response.type === "basic" && !response.redirected && (response.headers.get("Content-Type") || "").startsWith("text/html");
}

async function stamped(response, now) {
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT_HEADER, String(now));
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** Fetches `path` and keeps it for the signed-in session, if there is one. */
async function keepPage(path) {
  const key = await sessionKey();
  if (key === null) return;
  const generation = pageGeneration;
  const response = await fetch(path, { credentials: "same-origin" });
  if (keepable(response) && generation === pageGeneration && (await sessionKey()) === key) await (await caches.open(PAGE_CACHE_PREFIX + key)).put(path, await stamped(response, Date.now()));
}

async function keptPage(event, path) {
  const key = await sessionKey();
  // Only this session's cache is ever read, so the others can go after the answer.
  event.waitUntil(dropPagesExcept(key));
  // No navigation preload: with it, every page the worker leaves to the browser (Chat, Matches)
  // would be requested twice (bench:page's warm Chat, docs/decisions/0140).
  const network = fetch(event.request);
  if (key === null) return network;
  const cacheName = PAGE_CACHE_PREFIX + key;
  const kept = await caches.match(path, { cacheName });
  const generation = pageGeneration;
  const refreshed = network.then(async (response) => {
    // Kept only if the same session is still signed in and nothing was written meanwhile.
    if (keepable(response) && generation === pageGeneration && (await sessionKey()) === key) {
      await (await caches.open(cacheName)).put(path, await stamped(response.clone(), Date.now()));
    }
    return response;
  });
  const age = kept ? Date.now() - Number(kept.headers.get(CACHED_AT_HEADER) || 0) : Infinity;
  if (kept && age >= 0 && age < PAGE_MAX_AGE_MS) {
    event.waitUntil(refreshed.catch(() => {}));
    return kept;
  }
  // Offline: this session's page, even an old one, rather than the browser's error page.
  return refreshed.catch((error) => kept || Promise.reject(error));
}

async function immutableAsset(event) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic" && /\bimmutable\b/.test(response.headers.get("Cache-Control") || "")) {
    event.waitUntil(
      (async () => {
        await cache.put(event.request, response.clone());
        const keys = await cache.keys();
        await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((old) => cache.delete(old)));
      })(),
    );
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out is a GET (a link); it drops the kept pages too, before the answer clears the key.
  if (request.method !== "GET" || url.pathname === "/api/logout") {
    if (url.pathname.startsWith("/api/")) event.waitUntil(dropAllPages());
    return;
  }
  if (request.mode === "navigate" && KEPT_PAGES.includes(url.pathname) && url.search === "") {
    event.respondWith(keptPage(event, url.pathname));
    return;
  }
  if (url.pathname.startsWith("/assets/")) event.respondWith(immutableAsset(event));
});

/** Only paths of this app open from a notification. */
function safePath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
}

self.addEventListener("push", (event) => {
  event.waitUntil(
    (async () => {
      let data;
      try {
        data = event.data ? event.data.json() : null;
      } catch {
        data = null;
      }
      if (!data || typeof data.title !== "string") return;
      // A page on screen already shows it live (the socket); another instance may not have known.
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      if (windows.some((client) => client.visibilityState === "visible")) return;
      await self.registration.showNotification(data.title, {
        body: typeof data.body === "string" ? data.body : "",
        tag: typeof data.tag === "string" ? data.tag : undefined,
        renotify: true,
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        requireInteraction: data.kind === "call",
        data: { url: safePath(data.url), kind: data.kind },
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = safePath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if ("navigate" in client) await client.navigate(path);
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});
