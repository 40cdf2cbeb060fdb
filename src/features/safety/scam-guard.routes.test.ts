import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember } from "../discovery/discovery.test-support";

setDefaultTimeout(30_000);

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("the scam guard in a chat", () => {
  it("marks a money request and a push to WhatsApp for the receiver, and leaves ordinary messages alone", async () => {
    const [him, her] = [await createMember(app, { gender: "male", firstName: "Budi" }), await createMember(app, { firstName: "Sari" })];
    const matchId = await matchUsers(app, him, her);
    for (const content of ["Selamat pagi, tadi ibadah di gereja?", "Sayang, bisa tolong tf 500rb dulu? Nanti aku ganti", "Chat di wa aja yuk"]) {
      expect((await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: him.cookie, body: { content } })).status).toBe(201);
    }
    const history = (await (await app.request("GET", `/api/matches/${matchId}/messages`, { cookie: her.cookie })).json()) as { content: string; caution: string | null }[];
    expect(history.map((message) => message.caution)).toEqual([null, "money", "off_platform"]);
  });
});
