import { afterEach, describe, expect, it, mock, spyOn } from "bun:test";
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

/** Waits for the timers the handler set. */
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
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
    await after(0);
    expect(visible.map((item) => [item.title, item.description])).toEqual([["Unauthorized", "You are logged out. Logging in again..."]]);
    expect(visits).toEqual([]);
    await after(SIGN_IN_AGAIN_DELAY_MS + 50);
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
    await after(SIGN_IN_AGAIN_DELAY_MS + 50);
    expect(calls).toBe(3);
    expect(visits).toEqual(["/auth"]);
  });

  it("does nothing for a wrong password (a 401 with its own message) or for a default query", async () => {
    let calls = 0;
    onSessionEnded(() => calls++);
    answer(401, { message: "Invalid email or password" });
    await expect(api("POST", "/api/auth/login", {})).rejects.toThrow("Invalid email or password");
    answer(401, { message: "Unauthorized" });
    expect(await query("/api/auth/user")).toBeNull();
    await after(10);
    expect(calls).toBe(0);
  });
});
