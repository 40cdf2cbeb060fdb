import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { SMALL_BODY_BYTES } from "./body-limits";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const big = "x".repeat(SMALL_BODY_BYTES + 1);

describe("request body limits", () => {
  it("refuses an oversized anonymous sign-in by its Content-Length, before reading it, with a {message}", async () => {
    const response = await app.app.request("/api/auth/login", { method: "POST", headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", "Content-Length": String(45 * 1024 * 1024) }, body: "{}" });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request body too large" });
  });

  it("counts a streamed body without a Content-Length and stops at the limit", async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 4 * SMALL_BODY_BYTES) return controller.close();
        sent += 16 * 1024;
        controller.enqueue(new TextEncoder().encode("a".repeat(16 * 1024)));
      },
    });
    const response = await app.app.request("/api/auth/register", { method: "POST", headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "Request body too large" });
  });

  it("applies to every small route, signed in or not, and leaves ordinary bodies alone", async () => {
    for (const path of ["/api/auth/register", "/api/auth/forgot-password", "/api/reports", "/api/matches/x/messages", "/api/payment/create"]) {
      const response = await app.request("POST", path, { body: big });
      expect(response.status).toBe(413);
    }
    expect((await app.request("POST", "/api/auth/login", { body: { email: "a@example.com", password: "wrong password here" } })).status).toBe(401);
  });

  it("lets the photo routes take their own, larger limits", async () => {
    const member = await app.registerUser();
    const response = await app.request("PATCH", "/api/auth/profile-picture", { cookie: member.cookie, body: JSON.stringify({ imageUrl: `data:image/png;base64,${"A".repeat(200 * 1024)}` }) });
    expect(response.status).not.toBe(413);
  });
});
