/**
 * The operator pages in a real Chromium against the real server (no provider configured):
 * /google-setup copies the exact redirect URI and reads "Copied" for about 2 seconds,
 * /firebase-test shows the signed-out state and the configuration card (Missing, from the
 * server's real configuration), the dashboard, the legal pages and the icon generator render.
 * Screenshots at phone and desktop sizes, English and Indonesian, go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { apiAs, createAccount, signInContext } from "./support/accounts";
import { dataUrl, jpegWithGps } from "../src/features/profile/photos/test-images";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function useLanguage(context: BrowserContext, lang: "en" | "id") {
  await context.addCookies([{ name: "app-language", value: lang, url: server.origin }]);
}

/** Islands answer clicks only once hydrated; the page's module script has run by load + idle. */
async function openHydrated(page: Page, path: string) {
  await page.goto(`${server.origin}${path}`, { waitUntil: "networkidle" });
}

const FIREBASE_E2E_ENV = { FIREBASE_API_KEY: "AIzaSyE2E-test-key-000000000000-Zz9q", FIREBASE_PROJECT_ID: "kasih-e2e", FIREBASE_APP_ID: "1:000000000000:web:e2e0000000000000" };

describe("an operator", () => {
  it("copies the Google redirect URI on /google-setup and sees 'Copied' for about 2 seconds", async () => {
    const browser = await openBrowser({ viewport: PHONE, permissions: ["clipboard-read", "clipboard-write"] });
    const { page } = browser;
    try {
      await openHydrated(page, "/google-setup");
      const redirect = page.locator('[data-testid="copy-google-redirect"]');
      expect(await redirect.locator("code").innerText()).toBe(`${server.origin}/api/auth/google/callback`);
      const button = redirect.locator("button");
      expect(await button.innerText()).toBe("Copy");
      await button.click();
      await page.waitForFunction(() => document.querySelector('[data-testid="copy-google-redirect"] button')?.textContent === "Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.origin}/api/auth/google/callback`);
      await screenshot(page, "google-setup-copied-en-phone");
      // The confirmation goes away by itself after about 2 seconds.
      await page.waitForFunction(() => document.querySelector('[data-testid="copy-google-redirect"] button')?.textContent === "Copy", undefined, { timeout: 4000 });
      // No bootstrap secret on this server: the temporary admin access explains it is disabled.
      expect(await page.getByText("the server has no ADMIN_BOOTSTRAP_SECRET").isVisible()).toBe(true);
      expect(await page.locator('a[href="/api/auth/google"]').count()).toBe(1);
      await screenshot(page, "google-setup-en-phone");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "google-setup-en-desktop");
    } finally {
      await browser.close();
    }
  });

  it("reads /google-setup in Bahasa Indonesia", async () => {
    const browser = await openBrowser({ viewport: PHONE, permissions: ["clipboard-read", "clipboard-write"] });
    const { page, context } = browser;
    try {
      await useLanguage(context, "id");
      await openHydrated(page, "/google-setup");
      expect(await page.locator("h1").innerText()).toBe("Pengaturan masuk lewat media sosial");
      await page.locator('[data-testid="copy-origin"] button').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="copy-origin"] button')?.textContent === "Tersalin");
      await screenshot(page, "google-setup-id-phone");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "google-setup-id-desktop");
    } finally {
      await browser.close();
    }
  });

  it("sees the signed-out state and the configuration card on /firebase-test", async () => {
    const browser = await openBrowser({ viewport: PHONE, permissions: ["clipboard-read", "clipboard-write"] });
    const { page } = browser;
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    try {
      await openHydrated(page, "/firebase-test");
      expect(await page.getByRole("button", { name: "Sign in with Google" }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Sign in with Facebook" }).isVisible()).toBe(true);
      expect(await page.getByText("Loading Firebase Auth").count()).toBe(0);
      const card = page.locator('[data-testid="firebase-config"]');
      for (const label of ["API Key", "Project ID", "App ID"]) expect(await card.locator("dt", { hasText: label }).isVisible()).toBe(true);
      expect(await card.getByText("Missing", { exact: true }).count()).toBe(3);
      // Not configured: a press explains why instead of opening a popup.
      await page.getByRole("button", { name: "Sign in with Google" }).click();
      await page.getByText("Firebase is not configured", { exact: true }).waitFor();
      // The integration test without a hosted user gives the spec's no-firebase-user answer.
      await page.getByRole("button", { name: "Test Integration" }).click();
      await page.getByText("Please sign in with Firebase first to test integration").waitFor();
      // Mobile configuration: a copy of a set value is impossible here (all Missing), so check the labels.
      expect(await page.locator('[data-testid="mobile-config"]').getByText("Missing", { exact: true }).count()).toBe(4);
      await screenshot(page, "firebase-test-en-phone");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "firebase-test-en-desktop");
      expect(errors.filter((text) => /Content Security Policy|Refused|Minified React error|Hydration/i.test(text))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("reads /firebase-test in Bahasa Indonesia", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await useLanguage(context, "id");
      await openHydrated(page, "/firebase-test");
      expect(await page.getByRole("button", { name: "Masuk dengan Google" }).isVisible()).toBe(true);
      expect(await page.locator('[data-testid="firebase-config"]').getByText("Belum diisi", { exact: true }).count()).toBe(3);
      await screenshot(page, "firebase-test-id-phone");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "firebase-test-id-desktop");
    } finally {
      await browser.close();
    }
  });

  for (const lang of ["en", "id"] as const) {
    it(`opens the OAuth Testing Dashboard and the legal pages (${lang})`, async () => {
      const browser = await openBrowser({ viewport: PHONE });
      const { page, context } = browser;
      try {
        await useLanguage(context, lang);
        await openHydrated(page, "/oauth-dashboard");
        expect(await page.locator('a[href="/auth"]').first().isVisible()).toBe(true);
        await screenshot(page, `oauth-dashboard-${lang}-phone`);
        await page.setViewportSize(DESKTOP);
        await screenshot(page, `oauth-dashboard-${lang}-desktop`);
        await page.setViewportSize(PHONE);
        for (const path of ["privacy-policy", "data-deletion"]) {
          await openHydrated(page, `/${path}`);
          await screenshot(page, `${path}-${lang}-phone`);
          await page.setViewportSize(DESKTOP);
          await screenshot(page, `${path}-${lang}-desktop`);
          await page.setViewportSize(PHONE);
        }
        expect(await page.locator("html").getAttribute("lang")).toBe(lang);
        // Without a configured provider the dashboard's test button explains instead of navigating.
        await openHydrated(page, "/oauth-dashboard");
        await page.locator('button[data-provider="google"]').click();
        await page.getByText(lang === "en" ? "Google sign-in is not set up" : "Login Google belum diatur", { exact: true }).waitFor();
      } finally {
        await browser.close();
      }
    });
  }

  it("loads the Firebase SDK only when configured and shows the masked configuration", async () => {
    const configured = await startServer({
      env: { ...FIREBASE_E2E_ENV, ANDROID_PACKAGE_NAME: "id.kasih.app" },
    });
    const browser = await openBrowser({ viewport: PHONE, permissions: ["clipboard-read", "clipboard-write"] });
    const { page } = browser;
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    try {
      await page.goto(`${configured.origin}/firebase-test`);
      // The SDK starts in the browser: loading, then (nobody signed in) the signed-out buttons.
      await page.getByRole("button", { name: "Sign in with Google" }).waitFor({ timeout: 30_000 });
      const card = page.locator('[data-testid="firebase-config"]');
      expect(await card.getByText("Configured", { exact: true }).count()).toBe(3);
      expect(await card.getByText("••••Zz9q").isVisible()).toBe(true);
      expect(await page.getByText("Setup Complete").isVisible()).toBe(true);
      expect(await page.getByText("Firebase is not configured on this server").count()).toBe(0);
      // The mobile panel's copy says 'Copied!' and toasts '{item} copied to clipboard'.
      const mobile = page.locator('[data-testid="mobile-config"]');
      expect(await mobile.getByText("id.kasih.app").isVisible()).toBe(true);
      await mobile.getByRole("button", { name: "Copy Package name" }).click();
      await mobile.getByText("Copied!", { exact: true }).waitFor();
      await page.getByText("Package name copied to clipboard").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("id.kasih.app");
      await screenshot(page, "firebase-test-configured-en-phone");
      expect(errors.filter((text) => /Content Security Policy|Minified React error|Hydration/i.test(text))).toEqual([]);
    } finally {
      await browser.close();
      await configured.stop();
    }
  });

  it("shows the 'Firebase Auth Error' card with Retry when the SDK cannot load", async () => {
    const configured = await startServer({ env: FIREBASE_E2E_ENV });
    // The SDK's chunks of the client build this server serves: the ones holding Firebase Auth.
    const assets = join(import.meta.dir, "..", "dist", "client", "assets");
    const sdkChunks = readdirSync(assets).filter((name) => name.startsWith("chunk-") && /initializeApp|auth\/popup-blocked/.test(readFileSync(join(assets, name), "utf8")));
    expect(sdkChunks.length).toBeGreaterThan(0);
    const browser = await openBrowser({ viewport: PHONE });
    const { page } = browser;
    try {
      await page.route((url) => sdkChunks.some((chunk) => url.pathname.endsWith(chunk)), (route) => route.abort());
      await page.goto(`${configured.origin}/firebase-test`);
      await page.getByText("Firebase Auth Error", { exact: true }).waitFor({ timeout: 30_000 });
      await screenshot(page, "firebase-test-error-en-phone");
      const reloaded = page.waitForEvent("load");
      await page.getByRole("button", { name: "Retry" }).click();
      await reloaded;
    } finally {
      await browser.close();
      await configured.stop();
    }
  });

  it("compares the signed-in session with Firebase on /firebase-test and signs the session out", async () => {
    const account = await createAccount(server.origin, { firstName: "Yohana", lastName: "Siregar" });
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await signInContext(context, server.origin, account);
      await openHydrated(page, "/firebase-test");
      const session = page.locator(".devtools-system").first();
      await session.getByText("Signed In", { exact: true }).waitFor();
      expect(await session.getByText("Yohana Siregar").isVisible()).toBe(true);
      expect(await session.getByText(account.email).isVisible()).toBe(true);
      await page.getByRole("button", { name: "Sign Out Existing" }).click();
      await page.waitForURL(`${server.origin}/`);
      expect((await context.cookies()).some((cookie) => cookie.name.includes("session") && cookie.value !== "")).toBe(false);
    } finally {
      await browser.close();
    }
  });

  it("signs a member out from /settings: the token-sync URL gets its DELETE and the hosted sign-in is forgotten", async () => {
    const configured = await startServer({ env: { ...FIREBASE_E2E_ENV, FIREBASE_TOKEN_SYNC_URL: "/token-sync" } });
    const account = await createAccount(configured.origin, { firstName: "Daniel", lastName: "Tambunan" });
    const created = await apiAs(configured.origin, account, "POST", "/api/profile", {
      photos: [dataUrl(jpegWithGps())],
      birthDate: "1995-02-14",
      acceptTerms: true,
      confirmAdult: true,
      gender: "male",
      denomination: "Methodist",
      churchName: "GMI Wesley",
      faithTestimony: "I came to faith at a youth camp and have walked with Christ ever since then.",
      faithDuration: "10+ years",
      bio: "Teacher, runner, and a bass player in the church band.",
    });
    expect(created.status).toBe(201);
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    const syncCalls: string[] = [];
    try {
      await signInContext(context, configured.origin, account);
      // The operator's sync endpoint (same origin, served in front of Kasih) is stood in for here.
      await page.route(`${configured.origin}/token-sync`, async (route) => {
        syncCalls.push(route.request().method());
        await route.fulfill({ status: 204 });
      });
      await page.goto(`${configured.origin}/settings`, { waitUntil: "networkidle" });
      // What the Firebase SDK left behind from the popup sign-in.
      await page.evaluate(() => localStorage.setItem("firebase:authUser:AIzaSyE2E:[DEFAULT]", '{"uid":"firebase-uid"}'));
      await page.getByRole("link", { name: "Sign Out" }).click();
      await page.waitForURL(`${configured.origin}/`);
      expect(syncCalls).toEqual(["DELETE"]);
      expect(await page.evaluate(() => localStorage.getItem("firebase:authUser:AIzaSyE2E:[DEFAULT]"))).toBeNull();
      expect((await apiAs(configured.origin, account, "GET", "/api/auth/user")).status).toBe(401);
    } finally {
      await browser.close();
      await configured.stop();
    }
  });

  it("uses the temporary admin access with the bootstrap secret, and gets the spec's alert for a wrong one", async () => {
    const secret = "e2e-bootstrap-secret-0123456789";
    const bootstrap = await startServer({ env: { ADMIN_BOOTSTRAP_SECRET: secret } });
    const account = await createAccount(bootstrap.origin);
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await signInContext(context, bootstrap.origin, account);
      await page.goto(`${bootstrap.origin}/google-setup`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: "Temporary admin access" }).click();
      await page.locator("#bootstrap-secret").fill("not-the-secret-at-all");
      // window.alert blocks the page: answer it from the handler, then look at what it said.
      const alerts: string[] = [];
      page.once("dialog", (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole("button", { name: "Make me admin" }).click({ noWaitAfter: true });
      await page.waitForFunction(() => !(document.querySelector("dialog button[type=submit]") as HTMLButtonElement | null)?.disabled);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toStartWith("Admin login failed");
      await page.locator("#bootstrap-secret").fill(secret);
      const toAdmin = page.waitForRequest((request) => new URL(request.url()).pathname === "/admin" && request.isNavigationRequest());
      await page.getByRole("button", { name: "Make me admin" }).click();
      await toAdmin;
      const me = (await (await context.request.get(`${bootstrap.origin}/api/auth/user`)).json()) as { isAdmin: boolean };
      expect(me.isAdmin).toBe(true);
    } finally {
      await browser.close();
      await bootstrap.stop();
    }
  });

  it("draws the 1024 × 1024 icon and offers it as a PNG download", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    const { page } = browser;
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    try {
      const response = await page.goto(`${server.origin}/create-facebook-icon.html`, { waitUntil: "networkidle" });
      expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
      await page.waitForFunction(() => (document.getElementById("download") as HTMLAnchorElement | null)?.href.startsWith("blob:"));
      const size = await page.evaluate(() => {
        const canvas = document.getElementById("icon") as HTMLCanvasElement;
        const pixel = canvas.getContext("2d")!.getImageData(40, 40, 1, 1).data;
        return { width: canvas.width, height: canvas.height, painted: pixel[3] === 255 };
      });
      expect(size).toEqual({ width: 1024, height: 1024, painted: true });
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#download").click()]);
      expect(download.suggestedFilename()).toBe("kasih-icon-1024.png");
      await screenshot(page, "facebook-icon-en-phone");
      await page.locator('[data-lang="id"]').click();
      expect(await page.locator("h1").innerText()).toBe("Ikon aplikasi Kasih");
      await page.setViewportSize(DESKTOP);
      await screenshot(page, "facebook-icon-id-desktop");
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
