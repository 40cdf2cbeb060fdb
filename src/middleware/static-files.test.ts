import { describe, expect, it } from "bun:test";
import { Hono } from "hono";
import { join } from "node:path";
import type { AppEnv } from "../app-env";
import { contentTypeFor, type AssetStore } from "../views/assets";
import { securityHeaders } from "./security-headers";
import { STATIC_PAGE_CSP, staticFileRoutes } from "./static-files";

const publicDir = join(import.meta.dir, "..", "..", "public");

/** The real public/ folder behind the real middleware pair, as createApp orders them. */
function appServingPublic() {
  const assets: AssetStore = {
    manifest: { entries: {}, css: [] },
    asset: () => null,
    publicFile: (path) => ({ body: Bun.file(join(publicDir, path)), contentType: contentTypeFor(path) }),
  };
  const app = new Hono<AppEnv>();
  app.use(securityHeaders({ isHttps: false }));
  app.route("/", staticFileRoutes(assets));
  app.get("/page", (c) => c.html("<!doctype html><p>page</p>"));
  return app;
}

describe("GET /create-facebook-icon.html", () => {
  it("is served with the static-page policy that allows only same-origin script files", async () => {
    const response = await appServingPublic().request("/create-facebook-icon.html");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Security-Policy")).toBe(STATIC_PAGE_CSP);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    const html = await response.text();
    // No inline script: the only script is the generator's own file.
    expect([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual(['<script src="/create-facebook-icon.js">']);
  });

  it("serves the generator's script as JavaScript", async () => {
    const response = await appServingPublic().request("/create-facebook-icon.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/javascript");
    expect(await response.text()).toContain("toBlob");
  });

  it("leaves the nonce policy of rendered pages as it was", async () => {
    const response = await appServingPublic().request("/page");
    expect(response.headers.get("Content-Security-Policy")).toContain("'strict-dynamic'");
  });
});
