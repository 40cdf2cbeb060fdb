/**
 * Selfies wait for review under $DATA_DIR/selfies — never under uploads/, so no member route
 * can reach them — re-encoded like photos (nothing but pixels), and are deleted at the decision.
 */
import { mkdirSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { newId } from "../../platform/ids";
import { checkImage } from "../profile/photos/photo-store";
import { encodePhoto } from "../profile/photos/image-codec";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "../../operations/file-modes";

const SELFIE_NAME = /^[a-z2-7]{26}\.webp$/;

function selfiesDir(dataDir: string): string {
  const dir = join(dataDir, "selfies");
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  return dir;
}

/** Checks, decodes and stores one selfie; throws PhotoError (checkImage) or ImageDecodeError. */
export async function storeSelfie(dataDir: string, bytes: Uint8Array): Promise<string> {
  checkImage(bytes);
  const { full } = await encodePhoto(bytes);
  const fileName = `${newId()}.webp`;
  await writeFile(join(selfiesDir(dataDir), fileName), full, { flag: "wx", mode: PRIVATE_FILE_MODE });
  return fileName;
}

export async function readSelfie(dataDir: string, fileName: string): Promise<Uint8Array | null> {
  if (!SELFIE_NAME.test(fileName)) return null;
  return readFile(join(selfiesDir(dataDir), fileName)).then((bytes) => new Uint8Array(bytes)).catch(() => null);
}

export async function removeSelfie(dataDir: string, fileName: string | null): Promise<void> {
  if (fileName === null || !SELFIE_NAME.test(fileName)) return;
  await rm(join(selfiesDir(dataDir), fileName), { force: true });
}
