import { afterEach, beforeEach, describe, expect, it, jest, mock, spyOn } from "bun:test";
import i18next from "i18next";
import en from "../../src/i18n/en.json";
import { api, onSessionEnded, query } from "./api";
import { sessionEndedHandler, SIGN_IN_AGAIN_DELAY_MS } from "./session-ended";
import { subscribeToasts, toast, type Toast } from "./toast";

const instance = i18next.createInstance();
await instance.init({ lng: "en", resources: { en: { translation: en } }, initAsync: false });
const t = instance.getFixedT("en");

/** The server's answer to every call of a test. */
function answer(status: number, body: unknown) {
  spyOn(globalThis, "fetch").mockImplementation((async () => Response.json(body, { status })) as unknown as typeof fetch);
  spyOn(console, "error").mockImplementation(() => {});
}

/** Waits for the calls' promises to settle (no timers: those are Bun's fake ones here). */
const turns = async () => {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
};

// The handler's delay passes at once instead of in 1.5 real seconds.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  onSessionEnded(null);
  mock.restore();
});

describe("a call that finds the session gone (spec point 8)", () => {
  it("leaves 'Unauthorized' / 'You are logged out. Logging in again...' on screen and goes to /auth", async () => {
    const visits: string[] = [];
    onSessionEnded(sessionEndedHandler(t, (path) => visits.push(path)));
    let visible: Toast[] = [];
    const unsubscribe = subscribeToasts((toasts) => (visible = toasts));
    answer(401, { message: "Unauthorized" });
    // The island shows its own error first, as every island does in its catch.
    await api("POST", "/api/swipe", { id: "x" }).catch(() => toast({ title: "Error", description: "Unauthorized" }));
    jest.advanceTimersByTime(0);
    await turns();
    expect(visible.map((item) => [item.title, item.description])).toEqual([["Unauthorized", "You are logged out. Logging in again..."]]);
    jest.advanceTimersByTime(SIGN_IN_AGAIN_DELAY_MS - 1);
    expect(visits).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(visits).toEqual(["/auth"]);
    unsubscribe();
  });

  it("acts once for a burst of failing calls", async () => {
    const visits: string[] = [];
    const handler = sessionEndedHandler(t, (path) => visits.push(path));
    let calls = 0;
    onSessionEnded(() => {
      calls++;
      handler();
    });
    answer(401, { message: "Unauthorized" });
    await Promise.allSettled([api("POST", "/api/a"), api("PATCH", "/api/b"), api("GET", "/api/c")]);
    jest.advanceTimersByTime(0); // the calls tell the handler in a timer of their own
    expect(calls).toBe(3);
    jest.advanceTimersByTime(SIGN_IN_AGAIN_DELAY_MS);
    expect(visits).toEqual(["/auth"]);
  });

  it("does nothing for a wrong password (a 401 with its own message) or for a default query", async () => {
    let calls = 0;
    onSessionEnded(() => calls++);
    answer(401, { message: "Invalid email or password" });
    await expect(api("POST", "/api/auth/login", {})).rejects.toThrow("Invalid email or password");
    answer(401, { message: "Unauthorized" });
    expect(await query("/api/auth/user")).toBeNull();
    jest.advanceTimersByTime(SIGN_IN_AGAIN_DELAY_MS);
    await turns();
    expect(calls).toBe(0);
  });
});
