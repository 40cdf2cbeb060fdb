/** Reading the phone outbox in tests: the files in order, and the code of the newest to a number. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { phoneOutboxFolder, type OutboxMessage } from "./phone-outbox";

export function outboxFiles(dataDir: string): { path: string; message: OutboxMessage }[] {
  const folder = phoneOutboxFolder(dataDir);
  let names: string[];
  try {
    names = readdirSync(folder).sort();
  } catch {
    return [];
  }
  return names.map((name) => ({ path: join(folder, name), message: JSON.parse(readFileSync(join(folder, name), "utf8")) as OutboxMessage }));
}

/** The six digits in the newest message to `to`. */
export function latestCode(dataDir: string, to: string): string {
  const mine = outboxFiles(dataDir).filter((file) => file.message.to === to);
  const text = mine.at(-1)?.message.text ?? "";
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (code === undefined) throw new Error(`no code to ${to} in the outbox`);
  return code;
}

export const fileMode = (path: string) => statSync(path).mode & 0o777;
