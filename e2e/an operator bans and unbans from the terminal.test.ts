/**
 * `kasih user ban` runs in its own process while the server keeps serving: the server must see
 * the write at once (its session read cache follows the database's WAL, decision 0074), refuse
 * the old cookie and the sign-in, and let the person back in after `kasih user unban`.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createAccount } from "./support/accounts";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("an operator at the terminal", () => {
  it("bans an account: the running server refuses its session and sign-in at once; unban lets it back", async () => {
    const account = await createAccount(server.origin);
    const me = () => fetch(`${server.origin}/api/auth/user`, { headers: { Cookie: account.cookie } });
    const login = () =>
      fetch(`${server.origin}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.origin },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
    // Twice, so the second answer comes from the server's session cache.
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);

    expect(await server.cli(["user", "ban", account.email, "Asked", "members", "for", "money"])).toContain("is banned; 1 session(s) ended.");
    expect((await me()).status).toBe(401);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "Your account has been suspended: Asked members for money" });

    expect(await server.cli(["user", "unban", account.email])).toContain("may sign in again.");
    expect((await login()).status).toBe(200);
  });
});
