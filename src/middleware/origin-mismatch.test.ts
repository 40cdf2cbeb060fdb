/**
 * A page opened at an address other than APP_ORIGIN (127.0.0.1, a LAN address): the request is
 * still refused by the Origin check, but the page, the API's message and the log say why and
 * where to go instead.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createTestApp, TEST_ORIGIN } from "../testing/test-app";
import { logLinesOf } from "../platform/log";
import { parseWrongOriginMessage, wrongOriginMessage } from "../platform/wrong-origin";
import { translateMessage } from "../../islands/runtime/messages";
import { createTranslator } from "../../islands/runtime/translate";
import en from "../i18n/en.json";
import id from "../i18n/id.json";

let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A distinct address per test: the log warns once per address for the process's life. */
let port = 41000;
const otherOrigin = () => `http://127.0.0.1:${port++}`;

const signIn = (origin: string) => app.request("POST", "/api/auth/login", { body: { email: "nobody@example.com", password: "whatever-it-is" }, headers: { Origin: origin } });

describe("a page opened at another address than APP_ORIGIN", () => {
  it("refuses sign-in with a message naming both addresses", async () => {
    const opened = otherOrigin();
    const response = await signIn(opened);
    expect(response.status).toBe(403);
    const body = (await response.json()) as { message: string };
    expect(body.message).toBe(`This page was opened at ${opened}, but this server's address is ${TEST_ORIGIN} (APP_ORIGIN). Open it at ${TEST_ORIGIN}`);
  });

  it("keeps the plain refusal for an Origin that is no web address", async () => {
    for (const origin of ["null", "chrome-extension://abc", "http://x/path"]) {
      const response = await signIn(origin);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "Forbidden" });
    }
  });

  it("still lets a call from APP_ORIGIN through (to the session check, here)", async () => {
    const language = (origin: string) => app.request("PATCH", "/api/auth/language", { body: { language: "id" }, headers: { Origin: origin } });
    expect((await language(TEST_ORIGIN)).status).toBe(401);
    expect((await language(otherOrigin())).status).toBe(403);
  });

  it("logs the two addresses once, not on every refused request", async () => {
    const opened = otherOrigin();
    const lines = await logLinesOf(async () => {
      for (let i = 0; i < 3; i++) expect((await signIn(opened)).status).toBe(403);
      expect((await app.request("GET", "/auth", { headers: { Host: new URL(opened).host } })).status).toBe(200);
    });
    const warnings = lines.filter((line) => line.level === "warn" && String(line.msg).startsWith("this page was opened at"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toStartWith(`this page was opened at ${opened}; APP_ORIGIN is ${TEST_ORIGIN}`);
    expect(warnings[0]).toMatchObject({ openedAt: opened, appOrigin: TEST_ORIGIN });
  });

  it("shows the explanation on the page, with a link to the same page at APP_ORIGIN, in English and Indonesian", async () => {
    const opened = otherOrigin();
    const host = new URL(opened).host;
    const english = await (await app.request("GET", "/auth?tab=register", { headers: { Host: host } })).text();
    expect(english).toContain('id="origin-warning"');
    expect(english).toContain(`This page was opened at ${opened}, but this server&#x27;s address is ${TEST_ORIGIN} (APP_ORIGIN).`);
    expect(english).toContain(`<a href="${TEST_ORIGIN}/auth?tab=register">Open it at ${TEST_ORIGIN}</a>`);
    const indonesian = await (await app.request("GET", "/", { headers: { Host: host, Cookie: "app-language=id" } })).text();
    expect(indonesian).toContain(`Halaman ini dibuka di ${opened}, padahal alamat server ini ${TEST_ORIGIN} (APP_ORIGIN).`);
    expect(indonesian).toContain(`Buka di ${TEST_ORIGIN}`);
  });

  it("shows nothing at APP_ORIGIN's own host, or without a Host header", async () => {
    for (const headers of [{ Host: new URL(TEST_ORIGIN).host }, {} as Record<string, string>]) {
      const html = await (await app.request("GET", "/auth", { headers })).text();
      expect(html).not.toContain("origin-warning");
    }
  });

  it("behind a trusted proxy, judges by the forwarded host and scheme", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "true", APP_ORIGIN: "https://kasih.example.org" } });
    try {
      const right = await (await proxied.request("GET", "/auth", { headers: { Host: "127.0.0.1:3000", "X-Forwarded-Host": "kasih.example.org", "X-Forwarded-Proto": "https" } })).text();
      expect(right).not.toContain("origin-warning");
      const wrong = await (await proxied.request("GET", "/auth", { headers: { Host: "127.0.0.1:3000", "X-Forwarded-Host": "www.kasih.example.org", "X-Forwarded-Proto": "https" } })).text();
      expect(wrong).toContain("This page was opened at https://www.kasih.example.org, but");
    } finally {
      await proxied.close();
    }
  });

  it("is shown by the islands in the member's language", () => {
    const message = wrongOriginMessage("http://192.168.1.20:3000", "http://localhost:3000");
    expect(parseWrongOriginMessage(message)).toEqual({ opened: "http://192.168.1.20:3000", appOrigin: "http://localhost:3000" });
    expect(translateMessage(createTranslator("en", en), message)).toBe(message);
    expect(translateMessage(createTranslator("id", id), message)).toBe("Halaman ini dibuka di http://192.168.1.20:3000, padahal alamat server ini http://localhost:3000 (APP_ORIGIN). Buka di http://localhost:3000");
  });
});
