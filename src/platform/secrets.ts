import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "../operations/file-modes";

/**
 * Secrets the app needs but nobody configured (captcha HMAC key, encryption key for stored
 * gateway keys) are generated once and kept in $DATA_DIR/secrets, never in the database,
 * so a copy of the database alone does not reveal them.
 */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32, generate: () => Uint8Array = () => crypto.getRandomValues(new Uint8Array(bytes))): Uint8Array {
  const folder = join(dataDir, "secrets");
  const path = join(folder, `${name}.key`);
  if (existsSync(path)) return Uint8Array.from(Buffer.from(readFileSync(path, "utf8").trim(), "base64"));
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // Not every random string is a valid key (a P-256 key must be below the curve order): `generate` makes one that is.
  const secret = generate();
  writeFileSync(path, Buffer.from(secret).toString("base64"), { mode: PRIVATE_FILE_MODE, flag: "wx" });
  return secret;
}
