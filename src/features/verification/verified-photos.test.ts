/**
 * Verified means verified (docs/decisions/0130): the badge belongs to the photos the admin
 * compared with the selfie. Replacing or deleting every one of them withdraws it everywhere it
 * shows (the card in another member's deck, "verified only", the chat header, the member's own
 * /verify state, the admin users list and its filter) until a new selfie is approved; adding a
 * photo, or changing some, keeps it.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { photos, photoVerifications, users } from "../../../db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { islandProps } from "../../testing/island-props";
import { matchUsers } from "../../testing/match-fixtures";
import { createMember } from "../discovery/discovery.test-support";
import { dataUrl, jpegWithGps } from "../profile/photos/test-images";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

type Member = Awaited<ReturnType<typeof createMember>>;

/** A selfie sent and approved by `admin`: the badge and the photos it covers. */
async function approvedSelfie(member: Member, admin: Member) {
  app.clock.advance(60_000); // attempts are told apart by their time
  expect((await app.request("POST", "/api/verification/start", { cookie: member.cookie })).status).toBe(201);
  const sent = await app.app.request("/api/verification/selfie", { method: "POST", headers: { Origin: TEST_ORIGIN, Cookie: member.cookie, "Content-Type": "image/jpeg" }, body: Buffer.from(jpegWithGps(480, 640)) });
  expect(sent.status).toBe(201);
  const [row] = await app.deps.db.select().from(photoVerifications).where(eq(photoVerifications.status, "pending"));
  expect((await app.request("POST", `/api/admin/verifications/${row!.id}`, { cookie: admin.cookie, body: { decision: "approve" } })).status).toBe(200);
}

async function uploadPhoto(member: Member): Promise<string> {
  const response = await app.app.request("/api/profile/photos", { method: "POST", headers: { Origin: TEST_ORIGIN, Cookie: member.cookie, "Content-Type": "image/jpeg" }, body: Buffer.from(jpegWithGps()) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { photo: { id: string } }).photo.id;
}

const photoIdsOf = async (member: Member) => (await app.deps.db.select({ id: photos.id }).from(photos).where(eq(photos.userId, member.id)).orderBy(photos.position)).map((row) => row.id);

/** Everywhere the badge shows, as Budi (a match), Maria herself and the admin see it. */
async function badgeSeen(maria: Member, budi: Member, admin: Member, matchId: string) {
  const deck = (await (await app.request("GET", "/api/discovery", { cookie: budi.cookie })).json()) as { id: string; verified: boolean }[];
  const chat = islandProps(await (await app.request("GET", `/chat/${matchId}`, { cookie: budi.cookie })).text(), "chat-panel");
  const own = (await (await app.request("GET", "/api/verification", { cookie: maria.cookie })).json()) as { status: string; withdrawn?: string };
  const listed = (await (await app.request("GET", `/api/admin/users?search=${encodeURIComponent(maria.id)}`, { cookie: admin.cookie })).json()) as { users: { id: string; isVerified: boolean }[] };
  const filtered = (await (await app.request("GET", "/api/admin/users?filter=verified", { cookie: admin.cookie })).json()) as { users: { id: string }[] };
  await app.request("PATCH", "/api/settings", { cookie: budi.cookie, body: { verifiedOnly: true } });
  const verifiedOnly = (await (await app.request("GET", "/api/discovery", { cookie: budi.cookie })).json()) as { id: string }[];
  await app.request("PATCH", "/api/settings", { cookie: budi.cookie, body: { verifiedOnly: false } });
  return {
    card: deck.find((card) => card.id === maria.id)?.verified,
    chatHeader: chat.other.verified as boolean,
    own: own.status === "approved" ? "approved" : `${own.status}${own.withdrawn ? `, withdrawn: ${own.withdrawn}` : ""}`,
    adminList: listed.users.find((user) => user.id === maria.id)?.isVerified,
    adminFilter: filtered.users.some((user) => user.id === maria.id),
    verifiedOnly: verifiedOnly.some((card) => card.id === maria.id),
  };
}

const shown = { card: true, chatHeader: true, own: "approved", adminList: true, adminFilter: true, verifiedOnly: true };
const withdrawn = { card: false, chatHeader: false, own: "none, withdrawn: photos_changed", adminList: false, adminFilter: false, verifiedOnly: false };

async function scene() {
  const admin = await createMember(app, { firstName: "Ada", isAdmin: true });
  const maria = await createMember(app, { firstName: "Maria", gender: "female" });
  const budi = await createMember(app, { firstName: "Budi", gender: "male" });
  // The admin list searches by name or email: Maria's address holds her id (createMember).
  const matchId = await matchUsers(app, maria, budi);
  return { admin, maria, budi, matchId };
}

describe("the Verified badge belongs to the reviewed photos", () => {
  test("approval marks the photos present; a new photo added later is not covered but the badge stays", async () => {
    const { admin, maria, budi, matchId } = await scene();
    await uploadPhoto(maria);
    await approvedSelfie(maria, admin);
    const covered = await app.deps.db.select({ id: photos.id, verifiedAt: photos.verifiedAt }).from(photos).where(eq(photos.userId, maria.id));
    expect(covered).toHaveLength(2);
    for (const photo of covered) expect(photo.verifiedAt).not.toBeNull();
    const added = await uploadPhoto(maria);
    const [fresh] = await app.deps.db.select({ verifiedAt: photos.verifiedAt }).from(photos).where(eq(photos.id, added));
    expect(fresh!.verifiedAt).toBeNull();
    expect(await badgeSeen(maria, budi, admin, matchId)).toEqual(shown);
  });

  test("deleting the reviewed photos one by one: the badge stays while one is left, and goes with the last", async () => {
    const { admin, maria, budi, matchId } = await scene();
    await uploadPhoto(maria);
    await approvedSelfie(maria, admin);
    const [first, second] = await photoIdsOf(maria);
    await uploadPhoto(maria); // an unreviewed photo keeps the profile's one required photo
    expect((await app.request("DELETE", `/api/profile/photos/${first}`, { cookie: maria.cookie })).status).toBe(200);
    expect(await badgeSeen(maria, budi, admin, matchId)).toEqual(shown);
    expect((await app.request("DELETE", `/api/profile/photos/${second}`, { cookie: maria.cookie })).status).toBe(200);
    expect(await badgeSeen(maria, budi, admin, matchId)).toEqual(withdrawn);
    const [account] = await app.deps.db.select({ photoVerifiedAt: users.photoVerifiedAt }).from(users).where(eq(users.id, maria.id));
    expect(account!.photoVerifiedAt).toBeNull();
  });

  test("replacing every photo in a profile edit withdraws the badge until a new selfie is approved, which covers the new photos", async () => {
    const { admin, maria, budi, matchId } = await scene();
    await approvedSelfie(maria, admin);
    const edit = (photoList: string[]) =>
      app.request("PATCH", "/api/profile", {
        cookie: maria.cookie,
        body: {
          photos: photoList,
          gender: "female",
          denomination: "Protestant",
          churchName: "GKI Pondok Indah",
          faithTestimony: "I came to know Christ at a youth camp and he has carried me through everything since.",
          faithDuration: "6-10 years",
          bio: "Teacher, coffee lover and worship team singer.",
          relationshipGoals: "marriage",
          birthDate: "1998-05-14",
          jesusChristMeaning: "He is my saviour, my friend and the reason I hope.",
        },
      });
    // Keeping the reviewed photo beside a new one keeps the badge.
    const [reviewed] = await photoIdsOf(maria);
    expect((await edit([reviewed!, dataUrl(jpegWithGps())])).status).toBe(200);
    expect(await badgeSeen(maria, budi, admin, matchId)).toEqual(shown);
    // Someone else's face in every photo: the badge goes.
    const kept = (await photoIdsOf(maria)).filter((id) => id !== reviewed);
    expect((await edit([...kept, dataUrl(jpegWithGps())])).status).toBe(200);
    expect(await badgeSeen(maria, budi, admin, matchId)).toEqual(withdrawn);
    // The profile page tells her why and how to get it back.
    const profilePage = await (await app.request("GET", "/profile", { cookie: maria.cookie })).text();
    expect(profilePage).toContain("every photo it was given for has been replaced");

    await approvedSelfie(maria, admin);
    expect(await badgeSeen(maria, budi, admin, matchId)).toEqual(shown);
    const now = await app.deps.db.select({ verifiedAt: photos.verifiedAt }).from(photos).where(eq(photos.userId, maria.id));
    for (const photo of now) expect(photo.verifiedAt).not.toBeNull();
  });

  test("reordering the photos changes nothing about the badge", async () => {
    const { admin, maria, budi, matchId } = await scene();
    await uploadPhoto(maria);
    await approvedSelfie(maria, admin);
    const order = (await photoIdsOf(maria)).reverse();
    expect((await app.request("PUT", "/api/profile/photos", { cookie: maria.cookie, body: { photos: order } })).status).toBe(200);
    expect(await badgeSeen(maria, budi, admin, matchId)).toEqual(shown);
  });
});
