import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { loadViewer, suggestFor } from "./discovery.service";
import { createMember } from "./discovery.test-support";
import { eligibilityArgs, PHOTOS_OF_SQL, RANK_POOL_SQL, STILL_ELIGIBLE_SQL, type Eligibility } from "./discovery.sql";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});
afterEach(() => app.close());

/** Every SQL text the database client is asked to run from now on (each distinct text is one prepared statement). */
function recordTexts(): Set<string> {
  const texts = new Set<string>();
  const client = app.deps.dbClient;
  const execute = client.execute.bind(client);
  client.execute = ((statement: string | { sql: string }, ...rest: unknown[]) => {
    texts.add(typeof statement === "string" ? statement : statement.sql);
    return (execute as (...args: unknown[]) => ReturnType<typeof execute>)(statement, ...rest);
  }) as typeof client.execute;
  return texts;
}

describe("Discover's statements (discovery.sql.ts)", () => {
  test("one text per statement whatever the lists' lengths: held cards, filters and cities travel as JSON", async () => {
    const viewer = await createMember(app, { gender: "male", city: "jakarta" });
    const women: { id: string; denomination: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const denomination = i % 3 === 0 ? "catholic" : "protestant";
      women.push({ ...(await createMember(app, { gender: "female", city: i % 2 === 0 ? "jakarta" : null, denomination })), denomination });
    }
    const loaded = (await loadViewer(app.deps.db, viewer.id))!;
    const texts = recordTexts();
    const shapes: { held: number; denominations: string[] }[] = [
      { held: 0, denominations: [] },
      { held: 1, denominations: ["protestant"] },
      { held: 3, denominations: ["protestant", "catholic"] },
      { held: 7, denominations: ["protestant", "catholic", "baptist"] },
    ];
    for (const [k, shape] of shapes.entries()) {
      const now = new Date(app.clock.now().getTime() + k * 10 * 60_000); // past the kept deck's life: ranked again
      const held = women.slice(0, shape.held).map((woman) => woman.id);
      const cards = await suggestFor(app.deps.db, { ...loaded, denominations: shape.denominations }, now, 20, held, { likesFirst: k % 2 === 0 });
      // Everyone not held who passes the filter comes back, and no one else.
      const expected = women.filter((woman) => !held.includes(woman.id) && (shape.denominations.length === 0 || shape.denominations.includes(woman.denomination)));
      expect(cards.map((card) => card.id).sort()).toEqual(expected.map((woman) => woman.id).sort());
    }
    const run = [...texts];
    // Four shapes, one text each for the ranking and for the photos' read.
    expect(run.filter((text) => text.includes("with recent as materialized"))).toHaveLength(1);
    expect(run.filter((text) => text.includes("from photos where user_id in"))).toHaveLength(1);
  });

  const someone: Eligibility = { viewerId: "v", otherGender: "female", exclude: [], verifiedOnly: false, ageMin: null, ageMax: null, denominations: [], goals: [], reach: ["jakarta"] };
  async function planOf(sqlText: string, args: (string | number | null)[]): Promise<string> {
    const plan = await app.deps.dbClient.execute({ sql: `explain query plan ${sqlText}`, args });
    return plan.rows.map((row) => String(row.detail)).join(" | ");
  }

  test("the ranking reads through its indexes: likes, activity, nearby by gender and city", async () => {
    const details = await planOf(RANK_POOL_SQL, [...eligibilityArgs(someone), 0, 0, null, "protestant", 30, "gbi"]);
    expect(details).toContain("swipes_swiped_like_idx (swiped_id=? AND is_like=?)");
    expect(details).toContain("users_boosted_until_idx (boosted_until>?)");
    expect(details).toContain("COVERING INDEX users_last_active_idx");
    // Twice: the cities in reach, and the people who gave no city.
    expect(details.match(/profiles_discovery_idx \(gender=\? AND city=\?\)/g)).toHaveLength(2);
    // No walk through a whole table. Users only along the activity index, into the bounded window
    // read as `u` (its one SCAN u); everyone else is looked up by key.
    expect(details).not.toMatch(/SCAN (p|lk|sw|ph|rp|b1|b2|profiles|swipes|photos|reports|blocks)\b/);
    expect(details.match(/SCAN u\b/g)).toHaveLength(1);
    expect(details.match(/SCAN users[^|]*/g)?.map((found) => found.trim())).toEqual(["SCAN users USING COVERING INDEX users_last_active_idx"]);
  });

  test("a window of ids and the photos of a deck are read by their keys, not by walking the tables", async () => {
    const still = await planOf(STILL_ELIGIBLE_SQL, [...eligibilityArgs(someone), 0, '["a","b"]']);
    expect(still).toContain("SEARCH u USING INDEX sqlite_autoindex_users_1 (id=?)");
    expect(still).not.toMatch(/SCAN (u|p)\b/);
    expect(await planOf(PHOTOS_OF_SQL, ['["a","b"]'])).toContain("photos_user_position_idx (user_id=?)");
  });
});
