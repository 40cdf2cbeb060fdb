/**
 * Debian's Chromium driven by playwright-core (browser downloads do not work here), each
 * browser with a fresh user-data dir. playwright-core runs in this process; its messages keep
 * their order through immediates-in-order (docs/decisions/0115-browser-tests-without-the-flake.md).
 */
import "./immediates-in-order";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(options: { viewport?: { width: number; height: number }; extraArgs?: string[]; permissions?: string[] } = {}): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), "kasih-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
    viewport: options.viewport ?? PHONE,
    permissions: options.permissions,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (error) => console.error("[page error]", error.message));
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

const screenshotDir = join(import.meta.dir, "..", "screenshots");

/** Saves a screenshot under e2e/screenshots/ (git-ignored) to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}
