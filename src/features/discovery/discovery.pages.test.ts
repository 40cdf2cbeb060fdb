import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { jakartaDayOf } from "../../platform/clock";
import { dailyUsage, photos } from "../../../db/schema";
import { eq } from "drizzle-orm";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Transformer } from "@napi-rs/image";
import { jpegWithGps } from "../profile/photos/test-images";
import { uploadsDir } from "../profile/photos/photo-store";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { islandProps } from "../../testing/island-props";
import { createMember, recordSwipe } from "./discovery.test-support";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

describe("GET /swipe", () => {
  test("signed out goes to the landing page; without a photo to the profile editor", async () => {
    const signedOut = await app.request("GET", "/swipe");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/");
    const noPhoto = await createMember(app, { photo: false });
    const response = await app.request("GET", "/swipe", { cookie: noPhoto.cookie });
    expect(response.headers.get("Location")).toBe("/edit-profile");
  });

  test("renders the deck with the first cards, the plan and the swipes left", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app, { firstName: "Ruth" });
    await app.deps.db.insert(dailyUsage).values({ userId: me.id, day: jakartaDayOf(app.clock.now()), swipes: 7, chats: 0 });
    await recordSwipe(app, her.id, me.id, true);
    const response = await app.request("GET", "/swipe?plans=1", { cookie: me.cookie });
    expect(response.status).toBe(200);
    const props = islandProps(await response.text(), "swipe-deck");
    expect(props).toMatchObject({ plan: "free", swipesLeft: 18, openPlans: true, likesCount: 1 });
    expect(props.initialCards.map((card: { firstName: string }) => card.firstName)).toEqual(["Ruth"]);
  });

  test("the card shows option values in the reader's language", async () => {
    const me = await createMember(app, { gender: "male" });
    await createMember(app, { firstName: "Maria", denomination: "Catholic" });
    const html = await (await app.request("GET", "/swipe", { cookie: `${me.cookie}; app-language=id` })).text();
    // The server-rendered card line (the copy embedded for the islands holds "Katolik" anyway).
    const meta = html.slice(html.indexOf('class="swipe-card-meta"'), html.indexOf("</p>", html.indexOf('class="swipe-card-meta"')));
    expect(meta).toContain("Katolik");
    expect(meta).not.toContain("Catholic");
  });

  test("premium members have unlimited swipes", async () => {
    const me = await createMember(app, { gender: "male", plan: "premium" });
    const props = islandProps(await (await app.request("GET", "/swipe", { cookie: me.cookie })).text(), "swipe-deck");
    expect(props).toMatchObject({ plan: "premium", swipesLeft: null });
  });

  test("admins get every premium action, whatever plan their row holds", async () => {
    for (const plan of ["free", "premium"] as const) {
      const admin = await createMember(app, { gender: "male", plan, isAdmin: true });
      const props = islandProps(await (await app.request("GET", "/swipe", { cookie: admin.cookie })).text(), "swipe-deck");
      expect(props).toMatchObject({ plan: "premium_plus", swipesLeft: null });
    }
  });
});

describe("GET /likes", () => {
  test("a free member's page carries the count and no people", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app, { firstName: "Hidden" });
    await recordSwipe(app, her.id, me.id, true);
    const html = await (await app.request("GET", "/likes", { cookie: me.cookie })).text();
    expect(islandProps(html, "who-liked-you")).toEqual({ count: 1, people: null, plan: "free", myPhoto: expect.stringMatching(/^\/uploads\/[a-z2-7]{26}\.jpg\?size=thumb$/), blurredFaces: ["/likes/faces/0"] });
    expect(html).not.toContain("Hidden");
  });

  test("a free member gets blurred faces made on the server, never the real photo's name (docs/decisions/0138)", async () => {
    const me = await createMember(app, { gender: "male" });
    const her = await createMember(app, { firstName: "Hidden" });
    await recordSwipe(app, her.id, me.id, true);
    const [photo] = await app.deps.db.select({ fileName: photos.fileName }).from(photos).where(eq(photos.userId, her.id));
    const real = jpegWithGps(320, 400);
    writeFileSync(join(uploadsDir(app.deps.config.dataDir), photo!.fileName), real);
    const html = await (await app.request("GET", "/likes", { cookie: me.cookie })).text();
    // Neither the name nor any form of the real photo's address reaches a free member.
    expect(html).not.toContain(photo!.fileName.replace(/\.jpg$/, ""));
    expect(html.match(/\/uploads\/[a-z2-7]{26}/g) ?? []).toEqual([expect.stringContaining("/uploads/")]);
    const face = await app.request("GET", "/likes/faces/0", { cookie: me.cookie });
    expect(face.status).toBe(200);
    expect(face.headers.get("Content-Type")).toBe("image/webp");
    const bytes = new Uint8Array(await face.arrayBuffer());
    // A small picture of the same shape, not the photo (160 px wide whatever the photo was).
    const meta = await new Transformer(bytes).metadata();
    expect(meta.width).toBe(160);
    expect(meta.height).toBe(200);
    expect(bytes.length).toBeLessThan(real.length);
    // Made once and kept on disk: a second read answers the same bytes.
    expect(new Uint8Array(await (await app.request("GET", "/likes/faces/0", { cookie: me.cookie })).arrayBuffer())).toEqual(bytes);
    // Only the viewer's own likes: someone nobody liked finds nothing there, a stranger is refused.
    const other = await createMember(app, { gender: "male" });
    expect((await app.request("GET", "/likes/faces/0", { cookie: other.cookie })).status).toBe(404);
    expect((await app.request("GET", "/likes/faces/1", { cookie: me.cookie })).status).toBe(404);
    expect((await app.request("GET", "/likes/faces/0")).status).toBe(401);
  });

  test("a premium member's page lists them", async () => {
    const me = await createMember(app, { gender: "male", plan: "premium" });
    const her = await createMember(app, { firstName: "Shown" });
    await recordSwipe(app, her.id, me.id, true, true);
    const props = islandProps(await (await app.request("GET", "/likes", { cookie: me.cookie })).text(), "who-liked-you");
    expect(props.people).toEqual([expect.objectContaining({ firstName: "Shown", isSuperLike: true })]);
  });
});
