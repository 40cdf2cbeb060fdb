import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createClient, type Client, type ResultSet } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openLocalClient, type WriteGate } from "./local-client";

// The local client stands in for @libsql/client on local files (decision 0101): every answer here is
// compared with what @libsql/client gives for the same file, so drizzle and the app see no difference.
let dir: string;
let local: Client;
let reference: Client;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "kasih-local-client-"));
  const file = join(dir, "test.db");
  local = openLocalClient(file);
  reference = createClient({ url: `file:${file}` });
  await local.execute("create table people (id text primary key, name text not null, age integer, score real, photo blob, active integer)");
  await local.execute("create table pets (id text primary key, owner_id text references people(id), name text)");
});

afterEach(() => {
  local.close();
  reference.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A result's columns and row values, to compare the two clients. */
function plain(result: ResultSet) {
  return { columns: result.columns, rows: result.rows.map((row) => Array.prototype.slice.call(row)) };
}

describe("openLocalClient", () => {
  test("rows read by index and by name, with only the names enumerable, as @libsql/client builds them", async () => {
    await local.execute({ sql: "insert into people (id, name, age, score, active) values (?, ?, ?, ?, ?)", args: ["p1", "Ana", 29, 4.5, true] });
    await local.execute({ sql: "insert into pets values (?, ?, ?)", args: ["x1", "p1", "Rex"] });
    const sql = "select people.id, people.name, pets.id, pets.name as pet, age, score, active from people join pets on pets.owner_id = people.id";
    const [mine, theirs] = [await local.execute(sql), await reference.execute(sql)];
    const row = mine.rows[0]!;
    expect(Array.prototype.slice.call(row)).toEqual(["p1", "Ana", "x1", "Rex", 29, 4.5, 1]);
    expect(Array.prototype.slice.call(row)).toEqual(Array.prototype.slice.call(theirs.rows[0]));
    expect(row.length).toBe(7);
    // Duplicate names: the first column wins, in both.
    expect({ ...row }).toEqual({ ...theirs.rows[0]! });
    expect(Object.keys(row)).toEqual(["id", "name", "pet", "age", "score", "active"]);
    expect(row.id).toBe("p1");
    expect(JSON.stringify(row)).toBe(JSON.stringify(theirs.rows[0]));
    expect(mine.columns).toEqual(theirs.columns);
  });

  test("any column name is a plain property, quotes, new lines and __proto__ included", async () => {
    const sql = `select 1 as "a""b", 2 as "line
break", 3 as "__proto__", 4 as "constructor", 5 as "\`\${x}\`", 6 as "0", 7 as "length"`;
    const row = (await local.execute(sql)).rows[0]!;
    // "0" and "length" stay the row's index and length, as @libsql/client leaves them.
    expect(Object.keys(row)).toEqual(['a"b', "line\nbreak", "__proto__", "constructor", "`${x}`"]);
    expect(row.length).toBe(7);
    expect(row[0]).toBe(1);
    expect(Object.getOwnPropertyDescriptor(row, "__proto__")?.value).toBe(3);
    expect(Object.getPrototypeOf(row)).not.toBe(3);
    expect(Array.prototype.slice.call(row)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect({ ...row }).toEqual({ ...(await reference.execute(sql)).rows[0]! });
  });

  test("writes report rows affected and the last rowid; reads report none", async () => {
    const insert = await local.execute({ sql: "insert into people (id, name) values (?, ?), (?, ?)", args: ["a", "A", "b", "B"] });
    expect(insert.rowsAffected).toBe(2);
    expect(insert.lastInsertRowid).toBe(2n);
    const update = await local.execute({ sql: "update people set age = ? where id in (?, ?, ?)", args: [30, "a", "b", "zzz"] });
    expect(update.rowsAffected).toBe(2);
    expect((await local.execute("select * from people")).rowsAffected).toBe(0);
  });

  test("arguments convert like @libsql/client: booleans to 1/0, Dates to milliseconds, undefined and NaN refused", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    await local.execute({ sql: "insert into people (id, name, age, active) values (?, ?, ?, ?)", args: ["d", "D", at, false] });
    const row = (await reference.execute("select age, active from people where id = 'd'")).rows[0]!;
    expect(row.age).toBe(at.getTime());
    expect(row.active).toBe(0);
    await expect(local.execute({ sql: "select ?", args: [undefined as never] })).rejects.toThrow(TypeError);
    await expect(local.execute({ sql: "select ?", args: [Number.NaN] })).rejects.toThrow(RangeError);
  });

  test("named arguments with or without their prefix", async () => {
    await local.execute({ sql: "insert into people (id, name) values (:id, $name)", args: { ":id": "n", name: "Named" } });
    expect((await local.execute("select name from people where id = 'n'")).rows[0]!.name).toBe("Named");
  });

  test("a batch is all or nothing, and the error carries SQLite's code and message", async () => {
    await local.execute("insert into people (id, name) values ('dup', 'First')");
    const failing = local.batch([
      { sql: "insert into people (id, name) values (?, ?)", args: ["new", "New"] },
      { sql: "insert into people (id, name) values (?, ?)", args: ["dup", "Second"] },
    ]);
    await expect(failing).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/), message: expect.stringContaining("UNIQUE constraint failed") });
    expect((await reference.execute("select id from people order by id")).rows.map((row) => row.id)).toEqual(["dup"]);
    const results = await local.batch(["insert into people (id, name) values ('x', 'X')", "select count(*) as n from people"], "write");
    expect(results[1]!.rows[0]!.n).toBe(2);
  });

  describe("group commit (decision 0103)", () => {
    const insert = (id: string) => ({ sql: "insert into people (id, name) values (?, ?)", args: [id, id.toUpperCase()] });
    const frames = async () => Number((await local.execute("PRAGMA wal_checkpoint(PASSIVE)")).rows[0]!.log);

    test("batches of one turn commit together: each settles once committed, and one that fails is rolled back alone", async () => {
      await local.execute("insert into people (id, name) values ('dup', 'First')");
      const outcomes = await Promise.allSettled([
        local.batch([insert("a1"), insert("a2")]),
        // Its first statement succeeds, its second breaks the primary key: neither may stay.
        local.batch([insert("b1"), insert("dup")]),
        // A later batch of the same group sees what an earlier one wrote (a like back finds the like).
        local.batch([insert("c1"), "select count(*) as n from people"]),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
      expect((outcomes[2] as PromiseFulfilledResult<ResultSet[]>).value[1]!.rows[0]!.n).toBe(4);
      // Seen by another connection as soon as the promises settle: committed, not just written.
      expect((await reference.execute("select id from people order by id")).rows.map((row) => row.id)).toEqual(["a1", "a2", "c1", "dup"]);
    });

    test("one commit for the group: 40 batches write a fraction of the WAL frames 40 commits write", async () => {
      await local.execute("PRAGMA journal_mode = WAL");
      await local.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      for (let i = 0; i < 40; i++) await local.batch([insert(`alone${i}`)]);
      const separately = await frames();
      await local.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      await Promise.all(Array.from({ length: 40 }, (_, i) => local.batch([insert(`grouped${i}`)])));
      const together = await frames();
      expect(separately).toBeGreaterThanOrEqual(40);
      expect(together).toBeLessThan(separately / 5);
    });

    test("an error that ends the whole transaction (the disk full) fails every batch of the group with SQLite's code, and keeps nothing", async () => {
      await local.execute("insert into people (id, name) values ('before', 'B')");
      const pages = Number((await local.execute("PRAGMA page_count")).rows[0]!.page_count);
      await local.execute(`PRAGMA max_page_count = ${pages}`);
      const big = (id: string) => ({ sql: "insert into people (id, name, photo) values (?, ?, zeroblob(200000))", args: [id, id] });
      const outcomes = await Promise.allSettled([local.batch([insert("small")]), local.batch([big("big")]), local.batch([insert("after")])]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "rejected"]);
      for (const outcome of outcomes) expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: "SQLITE_FULL" });
      expect((await reference.execute("select id from people")).rows.map((row) => row.id)).toEqual(["before"]);
    });

    test("held writes wait while reads go on; released, they commit together (decision 0108)", async () => {
      const gate = local as unknown as WriteGate;
      await local.execute("insert into people (id, name) values ('before', 'B')");
      gate.holdWrites();
      let settled = 0;
      const batch = local.batch([insert("batched")]).then(() => settled++);
      const statement = local.execute({ sql: "insert into people (id, name) values (?, ?)", args: ["alone", "A"] }).then(() => settled++);
      await Bun.sleep(20);
      expect(settled).toBe(0);
      // Reads are not held: this one answers while the writes wait, and sees neither of them.
      expect((await local.execute("select count(*) as n from people")).rows[0]!.n).toBe(1);
      expect((await reference.execute("select count(*) as n from people")).rows[0]!.n).toBe(1);
      // Nor what cannot run inside a batch's transaction: a checkpoint (syncToDisk), a backup.
      await local.execute("PRAGMA journal_mode = WAL");
      expect((await local.execute("PRAGMA wal_checkpoint(PASSIVE)")).rows[0]!.busy).toBe(0);
      await local.execute({ sql: "VACUUM INTO ?", args: [join(dir, "copy.db")] });
      expect(settled).toBe(0);
      gate.releaseWrites();
      await Promise.all([batch, statement]);
      expect((await reference.execute("select id from people order by id")).rows.map((row) => row.id)).toEqual(["alone", "batched", "before"]);
    });

    test("closing commits the batches still waiting for their turn, held or not", async () => {
      (local as unknown as WriteGate).holdWrites();
      const held = local.batch([insert("held")]);
      local.close();
      await held;
      expect((await reference.execute("select id from people")).rows.map((row) => row.id)).toEqual(["held"]);
    });

    test("closing commits the batches still waiting for their turn", async () => {
      const pending = local.batch([insert("late")]);
      local.close();
      await pending;
      expect((await reference.execute("select id from people")).rows.map((row) => row.id)).toEqual(["late"]);
    });
  });

  test("an interactive transaction commits or rolls back", async () => {
    const rolledBack = await local.transaction("write");
    await rolledBack.execute("insert into people (id, name) values ('t1', 'T')");
    await rolledBack.rollback();
    const committed = await local.transaction("write");
    await committed.execute("insert into people (id, name) values ('t2', 'T')");
    await committed.commit();
    expect((await reference.execute("select id from people")).rows.map((row) => row.id)).toEqual(["t2"]);
  });

  test("keeps statements prepared, and stays correct past its cache's size and across schema changes", async () => {
    for (let i = 0; i < 600; i++) await local.execute(`select ${i} as n`);
    expect((await local.execute("select 7 as n")).rows[0]!.n).toBe(7);
    await local.execute("insert into people (id, name) values ('s', 'S')");
    const query = "select * from people";
    expect((await local.execute(query)).columns).toHaveLength(6);
    await local.execute("alter table people add column city text");
    expect((await local.execute(query)).columns).toHaveLength(7);
    // Changed by another connection (an instance migrating while this one serves).
    await reference.execute("alter table people add column country text");
    const after = await local.execute(query);
    expect(after.columns.at(-1)).toBe("country");
    expect(Array.prototype.slice.call(after.rows[0])).toHaveLength(8);
  });

  test("joins, LIMIT and OFFSET values, named arguments and column names answer as @libsql/client does (parameters marked, stable-plans.ts)", async () => {
    for (let i = 0; i < 6; i++) {
      await local.execute({ sql: "insert into people (id, name, age) values (?, ?, ?)", args: [`p${i}`, `P${i}`, 20 + i] });
      await local.execute({ sql: "insert into pets (id, owner_id, name) values (?, ?, ?)", args: [`t${i}`, `p${i}`, `T${i}`] });
    }
    const statements = [
      { sql: "select p.name, t.name as pet from people p join pets t on t.owner_id = p.id where p.age >= ? order by p.age limit ? offset ?", args: [21, 2, 1] },
      { sql: "select p.name, t.name as pet from people p join pets t on t.owner_id = p.id where p.age >= ? order by p.age limit ? offset ?", args: [20, 3, 0] },
      { sql: "select name from people where id = :id or age = :age order by name", args: { id: "p1", age: 24 } },
      { sql: "select name from people order by name limit ?", args: [-1] },
      // Columns named by their expression keep the app's text (`?`, not the `+?` SQLite was given).
      { sql: "select ?, coalesce(null, ?), name from people where id = ? limit ?", args: [1, "x", "p2", 1] },
      { sql: "select :who as who, name from people where age > ? order by name limit ?", args: ["me", 22, 2] },
    ];
    for (const statement of statements) expect(plain(await local.execute(statement))).toEqual(plain(await reference.execute(statement)));
    // A LIMIT that is not an integer is refused by SQLite, as without the marking.
    await expect(local.execute({ sql: "select name from people limit ?", args: ["2; drop table people"] })).rejects.toThrow(/datatype mismatch/);
    expect((await local.execute("select count(*) as n from people")).rows[0]!.n).toBe(6);
  });

  test("blobs come back as bytes", async () => {
    await local.execute({ sql: "insert into people (id, name, photo) values (?, ?, ?)", args: ["b", "B", new Uint8Array([1, 2, 3])] });
    const photo = (await local.execute("select photo from people")).rows[0]!.photo as unknown as Uint8Array;
    expect([...photo]).toEqual([1, 2, 3]);
  });
});
