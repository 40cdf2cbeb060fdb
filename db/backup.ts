import type { Client } from "@libsql/client";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";

/**
 * A consistent online copy: VACUUM INTO reads one snapshot while the app keeps writing.
 * The copy is opened and checked before we call it a backup.
 */
export async function backupDatabase(client: Client, file: string): Promise<void> {
  const target = resolve(file);
  if (existsSync(target)) throw new Error(`${target} exists; refusing to overwrite a backup`);
  await client.execute({ sql: "VACUUM INTO ?", args: [target] });
  const copy = createClient({ url: `file:${target}` });
  try {
    const result = await copy.execute("PRAGMA integrity_check");
    const verdict = String(result.rows[0]?.[0] ?? "");
    if (verdict !== "ok") throw new Error(`backup failed integrity_check: ${verdict}`);
  } finally {
    copy.close();
  }
}
