import { afterEach, describe, expect, it, jest, mock, spyOn } from "bun:test";
import { forgetHostedSignIn, signOutEverywhere, syncToken, TOKEN_SYNC_TIMEOUT_MS } from "./token-sync";

/** A Storage over a Map, as the browser's localStorage behaves. */
function memoryStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

/** An IDBFactory whose deleteDatabase records the name and answers like the browser does. */
function recordingDatabases(outcome: "onsuccess" | "onblocked") {
  const deleted: string[] = [];
  const factory = {
    deleteDatabase(name: string) {
      deleted.push(name);
      const request: Record<string, (() => void) | null> = { onsuccess: null, onerror: null, onblocked: null };
      queueMicrotask(() => request[outcome]?.());
      return request;
    },
  } as unknown as IDBFactory;
  return { factory, deleted };
}

afterEach(() => mock.restore());

describe("forgetHostedSignIn", () => {
  it("removes the Firebase SDK's stored user and its database, and nothing else", async () => {
    const storage = memoryStorage({ "firebase:authUser:AIza-test:[DEFAULT]": "{}", "app-language": "id", "kasih-settings": "{}" });
    const databases = recordingDatabases("onsuccess");
    await forgetHostedSignIn(storage, databases.factory);
    expect(storage.getItem("firebase:authUser:AIza-test:[DEFAULT]")).toBeNull();
    expect(storage.getItem("app-language")).toBe("id");
    expect(storage.length).toBe(2);
    expect(databases.deleted).toEqual(["firebaseLocalStorageDb"]);
  });

  it("does not hang when another tab holds the database open", async () => {
    const databases = recordingDatabases("onblocked");
    await forgetHostedSignIn(memoryStorage({}), databases.factory);
    expect(databases.deleted).toEqual(["firebaseLocalStorageDb"]);
  });
});

describe("signOutEverywhere", () => {
  it("sends DELETE to the token-sync URL with the same-origin cookies and a time limit", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    spyOn(globalThis, "fetch").mockImplementation((async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: 204 });
    }) as unknown as typeof fetch);
    await signOutEverywhere("/token-sync");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/token-sync");
    expect(calls[0]!.init.method).toBe("DELETE");
    expect(calls[0]!.init.credentials).toBe("same-origin");
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
    expect(TOKEN_SYNC_TIMEOUT_MS).toBeLessThanOrEqual(2000);
  });

  it("gives up after the time limit when the browser's database never answers", async () => {
    spyOn(globalThis, "fetch").mockImplementation((async () => new Response(null, { status: 204 })) as unknown as typeof fetch);
    const never = { deleteDatabase: () => ({}) } as unknown as IDBFactory;
    const saved = { indexedDB: globalThis.indexedDB, localStorage: globalThis.localStorage };
    Object.assign(globalThis, { indexedDB: never, localStorage: memoryStorage({}) });
    // Bun's fake timers: the time limit passes at once instead of in two real seconds.
    const turns = async () => {
      for (let turn = 0; turn < 20; turn++) await Promise.resolve();
    };
    jest.useFakeTimers();
    try {
      let done = false;
      void signOutEverywhere(null).then(() => (done = true));
      jest.advanceTimersByTime(TOKEN_SYNC_TIMEOUT_MS - 1);
      await turns();
      expect(done).toBe(false);
      jest.advanceTimersByTime(1);
      await turns();
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
      Object.assign(globalThis, saved);
    }
  });

  it("still resolves when the sync endpoint is down, so sign-out goes on", async () => {
    spyOn(globalThis, "fetch").mockImplementation((async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch);
    await expect(signOutEverywhere("/token-sync")).resolves.toBeUndefined();
  });
});

describe("syncToken", () => {
  it("POSTs the ID token as a bearer token, and does nothing without a URL", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    spyOn(globalThis, "fetch").mockImplementation((async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: 204 });
    }) as unknown as typeof fetch);
    await syncToken("/token-sync", "POST", "id-token-123");
    await syncToken(undefined, "POST", "id-token-123");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init).toMatchObject({ method: "POST", credentials: "same-origin", headers: { Authorization: "Bearer id-token-123" } });
  });
});
