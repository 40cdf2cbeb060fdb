/**
 * The blurred faces a free member sees on Who liked you (docs/decisions/0138): made on the server
 * from the liker's main photo, shrunk to a few pixels (so no face survives, whatever a client does
 * with the image) and drawn back up blurred. The real photo's name never reaches a free member:
 * the page links /likes/faces/{n}, the n-th pending like of whoever asks, and only this image is
 * served there. Made once per photo and kept under $DATA_DIR/blurred.
 */
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Transformer } from "@napi-rs/image";
import { thumbFileName, uploadsDir } from "../profile/photos/photo-store";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "../../operations/file-modes";

/** The width the photo is shrunk to: a face is a few blotches of colour at this size. */
const BLUR_SOURCE_PX = 10;
/** The width it is served at, blurred again so the blotches read as a soft picture. */
const BLUR_SERVED_PX = 160;
const BLUR_SIGMA = 6;
const BLUR_QUALITY = 60;

export function blurredDir(dataDir: string): string {
  const dir = join(dataDir, "blurred");
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  return dir;
}

/** The URL of the n-th blurred face: it names a position, never a person or a file. */
export function blurredFaceUrl(index: number): string {
  return `/likes/faces/${index}`;
}

async function readSource(dataDir: string, fileName: string): Promise<Uint8Array> {
  const dir = uploadsDir(dataDir);
  try {
    return await readFile(join(dir, thumbFileName(fileName)));
  } catch {
    // Photos stored before thumbnails existed have only the full file.
    return readFile(join(dir, fileName));
  }
}

/** The blurred WebP of a stored photo, made and kept on first use. */
export async function blurredFace(dataDir: string, fileName: string): Promise<Uint8Array> {
  const cached = join(blurredDir(dataDir), `${createHash("sha256").update(fileName).digest("hex").slice(0, 32)}.webp`);
  try {
    return await readFile(cached);
  } catch {
    // Not made yet.
  }
  const source = await readSource(dataDir, fileName);
  const meta = await new Transformer(source).metadata();
  const servedHeight = Math.max(1, Math.round((BLUR_SERVED_PX * meta.height) / Math.max(1, meta.width)));
  const tiny = await new Transformer(source).resize(BLUR_SOURCE_PX).png();
  const blurred = new Uint8Array(await new Transformer(tiny).resize(BLUR_SERVED_PX, servedHeight).blur(BLUR_SIGMA).webp(BLUR_QUALITY));
  // Written aside and renamed: a reader never sees half a file.
  const partial = `${cached}.${process.pid}.part`;
  await writeFile(partial, blurred, { mode: PRIVATE_FILE_MODE });
  await rename(partial, cached);
  return blurred;
}
