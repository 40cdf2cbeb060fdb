/**
 * Members writing steadily, for the operations tests (backups, restarts, crashes): each saves its
 * onboarding draft again and again with a rising number in it, one request at a time, and
 * remembers the highest number the server acknowledged (a 2xx). A write is one committed
 * transaction, and each member's writes are in order, so a database holds every acknowledged
 * write exactly when each member's stored number is at least their last acknowledged one.
 *
 * Each member writes from an address of their own (X-Forwarded-For, so the server must run with
 * TRUST_PROXY=1, as it does behind its proxy): from one address, the flood guard would answer 429.
 * Each writes at most WRITES_PER_SECOND, a busy member's pace, well inside the per-address allowance.
 */
const WRITES_PER_SECOND = 25;
import { createClient } from "@libsql/client";
import { createAccount, type Account } from "./accounts";
import { userIdOf } from "./members";

export interface WriteLoad {
  /** Highest acknowledged number per member id, as it is now. */
  acknowledged(): Map<string, number>;
  /** Answers by status ("200", "503"), and failures without an answer by error code ("ECONNRESET"). */
  outcomes: Map<string, number>;
  /** Writes acknowledged so far. */
  readonly count: number;
  stop(): Promise<void>;
}

/** A member's own address, as their proxy reports it. */
export function memberAddress(index: number): string {
  return `10.${Math.floor(index / 250) % 250}.${index % 250}.1`;
}

/** The members (made once per server) and their ids. */
export async function loadMembers(origin: string, count: number): Promise<{ account: Account; id: string }[]> {
  const accounts = await Promise.all(Array.from({ length: count }, (_, index) => createAccount(origin, { firstName: `Writer${index}` })));
  return Promise.all(accounts.map(async (account) => ({ account, id: await userIdOf(origin, account) })));
}

/**
 * Starts the writers against `origin()` (a function: a test may move them to another instance).
 * A refused connection (nobody listening for a moment) is retried after a pause; it is not a
 * failed write: the request never reached a server.
 */
export function startWriteLoad(origin: () => string, members: { account: Account; id: string }[]): WriteLoad {
  const acked = new Map<string, number>();
  const outcomes = new Map<string, number>();
  let count = 0;
  let stopped = false;
  const note = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  const writers = members.map(async ({ account, id }, index) => {
    let sequence = (acked.get(id) ?? 0) + 1;
    while (!stopped) {
      const pace = Bun.sleep(1000 / WRITES_PER_SECOND);
      try {
        const response = await fetch(`${origin()}/api/profile/draft`, {
          method: "PUT",
          headers: { "Content-Type": "application/json", Origin: origin(), Cookie: account.cookie, "X-Forwarded-For": memberAddress(index) },
          body: JSON.stringify({ step: 1, values: { bio: `write ${sequence}` } }),
        });
        note(String(response.status));
        await response.arrayBuffer();
        if (response.ok) {
          acked.set(id, sequence);
          count++;
          sequence++;
        }
        await pace;
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as Error).name;
        note(code);
        await Bun.sleep(code === "ConnectionRefused" || code === "ECONNREFUSED" ? 50 : 20);
      }
    }
  });
  return {
    acknowledged: () => new Map(acked),
    outcomes,
    get count() {
      return count;
    },
    async stop() {
      stopped = true;
      await Promise.all(writers);
    },
  };
}

/** Each member's stored number in a database file. */
export async function storedWrites(databaseFile: string): Promise<Map<string, number>> {
  const client = createClient({ url: `file:${databaseFile}` });
  try {
    const result = await client.execute("select user_id, \"values\" from profile_drafts");
    const stored = new Map<string, number>();
    for (const row of result.rows) {
      const bio = (JSON.parse(String(row[1])) as { bio?: string }).bio ?? "";
      stored.set(String(row[0]), Number(/^write (\d+)$/.exec(bio)?.[1] ?? 0));
    }
    return stored;
  } finally {
    client.close();
  }
}

/** The members whose acknowledged writes a database lacks (empty: none lost). */
export function lostWrites(acknowledged: Map<string, number>, stored: Map<string, number>): string[] {
  return [...acknowledged].filter(([id, sequence]) => (stored.get(id) ?? 0) < sequence).map(([id, sequence]) => `${id}: acknowledged ${sequence}, stored ${stored.get(id) ?? "nothing"}`);
}

export async function integrityOf(databaseFile: string): Promise<string> {
  const client = createClient({ url: `file:${databaseFile}` });
  try {
    return String((await client.execute("PRAGMA integrity_check")).rows[0]?.[0]);
  } finally {
    client.close();
  }
}
