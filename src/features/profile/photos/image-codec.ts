/**
 * Every upload is decoded to pixels and encoded again (docs/decisions/0092): a file that does not
 * decode (a JPEG without a scan, a WebP without image data, a PNG without IDAT) is refused, and
 * what is stored carries nothing but pixels — no EXIF, XMP, comments, ICC profiles or appended
 * payloads. The codec is @napi-rs/image (Rust's `image` crate and libwebp), a self-contained
 * native addon that the single binary embeds like libSQL's. Work runs on libuv's thread pool,
 * so a large photo does not block other members' requests.
 */
import { Transformer } from "@napi-rs/image";
import { PHOTO_FULL_BOX_PX, PHOTO_THUMB_WIDTH_PX } from "../../../platform/constants";

export class ImageDecodeError extends Error {}

export interface EncodedPhoto {
  /** WebP fitting PHOTO_FULL_BOX_PX, upright (EXIF orientation applied). */
  full: Uint8Array;
  /** WebP PHOTO_THUMB_WIDTH_PX wide (or narrower, never enlarged). */
  thumb: Uint8Array;
  width: number;
  height: number;
}

const FULL_QUALITY = 80;
const THUMB_QUALITY = 72;

/** EXIF orientations 5–8 turn the picture a quarter: width and height swap once it is upright. */
const QUARTER_TURNS = new Set<number>([5, 6, 7, 8]);

/** Scales (w, h) down to fit the box, never up. */
function fitWithin(width: number, height: number, box: { width: number; height: number }) {
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Decodes `bytes` and encodes the stored sizes; throws ImageDecodeError when there is no picture. */
export async function encodePhoto(bytes: Uint8Array): Promise<EncodedPhoto> {
  try {
    const meta = await new Transformer(bytes).metadata();
    const turned = meta.orientation !== undefined && meta.orientation !== null && QUARTER_TURNS.has(meta.orientation);
    const upright = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    const size = fitWithin(upright.width, upright.height, PHOTO_FULL_BOX_PX);
    const full = await new Transformer(bytes).rotate().resize(size.width, size.height).webp(FULL_QUALITY);
    const thumbSize = fitWithin(size.width, size.height, { width: PHOTO_THUMB_WIDTH_PX, height: Number.MAX_SAFE_INTEGER });
    const thumb = await new Transformer(full).resize(thumbSize.width, thumbSize.height).webp(THUMB_QUALITY);
    return { full: new Uint8Array(full), thumb: new Uint8Array(thumb), ...size };
  } catch (error) {
    throw new ImageDecodeError(error instanceof Error ? error.message : String(error));
  }
}
