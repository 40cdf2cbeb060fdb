/**
 * Recognises JPEG, PNG and WebP by their bytes, reads their pixel size from the headers and
 * removes every metadata block (EXIF with GPS, XMP, IPTC, comments, text chunks) WITHOUT
 * re-encoding: the picture data is copied as it is, only the container is rewritten.
 * Anything we cannot walk from start to end is refused rather than stored half-understood.
 */
export type ImageType = "jpeg" | "png" | "webp";

export const IMAGE_TYPES: Record<ImageType, { mime: string; ext: string }> = {
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  webp: { mime: "image/webp", ext: "webp" },
};

export class ImageFormatError extends Error {}

export interface CleanImage {
  type: ImageType;
  mime: string;
  ext: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  return null;
}

/** Strips metadata and reads the size; throws ImageFormatError for a damaged or unknown file. */
export function cleanImage(bytes: Uint8Array): CleanImage {
  const type = sniffImageType(bytes);
  if (type === null) throw new ImageFormatError("not an accepted image");
  const result = type === "jpeg" ? cleanJpeg(bytes) : type === "png" ? cleanPng(bytes) : cleanWebp(bytes);
  if (result.width <= 0 || result.height <= 0) throw new ImageFormatError("image has no size");
  return { type, ...IMAGE_TYPES[type], ...result };
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

const u16be = (b: Uint8Array, o: number) => (b[o]! << 8) | b[o + 1]!;
const u32be = (b: Uint8Array, o: number) => ((b[o]! << 24) >>> 0) + (b[o + 1]! << 16) + (b[o + 2]! << 8) + b[o + 3]!;
const u32le = (b: Uint8Array, o: number) => b[o]! + (b[o + 1]! << 8) + (b[o + 2]! << 16) + ((b[o + 3]! << 24) >>> 0);
const u24le = (b: Uint8Array, o: number) => b[o]! + (b[o + 1]! << 8) + (b[o + 2]! << 16);

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

// ---------------------------------------------------------------- JPEG

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Segments kept: APP0 JFIF (pixel aspect), APP2 ICC profile (colours), APP14 Adobe (colour transform). */
function keepJpegSegment(marker: number, payload: Uint8Array): boolean {
  if (marker === 0xfe) return false; // COM
  if (marker >= 0xe0 && marker <= 0xef) {
    if (marker === 0xe0) return ascii(payload, 0, 5) === "JFIF\0";
    if (marker === 0xe2) return ascii(payload, 0, 12) === "ICC_PROFILE\0";
    if (marker === 0xee) return ascii(payload, 0, 5) === "Adobe";
    return false; // APP1 EXIF/XMP, APP13 IPTC/Photoshop, everything else
  }
  return true;
}

function cleanJpeg(bytes: Uint8Array) {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let offset = 2;
  let width = 0;
  let height = 0;
  let sawScan = false;
  let sawFrame = false;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) throw new ImageFormatError("bad JPEG marker");
    // Fill bytes (FF FF ...) may precede a marker.
    while (bytes[offset + 1] === 0xff) offset++;
    const marker = bytes[offset + 1];
    if (marker === undefined) throw new ImageFormatError("truncated JPEG");
    if (marker === 0xd9) {
      // EOI: whatever follows (appended archives, "motion photo" videos, MPF images) is dropped.
      parts.push(bytes.subarray(offset, offset + 2));
      if (!sawScan) throw new ImageFormatError("JPEG without image data");
      return { bytes: concat(parts), width, height };
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      parts.push(bytes.subarray(offset, offset + 2));
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) throw new ImageFormatError("truncated JPEG");
    const length = u16be(bytes, offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) throw new ImageFormatError("truncated JPEG segment");
    const payload = bytes.subarray(offset + 4, end);
    if (SOF_MARKERS.has(marker)) {
      if (payload.length < 5) throw new ImageFormatError("short SOF");
      // Decoders size the picture by the first frame header: a second one (e.g. a small one after
      // a huge one) would make the pixel bound check the wrong frame.
      if (sawFrame) throw new ImageFormatError("more than one JPEG frame header");
      sawFrame = true;
      height = u16be(payload, 1);
      width = u16be(payload, 3);
    }
    if (keepJpegSegment(marker, payload)) parts.push(bytes.subarray(offset, end));
    offset = end;
    if (marker === 0xda) {
      sawScan = true;
      // Entropy-coded data runs to the next marker that is not a stuffed 00 or a restart marker.
      const dataStart = offset;
      while (offset < bytes.length) {
        if (bytes[offset] === 0xff) {
          const next = bytes[offset + 1];
          if (next === undefined) throw new ImageFormatError("truncated JPEG scan");
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        offset++;
      }
      parts.push(bytes.subarray(dataStart, offset));
    }
  }
  throw new ImageFormatError("JPEG without end marker");
}

// ---------------------------------------------------------------- PNG

/** Image and colour chunks; text (tEXt/zTXt/iTXt), eXIf, tIME and unknown private chunks go. */
const PNG_KEPT_CHUNKS = new Set(["IHDR", "PLTE", "IDAT", "IEND", "tRNS", "cHRM", "gAMA", "iCCP", "sBIT", "sRGB", "cICP", "bKGD", "pHYs", "acTL", "fcTL", "fdAT"]);

function cleanPng(bytes: Uint8Array) {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let offset = 8;
  let width = 0;
  let height = 0;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = u32be(bytes, offset);
    const type = ascii(bytes, offset + 4, 4);
    const end = offset + 12 + length;
    if (end > bytes.length) throw new ImageFormatError("truncated PNG chunk");
    if (first) {
      if (type !== "IHDR" || length < 8) throw new ImageFormatError("PNG without IHDR");
      width = u32be(bytes, offset + 8);
      height = u32be(bytes, offset + 12);
      first = false;
    }
    if (PNG_KEPT_CHUNKS.has(type)) parts.push(bytes.subarray(offset, end));
    offset = end;
    if (type === "IEND") return { bytes: concat(parts), width, height };
  }
  throw new ImageFormatError("PNG without IEND");
}

// ---------------------------------------------------------------- WebP

const WEBP_KEPT_CHUNKS = new Set(["VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "ANMF", "ICCP"]);
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

function cleanWebp(bytes: Uint8Array) {
  const riffEnd = Math.min(bytes.length, 8 + u32le(bytes, 4));
  const chunks: Uint8Array[] = [];
  let offset = 12;
  let width = 0;
  let height = 0;
  while (offset + 8 <= riffEnd) {
    const type = ascii(bytes, offset, 4);
    const length = u32le(bytes, offset + 4);
    const padded = length + (length & 1);
    const end = offset + 8 + padded;
    if (offset + 8 + length > riffEnd) throw new ImageFormatError("truncated WebP chunk");
    const payload = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "VP8X") {
      if (length < 10) throw new ImageFormatError("short VP8X");
      width = u24le(payload, 4) + 1;
      height = u24le(payload, 7) + 1;
      const chunk = bytes.slice(offset, Math.min(end, riffEnd));
      chunk[8] = chunk[8]! & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      chunks.push(chunk);
    } else {
      if (type === "VP8 " && width === 0) {
        if (length < 10 || payload[3] !== 0x9d || payload[4] !== 0x01 || payload[5] !== 0x2a) throw new ImageFormatError("bad VP8 frame");
        width = u16le(payload, 6) & 0x3fff;
        height = u16le(payload, 8) & 0x3fff;
      }
      if (type === "VP8L" && width === 0) {
        if (length < 5 || payload[0] !== 0x2f) throw new ImageFormatError("bad VP8L header");
        const bits = u32le(payload, 1);
        width = (bits & 0x3fff) + 1;
        height = ((bits >>> 14) & 0x3fff) + 1;
      }
      if (WEBP_KEPT_CHUNKS.has(type)) {
        const chunk = bytes.slice(offset, Math.min(end, riffEnd));
        // A final odd-sized chunk without its pad byte still gets one, so the RIFF stays even.
        chunks.push(chunk.length === 8 + padded ? chunk : concat([chunk, new Uint8Array(8 + padded - chunk.length)]));
      }
    }
    offset = end;
  }
  if (chunks.length === 0) throw new ImageFormatError("WebP without image data");
  const body = concat(chunks);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  const riffSize = body.length + 4;
  header[4] = riffSize & 0xff;
  header[5] = (riffSize >>> 8) & 0xff;
  header[6] = (riffSize >>> 16) & 0xff;
  header[7] = (riffSize >>> 24) & 0xff;
  return { bytes: concat([header, body]), width, height };
}

const u16le = (b: Uint8Array, o: number) => b[o]! + (b[o + 1]! << 8);
