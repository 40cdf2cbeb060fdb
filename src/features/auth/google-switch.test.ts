import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { settingsTestApp } from "../admin/settings/settings.test-support";

setDefaultTimeout(30_000);

// ADMIN.md: google_auth gates the Google button and /api/auth/google, effective at once.
let app: Awaited<ReturnType<typeof settingsTestApp>>;
beforeAll(async () => {
  app = await settingsTestApp({
    env: { GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "test-google-secret", FACEBOOK_CLIENT_ID: "1234567890", FACEBOOK_CLIENT_SECRET: "test-facebook-secret" },
  });
});
afterAll(() => app.close());

// The page's HTML (its islands' copy, which names every button, is a script of its own).
const authPage = async () => (await app.request("GET", "/auth")).text();
const setGoogle = async (on: boolean) => expect((await app.asAdmin("POST", "/api/admin/settings/google_auth", { value: on })).status).toBe(200);

describe("the google_auth switch", () => {
  it("on (the default): /auth shows 'Continue with Google' and /api/auth/google sends the browser to Google", async () => {
    expect(await authPage()).toContain('data-provider="google"');
    const start = await app.request("GET", "/api/auth/google");
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toStartWith("https://accounts.google.com/");
  });

  it("off: /auth has no Google button (Facebook stays) and /api/auth/google and its callback answer 404", async () => {
    await setGoogle(false);
    const page = await authPage();
    expect(page).not.toContain('data-provider="google"');
    expect(page).not.toContain("Continue with Google");
    expect(page).toContain('data-provider="facebook"');
    for (const path of ["/api/auth/google", "/api/auth/google/callback?code=x&state=y"]) {
      const response = await app.request("GET", path);
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, status: 404, body: { message: "Not found" } });
    }
  });

  it("on again: the button and the route come back without a restart", async () => {
    await setGoogle(true);
    expect(await authPage()).toContain('data-provider="google"');
    expect((await app.request("GET", "/api/auth/google")).status).toBe(302);
  });
});

describe("the sign-in screen for members", () => {
  it("shows a provider's button only when it is configured, and no developer test page without any; the phone option is always offered, 'Or' between it and the email tabs", async () => {
    const bare = await settingsTestApp();
    try {
      const html = await (await bare.request("GET", "/auth")).text();
      expect(html).not.toContain("data-provider=");
      expect(html).toContain("Continue with phone number");
      expect(html.match(/class="divider"/g)).toHaveLength(1);
      expect(html).not.toContain('href="/firebase-test"');
      expect(html).toContain('id="tab-signin"');
    } finally {
      await bare.close();
    }
    const page = await authPage();
    expect(page).toContain('class="divider"');
    expect(page).not.toContain('href="/firebase-test"');
  });
});
