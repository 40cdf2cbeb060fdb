/**
 * /api/docs (docs/decisions/0119): the document as a page served by Kasih itself, readable in both
 * languages, and within the pages' CSP: no script without the response's nonce, nothing loaded
 * from another origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import en from "../../i18n/en.json";
import id from "../../i18n/id.json";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const page = (language?: "en" | "id") => t.request("GET", "/api/docs", language === undefined ? {} : { headers: { Cookie: `app-language=${language}` } });

describe("GET /api/docs", () => {
  it("renders under the CSP: every script carries the fresh nonce, and no address leaves the server", async () => {
    const response = await page();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toStartWith("text/html");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response.text();
    // Inline or not, a script without the nonce would be blocked: each one has it.
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/json")[^>]*>/g)].map(([tag]) => tag);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // No inline event handlers or javascript: links either.
    expect(html).not.toMatch(/\son[a-z]+="/i);
    expect(html).not.toContain("javascript:");
    // Every src and href is on this server (a path) or an in-page anchor: no CDN, works offline.
    const addresses = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1]!);
    expect(addresses.length).toBeGreaterThan(10);
    for (const address of addresses) expect({ address, local: /^(\/(?!\/)|#)/.test(address) || address.startsWith("mailto:") }).toEqual({ address, local: true });
  });

  it("shows the calls grouped by area with their parameters, bodies and responses", async () => {
    const html = await (await page("en")).text();
    expect(html).toContain(en.apiDocs.title);
    // Areas, and a call of each kind.
    for (const tag of ["Auth", "Discover", "Chat", "Admin"]) expect(html).toContain(`id="tag-${tag.toLowerCase()}"`);
    expect(html).toContain('id="post--api-swipe"');
    // POST /api/swipe's body fields from its zod schema.
    const swipe = html.slice(html.indexOf('id="post--api-swipe"'), html.indexOf("</article>", html.indexOf('id="post--api-swipe"')));
    for (const field of ["swipedId", "isLike", "isSuperLike", "application/json", "429"]) expect(swipe).toContain(field);
    // A query parameter with its bounds, and the document to download.
    expect(html).toContain("/api/openapi.json");
    expect(html).toContain(en.apiDocs.parameters);
    expect(html).toContain("Origin header equal to APP_ORIGIN");
  });

  it("speaks Indonesian for its own texts when the visitor chose it", async () => {
    const html = await (await page("id")).text();
    expect(html).toContain('lang="id"');
    for (const text of [id.apiDocs.title, id.apiDocs.responses, id.apiDocs.requestBody, id.apiDocs.access.member]) expect(html).toContain(text);
    expect(html).not.toContain(`>${en.apiDocs.responses}<`);
  });
});
