/**
 * A voucher who is banned or suspended (for any reason) loses every vouch they gave (MATCHING.md
 * 'Church vouching', docs/decisions/0134). The statement goes into the very batch that bans or
 * suspends, under the same condition, so a ban never leaves their vouches showing and a refused
 * ban removes nothing. They are not given back when the suspension ends or the ban is lifted.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";

/** Deletes the vouches `voucherId` gave, when `condition` (SQL, read in the same statement) holds. */
export function withdrawVouchesGiven(db: Database, voucherId: string, condition: SQL = sql`1`) {
  return db.run(sql`delete from vouches where voucher_id = ${voucherId} and ${condition}`);
}
