/*
 * Kasih's service worker: shows web push notifications (src/features/push, docs/decisions/0098)
 * for a new match, a message or a call when no page of the app is on screen, and opens the chat
 * when one is tapped. It caches nothing: pages always come from the server.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

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
