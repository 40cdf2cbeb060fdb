import { describe, expect, it } from "bun:test";
import { createTestApp } from "../../testing/test-app";
import { sameOriginUrl } from "./firebase-client-config";

describe("sameOriginUrl (token sync, spec point 7)", () => {
  it("keeps a path or an absolute URL on our origin and drops any other origin", () => {
    expect(sameOriginUrl("/api/token-sync", "https://kasih.example")).toBe("/api/token-sync");
    expect(sameOriginUrl("https://kasih.example/sync?x=1", "https://kasih.example")).toBe("/sync?x=1");
    expect(sameOriginUrl("https://evil.example/sync", "https://kasih.example")).toBeUndefined();
    expect(sameOriginUrl("//evil.example/sync", "https://kasih.example")).toBeUndefined();
    expect(sameOriginUrl(undefined, "https://kasih.example")).toBeUndefined();
  });
});

describe("GET /auth", () => {
  it("ships no hosted-identity configuration and no extra CSP origins when Firebase is not configured", async () => {
    const t = await createTestApp();
    try {
      const response = await t.request("GET", "/auth");
      const html = await response.text();
      expect(html).toContain('"firebase":null');
      expect(response.headers.get("Content-Security-Policy")).not.toContain("firebaseapp.com");
    } finally {
      await t.close();
    }
  });

  it("ships the public web configuration and allows the popup's origins when Firebase is configured", async () => {
    const t = await createTestApp({ env: { FIREBASE_PROJECT_ID: "kasih-prod", FIREBASE_API_KEY: "AIza-test", FIREBASE_APP_ID: "1:2:web:3", FIREBASE_TOKEN_SYNC_URL: "https://evil.example/steal" } });
    try {
      const response = await t.request("GET", "/auth");
      const html = await response.text();
      expect(html).toContain('"firebase":{"apiKey":"AIza-test","authDomain":"kasih-prod.firebaseapp.com","projectId":"kasih-prod","appId":"1:2:web:3"}');
      // A cross-origin token-sync URL is never handed to the browser.
      expect(html).not.toContain("evil.example");
      const csp = response.headers.get("Content-Security-Policy")!;
      expect(csp).toContain("frame-src 'self' https://kasih-prod.firebaseapp.com");
      expect(csp).toContain("https://identitytoolkit.googleapis.com");
    } finally {
      await t.close();
    }
  });
});

describe("the token-sync URL on signed-in pages (sign-out DELETE, spec point 7)", () => {
  const firebase = { FIREBASE_PROJECT_ID: "kasih-prod", FIREBASE_API_KEY: "AIza-test", FIREBASE_APP_ID: "1:2:web:3" };

  it("is named on a signed-in page, so its sign-out links tell it, and never on a signed-out one", async () => {
    const t = await createTestApp({ env: { ...firebase, FIREBASE_TOKEN_SYNC_URL: "/token-sync" } });
    try {
      const user = await t.registerUser();
      const signedIn = await (await t.request("GET", "/edit-profile", { cookie: user.cookie })).text();
      expect(signedIn).toContain('<meta name="token-sync-url" content="/token-sync"/>');
      expect(await (await t.request("GET", "/auth")).text()).not.toContain("token-sync-url");
    } finally {
      await t.close();
    }
  });

  it("without a sync URL, a signed-in page still says hosted sign-in is on, so sign-out clears it", async () => {
    const t = await createTestApp({ env: firebase });
    try {
      const user = await t.registerUser();
      const html = await (await t.request("GET", "/edit-profile", { cookie: user.cookie })).text();
      expect(html).toContain('<meta name="hosted-sign-in" content="firebase"/>');
      expect(html).not.toContain("token-sync-url");
    } finally {
      await t.close();
    }
  });

  it("is never named when it points at another origin", async () => {
    const t = await createTestApp({ env: { ...firebase, FIREBASE_TOKEN_SYNC_URL: "https://evil.example/steal" } });
    try {
      const user = await t.registerUser();
      const html = await (await t.request("GET", "/edit-profile", { cookie: user.cookie })).text();
      expect(html).not.toContain("token-sync-url");
      expect(html).not.toContain("evil.example");
    } finally {
      await t.close();
    }
  });
});
