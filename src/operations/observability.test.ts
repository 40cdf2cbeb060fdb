import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { AddressRateGate } from "../middleware/api-rate";
import { logLinesOf } from "../platform/log";
import { createTestApp, type TestApp } from "../testing/test-app";

// argon2id hashing is slow on a busy machine.
setDefaultTimeout(60_000);

const METRICS_TOKEN = "a-metrics-token-for-the-tests";
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
});
afterEach(() => t.close());

describe("request ids", () => {
  it("gives every response an X-Request-Id, keeps a caller's plain one, and replaces anything else", async () => {
    const own = await t.request("GET", "/api/auth/user");
    expect(own.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const another = await t.request("GET", "/healthz");
    expect(another.headers.get("X-Request-Id")).not.toBe(own.headers.get("X-Request-Id"));
    const kept = await t.request("GET", "/healthz", { headers: { "X-Request-Id": "nginx-4f2a9c0d11" } });
    expect(kept.headers.get("X-Request-Id")).toBe("nginx-4f2a9c0d11");
    for (const bad of ["short", "has spaces in it", "x".repeat(200), 'quote"injection-1234']) {
      const replaced = await t.request("GET", "/healthz", { headers: { "X-Request-Id": bad } });
      expect(replaced.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("logs", () => {
  it("writes JSON lines with the request id, the route pattern and the status, and never a password, cookie or token", async () => {
    const user = await t.registerUser({ email: "logs@example.com", password: "correct horse battery" });
    const token = user.cookie.split("=")[1]!;
    let signIn: Response | undefined;
    const lines = await logLinesOf(async () => {
      signIn = await t.request("POST", "/api/auth/login", { body: { email: "logs@example.com", password: "correct horse battery" } });
      await t.request("GET", `/api/matches/${"m".repeat(26)}/messages`, { cookie: user.cookie });
      await t.request("GET", "/verify-email?token=a-secret-verification-token");
      await t.request("GET", "/api/no-such-call/secret-in-path");
    }, "info");
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests.map((line) => [line.method, line.route, line.status])).toEqual([
      ["POST", "/api/auth/login", 200],
      ["GET", "/api/matches/:matchId/messages", 404],
      ["GET", "/verify-email", 400],
      ["GET", "(none)", 404],
    ]);
    expect(requests[0]!.requestId).toBe(signIn!.headers.get("X-Request-Id")!);
    for (const line of requests) expect(typeof line.ms).toBe("number");
    const text = JSON.stringify(lines);
    for (const secret of ["correct horse battery", token, "a-secret-verification-token", "kasih_session", "secret-in-path"]) expect(text).not.toContain(secret);
  });
});

describe("GET /metrics", () => {
  it("is refused without the token from anywhere but the machine itself, and answers Prometheus text with it", async () => {
    expect((await t.request("GET", "/metrics")).status).toBe(403);
    expect((await t.request("GET", "/metrics", { headers: { Authorization: "Bearer wrong-token-of-some-length" } })).status).toBe(403);
    const user = await t.registerUser();
    await t.request("GET", "/api/auth/user", { cookie: user.cookie });
    await t.request("GET", `/api/matches/${"q".repeat(26)}/messages`, { cookie: user.cookie });
    const response = await t.request("GET", "/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/kasih_http_requests_total\{method="GET",route="\/api\/auth\/user",status="200"\} \d+/);
    expect(text).toMatch(/kasih_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/matches\/:matchId\/messages"\} \d+/);
    expect(text).not.toContain("qqqq");
    for (const name of ["kasih_nodejs_eventloop_lag_p99_seconds", "kasih_process_resident_memory_bytes", "kasih_websocket_connections", "kasih_messages_delivered_total", "kasih_swipes_total", "kasih_matches_total", "kasih_payments", "kasih_db_query_duration_seconds"]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
  });

  it("is not opened by a token when none is configured", async () => {
    const open = await createTestApp();
    try {
      expect((await open.request("GET", "/metrics", { headers: { Authorization: "Bearer undefined" } })).status).toBe(403);
    } finally {
      await open.close();
    }
  });
});

describe("the API's flood guard per address", () => {
  it("lets a burst through, refuses the rest with a retry time, refills over time, and keeps addresses apart", () => {
    let now = 0;
    const gate = new AddressRateGate(50, 200, () => now);
    let allowed = 0;
    for (let i = 0; i < 1000; i++) if (gate.allow("203.0.113.9")) allowed++;
    expect(allowed).toBe(200);
    expect(gate.retryAfterSeconds("203.0.113.9")).toBe(1);
    expect(gate.allow("198.51.100.4")).toBe(true);
    now += 1000; // one second refills 50
    allowed = 0;
    for (let i = 0; i < 100; i++) if (gate.allow("203.0.113.9")) allowed++;
    expect(allowed).toBe(50);
    // Requests with no connection (app.request() in tests) are not counted; a rate of 0 is no guard.
    for (let i = 0; i < 500; i++) expect(gate.allow("unknown")).toBe(true);
    const off = new AddressRateGate(0);
    for (let i = 0; i < 500; i++) expect(off.allow("203.0.113.9")).toBe(true);
  });
});
