/**
 * Photo files under $DATA_DIR/uploads: checked (type by bytes, size, pixel bounds), decoded and
 * re-encoded as WebP with a thumbnail, written under a server-generated name. The database keeps
 * the name, never the bytes.
 */
import { mkdirSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE_PX } from "../../../platform/constants";
import { newId } from "../../../platform/ids";
import { PROFILE_MESSAGES } from "../profile.schemas";
import { cleanImage, IMAGE_TYPES, ImageFormatError, sniffImageType, type CleanImage } from "./image-format";
import { encodePhoto, ImageDecodeError } from "./image-codec";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "../../../operations/file-modes";

/** A refusal with the status API.md gives it: 413 too large, 415 not an accepted image, 400 otherwise. */
export class PhotoError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

export interface StoredFile extends Omit<CleanImage, "bytes"> {
  fileName: string;
  byteSize: number;
}

/** Generated names only: 26 base32 characters and one of our three extensions. */
export const STORED_FILE_NAME = /^[a-z2-7]{26}\.(jpg|png|webp)$/;

/** The thumbnail written beside a stored photo (files stored before thumbnails existed have none). */
export function thumbFileName(fileName: string): string {
  return fileName.replace(/\.(jpg|png|webp)$/, ".thumb.webp");
}

/** Photos are read by the server alone, which decides who sees them (docs/decisions/0117). */
export function uploadsDir(dataDir: string): string {
  const dir = join(dataDir, "uploads");
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  return dir;
}

/**
 * What can be judged from the bytes without decoding them: the size, the type, a container we
 * can walk from start to end, and the pixel size its header claims (so a decompression bomb is
 * refused before the codec allocates for it). Throws PhotoError.
 */
export function checkImage(bytes: Uint8Array): CleanImage {
  if (bytes.length > MAX_PHOTO_BYTES) throw new PhotoError(PROFILE_MESSAGES.fileTooLarge, 413);
  if (sniffImageType(bytes) === null) throw new PhotoError(PROFILE_MESSAGES.invalidFileType, 415);
  let image: CleanImage;
  try {
    image = cleanImage(bytes);
  } catch (error) {
    if (error instanceof ImageFormatError) throw new PhotoError(PROFILE_MESSAGES.processingError, 415);
    throw error;
  }
  if (image.width > MAX_PHOTO_SIDE_PX || image.height > MAX_PHOTO_SIDE_PX || image.width * image.height > MAX_PHOTO_PIXELS) {
    throw new PhotoError(PROFILE_MESSAGES.imageTooLarge, 400);
  }
  return image;
}

/**
 * Checks, decodes and re-encodes one upload (src/features/profile/photos/image-codec.ts), then
 * writes the photo and its thumbnail under a new name. A file that does not decode is refused
 * with 415 and nothing is written.
 */
export async function storeImage(dataDir: string, bytes: Uint8Array): Promise<StoredFile> {
  checkImage(bytes);
  let photo;
  try {
    // The original bytes: the codec needs their EXIF orientation to stand the picture upright.
    photo = await encodePhoto(bytes);
  } catch (error) {
    if (error instanceof ImageDecodeError) throw new PhotoError(PROFILE_MESSAGES.processingError, 415);
    throw error;
  }
  const fileName = `${newId()}.webp`;
  const dir = uploadsDir(dataDir);
  // The thumbnail first: a crash between the two leaves an unreferenced thumbnail, never a photo without one.
  await writeFile(join(dir, thumbFileName(fileName)), photo.thumb, { flag: "wx", mode: PRIVATE_FILE_MODE });
  await writeFile(join(dir, fileName), photo.full, { flag: "wx", mode: PRIVATE_FILE_MODE });
  return { type: "webp", ...IMAGE_TYPES.webp, width: photo.width, height: photo.height, fileName, byteSize: photo.full.length };
}

export async function removeStoredFile(dataDir: string, fileName: string): Promise<void> {
  if (!STORED_FILE_NAME.test(fileName)) return;
  const dir = uploadsDir(dataDir);
  await Promise.all([rm(join(dir, fileName), { force: true }), rm(join(dir, thumbFileName(fileName)), { force: true })]);
}

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]*)*;base64,/i;

export function isDataUrl(value: string): boolean {
  return value.startsWith("data:");
}

/** The bytes of an image data URL (spec clients send photos this way); the declared type is ignored. */
export function decodeDataUrl(value: string): Uint8Array {
  const match = DATA_URL.exec(value);
  if (match === null) throw new PhotoError(PROFILE_MESSAGES.invalidFileType, 415);
  const base64 = value.slice(match[0].length);
  // Checked before decoding: base64 is 4/3 of the bytes.
  if (Math.floor((base64.length * 3) / 4) > MAX_PHOTO_BYTES + 2) throw new PhotoError(PROFILE_MESSAGES.fileTooLarge, 413);
  return new Uint8Array(Buffer.from(base64, "base64"));
}

/** "/uploads/abc.jpg" or "https://host/uploads/abc.jpg" → "abc.jpg"; null for anything else. */
export function fileNameFromUrl(value: string): string | null {
  const match = /(?:^|\/)uploads\/([^/?#]+)$/.exec(value);
  if (match === null) return null;
  return STORED_FILE_NAME.test(match[1]!) ? match[1]! : null;
}
