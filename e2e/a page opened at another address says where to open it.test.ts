/**
 * A self-hoster opens the app at http://127.0.0.1:PORT while APP_ORIGIN is http://localhost:PORT:
 * the page says so at the top with a link to the right address, a sign-in attempt is still refused
 * and the form's alert names both addresses (said once, with no toast repeating it: decision 0139),
 * and the log says it once. At APP_ORIGIN nothing is shown.
 * Screenshot: e2e/screenshots/origin-warning-en-phone.png (and -id-).
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { openBrowser, PHONE, screenshot } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("a page opened at another address than APP_ORIGIN", () => {
  it("explains where to open it, on the page, in the sign-in form's alert and once in the log", async () => {
    const wrong = server.origin.replace("localhost", "127.0.0.1");
    const browser = await openBrowser({ viewport: PHONE });
    const { page } = browser;
    try {
      await page.goto(`${wrong}/auth`);
      const banner = page.locator("#origin-warning");
      await banner.waitFor({ state: "visible" });
      expect(await banner.innerText()).toContain(`This page was opened at ${wrong}, but this server's address is ${server.origin} (APP_ORIGIN).`);
      expect(await banner.getByRole("link").getAttribute("href")).toBe(`${server.origin}/auth`);

      await page.waitForSelector("[data-island=auth-panel][data-hydrated]");
      await page.getByLabel("Email").fill("someone@example.com");
      await page.getByLabel("Password").fill("any password at all");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      // Said once, in the form's alert; the toast that once repeated it is gone (decision 0139).
      const alert = page.locator("#panel-signin .form-error[role=alert]");
      await alert.waitFor({ state: "visible" });
      expect(await alert.innerText()).toContain(`This page was opened at ${wrong}, but this server's address is ${server.origin} (APP_ORIGIN). Open it at ${server.origin}`);
      expect(await page.getByTestId("toast").count()).toBe(0);
      await screenshot(page, "origin-warning-en-phone");

      // In Indonesian, the page and the toast alike.
      await page.context().addCookies([{ name: "app-language", value: "id", url: wrong }]);
      await page.evaluate(() => localStorage.setItem("app-language", "id"));
      await page.goto(`${wrong}/auth`);
      await banner.waitFor({ state: "visible" });
      expect(await banner.innerText()).toContain(`Halaman ini dibuka di ${wrong}, padahal alamat server ini ${server.origin} (APP_ORIGIN).`);
      await page.waitForSelector("[data-island=auth-panel][data-hydrated]");
      await page.getByLabel("Email").fill("someone@example.com");
      await page.getByLabel("Kata Sandi").fill("any password at all");
      await page.getByRole("button", { name: "Masuk", exact: true }).click();
      await alert.waitFor({ state: "visible" });
      expect(await alert.innerText()).toContain(`Buka di ${server.origin}`);
      expect(await page.getByTestId("toast").count()).toBe(0);
      await screenshot(page, "origin-warning-id-phone");

      // The link leads to the right address, where no banner is shown.
      await banner.getByRole("link").click();
      await page.waitForURL(`${server.origin}/auth`);
      await page.waitForSelector("[data-island=auth-panel][data-hydrated]");
      expect(await page.locator("#origin-warning").count()).toBe(0);

      const warnings = server.logs.filter((line) => line.includes("this page was opened at"));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: "warn", openedAt: wrong, appOrigin: server.origin });
    } finally {
      await browser.close();
    }
  });
});
