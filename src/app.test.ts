import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { logLinesOf } from "./platform/log";
import { sessionIdFromToken } from "./features/auth/session";
import { createTestApp, type TestApp } from "./testing/test-app";

// argon2id hashing is slow on a busy machine: a timed-out test would leak requests into the next one.
setDefaultTimeout(60_000);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("GET /healthz", () => {
  it("answers ok once migrations have run", async () => {
    const response = await t.request("GET", "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

describe("GET /.well-known/assetlinks.json (the Android app as a Trusted Web Activity)", () => {
  it("names the configured package and signing certificate, and is 404 without them", async () => {
    expect((await t.request("GET", "/.well-known/assetlinks.json")).status).toBe(404);
    const configured = await createTestApp({ env: { ANDROID_PACKAGE_NAME: "app.kasih.android", ANDROID_SHA256_FINGERPRINT: "AB:CD:EF" } });
    try {
      const response = await configured.request("GET", "/.well-known/assetlinks.json");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        { relation: ["delegate_permission/common.handle_all_urls"], target: { namespace: "android_app", package_name: "app.kasih.android", sha256_cert_fingerprints: ["AB:CD:EF"] } },
      ]);
    } finally {
      await configured.close();
    }
  });
});

describe("errors", () => {
  it("answers an unknown API path with a JSON 404", async () => {
    const response = await t.request("GET", "/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found" });
  });

  it("answers a failure inside a request with a 500 that carries no stack trace or detail", async () => {
    const user = await t.registerUser();
    let response: Response | undefined;
    const lines = await logLinesOf(async () => {
      t.deps.dbClient.close(); // the database goes away under a signed-in request
      response = await t.request("GET", "/api/auth/user", { cookie: user.cookie });
    });
    expect(response!.status).toBe(500);
    const text = await response!.text();
    expect(JSON.parse(text)).toEqual({ message: "Internal server error" });
    expect(text).not.toMatch(/\bat \/|\.tsx?:\d|stack|libsql|sqlite|SQLITE_/i);
    // The operator still sees what happened, under the id the response carries.
    const failure = lines.find((line) => line.msg === "request failed with an exception")!;
    expect(failure.err).toBeDefined();
    expect(failure.requestId).toBe(response!.headers.get("X-Request-Id")!);
    // The failed query's values (here the session id) are not in the log.
    expect(JSON.stringify(lines)).not.toContain(sessionIdFromToken(user.cookie.split("=")[1]!));
    expect(JSON.stringify(lines)).toContain("params: [redacted]");
  });
});
