import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type DatabaseHandle } from "./client";
import { applyMigrations, readMigrationsFolder } from "./migrate";

const all = readMigrationsFolder(join(import.meta.dir, "migrations"));
const upTo = (tag: string) => all.slice(0, all.findIndex((migration) => migration.name === tag) + 1);

let dir: string;
let handle: DatabaseHandle;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kasih-migrate-"));
  handle = await openDatabase(`file:${join(dir, "kasih.db")}`);
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async (sql: string): Promise<Record<string, unknown>[]> => (await handle.client.execute(sql)).rows.map((row) => ({ ...row }));

describe("applyMigrations", () => {
  test("rebuilds the payments table without losing a row or the subscriptions that point at it", async () => {
    await applyMigrations(handle.client, upTo("0002_discovery_city_index"));
    const now = Date.now();
    await handle.client.batch(
      [
        { sql: "insert into users (id, email, first_name, is_verified, created_at) values ('u1', 'a@example.com', 'Ana', 1, ?), ('u2', 'b@example.com', 'Budi', 0, ?)", args: [now, now] },
        { sql: "insert into payments (id, user_id, plan, amount, method, gateway, gateway_order_id, status, created_at) values ('p1', 'u1', 'premium', 49000, 'qris', 'sandbox', 'o1', 'paid', ?)", args: [now] },
        { sql: "insert into subscriptions (id, user_id, plan, status, payment_id, created_at) values ('s1', 'u1', 'premium', 'active', 'p1', ?)", args: [now] },
      ],
      "write",
    );

    expect(await applyMigrations(handle.client, all)).toContain("0003_admin_panel_email_verification_ad_events");

    expect(await rows("select id, user_id, amount from payments")).toEqual([{ id: "p1", user_id: "u1", amount: 49000 }]);
    // DROP TABLE payments with foreign keys on would have set this to null.
    expect(await rows("select payment_id from subscriptions")).toEqual([{ payment_id: "p1" }]);
    expect(await rows("pragma foreign_keys")).toEqual([{ foreign_keys: 1 }]);
    expect(await rows("pragma foreign_key_check")).toEqual([]);
    // Only a vouching provider set is_verified before: those addresses count as proven.
    expect(await rows("select id, email_verified_at is not null as proven from users order by id")).toEqual([
      { id: "u1", proven: 1 },
      { id: "u2", proven: 0 },
    ]);

    // A deleted account's payments stay in the revenue history, without the person.
    await handle.client.execute("delete from users where id = 'u1'");
    expect(await rows("select id, user_id from payments")).toEqual([{ id: "p1", user_id: null }]);
  });

  test("keys swipes by their pair and sessions by their id without a row id, keeping every row", async () => {
    const dir2 = mkdtempSync(join(tmpdir(), "kasih-migrate-0014-"));
    const older = await openDatabase(`file:${join(dir2, "kasih.db")}`);
    try {
      const read = async (sql: string): Promise<Record<string, unknown>[]> => (await older.client.execute(sql)).rows.map((row) => ({ ...row }));
      await applyMigrations(older.client, upTo("0013_discovery_covering_indexes"));
      const now = Date.now();
      await older.client.batch(
        [
          { sql: "insert into users (id, email, first_name, created_at) values ('u1', 'a@example.com', 'Ana', ?), ('u2', 'b@example.com', 'Budi', ?)", args: [now, now] },
          { sql: "insert into swipes (id, swiper_id, swiped_id, is_like, is_super_like, created_at) values ('s1', 'u1', 'u2', 1, 1, ?), ('s2', 'u2', 'u1', 0, 0, ?)", args: [now, now + 1] },
          { sql: "insert into sessions (id, user_id, created_at, last_seen_at, expires_at) values ('h1', 'u1', ?, ?, ?)", args: [now, now, now + 1000] },
        ],
        "write",
      );

      expect(await applyMigrations(older.client, all)).toContain("0014_swipes_and_sessions_without_rowid");

      expect(await read("select swiper_id, swiped_id, is_like, is_super_like from swipes order by swiper_id")).toEqual([
        { swiper_id: "u1", swiped_id: "u2", is_like: 1, is_super_like: 1 },
        { swiper_id: "u2", swiped_id: "u1", is_like: 0, is_super_like: 0 },
      ]);
      expect(await read("select id, user_id from sessions")).toEqual([{ id: "h1", user_id: "u1" }]);
      // The point of the migration: no row-id table behind either (a later rebuild must keep it).
      for (const table of ["swipes", "sessions"]) expect(String((await read(`select sql from sqlite_master where name = '${table}'`))[0]!.sql)).toEndWith("WITHOUT ROWID");
      await expect(older.client.execute("insert into swipes (swiper_id, swiped_id, is_like, created_at) values ('u1', 'u2', 0, 0)")).rejects.toThrow("UNIQUE constraint failed");
      // The foreign keys still cascade: a deleted account takes its swipes and sessions along.
      await older.client.execute("delete from users where id = 'u1'");
      expect(await read("select count(*) as n from swipes")).toEqual([{ n: 0 }]);
      expect(await read("select count(*) as n from sessions")).toEqual([{ n: 0 }]);
      expect(await read("pragma foreign_key_check")).toEqual([]);
    } finally {
      older.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  test("has_photo is filled for existing members and then kept by the database on every profile and photo write", async () => {
    const dir2 = mkdtempSync(join(tmpdir(), "kasih-migrate-0015-"));
    const older = await openDatabase(`file:${join(dir2, "kasih.db")}`);
    try {
      const run = (sql: string) => older.client.execute(sql);
      const hasPhoto = async () => Object.fromEntries((await run("select id, has_photo from users order by id")).rows.map((row) => [String(row.id), Number(row.has_photo)]));
      const profile = (id: string) => run(`insert into profiles (user_id, age, gender, denomination, church_name, faith_testimony, faith_duration, bio, created_at, updated_at) values ('${id}', 30, 'female', 'catholic', 'St. Mary', 'x', '5 years', 'bio', 0, 0)`);
      const photo = (id: string, photoId: string) => run(`insert into photos (id, user_id, position, file_name, mime_type, width, height, byte_size, created_at) values ('${photoId}', '${id}', 0, '${photoId}.webp', 'image/webp', 800, 800, 1000, 0)`);
      await applyMigrations(older.client, upTo("0014_swipes_and_sessions_without_rowid"));
      for (const id of ["u1", "u2", "u3"]) await run(`insert into users (id, email, first_name, created_at) values ('${id}', '${id}@example.com', 'N', 0)`);
      await profile("u1");
      await photo("u1", "p1");
      await photo("u2", "p2"); // uploaded before the profile's first save: does not count yet
      await profile("u3");

      expect(await applyMigrations(older.client, all)).toContain("0015_users_has_photo_kept_by_triggers");
      expect(await hasPhoto()).toEqual({ u1: 1, u2: 0, u3: 0 });

      await profile("u2"); // the first save
      await photo("u3", "p3");
      expect(await hasPhoto()).toEqual({ u1: 1, u2: 1, u3: 1 });
      await photo("u1", "p4");
      await run("delete from photos where id = 'p1'"); // one of two photos
      expect((await hasPhoto()).u1).toBe(1);
      await run("delete from photos where id = 'p4'"); // the last one
      await run("delete from profiles where user_id = 'u3'");
      expect(await hasPhoto()).toEqual({ u1: 0, u2: 1, u3: 0 });
    } finally {
      older.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  test("payments gain flags, refunds and a status history on an existing database; a refunding admin's deletion keeps the payment", async () => {
    const dir2 = mkdtempSync(join(tmpdir(), "kasih-migrate-0017-"));
    const older = await openDatabase(`file:${join(dir2, "kasih.db")}`);
    try {
      const read = async (sql: string): Promise<Record<string, unknown>[]> => (await older.client.execute(sql)).rows.map((row) => ({ ...row }));
      await applyMigrations(older.client, upTo("0016_messages_unread_index"));
      await older.client.batch(
        [
          "insert into users (id, email, first_name, plan, created_at) values ('u1', 'a@example.com', 'Ana', 'premium', 0), ('a1', 'admin@example.com', 'Admin', 'free', 0)",
          "insert into payments (id, user_id, plan, amount, method, gateway, gateway_order_id, status, created_at, paid_at) values ('p1', 'u1', 'premium', 49000, 'qris', 'sandbox', 'o1', 'paid', 10, 20), ('p2', 'u1', 'premium', 49000, 'bank', 'sandbox', 'o2', 'pending', 30, null)",
        ],
        "write",
      );

      expect(await applyMigrations(older.client, all)).toContain("0017_payments_late_money_refunds_and_grants");

      expect(await read("select id, status, flag_late, flag_needs_attention, flags_seen_at, refunded_by from payments order by id")).toEqual([
        { id: "p1", status: "paid", flag_late: 0, flag_needs_attention: 0, flags_seen_at: null, refunded_by: null },
        { id: "p2", status: "pending", flag_late: 0, flag_needs_attention: 0, flags_seen_at: null, refunded_by: null },
      ]);
      // The history starts with what is known: created pending, then the status it has now.
      expect(await read("select payment_id, status, at from payment_status_history order by payment_id, at")).toEqual([
        { payment_id: "p1", status: "pending", at: 10 },
        { payment_id: "p1", status: "paid", at: 20 },
        { payment_id: "p2", status: "pending", at: 30 },
      ]);
      expect(await read("select plan_since from users where id = 'u1'")).toEqual([{ plan_since: null }]);
      // An admin who refunded may later be deleted: the payment stays, without the name.
      await older.client.execute("update payments set status = 'refunded', refunded_by = 'a1' where id = 'p1'");
      await older.client.execute("delete from users where id = 'a1'");
      expect(await read("select status, refunded_by from payments where id = 'p1'")).toEqual([{ status: "refunded", refunded_by: null }]);
      expect(await read("pragma foreign_key_check")).toEqual([]);
    } finally {
      older.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  test("roles, second factor and moderation on an existing database: admins become role admin, reports outlive both members, sessions stay WITHOUT ROWID and has_photo stays kept", async () => {
    const dir2 = mkdtempSync(join(tmpdir(), "kasih-migrate-0018-"));
    const older = await openDatabase(`file:${join(dir2, "kasih.db")}`);
    try {
      const read = async (sql: string): Promise<Record<string, unknown>[]> => (await older.client.execute(sql)).rows.map((row) => ({ ...row }));
      await applyMigrations(older.client, upTo("0017_payments_late_money_refunds_and_grants"));
      const users = ["a1", "r1", "r2", "r3", "t1", "v1"].map((id) => `('${id}', '${id}@example.com', '${id.toUpperCase()}', ${id === "a1" ? 1 : 0}, ${id === "v1" ? 500 : "null"}, 0)`);
      await older.client.batch(
        [
          `insert into users (id, email, first_name, is_admin, photo_verified_at, created_at) values ${users.join(", ")}`,
          "insert into profiles (user_id, age, gender, denomination, church_name, faith_testimony, faith_duration, bio, prompts, created_at, updated_at) values ('t1', 31, 'male', 'catholic', 'St. Mary', 'x', '5 years', 'Hello there', '[{\"id\":\"sunday\",\"answer\":\"Choir\"}]', 0, 0), ('v1', 28, 'female', 'catholic', 'St. Mary', 'x', '5 years', 'bio', '[]', 0, 0)",
          "insert into photos (id, user_id, position, file_name, mime_type, width, height, byte_size, created_at) values ('p1', 't1', 0, 't1-a.webp', 'image/webp', 800, 800, 1000, 0), ('p2', 'v1', 0, 'v1-old.webp', 'image/webp', 800, 800, 1000, 100), ('p3', 'v1', 1, 'v1-new.webp', 'image/webp', 800, 800, 1000, 900)",
          "insert into reports (id, reporter_id, reported_user_id, reason, status, created_at) values ('rp1', 'r1', 't1', 'scam', 'pending', 1), ('rp2', 'r2', 't1', 'scam', 'pending', 2), ('rp3', 'r3', 't1', 'fake', 'pending', 3), ('rp4', 't1', 'r1', 'rude', 'dismissed', 4)",
          "insert into sessions (id, user_id, created_at, last_seen_at, expires_at) values ('h1', 'a1', 0, 0, 9999999999999)",
        ],
        "write",
      );

      expect(await applyMigrations(older.client, all)).toContain("0018_moderation_roles_second_factor");

      expect(await read("select id, role, is_admin, hidden_by from users order by id")).toEqual([
        { id: "a1", role: "admin", is_admin: 1, hidden_by: null },
        { id: "r1", role: "member", is_admin: 0, hidden_by: null },
        { id: "r2", role: "member", is_admin: 0, hidden_by: null },
        { id: "r3", role: "member", is_admin: 0, hidden_by: null },
        // Three pending reporters hid t1 before: still hidden until an admin looks.
        { id: "t1", role: "member", is_admin: 0, hidden_by: "reports" },
        { id: "v1", role: "member", is_admin: 0, hidden_by: null },
      ]);
      // Only the photo present at the approval was covered by the selfie.
      expect(await read("select id, verified_at from photos order by id")).toEqual([
        { id: "p1", verified_at: null },
        { id: "p2", verified_at: 500 },
        { id: "p3", verified_at: null },
      ]);
      const snapshot = JSON.parse(String((await read("select reported_snapshot from reports where id = 'rp1'"))[0]!.reported_snapshot));
      expect(snapshot).toMatchObject({ name: "T1", age: 31, bio: "Hello there", prompts: [{ id: "sunday", answer: "Choir" }], photos: ["t1-a.webp"] });
      expect(await read("select count(*) as n, sum(counts_toward_hiding) as counted from reports")).toEqual([{ n: 4, counted: 0 }]);

      // The session kept its row, gained the proof column and is still keyed without a row id.
      expect(await read("select id, second_factor_at from sessions")).toEqual([{ id: "h1", second_factor_at: null }]);
      expect(String((await read("select sql from sqlite_master where name = 'sessions'"))[0]!.sql)).toEndWith("WITHOUT ROWID");
      expect((await read("select name from sqlite_master where type = 'index' and tbl_name = 'reports' order by name")).map((row) => row.name)).toEqual([
        "reports_reported_status_idx",
        "reports_reporter_idx",
        "reports_status_created_idx",
        "sqlite_autoindex_reports_1",
      ]);
      // The has_photo triggers of 0015 still work (users and photos were not rebuilt).
      expect((await read("select name from sqlite_master where type = 'trigger' and name like '%has_photo%'")).length).toBe(4);

      // Deleting either member keeps the report, its snapshot and its evidence.
      await older.client.execute("insert into member_warnings (id, user_id, message, admin_id, report_id, created_at) values ('w1', 't1', 'Be kind', 'a1', 'rp4', 0)");
      await older.client.execute("delete from users where id in ('t1', 'r2')");
      expect(await read("select id, reporter_id, reported_user_id, reported_snapshot is not null as kept from reports order by id")).toEqual([
        { id: "rp1", reporter_id: "r1", reported_user_id: null, kept: 1 },
        { id: "rp2", reporter_id: null, reported_user_id: null, kept: 1 },
        { id: "rp3", reporter_id: "r3", reported_user_id: null, kept: 1 },
        { id: "rp4", reporter_id: null, reported_user_id: "r1", kept: 1 },
      ]);
      expect(await read("select count(*) as n from member_warnings")).toEqual([{ n: 0 }]);
      expect(await read("pragma foreign_key_check")).toEqual([]);
    } finally {
      older.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  test("role and is_admin stay together whoever writes either", async () => {
    const dir2 = mkdtempSync(join(tmpdir(), "kasih-migrate-0019-"));
    const db = await openDatabase(`file:${join(dir2, "kasih.db")}`);
    try {
      const run = (sql: string) => db.client.execute(sql);
      const state = async () => Object.fromEntries((await run("select id, role, is_admin from users order by id")).rows.map((row) => [String(row.id), `${row.role}/${row.is_admin}`]));
      await applyMigrations(db.client, all);
      await run("insert into users (id, email, first_name, is_admin, created_at) values ('a', 'a@example.com', 'A', 1, 0)");
      await run("insert into users (id, email, first_name, role, created_at) values ('b', 'b@example.com', 'B', 'admin', 0), ('c', 'c@example.com', 'C', 'moderator', 0), ('d', 'd@example.com', 'D', 'chaperone', 0)");
      expect(await state()).toEqual({ a: "admin/1", b: "admin/1", c: "moderator/0", d: "chaperone/0" });
      await run("update users set is_admin = 0 where id = 'a'"); // the start-up check's demotion
      await run("update users set role = 'moderator' where id = 'b'"); // an admin made moderator
      await run("update users set is_admin = 1 where id = 'c'"); // a proven super admin's sign-in
      await run("update users set is_admin = 0 where id = 'd'"); // not an admin: unchanged
      expect(await state()).toEqual({ a: "member/0", b: "moderator/0", c: "admin/1", d: "chaperone/0" });
      await run("update users set role = 'member' where id = 'c'");
      expect((await state()).c).toBe("member/0");
    } finally {
      db.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  test("faith matching on an existing database: denominations become family keys, church names find the directory, interests become keys and the rest moves to the bio", async () => {
    const dir2 = mkdtempSync(join(tmpdir(), "kasih-migrate-0020-"));
    const older = await openDatabase(`file:${join(dir2, "kasih.db")}`);
    try {
      const read = async (sql: string): Promise<Record<string, unknown>[]> => (await older.client.execute(sql)).rows.map((row) => ({ ...row }));
      await applyMigrations(older.client, upTo("0019_users_role_kept_with_is_admin"));
      const old = ["Catholic", "Protestant", "Lutheran", "Anglican", "Presbyterian", "Pentecostal", "Baptist", "Methodist", "Orthodox", "Other", "Quaker", "pentecostal"];
      const churches = ["Paroki Santa Maria Medan", "GPIB Jemaat Immanuel Jakarta", "HKBP Medan", "HKBP", "Gereja Toraja Mamasa Makale", "GBI Rayon 3", "GBIS Kebayoran", "Gereja Mawar Sharon Surabaya", "GMIM Sentrum Manado", "Gereja Advent Manado", "GKI-TP Jayapura", "GKII"];
      const interests = [
        ["Worship music", "Hiking", "Cooking", "Badminton", "Coffee"],
        ["Masak", "Paduan suara", "Lari pagi", "Wisata kuliner"],
        ["  coffee ", "Kopi", "Stamp collecting", "Travelling"],
        [],
        ["Music", "Choir", "Sports", "Cooking", "Travel", "Youth ministry", "Missions", "Reading", "Movies", "Hiking", "Beach", "Chess"],
        ["Knitting", "Origami"],
      ];
      const ids = old.map((_, index) => `u${String(index).padStart(2, "0")}`);
      const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
      await older.client.batch(
        [
          `insert into users (id, email, first_name, created_at) values ${ids.map((id) => `('${id}', '${id}@example.com', 'N', 0)`).join(", ")}`,
          `insert into profiles (user_id, age, gender, denomination, church_name, faith_testimony, faith_duration, bio, interests, filter_denominations, created_at, updated_at) values ${ids
            .map((id, index) => `('${id}', 30, 'male', ${quote(old[index]!)}, ${quote(churches[index] ?? "Gereja lokal")}, 'x', '5 years', ${index === 5 ? "''" : "'I sing.'"}, ${quote(JSON.stringify(interests[index] ?? ["Music"]))}, ${index === 0 ? quote(JSON.stringify(["Lutheran", "Protestant", "Presbyterian", "Catholic"])) : "'[]'"}, 0, 0)`)
            .join(", ")}`,
          `insert into profile_drafts (user_id, step, "values", updated_at) values ('u00', 2, '{"denomination":"Anglican","interests":"Coffee, hiking"}', 0), ('u01', 1, '{"gender":"male"}', 0)`,
        ],
        "write",
      );

      expect(await applyMigrations(older.client, all)).toContain("0020_faith_matching_churches_interests_values_vouches_chaperone");

      expect((await read("select denomination from profiles order by user_id")).map((row) => row.denomination)).toEqual([
        "catholic", "protestant", "protestant", "protestant", "reformed", "pentecostal", "baptist", "methodist", "orthodox", "other", "other", "pentecostal",
      ]);
      expect((await read("select church_id, church_name from profiles order by user_id")).slice(0, 12)).toEqual([
        { church_id: null, church_name: "Paroki Santa Maria Medan" },
        { church_id: "gpib", church_name: "GPIB Jemaat Immanuel Jakarta" },
        { church_id: "hkbp", church_name: "HKBP Medan" },
        { church_id: "hkbp", church_name: "HKBP" },
        // The longest name wins: Gereja Toraja Mamasa, not Gereja Toraja; GBIS, not GBI.
        { church_id: "gereja-toraja-mamasa", church_name: "Gereja Toraja Mamasa Makale" },
        { church_id: "gbi", church_name: "GBI Rayon 3" },
        { church_id: "gbis", church_name: "GBIS Kebayoran" },
        { church_id: "gms", church_name: "Gereja Mawar Sharon Surabaya" },
        { church_id: "gmim", church_name: "GMIM Sentrum Manado" },
        { church_id: "gmahk", church_name: "Gereja Advent Manado" },
        { church_id: "gki-tanah-papua", church_name: "GKI-TP Jayapura" },
        { church_id: "gkii", church_name: "GKII" },
      ]);
      const profiles = await read("select user_id, interests, bio, filter_denominations from profiles where user_id in ('u00', 'u01', 'u02', 'u03', 'u04', 'u05') order by user_id");
      expect(profiles.map((row) => JSON.parse(String(row.interests)))).toEqual([
        ["worship-music", "hiking", "cooking", "badminton", "coffee"],
        ["cooking", "choir", "running", "culinary"],
        ["coffee", "travel"],
        [],
        // Ten at most, in the member's order.
        ["music", "choir", "sports", "cooking", "travel", "youth-ministry", "missions", "reading", "movies", "hiking"],
        [],
      ]);
      expect(profiles.map((row) => row.bio)).toEqual(["I sing.", "I sing.", "I sing.\n\nStamp collecting", "I sing.", "I sing.", "Knitting, Origami"]);
      expect(JSON.parse(String(profiles[0]!.filter_denominations))).toEqual(["protestant", "reformed", "catholic"]);
      expect(await read(`select user_id, "values" as v from profile_drafts order by user_id`)).toEqual([
        { user_id: "u00", v: '{"denomination":"protestant","interests":"Coffee, hiking"}' },
        { user_id: "u01", v: '{"gender":"male"}' },
      ]);
      // The helper tables are gone; the answers are keyed without a row id.
      expect(await read("select name from sqlite_master where name like '\\_m0020%' escape '\\'")).toEqual([]);
      expect(String((await read("select sql from sqlite_master where name = 'values_answers'"))[0]!.sql)).toEndWith("WITHOUT ROWID");

      // The new tables go with their member; one live chaperone invitation per member; one vouch per pair.
      await older.client.batch(
        [
          "insert into values_answers (user_id, question_id, answer_id, acceptable, importance, updated_at) values ('u01', 'q1', 'a', '[\"a\"]', 'very', 0)",
          "insert into vouches (id, voucher_id, user_id, church_id, created_at) values ('v1', 'u02', 'u01', 'hkbp', 0)",
          "insert into vouch_links (token_hash, user_id, expires_at, created_at) values ('h', 'u01', 1, 0)",
          "insert into chaperone_invitations (id, member_id, email, token_hash, created_at) values ('c1', 'u01', 'mama@example.com', 't1', 0)",
        ],
        "write",
      );
      await expect(older.client.execute("insert into chaperone_invitations (id, member_id, email, token_hash, created_at) values ('c2', 'u01', 'papa@example.com', 't2', 0)")).rejects.toThrow();
      await expect(older.client.execute("insert into vouches (id, voucher_id, user_id, created_at) values ('v2', 'u02', 'u01', 0)")).rejects.toThrow();
      await older.client.execute("delete from users where id = 'u01'");
      expect(await read("select (select count(*) from values_answers) + (select count(*) from vouches) + (select count(*) from vouch_links) + (select count(*) from chaperone_invitations) as n")).toEqual([{ n: 0 }]);
      expect(await read("pragma foreign_key_check")).toEqual([]);
    } finally {
      older.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  test("phone sign-in on an existing database: users keep every row and what points at them, email may be empty, a proven number is one account's, and the triggers still work", async () => {
    const dir3 = mkdtempSync(join(tmpdir(), "kasih-migrate-0021-"));
    const older = await openDatabase(`file:${join(dir3, "kasih.db")}`);
    try {
      const read = async (sql: string): Promise<Record<string, unknown>[]> => (await older.client.execute(sql)).rows.map((row) => ({ ...row }));
      await applyMigrations(older.client, upTo("0020_faith_matching_churches_interests_values_vouches_chaperone"));
      await older.client.batch(
        [
          "insert into users (id, email, first_name, phone, is_admin, created_at) values ('a1', 'a@example.com', 'Ana', '+6281234567890', 1, 0), ('b1', 'b@example.com', 'Budi', '+6281234567890', 0, 0)",
          "insert into profiles (user_id, age, gender, denomination, church_name, faith_testimony, faith_duration, bio, created_at, updated_at) values ('b1', 30, 'male', 'catholic', 'x', 'x', '5 years', 'x', 0, 0)",
          "insert into photos (id, user_id, position, file_name, mime_type, width, height, byte_size, created_at) values ('p1', 'b1', 0, 'f.jpg', 'image/jpeg', 1, 1, 1, 0)",
          "insert into sessions (id, user_id, created_at, last_seen_at, expires_at) values ('s1', 'b1', 0, 0, 1)",
        ],
        "write",
      );

      expect(await applyMigrations(older.client, all)).toContain("0021_phone_sign_in_codes_and_email_optional");

      // Every row and what points at it; the numbers typed before were never proven and stay so.
      expect(await read("select id, email, phone, phone_verified_at, role, has_photo from users order by id")).toEqual([
        { id: "a1", email: "a@example.com", phone: "+6281234567890", phone_verified_at: null, role: "admin", has_photo: 0 },
        { id: "b1", email: "b@example.com", phone: "+6281234567890", phone_verified_at: null, role: "member", has_photo: 1 },
      ]);
      expect(await read("select id from sessions")).toEqual([{ id: "s1" }]);
      // An account made by phone has no email; two of them coexist.
      await older.client.execute("insert into users (id, email, first_name, phone, phone_verified_at, created_at) values ('c1', null, '', '+6281111111111', 0, 0), ('d1', null, '', '+6282222222222', 0, 0)");
      // A proven number is one account's.
      await expect(older.client.execute("update users set phone = '+6281111111111', phone_verified_at = 0 where id = 'd1'")).rejects.toThrow();
      // The eight triggers are back: has_photo follows photos and profiles, role follows is_admin.
      await older.client.execute("delete from photos where id = 'p1'");
      await older.client.execute("update users set is_admin = 1 where id = 'c1'");
      expect(await read("select id, has_photo, role from users where id in ('b1', 'c1') order by id")).toEqual([
        { id: "b1", has_photo: 0, role: "member" },
        { id: "c1", has_photo: 0, role: "admin" },
      ]);
      expect((await read("select count(*) as n from sqlite_master where type = 'trigger'"))[0]!.n).toBe(8);
      expect(await read("pragma foreign_key_check")).toEqual([]);
    } finally {
      older.close();
      rmSync(dir3, { recursive: true, force: true });
    }
  });

  test("the badge on an existing database stays only with a reviewed photo left (decision 0130)", async () => {
    const dir4 = mkdtempSync(join(tmpdir(), "kasih-migrate-0022-"));
    const older = await openDatabase(`file:${join(dir4, "kasih.db")}`);
    try {
      const read = async (sql: string): Promise<Record<string, unknown>[]> => (await older.client.execute(sql)).rows.map((row) => ({ ...row }));
      await applyMigrations(older.client, upTo("0017_payments_late_money_refunds_and_grants"));
      // k1 still has the photo the selfie was compared with; g1 replaced every photo after approval.
      await older.client.batch(
        [
          "insert into users (id, email, first_name, photo_verified_at, created_at) values ('k1', 'k@example.com', 'Kasih', 500, 0), ('g1', 'g@example.com', 'Gita', 500, 0)",
          "insert into photos (id, user_id, position, file_name, mime_type, width, height, byte_size, created_at) values ('k', 'k1', 0, 'k.webp', 'image/webp', 1, 1, 1, 100), ('g', 'g1', 0, 'g.webp', 'image/webp', 1, 1, 1, 900)",
        ],
        "write",
      );
      expect(await applyMigrations(older.client, all)).toContain("0022_badge_only_with_reviewed_photos");
      expect(await read("select id, photo_verified_at from users order by id")).toEqual([
        { id: "g1", photo_verified_at: null },
        { id: "k1", photo_verified_at: 500 },
      ]);
    } finally {
      older.close();
      rmSync(dir4, { recursive: true, force: true });
    }
  });

  test("applies nothing twice", async () => {
    expect(await applyMigrations(handle.client, all)).toEqual([]);
  });
});
