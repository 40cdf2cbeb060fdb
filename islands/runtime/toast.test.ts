import { afterEach, beforeEach, describe, expect, it, setSystemTime } from "bun:test";
import { discardNextPageToast, dismissToast, NEXT_PAGE_TOAST_TTL_MS, subscribeToasts, takeNextPageToast, toast, toastOnNextPage, type Toast } from "./toast";

// A stand-in for the browser's sessionStorage.
const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
});
afterEach(() => {
  setSystemTime();
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

describe("toasts", () => {
  it("keeps at most one visible: a new toast replaces the one on screen", () => {
    let visible: Toast[] = [];
    const unsubscribe = subscribeToasts((toasts) => (visible = toasts));
    toast({ title: "First" });
    const second = toast({ title: "Second", variant: "destructive" });
    expect(visible.map((item) => item.title)).toEqual(["Second"]);
    dismissToast(second);
    expect(visible).toEqual([]);
    unsubscribe();
  });
});

describe("a toast for the next page", () => {
  it("is shown once by the next page", () => {
    toastOnNextPage({ title: "Success", description: "Logged in successfully", variant: "success" });
    expect(takeNextPageToast()).toEqual({ title: "Success", description: "Logged in successfully", variant: "success" });
    expect(takeNextPageToast()).toBeNull();
  });

  it("is dropped when no page showed it in time", () => {
    setSystemTime(new Date("2026-11-22T10:00:00Z"));
    toastOnNextPage({ title: "Success", description: "Account created successfully" });
    setSystemTime(new Date(Date.parse("2026-11-22T10:00:00Z") + NEXT_PAGE_TOAST_TTL_MS + 1));
    expect(takeNextPageToast()).toBeNull();
    expect(store.size).toBe(0);
  });

  it("is dropped by a page that shows no toasts", () => {
    toastOnNextPage({ title: "Success" });
    discardNextPageToast();
    expect(takeNextPageToast()).toBeNull();
  });

  it("ignores what an older version of the app left in storage", () => {
    store.set("kasih-next-page-toast", JSON.stringify({ title: "Old shape" }));
    expect(takeNextPageToast()).toBeNull();
  });
});
