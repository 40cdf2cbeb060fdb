/**
 * Web push against a local push service that speaks the real protocol (RFC 8030): it checks the
 * VAPID signature (RFC 8292) with the server's public key and decrypts the aes128gcm payload
 * (RFC 8291) with the browser's keys, as Chrome's or Firefox's push service and browser would.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { importJWK, jwtVerify } from "jose";
// web-push's own dependency, the reference implementation of the encrypted content coding.
import ece from "http_ece";
import { pushSubscriptions, users } from "../../../db/schema";
import { EventBus } from "../../platform/events";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember } from "../discovery/discovery.test-support";
import { startPushNotifier } from "./push-notifier";
import { pushTo } from "./push.service";

interface Received {
  path: string;
  headers: Headers;
  body: Buffer;
}

const received: Received[] = [];
let service: ReturnType<typeof Bun.serve>;
let t: TestApp;

/** A certificate for 127.0.0.1 from a one-off authority, as a self-hosted push service would have. */
function testCertificate(dir: string) {
  const run = (args: string[]) => {
    const result = Bun.spawnSync(["openssl", ...args], { cwd: dir, stderr: "pipe" });
    if (result.exitCode !== 0) throw new Error(`openssl ${args[0]}: ${result.stderr.toString()}`);
  };
  run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=Kasih test push service", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", "key.pem", "-out", "cert.pem"]);
  return { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8"), caFile: join(dir, "cert.pem") };
}

let certificateDir: string;
beforeAll(async () => {
  certificateDir = mkdtempSync(join(tmpdir(), "kasih-push-"));
  const certificate = testCertificate(certificateDir);
  service = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    tls: { key: certificate.key, cert: certificate.cert },
    async fetch(request) {
      const path = new URL(request.url).pathname;
      received.push({ path, headers: request.headers, body: Buffer.from(await request.arrayBuffer()) });
      // A browser that unsubscribed: the push service answers 410 Gone.
      return new Response(null, { status: path.startsWith("/gone") ? 410 : 201 });
    },
  });
  t = await createTestApp({ env: { PUSH_SERVICE_HOSTS: `127.0.0.1:${service.port}`, PUSH_SERVICE_CA: certificate.caFile } });
});
afterAll(async () => {
  await t.close();
  service.stop(true);
  rmSync(certificateDir, { recursive: true, force: true });
});

/** A browser's push keys, as PushSubscription.toJSON() gives them. */
function browserKeys(): { ecdh: ECDH; auth: Buffer; json: { p256dh: string; auth: string } } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
}

async function subscribe(cookie: string, path: string) {
  const keys = browserKeys();
  const endpoint = `https://127.0.0.1:${service.port}${path}`;
  const response = await t.request("POST", "/api/push/subscriptions", { cookie, body: { endpoint, keys: keys.json, expirationTime: null } });
  expect(response.status).toBe(201);
  return { ...keys, endpoint };
}

async function nextPush(path: string, timeoutMs = 5000): Promise<Received> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const index = received.findIndex((entry) => entry.path === path);
    if (index !== -1) return received.splice(index, 1)[0]!;
    await Bun.sleep(20);
  }
  throw new Error(`no push reached ${path}`);
}

/** What the browser would do: check the sender, then decrypt. */
async function open(push: Received, keys: { ecdh: ECDH; auth: Buffer }) {
  const authorization = push.headers.get("authorization") ?? "";
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  const point = Buffer.from(k!, "base64url");
  const key = await importJWK({ kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") }, "ES256");
  const { payload: claims } = await jwtVerify(jwt!, key);
  expect(claims.aud).toBe(`https://127.0.0.1:${service.port}`);
  expect(claims.sub).toBe("mailto:support@localhost");
  expect(push.headers.get("content-encoding")).toBe("aes128gcm");
  const plain = ece.decrypt(push.body, { version: "aes128gcm", privateKey: keys.ecdh, authSecret: keys.auth });
  return { payload: JSON.parse(plain.toString("utf8")), ttl: Number(push.headers.get("ttl")), urgency: push.headers.get("urgency"), publicKey: k };
}

describe("web push", () => {
  test("a message reaches the recipient's browser signed with the server's key, encrypted for that browser, and titled with the sender's name", async () => {
    const ana = await createMember(t, { firstName: "Ana" });
    const budi = await createMember(t, { firstName: "Budi", gender: "male" });
    const matchId = await matchUsers(t, ana, budi);
    const device = await subscribe(budi.cookie, "/sub/budi");
    const key = (await (await t.request("GET", "/api/push/key", { cookie: budi.cookie })).json()).publicKey;

    expect((await t.request("POST", `/api/matches/${matchId}/messages`, { cookie: ana.cookie, body: { content: "Shalom Budi! Ibadah Minggu ini di mana?" } })).status).toBe(201);
    const opened = await open(await nextPush("/sub/budi"), device);
    expect(opened.publicKey).toBe(key);
    expect(opened.payload).toEqual({ kind: "message", title: "Ana", body: "Shalom Budi! Ibadah Minggu ini di mana?", url: `/chat/${matchId}`, tag: `chat-${matchId}` });
    expect(opened.ttl).toBe(86400);
    const [row] = await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row!.lastSentAt).not.toBeNull();
  });

  test("a match and a call arrive in the member's own language; a call is urgent and short-lived", async () => {
    const ana = await createMember(t, { firstName: "Ana" });
    const yosua = await createMember(t, { firstName: "Yosua", gender: "male" });
    await t.deps.db.update(users).set({ language: "id" }).where(eq(users.id, yosua.id));
    const device = await subscribe(yosua.cookie, "/sub/yosua");
    const matchId = await matchUsers(t, ana, yosua);
    t.deps.events.emit("match.created", { matchId, userIds: [ana.id, yosua.id] });
    expect((await open(await nextPush("/sub/yosua"), device)).payload).toMatchObject({ kind: "match", title: "Kalian cocok!", body: "Kamu dan Ana saling menyukai.", url: `/chat/${matchId}` });
    t.deps.events.emit("call.ringing", { matchId, callerId: ana.id, callerName: "Ana", calleeId: yosua.id, callType: "video" });
    const call = await open(await nextPush("/sub/yosua"), device);
    expect(call.payload).toMatchObject({ kind: "call", title: "Ana menelepon", body: "Panggilan video" });
    expect(call.urgency).toBe("high");
    expect(call.ttl).toBe(45);
  });

  test("the member's notification settings are followed, and a browser the push service says is gone is forgotten", async () => {
    const ana = await createMember(t, { firstName: "Ana" });
    const budi = await createMember(t, { firstName: "Budi", gender: "male" });
    const matchId = await matchUsers(t, ana, budi);
    await subscribe(budi.cookie, "/gone/budi");
    expect((await t.request("PATCH", "/api/settings", { cookie: budi.cookie, body: { notifications: { messages: false } } })).status).toBe(200);
    expect(await pushTo(t.deps, budi.id, { kind: "message", matchId, fromName: "Ana", text: "Halo" })).toBe(0);
    expect(await pushTo(t.deps, budi.id, { kind: "call", matchId, fromName: "Ana", callType: "voice" })).toBe(0);
    expect(received.filter((entry) => entry.path === "/gone/budi")).toEqual([]);
    // New matches are still on: the push service answers 410 and the subscription goes.
    expect(await pushTo(t.deps, budi.id, { kind: "match", matchId, withName: "Ana" })).toBe(0);
    await nextPush("/gone/budi");
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, budi.id))).toEqual([]);
  });

  test("a member with a page open gets no push (the page shows it live)", async () => {
    const ana = await createMember(t, { firstName: "Ana" });
    const budi = await createMember(t, { firstName: "Budi", gender: "male" });
    const matchId = await matchUsers(t, ana, budi);
    await subscribe(budi.cookie, "/sub/online");
    const events = new EventBus();
    const stop = startPushNotifier({ ...t.deps, events }, (userId) => userId === budi.id);
    events.emit("message.sent", { matchId, senderId: ana.id, senderName: "Ana", recipientId: budi.id, text: "Halo" });
    await Bun.sleep(300);
    expect(received.filter((entry) => entry.path === "/sub/online")).toEqual([]);
    stop();
  });

  test("a subscription must point at a push service over https: anything else is refused and nothing is stored", async () => {
    const member = await createMember(t, { firstName: "Maria" });
    const keys = browserKeys().json;
    for (const endpoint of ["http://169.254.169.254/latest/meta-data", "https://evil.example/push", `https://user:pw@127.0.0.1:${service.port}/x`, `http://127.0.0.1:${service.port}/plain`]) {
      const response = await t.request("POST", "/api/push/subscriptions", { cookie: member.cookie, body: { endpoint, keys } });
      expect({ endpoint, status: response.status, body: await response.json() }).toEqual({ endpoint, status: 400, body: { message: "This push service is not supported" } });
    }
    const bad = await t.request("POST", "/api/push/subscriptions", { cookie: member.cookie, body: { endpoint: `https://127.0.0.1:${service.port}/x`, keys: { p256dh: "short", auth: keys.auth } } });
    expect(bad.status).toBe(400);
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))).toEqual([]);
    expect((await t.request("POST", "/api/push/subscriptions", { body: { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys } })).status).toBe(401);

    // The default list: the browsers' push services, https only.
    const production = await createTestApp();
    try {
      const someone = await createMember(production, { firstName: "Sarah" });
      const fcm = await production.request("POST", "/api/push/subscriptions", { cookie: someone.cookie, body: { endpoint: "https://fcm.googleapis.com/fcm/send/abc:def", keys } });
      expect(fcm.status).toBe(201);
      const mozilla = await production.request("POST", "/api/push/subscriptions", { cookie: someone.cookie, body: { endpoint: "https://updates.push.services.mozilla.com/wpush/v2/abc", keys } });
      expect(mozilla.status).toBe(201);
      const plain = await production.request("POST", "/api/push/subscriptions", { cookie: someone.cookie, body: { endpoint: "http://fcm.googleapis.com/fcm/send/x", keys } });
      expect(plain.status).toBe(400);
      // Turning push off on a device removes its subscription.
      expect((await production.request("DELETE", "/api/push/subscriptions", { cookie: someone.cookie, body: { endpoint: "https://fcm.googleapis.com/fcm/send/abc:def" } })).status).toBe(200);
      expect((await production.request("DELETE", "/api/push/subscriptions", { cookie: someone.cookie, body: { endpoint: "https://fcm.googleapis.com/fcm/send/abc:def" } })).status).toBe(404);
    } finally {
      await production.close();
    }
  });

  test("the VAPID key pair is generated once into the data directory's secrets and kept", async () => {
    const member = await createMember(t, { firstName: "Maria" });
    const first = (await (await t.request("GET", "/api/push/key", { cookie: member.cookie })).json()).publicKey;
    expect(Buffer.from(first, "base64url").length).toBe(65);
    expect(existsSync(join(t.dataDir, "secrets", "vapid-private.key"))).toBe(true);
    expect((await (await t.request("GET", "/api/push/key", { cookie: member.cookie })).json()).publicKey).toBe(first);
    expect((await t.request("GET", "/api/push/key")).status).toBe(401);
  });
  test("a member holds at most 10 subscriptions: the 11th replaces the oldest, and the newest still receive pushes", async () => {
    const member = await createMember(t, { firstName: "Ruth" });
    const paths = Array.from({ length: 11 }, (_, i) => `/cap/${member.id}/${i}`);
    const browsers = [];
    for (const path of paths) browsers.push(await subscribe(member.cookie, path));
    const kept = await t.deps.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id));
    expect(kept.map((row) => row.endpoint).sort()).toEqual(browsers.slice(1).map((b) => b.endpoint).sort());
    // Re-subscribing a device it already has does not count twice.
    await subscribe(member.cookie, paths[5]!);
    expect((await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))).length).toBe(10);
    const [ana, budi] = [await createMember(t, { firstName: "Ana" }), member];
    const matchId = await matchUsers(t, ana, budi);
    expect(await pushTo(t.deps, budi.id, { kind: "match", matchId, withName: "Ana" })).toBe(10);
    received.splice(0, received.length);
  });

  test("an endpoint another member registered is not moved to the caller: 409, and pushes still go to its owner", async () => {
    const owner = await createMember(t, { firstName: "Lydia" });
    const thief = await createMember(t, { firstName: "Simon" });
    const browser = await subscribe(owner.cookie, `/owned/${owner.id}`);
    const other = browserKeys();
    const taken = await t.request("POST", "/api/push/subscriptions", { cookie: thief.cookie, body: { endpoint: browser.endpoint, keys: other.json } });
    expect({ status: taken.status, body: await taken.json() }).toEqual({ status: 409, body: { message: "This push subscription belongs to another account" } });
    const rows = await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(rows.map((row) => ({ userId: row.userId, p256dh: row.p256dh }))).toEqual([{ userId: owner.id, p256dh: browser.json.p256dh }]);
    // Neither can the caller unsubscribe it.
    expect((await t.request("DELETE", "/api/push/subscriptions", { cookie: thief.cookie, body: { endpoint: browser.endpoint } })).status).toBe(404);
    const matchId = await matchUsers(t, thief, owner);
    expect(await pushTo(t.deps, owner.id, { kind: "match", matchId, withName: "Simon" })).toBe(1);
    const push = await nextPush(`/owned/${owner.id}`);
    expect((await open(push, browser)).payload.kind).toBe("match");
  });
  test("an urgent report reaches the staff's subscribed browsers in their language, whatever their message settings", async () => {
    const admin = await createMember(t, { isAdmin: true, firstName: "Dewi" });
    await t.deps.db.update(users).set({ language: "id", notifications: { newMatches: false, messages: false, likes: false, emailUpdates: false } }).where(eq(users.id, admin.id));
    const browser = await subscribe(admin.cookie, `/staff/${admin.id}`);
    const reporter = await createMember(t, { gender: "male", firstName: "Maria" });
    const reported = await createMember(t, { firstName: "Yosef" });
    const filed = await t.request("POST", "/api/reports", { cookie: reporter.cookie, body: { reportedUserId: reported.id, reason: "underage" } });
    const { id } = (await filed.json()) as { id: string };
    const { payload, ttl } = await open(await nextPush(`/staff/${admin.id}`), browser);
    expect(payload).toEqual({ kind: "report", title: "Laporan mendesak", body: "Di bawah 18 tahun", url: `/admin/moderation?status=pending&report=${id}`, tag: `report-${id}` });
    expect(ttl).toBe(24 * 60 * 60);
  });
});
