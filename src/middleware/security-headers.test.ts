import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { createTestApp, type TestApp } from "../testing/test-app";
import { securityHeaders } from "./security-headers";

// argon2id hashing is slow on a busy machine: a timed-out test would leak requests into the next one.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("security headers", () => {
  it("gives an HTML page a CSP whose fresh nonce is the one on its scripts", async () => {
    const first = await t.request("GET", "/auth");
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) expect(csp).toContain(directive);
    expect(csp).not.toContain("'unsafe-inline' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await first.text();
    const scriptNonces = [...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((match) => match[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    for (const value of scriptNonces) expect(value).toBe(nonce!);
    // Inline scripts without a nonce would be blocked: every executable script carries it.
    const executable = [...html.matchAll(/<script(?![^>]*type="application\/json")[^>]*>/g)];
    for (const [tag] of executable) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await t.request("GET", "/auth");
    expect(/'nonce-([^']+)'/.exec(second.headers.get("Content-Security-Policy") ?? "")?.[1]).not.toBe(nonce);
    expect(first.headers.get("X-Frame-Options")).toBe("DENY");
    expect(first.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends nosniff on pages, JSON, redirects and errors", async () => {
    const responses = [
      await t.request("GET", "/"),
      await t.request("GET", "/healthz"),
      await t.request("GET", "/api/auth/user"),
      await t.request("GET", "/api/logout"),
      await t.request("GET", "/api/no-such-route"),
      await t.request("POST", "/api/auth/login", { headers: { Origin: "https://evil.example" } }),
    ];
    for (const response of responses) expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(responses[1]!.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("adds HSTS only when the app is served over https", async () => {
    expect((await t.request("GET", "/healthz")).headers.get("Strict-Transport-Security")).toBeNull();
    const https = await createTestApp({ env: { APP_ORIGIN: "https://kasih.example" } });
    try {
      expect((await https.app.request("/healthz")).headers.get("Strict-Transport-Security")).toContain("max-age=");
    } finally {
      await https.close();
    }
  });

  it("also marks a response whose headers are immutable (a copy is made)", async () => {
    const app = new Hono<AppEnv>().use(securityHeaders({ isHttps: false })).get("/away", () => Response.redirect("http://localhost:3000/", 302));
    const response = await app.request("/away");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("http://localhost:3000/");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
