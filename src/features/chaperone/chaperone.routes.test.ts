import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { chaperoneInvitations, chaperoneShares, messages, users } from "../../../db/schema";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { waitForMailsWithLink } from "../../testing/outbox";
import { createMember } from "../discovery/discovery.test-support";
import { deleteAccount } from "../account/delete-account";
import { CHAPERONE_CALLS } from "./chaperone-fence";

setDefaultTimeout(30_000);

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

const PASSWORD = "a long family password";

/** The token of the newest invitation mail to `email` (quoted-printable undone). */
async function invitationToken(email: string, count = 1): Promise<string> {
  const mails = await waitForMailsWithLink(app.dataDir, "/chaperone/accept", count);
  const mail = mails.findLast((raw) => raw.includes(`To: ${email}`))!;
  const match = /\/chaperone\/accept\?token=([a-z0-9]+)/.exec(mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
  return match![1]!;
}

async function invite(member: { cookie: string }, email: string) {
  return app.request("POST", "/api/chaperone/invite", { cookie: member.cookie, body: { email } });
}

/** Invites and accepts as a new chaperone; returns the chaperone's cookie and id. */
async function chaperoneFor(member: { cookie: string }, email = "ibu@example.com", count = 1) {
  expect((await invite(member, email)).status).toBe(201);
  const token = await invitationToken(email, count);
  const accepted = await app.request("POST", "/api/chaperone/accept", { body: { token, password: PASSWORD, firstName: "Ibu Ruth" } });
  expect(accepted.status).toBe(200);
  expect(await accepted.json()).toEqual({ role: "chaperone", isNewUser: false });
  const [row] = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { cookie: sessionCookieFrom(accepted), id: row!.id, email };
}

/** Daniel (the member), Maria (his match) and a second match, Sarah. */
async function pair() {
  const daniel = await createMember(app, { firstName: "Daniel", gender: "male" });
  const maria = await createMember(app, { firstName: "Maria" });
  const sarah = await createMember(app, { firstName: "Sarah" });
  const matchId = await matchUsers(app, daniel, maria);
  const otherMatchId = await matchUsers(app, daniel, sarah);
  return { daniel, maria, sarah, matchId, otherMatchId };
}

async function say(from: { cookie: string }, matchId: string, content: string) {
  const response = await app.request("POST", `/api/matches/${matchId}/messages`, { cookie: from.cookie, body: { content } });
  expect(response.status).toBe(201);
  app.clock.advance(1000);
}

async function chaperoneReads(chaperone: { cookie: string }, matchId: string) {
  return app.request("GET", `/api/chaperone/matches/${matchId}/messages`, { cookie: chaperone.cookie });
}

async function share(member: { cookie: string }, matchId: string, shared: boolean) {
  return app.request("PUT", `/api/matches/${matchId}/chaperone`, { cookie: member.cookie, body: { shared } });
}

describe("inviting", () => {
  test("201 and a mail in the member's language with the link; the status shows in GET /api/chaperone", async () => {
    const { daniel } = await pair();
    await app.deps.db.update(users).set({ language: "id" }).where(eq(users.id, daniel.id));
    const response = await invite(daniel, "Ibu@Example.com");
    expect(response.status).toBe(201);
    expect((await response.json()).chaperone).toMatchObject({ email: "ibu@example.com", status: "pending", acceptedAt: null });
    const [mail] = await waitForMailsWithLink(app.dataDir, "/chaperone/accept", 1);
    expect(mail).toContain("To: ibu@example.com");
    const unfolded = mail!.replace(/=\r?\n/g, "");
    expect(unfolded).toMatch(/Subject: =\?UTF-8\?|Subject: Daniel mengundang Anda/);
    expect(unfolded).toContain("pendamping");
    const status = await (await app.request("GET", "/api/chaperone", { cookie: daniel.cookie })).json();
    expect(status.chaperone).toMatchObject({ email: "ibu@example.com", status: "pending" });
  });

  test("the member's own address is 409, a bad address 400, and nothing is stored", async () => {
    const { daniel } = await pair();
    expect((await invite(daniel, `${daniel.id}@example.com`)).status).toBe(409);
    expect((await invite(daniel, "not an address")).status).toBe(400);
    expect(await app.deps.db.select().from(chaperoneInvitations)).toHaveLength(0);
  });

  test("a used, replaced or week-old link opens nothing", async () => {
    const { daniel } = await pair();
    await invite(daniel, "ibu@example.com");
    const old = await invitationToken("ibu@example.com");
    app.clock.advance(7 * 24 * 60 * 60_000 + 1);
    expect((await app.request("POST", "/api/chaperone/accept", { body: { token: old, password: PASSWORD, firstName: "Ruth" } })).status).toBe(404);
    expect((await app.request("GET", `/chaperone/accept?token=${old}`)).status).toBe(404);
    await invite(daniel, "bapak@example.com");
    const fresh = await invitationToken("bapak@example.com", 2);
    expect((await app.request("POST", "/api/chaperone/accept", { body: { token: fresh, password: PASSWORD, firstName: "Yohanes" } })).status).toBe(200);
    expect((await app.request("POST", "/api/chaperone/accept", { body: { token: fresh, password: PASSWORD, firstName: "Yohanes" } })).status).toBe(404);
  });

  test("an address with a member's account cannot accept (409) and keeps its account as it was", async () => {
    const { daniel, maria } = await pair();
    await invite(daniel, `${maria.id}@example.com`);
    const token = await invitationToken(`${maria.id}@example.com`);
    const response = await app.request("POST", "/api/chaperone/accept", { body: { token, password: PASSWORD, firstName: "Maria" } });
    expect(response.status).toBe(409);
    const [row] = await app.deps.db.select({ role: users.role }).from(users).where(eq(users.id, maria.id));
    expect(row!.role).toBe("member");
  });
});

describe("the chaperone account", () => {
  test("role chaperone, isNewUser false, signs in with email and password, no profile and never on a deck", async () => {
    const { daniel, maria } = await pair();
    const chaperone = await chaperoneFor(daniel);
    const me = await (await app.request("GET", "/api/auth/user", { cookie: chaperone.cookie })).json();
    expect(me).toMatchObject({ role: "chaperone", isNewUser: false, isAdmin: false, profile: null, firstName: "Ibu Ruth" });
    const login = await app.request("POST", "/api/auth/login", { body: { email: chaperone.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ isNewUser: false });
    // Maria's deck: never the chaperone (no profile, and a chaperone is no candidate).
    const deck = await (await app.request("GET", "/api/discovery", { cookie: maria.cookie })).json();
    expect(JSON.stringify(deck)).not.toContain(chaperone.id);
  });

  test("member pages send a chaperone to /chaperone; the home lists the member and the matches' profiles", async () => {
    const { daniel } = await pair();
    const chaperone = await chaperoneFor(daniel);
    for (const path of ["/", "/swipe", "/matches", "/settings", "/profile"]) {
      const response = await app.request("GET", path, { cookie: chaperone.cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/chaperone");
    }
    const home = await app.request("GET", "/chaperone", { cookie: chaperone.cookie });
    const html = await home.text();
    expect(html).toContain("Daniel");
    expect(html).toContain("Maria");
    expect(html).toContain("Sarah");
    // A member opening /chaperone goes home.
    expect((await app.request("GET", "/chaperone", { cookie: daniel.cookie })).status).toBe(302);
  });

  test("accepting through the page's form signs in and lands on /chaperone", async () => {
    const { daniel } = await pair();
    await invite(daniel, "ibu@example.com");
    const token = await invitationToken("ibu@example.com");
    const page = await (await app.request("GET", `/chaperone/accept?token=${token}`)).text();
    expect(page).toContain('name="password"');
    const weak = await app.app.request("/chaperone/accept", { method: "POST", headers: { Origin: "http://localhost:3000", "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token, firstName: "Ruth", password: "short" }) });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("form-error");
    const response = await app.app.request("/chaperone/accept", { method: "POST", headers: { Origin: "http://localhost:3000", "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token, firstName: "Ruth", password: PASSWORD }) });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/chaperone");
    expect((await app.request("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) })).status).toBe(200);
  });

  test("one person chaperones two members: the second invitation is accepted with the same account's password", async () => {
    const { daniel } = await pair();
    const yosef = await createMember(app, { firstName: "Yosef", gender: "male" });
    const chaperone = await chaperoneFor(daniel);
    await invite(yosef, chaperone.email);
    const token = await invitationToken(chaperone.email, 2);
    expect((await app.request("POST", "/api/chaperone/accept", { body: { token, password: "wrong wrong wrong" } })).status).toBe(401);
    expect((await app.request("POST", "/api/chaperone/accept", { body: { token, password: PASSWORD } })).status).toBe(200);
    const overview = await (await app.request("GET", "/api/chaperone/matches", { cookie: chaperone.cookie })).json();
    expect(overview.members.map((member: { firstName: string }) => member.firstName).sort()).toEqual(["Daniel", "Yosef"]);
    expect(await app.deps.db.select().from(users).where(eq(users.email, chaperone.email))).toHaveLength(1);

    // Daniel removes them: their sessions end, the account stays for Yosef, Daniel's matches go.
    expect((await app.request("DELETE", "/api/chaperone", { cookie: daniel.cookie })).status).toBe(200);
    expect((await app.request("GET", "/api/chaperone/matches", { cookie: chaperone.cookie })).status).toBe(401);
    const again = await app.request("POST", "/api/auth/login", { body: { email: chaperone.email, password: PASSWORD } });
    const after = await (await app.request("GET", "/api/chaperone/matches", { cookie: sessionCookieFrom(again) })).json();
    expect(after.members.map((member: { firstName: string }) => member.firstName)).toEqual(["Yosef"]);
    expect(after.matches).toHaveLength(0);
    // Yosef removes them too: the account is deleted.
    expect((await app.request("DELETE", "/api/chaperone", { cookie: yosef.cookie })).status).toBe(200);
    expect(await app.deps.db.select().from(users).where(eq(users.email, chaperone.email))).toHaveLength(0);
    expect((await app.request("DELETE", "/api/chaperone", { cookie: yosef.cookie })).status).toBe(404);
  });

  test("wrong passwords on an invitation are limited across the API and the page's form", async () => {
    const { daniel } = await pair();
    const yosef = await createMember(app, { firstName: "Yosef", gender: "male" });
    const chaperone = await chaperoneFor(daniel);
    await invite(yosef, chaperone.email);
    const token = await invitationToken(chaperone.email, 2);
    for (let i = 0; i < 10; i++) expect((await app.request("POST", "/api/chaperone/accept", { body: { token, password: `wrong guess ${i}` } })).status).toBe(401);
    expect((await app.request("POST", "/api/chaperone/accept", { body: { token, password: PASSWORD } })).status).toBe(429);
    const form = await app.app.request("/chaperone/accept", { method: "POST", headers: { Origin: "http://localhost:3000", "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token, password: PASSWORD }) });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("Too many attempts");
    app.clock.advance(15 * 60_000 + 1);
    expect((await app.request("POST", "/api/chaperone/accept", { body: { token, password: PASSWORD } })).status).toBe(200);
  });

  test("a new invitation replaces the old one and ends its access at once", async () => {
    const { daniel, matchId } = await pair();
    const first = await chaperoneFor(daniel);
    expect((await share(daniel, matchId, true)).status).toBe(200);
    expect((await invite(daniel, "pastor@example.com")).status).toBe(201);
    expect((await chaperoneReads(first, matchId)).status).toBe(401);
    expect(await app.deps.db.select().from(users).where(eq(users.id, first.id))).toHaveLength(0);
    const status = await (await app.request("GET", "/api/chaperone", { cookie: daniel.cookie })).json();
    expect(status.chaperone).toMatchObject({ email: "pastor@example.com", status: "pending" });
    // The share ended with that chaperone: the matches say nobody reads.
    const list = await (await app.request("GET", "/api/matches", { cookie: daniel.cookie })).json();
    expect(list.find((entry: { id: string }) => entry.id === matchId).chaperoneCanRead).toBe(false);
  });
});

describe("sharing a match", () => {
  test("the chaperone reads only messages from the moment of sharing, only for shared matches; the notice is no message", async () => {
    const { daniel, maria, matchId, otherMatchId } = await pair();
    const chaperone = await chaperoneFor(daniel);
    await say(daniel, matchId, "Before: a private word");
    await say(maria, matchId, "Before: her answer");
    expect((await chaperoneReads(chaperone, matchId)).status).toBe(404);

    const shared = await share(daniel, matchId, true);
    expect(shared.status).toBe(200);
    expect(await shared.json()).toMatchObject({ matchId, shared: true });
    app.clock.advance(1000);
    await say(maria, matchId, "After: hello to your family");
    await say(daniel, matchId, "After: they say hello");

    const read = await chaperoneReads(chaperone, matchId);
    expect(read.status).toBe(200);
    const body = await read.json();
    expect(body.messages.map((message: { content: string }) => message.content)).toEqual(["After: hello to your family", "After: they say hello"]);
    expect(body.member).toEqual({ id: daniel.id, firstName: "Daniel" });
    expect(body.other).toEqual({ id: maria.id, firstName: "Maria" });
    // Not shared: 404, as is a match that is not the member's.
    expect((await chaperoneReads(chaperone, otherMatchId)).status).toBe(404);
    expect((await chaperoneReads(chaperone, "nosuchmatch")).status).toBe(404);

    // Both members' lists say so; the notice is not a message: Maria's unread and last message are the messages'.
    for (const member of [daniel, maria]) {
      const list = await (await app.request("GET", "/api/matches", { cookie: member.cookie })).json();
      const entry = list.find((item: { id: string }) => item.id === matchId);
      expect(entry.chaperoneCanRead).toBe(true);
      expect(entry.lastMessage.content).toBe("After: they say hello");
    }
    const danielList = await (await app.request("GET", "/api/matches", { cookie: daniel.cookie })).json();
    expect(danielList.find((item: { id: string }) => item.id === otherMatchId).chaperoneCanRead).toBe(false);
    const mariaList = await (await app.request("GET", "/api/matches", { cookie: maria.cookie })).json();
    expect(mariaList.find((item: { id: string }) => item.id === matchId).unreadCount).toBe(2);
    const history = await (await app.request("GET", `/api/matches/${matchId}/messages`, { cookie: maria.cookie })).json();
    expect(history).toHaveLength(4);
    // Maria's chat page draws the notice line in her language's words.
    const page = await (await app.request("GET", `/chat/${matchId}`, { cookie: maria.cookie })).text();
    expect(page).toContain("chaperone-notice");
  });

  test("unsharing ends access at once; sharing again shows only what follows", async () => {
    const { daniel, maria, matchId } = await pair();
    const chaperone = await chaperoneFor(daniel);
    await share(daniel, matchId, true);
    app.clock.advance(1000);
    await say(maria, matchId, "First period");
    expect((await share(daniel, matchId, false)).status).toBe(200);
    expect((await chaperoneReads(chaperone, matchId)).status).toBe(404);
    await say(maria, matchId, "While unshared");
    const list = await (await app.request("GET", "/api/matches", { cookie: maria.cookie })).json();
    expect(list.find((item: { id: string }) => item.id === matchId).chaperoneCanRead).toBe(false);

    expect((await share(daniel, matchId, true)).status).toBe(200);
    app.clock.advance(1000);
    await say(maria, matchId, "Second period");
    const body = await (await chaperoneReads(chaperone, matchId)).json();
    expect(body.messages.map((message: { content: string }) => message.content)).toEqual(["Second period"]);
    // Two periods stored, so Maria's chat has two notices and one "no longer".
    expect(await app.deps.db.select().from(chaperoneShares).where(eq(chaperoneShares.matchId, matchId))).toHaveLength(2);
  });

  test("sharing needs an accepted chaperone (409) and the member's own match (404); bad bodies 400", async () => {
    const { daniel, maria, sarah, matchId } = await pair();
    expect((await share(daniel, matchId, true)).status).toBe(409);
    await invite(daniel, "ibu@example.com");
    expect((await share(daniel, matchId, true)).status).toBe(409);
    await invitationToken("ibu@example.com");
    const unrelated = await matchUsers(app, maria, sarah);
    expect((await share(daniel, unrelated, true)).status).toBe(404);
    expect((await app.request("PUT", `/api/matches/${matchId}/chaperone`, { cookie: daniel.cookie, body: { shared: "yes" } })).status).toBe(400);
    expect(await app.deps.db.select().from(chaperoneShares)).toHaveLength(0);
  });

  test("the other member may unmatch: the chaperone's access goes with the match", async () => {
    const { daniel, maria, matchId } = await pair();
    const chaperone = await chaperoneFor(daniel);
    await share(daniel, matchId, true);
    expect((await app.request("POST", `/api/matches/${matchId}/unmatch`, { cookie: maria.cookie })).status).toBe(200);
    expect((await chaperoneReads(chaperone, matchId)).status).toBe(404);
  });

  test("removing the chaperone ends access at once, with their sessions", async () => {
    const { daniel, matchId } = await pair();
    const chaperone = await chaperoneFor(daniel);
    await share(daniel, matchId, true);
    expect((await chaperoneReads(chaperone, matchId)).status).toBe(200);
    expect((await app.request("DELETE", "/api/chaperone", { cookie: daniel.cookie })).status).toBe(200);
    expect((await chaperoneReads(chaperone, matchId)).status).toBe(401);
    expect(await app.deps.db.select().from(users).where(eq(users.id, chaperone.id))).toHaveLength(0);
    expect((await app.request("POST", "/api/auth/login", { body: { email: chaperone.email, password: PASSWORD } })).status).toBe(401);
  });
});

describe("a chaperone can never write, call or see anything else", () => {
  test("every /api route answers a chaperone's session 403 except the chaperone's few calls", async () => {
    const { daniel, matchId } = await pair();
    const chaperone = await chaperoneFor(daniel);
    const seen = new Set<string>();
    const routes = app.app.routes
      .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
      .map((route) => ({ method: route.method, path: route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, matchId) }))
      .filter((route) => !seen.has(`${route.method} ${route.path}`) && seen.add(`${route.method} ${route.path}`));
    expect(routes.length).toBeGreaterThan(100);
    const allowed = (method: string, path: string) => CHAPERONE_CALLS.some(([m, pattern]) => m === method && pattern.test(path));
    const refusedCalls: string[] = [];
    for (const route of routes) {
      // Logging out and deleting the account would end this session: checked apart below.
      if (route.path === "/api/logout" || (route.method === "DELETE" && route.path === "/api/account")) continue;
      const response = await app.request(route.method, route.path, { cookie: chaperone.cookie, body: route.method === "GET" ? undefined : {} });
      if (allowed(route.method, route.path)) expect(response.status, `${route.method} ${route.path}`).not.toBe(403);
      else {
        expect(response.status, `${route.method} ${route.path}`).toBe(403);
        refusedCalls.push(`${route.method} ${route.path}`);
      }
    }
    // The ones that matter most are among them.
    for (const call of ["POST /api/swipe", `POST /api/matches/${matchId}/messages`, `GET /api/matches/${matchId}/messages`, "GET /api/matches", "GET /api/discovery", "GET /api/admin/stats", "PUT /api/profile", "GET /api/account/export"]) {
      if (routes.some((route) => `${route.method} ${route.path}` === call)) expect(refusedCalls).toContain(call);
    }
    // An unknown /api path too: the fence stands before any route.
    expect((await app.request("POST", "/api/nothing/here", { cookie: chaperone.cookie, body: {} })).status).toBe(403);
    // Nothing was written by those calls: no message, no share.
    expect(await app.deps.db.select().from(messages)).toHaveLength(0);
    // Signing out still works.
    expect((await app.request("GET", "/api/logout", { cookie: chaperone.cookie })).status).toBe(302);
    expect((await app.request("GET", "/api/auth/user", { cookie: chaperone.cookie })).status).toBe(401);
  });

  test("a member's calls on the chaperone routes are 403", async () => {
    const { daniel, matchId } = await pair();
    expect((await app.request("GET", "/api/chaperone/matches", { cookie: daniel.cookie })).status).toBe(403);
    expect((await chaperoneReads(daniel, matchId)).status).toBe(403);
  });

  test("/ws refuses a chaperone's session in the handshake", async () => {
    const { daniel } = await pair();
    const chaperone = await chaperoneFor(daniel);
    const response = await app.app.request("/ws", { headers: { Origin: "http://localhost:3000", Cookie: chaperone.cookie, Upgrade: "websocket" } });
    expect(response.status).toBe(403);
    // A member gets past the check (to the upgrade, unavailable under app.request).
    const member = await app.app.request("/ws", { headers: { Origin: "http://localhost:3000", Cookie: daniel.cookie, Upgrade: "websocket" } });
    expect(member.status).not.toBe(403);
  });
});

describe("data rights", () => {
  test("the export has the chaperone section; deleting the member removes it and the chaperone's account", async () => {
    const { daniel, matchId } = await pair();
    const chaperone = await chaperoneFor(daniel);
    await share(daniel, matchId, true);
    const zip = await app.request("GET", "/api/account/export", { cookie: daniel.cookie });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const section = JSON.parse(strFromU8(files["chaperone.json"]!));
    expect(section.invitations).toEqual([expect.objectContaining({ email: chaperone.email, status: "accepted" })]);
    expect(section.shares).toEqual([expect.objectContaining({ matchId, unsharedAt: null })]);

    expect(await deleteAccount(app.deps, daniel.id)).not.toBeNull();
    expect(await app.deps.db.select().from(chaperoneInvitations)).toHaveLength(0);
    expect(await app.deps.db.select().from(chaperoneShares)).toHaveLength(0);
    expect(await app.deps.db.select().from(users).where(eq(users.id, chaperone.id))).toHaveLength(0);
    expect((await app.request("GET", "/api/auth/user", { cookie: chaperone.cookie })).status).toBe(401);
  });

  test("a chaperone deleting their own account ends what they accepted", async () => {
    const { daniel, matchId } = await pair();
    const chaperone = await chaperoneFor(daniel);
    await share(daniel, matchId, true);
    expect(await deleteAccount(app.deps, chaperone.id)).not.toBeNull();
    const status = await (await app.request("GET", "/api/chaperone", { cookie: daniel.cookie })).json();
    expect(status.chaperone).toBeNull();
    const list = await (await app.request("GET", "/api/matches", { cookie: daniel.cookie })).json();
    expect(list.find((item: { id: string }) => item.id === matchId).chaperoneCanRead).toBe(false);
  });
});
