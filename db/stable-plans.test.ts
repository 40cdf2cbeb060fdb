import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { stablePlan, withLimits } from "./stable-plans";

describe("stablePlan", () => {
  test("marks every parameter so the planner does not read it", () => {
    expect(stablePlan("select u.email from sessions s join users u on u.id = s.user_id where s.id = ?").text).toBe(
      "select u.email from sessions s join users u on u.id = s.user_id where s.id = +?",
    );
    expect(stablePlan("insert into t (a, b) values (?1, ?12)").text).toBe("insert into t (a, b) values (+?1, +?12)");
    expect(stablePlan("select x from t where a in (?, ?) and b = json(?)").text).toBe("select x from t where a in (+?, +?) and b = json(+?)");
  });

  test("leaves strings, quoted names and comments as they are", () => {
    const sql = `select '?', "a?", \`b?\`, [c?], 'it''s ?' -- why?\n from t /* ? */ where x = ?`;
    expect(stablePlan(sql).text).toBe(`select '?', "a?", \`b?\`, [c?], 'it''s ?' -- why?\n from t /* ? */ where x = +?`);
  });

  test("a statement without parameters is untouched", () => {
    expect(stablePlan("select 1 from t limit 5")).toEqual({ text: "select 1 from t limit 5", parts: ["select 1 from t limit 5"], inline: [] });
  });

  test("drizzle's LIMIT and OFFSET values are written in when they are integers", () => {
    const plan = stablePlan('select "id" from "users" where "users"."id" = ? limit ? offset ?');
    expect(plan.inline).toEqual([1, 2]);
    expect(withLimits(plan, ["u1", 20, 40])).toEqual({ text: 'select "id" from "users" where "users"."id" = +? limit 20 offset 40', args: ["u1"] });
    expect(withLimits(plan, ["u1", 20n, 0])).toEqual({ text: 'select "id" from "users" where "users"."id" = +? limit 20 offset 0', args: ["u1"] });
  });

  test("a LIMIT value that is not an integer stays bound (SQLite then refuses it as before)", () => {
    const plan = stablePlan("select id from users where id = ? limit ?");
    expect(withLimits(plan, ["u1", "5; drop table users"])).toEqual({ text: "select id from users where id = +? limit ?", args: ["u1", "5; drop table users"] });
    expect(withLimits(plan, ["u1", 1.5])).toEqual({ text: "select id from users where id = +? limit ?", args: ["u1", 1.5] });
  });

  test("a numbered LIMIT parameter is left bound and unmarked", () => {
    const plan = stablePlan("select id from swipes where swiped_id = ?1 limit ?2");
    expect(plan.text).toBe("select id from swipes where swiped_id = +?1 limit ?2");
    expect(withLimits(plan, ["u1", 5])).toEqual({ text: plan.text, args: ["u1", 5] });
  });
});

describe("stablePlan on SQLite", () => {
  const db = new Database(":memory:", { strict: true });
  db.run("create table a (id text primary key, b text, n integer) without rowid");
  db.run("create table b (id text primary key, v text)");
  db.run("create index a_n on a (n)");
  for (let i = 0; i < 50; i++) {
    db.run("insert into a values (?, ?, ?)", [`a${i}`, `b${i}`, i]);
    db.run("insert into b values (?, ?)", [`b${i}`, `v${i}`]);
  }
  const run = (sql: string, args: unknown[]) => {
    const statement = withLimits(stablePlan(sql), args);
    return { rows: db.prepare(statement.text).values(...(statement.args as never[])), plan: db.prepare(`explain query plan ${statement.text}`).values(...(statement.args as never[])).map((row) => String(row[3])) };
  };

  test("the marked statements return what the originals return", () => {
    const queries: [string, unknown[]][] = [
      ["select b.v from a join b on b.id = a.b where a.id = ?", ["a7"]],
      ["select id from a where n between ? and ? order by n limit ? offset ?", [10, 30, 5, 2]],
      ["select id, n from a where n in (?1, ?2) and id <> ?3 order by id", [3, 4, "a3"]],
      ["select count(*) from a where b like ?", ["b1%"]],
      ["select -?1 * 2, ?2 || 'x', typeof(?3), ?4 is null", [21, "y", 2.5, null]],
    ];
    for (const [sql, args] of queries) expect(run(sql, args).rows).toEqual(db.prepare(sql).values(...(args as never[])));
  });

  test("indexes are still used for a marked value", () => {
    expect(run("select b.v from a join b on b.id = a.b where a.id = ?", ["a7"]).plan.join(" | ")).toMatch(/SEARCH a USING PRIMARY KEY \(id=\?\).*SEARCH b USING INDEX sqlite_autoindex_b_1 \(id=\?\)/);
    expect(run("select id from a where n = ? limit ?", [3, 1]).plan.join(" | ")).toMatch(/SEARCH a USING COVERING INDEX a_n \(n=\?\)/);
  });
});
