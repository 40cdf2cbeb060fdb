/**
 * `kasih demo` on an empty DATA_DIR: the printed sign-ins work and the generated photos are real
 * JPEGs that Chromium decodes (the encoder is our own, so the browser is the judge).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openBrowser, screenshot, type Browser } from "./support/browser";
import { signInContext } from "./support/accounts";
import { startServer, type RunningServer } from "./support/server";

const PASSWORD = "kasih-demo-2026";
const ACCOUNTS = ["demo@kasih.app", "demo.sarah@kasih.app", "premium@kasih.app", "admin@kasih.app"];

async function signIn(origin: string, email: string) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((value) => value.includes("kasih_session="))!.split(";")[0]!;
  const user = await (await fetch(`${origin}/api/auth/user`, { headers: { Cookie: cookie } })).json();
  return { cookie, user };
}

describe("kasih demo", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ command: "demo" });
    browser = await openBrowser({ viewport: { width: 1280, height: 800 } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test("every printed demo sign-in works and has a complete profile with photos", async () => {
    for (const email of ACCOUNTS) {
      const { user } = await signIn(server.origin, email);
      expect(user.email).toBe(email);
      expect(user.hasPhoto).toBe(true);
      expect(user.profile.photos.length).toBeGreaterThanOrEqual(2);
    }
    expect((await signIn(server.origin, "premium@kasih.app")).user.plan).toBe("premium_plus");
    expect((await signIn(server.origin, "admin@kasih.app")).user.isAdmin).toBe(true);
  });

  test("the demo photos are served and decoded by the browser at their stored size", async () => {
    const { cookie, user } = await signIn(server.origin, "demo@kasih.app");
    const photos: string[] = [...user.profile.photos];
    for (const email of ACCOUNTS.slice(1)) photos.push(...(await signIn(server.origin, email)).user.profile.photos);
    await signInContext(browser.context, server.origin, { cookie });
    const { page } = browser;
    const first = await page.goto(`${server.origin}${photos[0]}`);
    expect(first?.headers()["content-type"]).toBe("image/jpeg");
    const sizes = await page.evaluate(async (urls) => {
      document.body.innerHTML = "";
      document.body.style.cssText = "margin:0;background:#222;display:flex;flex-wrap:wrap;gap:4px";
      return Promise.all(
        urls.map(async (url) => {
          const image = new Image();
          image.src = url;
          image.style.width = "200px";
          document.body.append(image);
          try {
            await image.decode();
            return `${image.naturalWidth}x${image.naturalHeight}`;
          } catch {
            return "undecodable";
          }
        }),
      );
    }, photos);
    expect(sizes.length).toBe(photos.length);
    for (const size of sizes) expect(size).toBe("400x500");
    await screenshot(page, "demo-photos");
  });
});
