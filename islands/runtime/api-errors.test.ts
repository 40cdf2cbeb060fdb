import { afterEach, describe, expect, it, spyOn } from "bun:test";
import { errorFromResponse, isServerFailure } from "./api";

/** What errorFromResponse writes to the console (docs/decisions/0139): failures only, not expected answers. */
describe("API answers in the browser console", () => {
  const consoleError = spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => consoleError.mockClear());

  const answer = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "application/json" } });

  it("keeps a 4xx (wrong password, limit reached, conflict) out of the console, and still turns it into the error the screen shows", async () => {
    for (const [status, message] of [
      [401, "Invalid email or password"],
      [429, "Daily like limit reached"],
      [409, "Email already registered"],
      [403, "Forbidden"],
    ] as const) {
      const error = await errorFromResponse(answer(status, JSON.stringify({ message })));
      expect([error.status, error.message]).toEqual([status, message]);
    }
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("writes a 5xx, and an HTML page where JSON was expected, as errors", async () => {
    const failure = await errorFromResponse(answer(500, JSON.stringify({ message: "Internal server error" })));
    expect(failure.status).toBe(500);
    await errorFromResponse(new Response("<!doctype html><p>proxy</p>", { status: 404 }));
    expect(consoleError).toHaveBeenCalledTimes(2);
  });

  it("counts only 5xx as a server failure", () => {
    expect([399, 400, 404, 409, 429, 499, 500, 502, 503].map(isServerFailure)).toEqual([false, false, false, false, false, false, true, true, true]);
  });
});
