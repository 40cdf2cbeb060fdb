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

  test("applies nothing twice", async () => {
    expect(await applyMigrations(handle.client, all)).toEqual([]);
  });
});
