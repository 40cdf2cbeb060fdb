/**
 * The users list's "Verified" is the badge members see (an approved selfie, decision 0130), not a
 * proven email: the seeded set showed 127 members "Verified" in the panel while one had the badge.
 * The proven email is shown apart, in the JSON entry (emailVerified), the row and the CSV.
 */
import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { adminOf, person } from "./admin-test-support";

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
beforeEach(async () => {
  t = await createTestApp();
  admin = await adminOf(t);
});
afterEach(() => t.close());

const get = (path: string) => t.request("GET", path, { cookie: admin.cookie });
/** The <tr> of the users table that names `email`. */
const rowOf = (html: string, email: string) => html.split("<tr").find((row) => row.includes(email)) ?? "";

describe("the users list's Verified", () => {
  it("means the photo-verified badge in the filter and the entry; the proven email is its own field", async () => {
    const provenOnly = await Promise.all([1, 2, 3].map((n) => person(t, { firstName: `Proven${n}`, emailVerified: true })));
    const badge = await person(t, { firstName: "Badge", emailVerified: false, photoVerified: true });
    const both = await person(t, { firstName: "Both", emailVerified: true, photoVerified: true });

    const verified = (await (await get("/api/admin/users?filter=verified")).json()) as { total: number; users: { id: string }[] };
    expect(verified.total).toBe(2);
    expect(verified.users.map((user) => user.id).sort()).toEqual([badge.id, both.id].sort());

    const all = (await (await get("/api/admin/users?limit=100")).json()) as { users: { id: string; isVerified: boolean; emailVerified: boolean }[] };
    const entry = (id: string) => all.users.find((user) => user.id === id)!;
    for (const member of provenOnly) expect(entry(member.id)).toMatchObject({ isVerified: false, emailVerified: true });
    expect(entry(badge.id)).toMatchObject({ isVerified: true, emailVerified: false });
    expect(entry(both.id)).toMatchObject({ isVerified: true, emailVerified: true });
  });

  it("shows the badge only for the selfie and marks the proven email beside the address, in both languages", async () => {
    const proven = await person(t, { firstName: "Proven", emailVerified: true });
    const badge = await person(t, { firstName: "Badge", photoVerified: true });
    const html = await (await get("/admin/users")).text();
    expect(rowOf(html, proven.email)).not.toContain(">Verified<");
    expect(rowOf(html, proven.email)).toMatch(/admin-email-proof" data-proven="true">Email proven</);
    expect(rowOf(html, badge.email)).toContain(">Verified<");
    expect(rowOf(html, badge.email)).toMatch(/admin-email-proof" data-proven="false">Email not proven</);

    const indonesian = await (await t.request("GET", "/admin/users", { cookie: `${admin.cookie}; app-language=id` })).text();
    expect(rowOf(indonesian, proven.email)).toContain(">Email terverifikasi<");
    expect(rowOf(indonesian, badge.email)).toContain(">Terverifikasi<");
  });

  it("exports both in the CSV: verified (the badge) and email_verified", async () => {
    const proven = await person(t, { firstName: "Proven", emailVerified: true });
    const badge = await person(t, { firstName: "Badge", photoVerified: true });
    const lines = (await (await get("/api/admin/users?format=csv")).text()).trimEnd().split("\r\n");
    const header = lines[0]!.split(",");
    const cell = (id: string, column: string) => lines.find((line) => line.startsWith(`${id},`))!.split(",")[header.indexOf(column)];
    expect(cell(proven.id, "verified")).toBe("false");
    expect(cell(proven.id, "email_verified")).toBe("true");
    expect(cell(badge.id, "verified")).toBe("true");
    expect(cell(badge.id, "email_verified")).toBe("false");
  });
});
