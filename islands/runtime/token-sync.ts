/**
 * Spec point 7: the optional, same-origin token-sync URL receives a POST with the bearer token on
 * a hosted sign-in and a DELETE on sign-out. Sign-out stays a plain link to /api/logout, so it
 * works before (and without) JavaScript; when the server names a token-sync URL (meta tag), a
 * click first tells that URL and forgets the hosted service's stored sign-in, without loading the
 * Firebase SDK on every page (decision 0077).
 */
export const SIGN_OUT_PATH = "/api/logout";

/** A slow or dead sync endpoint must not keep anyone signed in: sign out after this at most. */
export const TOKEN_SYNC_TIMEOUT_MS = 2000;

/** Where the Firebase web SDK keeps a signed-in user: localStorage and its IndexedDB database. */
const FIREBASE_LOCAL_KEY_PREFIX = "firebase:authUser:";
const FIREBASE_DATABASE = "firebaseLocalStorageDb";

export function tokenSyncUrl(doc: Document = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="token-sync-url"]')?.content;
  return content ? content : null;
}

/** Clears the Firebase SDK's persisted user, so the hosted session ends with ours. */
export async function forgetHostedSignIn(storage: Storage = localStorage, databases: IDBFactory | undefined = globalThis.indexedDB): Promise<void> {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? "");
  for (const key of keys) if (key.startsWith(FIREBASE_LOCAL_KEY_PREFIX)) storage.removeItem(key);
  if (databases === undefined) return;
  await new Promise<void>((resolve) => {
    const request = databases.deleteDatabase(FIREBASE_DATABASE);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** Tells the token-sync URL, if one is configured; a failure is logged, never thrown. */
export async function syncToken(url: string | undefined, method: "POST" | "DELETE", idToken?: string): Promise<void> {
  if (url === undefined) return;
  // AbortController rather than AbortSignal.timeout(), which older WebViews lack.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TOKEN_SYNC_TIMEOUT_MS);
  try {
    await fetch(url, {
      method,
      credentials: "same-origin",
      headers: idToken === undefined ? {} : { Authorization: `Bearer ${idToken}` },
      signal: controller.signal,
    });
  } catch (error) {
    console.error("token sync failed", error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The DELETE (when a sync URL is set) and the hosted sign-in forgotten. Never throws and never
 * takes longer than TOKEN_SYNC_TIMEOUT_MS: an IndexedDB request that never settles must not keep
 * anyone signed in.
 */
export async function signOutEverywhere(url: string | null): Promise<void> {
  const work = Promise.allSettled([syncToken(url ?? undefined, "DELETE"), forgetHostedSignIn()]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, TOKEN_SYNC_TIMEOUT_MS)))]);
  clearTimeout(timer);
}

/**
 * Installs the click handler for every sign-out link on the page, when there is something to
 * tell or clear: a token-sync URL, or a hosted sign-in whose SDK may have stored a user.
 */
export function installSignOutSync(doc: Document = document, goTo: (path: string) => void = (path) => window.location.assign(path)) {
  const url = tokenSyncUrl(doc);
  const hosted = doc.querySelector('meta[name="hosted-sign-in"]') !== null;
  if (url === null && !hosted) return;
  doc.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest(`a[href="${SIGN_OUT_PATH}"]`) : null;
    // Leave modified clicks (new tab, new window) to the browser.
    if (link === null || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void signOutEverywhere(url).finally(() => goTo(SIGN_OUT_PATH));
  });
}
