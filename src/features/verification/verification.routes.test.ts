import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { adminActions, photoVerifications, users } from "../../../db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { outboxMessages } from "../../testing/outbox";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember } from "../discovery/discovery.test-support";
import { hollowJpeg, jpegWithGps, GPS_SECRET } from "../profile/photos/test-images";
import { deleteAccount } from "../account/delete-account";
import { POSES } from "./poses";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

const selfiesOnDisk = () => (existsSync(join(app.dataDir, "selfies")) ? readdirSync(join(app.dataDir, "selfies")) : []);

function sendSelfie(cookie: string, bytes: Uint8Array) {
  return app.app.request("/api/verification/selfie", { method: "POST", headers: { Origin: TEST_ORIGIN, Cookie: cookie, "Content-Type": "image/jpeg" }, body: Buffer.from(bytes) });
}

async function submitted(member: { cookie: string }) {
  const started = await app.request("POST", "/api/verification/start", { cookie: member.cookie });
  expect(started.status).toBe(201);
  const sent = await sendSelfie(member.cookie, jpegWithGps(480, 640));
  expect(sent.status).toBe(201);
  const [row] = await app.deps.db.select().from(photoVerifications).where(eq(photoVerifications.status, "pending"));
  return row!;
}

describe("the member's verification", () => {
  test("start draws a pose from the set; a live selfie goes to the queue as pixels only", async () => {
    const maria = await createMember(app, { firstName: "Maria" });
    expect(await (await app.request("GET", "/api/verification", { cookie: maria.cookie })).json()).toEqual({ status: "none" });
    const started = await (await app.request("POST", "/api/verification/start", { cookie: maria.cookie })).json();
    expect(started.status).toBe("started");
    expect(POSES).toContain(started.pose);
    const sent = await sendSelfie(maria.cookie, jpegWithGps(480, 640));
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ status: "pending" });
    const [file] = selfiesOnDisk();
    expect(file).toMatch(/^[a-z2-7]{26}\.webp$/);
    expect(Buffer.from(await Bun.file(join(app.dataDir, "selfies", file!)).arrayBuffer()).includes(GPS_SECRET)).toBe(false);
    // Waiting: no second selfie and no new pose.
    expect((await app.request("POST", "/api/verification/start", { cookie: maria.cookie })).status).toBe(409);
    expect((await sendSelfie(maria.cookie, jpegWithGps())).status).toBe(409);
  });

  test("a selfie without a started pose, a file that is not a picture, and a member without a photo are refused", async () => {
    const maria = await createMember(app);
    expect((await sendSelfie(maria.cookie, jpegWithGps())).status).toBe(409);
    await app.request("POST", "/api/verification/start", { cookie: maria.cookie });
    const hollow = await sendSelfie(maria.cookie, hollowJpeg());
    expect(hollow.status).toBe(415);
    expect(selfiesOnDisk()).toHaveLength(0);
    const noPhoto = await createMember(app, { photo: false });
    const refused = await app.request("POST", "/api/verification/start", { cookie: noPhoto.cookie });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Add a profile photo first" });
  });

  test("the selfie is never reachable by members: not under /uploads, and the admin route refuses them", async () => {
    const maria = await createMember(app);
    const row = await submitted(maria);
    expect((await app.request("GET", `/uploads/${row.selfieFile}`, { cookie: maria.cookie })).status).toBe(404);
    expect((await app.request("GET", `/api/admin/verifications/${row.id}/selfie`, { cookie: maria.cookie })).status).toBe(403);
  });
});

describe("the admin's decision", () => {
  test("approve: the badge shows on the member's card in another member's deck, the selfie is deleted, the member is mailed", async () => {
    const admin = await createMember(app, { firstName: "Ada", isAdmin: true });
    const maria = await createMember(app, { firstName: "Maria", gender: "female" });
    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    const row = await submitted(maria);
    const queue = await (await app.request("GET", "/api/admin/verifications", { cookie: admin.cookie })).json();
    expect(queue).toMatchObject({ total: 1, verifications: [{ id: row.id, user: { id: maria.id, firstName: "Maria" }, pose: row.pose }] });
    const selfie = await app.request("GET", `/api/admin/verifications/${row.id}/selfie`, { cookie: admin.cookie });
    expect(selfie.status).toBe(200);
    expect(selfie.headers.get("Cache-Control")).toBe("no-store");

    const decided = await app.request("POST", `/api/admin/verifications/${row.id}`, { cookie: admin.cookie, body: { decision: "approve" } });
    expect(decided.status).toBe(200);
    expect(selfiesOnDisk()).toHaveLength(0);
    const card = ((await (await app.request("GET", "/api/discovery", { cookie: budi.cookie })).json()) as { id: string; verified: boolean }[]).find((c) => c.id === maria.id);
    expect(card?.verified).toBe(true);
    expect(await (await app.request("GET", "/api/verification", { cookie: maria.cookie })).json()).toMatchObject({ status: "approved" });
    expect((await app.deps.db.select().from(adminActions))[0]).toMatchObject({ action: "verification_approve", targetUserId: maria.id });
    const [account] = await app.deps.db.select().from(users).where(eq(users.id, maria.id));
    const mail = outboxMessages(app.dataDir).find((raw) => raw.includes(`To: ${account!.email}`));
    expect(mail).toContain("You're verified on Kasih");
    // A second decision on the same selfie is refused and changes nothing.
    expect((await app.request("POST", `/api/admin/verifications/${row.id}`, { cookie: admin.cookie, body: { decision: "reject", reason: "unclear_photo" } })).status).toBe(409);
    expect(await app.deps.db.select().from(adminActions)).toHaveLength(1);
  });

  test("reject: the reason is mailed in the member's language, no badge, and the member may try again with a new pose", async () => {
    const admin = await createMember(app, { isAdmin: true });
    const maria = await createMember(app, { firstName: "Maria" });
    await app.deps.db.update(users).set({ language: "id" }).where(eq(users.id, maria.id));
    const row = await submitted(maria);
    const refused = await app.request("POST", `/api/admin/verifications/${row.id}`, { cookie: admin.cookie, body: { decision: "reject" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Please choose a reason" });
    expect((await app.request("POST", `/api/admin/verifications/${row.id}`, { cookie: admin.cookie, body: { decision: "reject", reason: "pose_mismatch" } })).status).toBe(200);
    expect(selfiesOnDisk()).toHaveLength(0);
    const [mail] = outboxMessages(app.dataDir);
    expect(mail).toContain("Verifikasi Kasih-mu");
    expect(await (await app.request("GET", "/api/verification", { cookie: maria.cookie })).json()).toEqual({ status: "rejected", reason: "pose_mismatch" });
    const [account] = await app.deps.db.select().from(users).where(eq(users.id, maria.id));
    expect(account!.photoVerifiedAt).toBeNull();
    expect((await app.request("POST", "/api/verification/start", { cookie: maria.cookie })).status).toBe(201);
  });

  test("the verified-only setting limits Discover to verified people; the chat header shows the badge", async () => {
    const admin = await createMember(app, { isAdmin: true });
    const maria = await createMember(app, { firstName: "Maria", gender: "female" });
    const sari = await createMember(app, { firstName: "Sari", gender: "female" });
    const budi = await createMember(app, { firstName: "Budi", gender: "male" });
    const row = await submitted(maria);
    await app.request("POST", `/api/admin/verifications/${row.id}`, { cookie: admin.cookie, body: { decision: "approve" } });
    const deck = async () => ((await (await app.request("GET", "/api/discovery", { cookie: budi.cookie })).json()) as { id: string }[]).map((c) => c.id);
    expect(await deck()).toEqual(expect.arrayContaining([maria.id, sari.id]));
    await app.request("PATCH", "/api/settings", { cookie: budi.cookie, body: { verifiedOnly: true } });
    expect(await deck()).toEqual([maria.id]);
    const matchId = await matchUsers(app, maria, budi);
    expect(await (await app.request("GET", `/chat/${matchId}`, { cookie: budi.cookie })).text()).toContain('"verified":true');
  });

  test("deleting the account removes a waiting selfie's file too", async () => {
    const maria = await createMember(app);
    await submitted(maria);
    expect(selfiesOnDisk()).toHaveLength(1);
    await deleteAccount(app.deps, maria.id);
    expect(selfiesOnDisk()).toHaveLength(0);
  });
});
