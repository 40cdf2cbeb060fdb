import { afterEach, describe, expect, it } from "bun:test";
import { isPhoneInHand } from "./phone-in-hand";

const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ANDROID_WEBVIEW = "Mozilla/5.0 (Linux; Android 14; SM-A155F Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const globals = globalThis as unknown as { window?: unknown; navigator?: unknown };
const saved = { window: globals.window, navigator: globals.navigator };
afterEach(() => {
  globals.window = saved.window;
  Object.defineProperty(globalThis, "navigator", { value: saved.navigator, configurable: true, writable: true });
});

function browser(options: { userAgent: string; mobileHint?: boolean; bridge?: boolean; touchOnly?: boolean }) {
  globals.window = { ...(options.bridge ? { KasihAndroid: {} } : {}), matchMedia: () => ({ matches: options.touchOnly === true }) };
  const navigator = { userAgent: options.userAgent, ...(options.mobileHint === undefined ? {} : { userAgentData: { mobile: options.mobileHint } }) };
  Object.defineProperty(globalThis, "navigator", { value: navigator, configurable: true, writable: true });
}

describe("isPhoneInHand", () => {
  it("is true in the Android wrapper, an Android WebView, a mobile browser and on a touch-only screen", () => {
    browser({ userAgent: DESKTOP_CHROME, bridge: true });
    expect(isPhoneInHand()).toBe(true);
    browser({ userAgent: ANDROID_WEBVIEW });
    expect(isPhoneInHand()).toBe(true);
    browser({ userAgent: IPHONE });
    expect(isPhoneInHand()).toBe(true);
    browser({ userAgent: DESKTOP_CHROME, mobileHint: true });
    expect(isPhoneInHand()).toBe(true);
    browser({ userAgent: DESKTOP_CHROME, touchOnly: true });
    expect(isPhoneInHand()).toBe(true);
  });

  it("is false on a desktop browser, however narrow its window", () => {
    browser({ userAgent: DESKTOP_CHROME, mobileHint: false });
    expect(isPhoneInHand()).toBe(false);
  });
});
