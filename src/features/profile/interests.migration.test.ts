import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { churchPrefixPairs } from "../churches/church-directory";
import { INTERESTS, interestAliasPairs, interestKeyOf } from "./interests";
import { DENOMINATION_KEYS, OLD_DENOMINATIONS } from "./denominations";

const migration = readFileSync(join(import.meta.dir, "../../../db/migrations/0020_faith_matching_churches_interests_values_vouches_chaperone.sql"), "utf8");
const valuesOf = (table: string): [string, string][] => {
  const insert = migration.split("--> statement-breakpoint").find((statement) => statement.includes(`INSERT INTO \`${table}\``))!;
  return [...insert.matchAll(/\('((?:[^']|'')*)', '((?:[^']|'')*)'\)/g)].map((match) => [match[1]!.replace(/''/g, "'"), match[2]!]);
};

describe("migration 0020's tables agree with the code", () => {
  test("the interest names it maps are exactly the list's names, aliases and keys", () => {
    expect(valuesOf("_m0020_interests")).toEqual(interestAliasPairs());
  });

  test("about 60 interests, each with an en and an id name, each name taken back as its key", () => {
    expect(INTERESTS.length).toBeGreaterThanOrEqual(55);
    for (const interest of INTERESTS) {
      expect(interestKeyOf(interest.en.toUpperCase())).toBe(interest.key);
      expect(interestKeyOf(` ${interest.id} `)).toBe(interest.key);
    }
  });

  test("the old denominations map as the contract says, and to keys only", () => {
    const mapped = Object.fromEntries(valuesOf("_m0020_denominations"));
    for (const [old, key] of Object.entries(OLD_DENOMINATIONS)) expect(mapped[old.toLowerCase()]).toBe(key);
    for (const key of Object.values(mapped)) expect(DENOMINATION_KEYS).toContain(key as never);
  });

  test("the church names it recognises are exactly the directory's names, abbreviations and aliases", () => {
    expect(valuesOf("_m0020_churches")).toEqual(churchPrefixPairs());
  });
});
