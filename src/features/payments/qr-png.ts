/**
 * A QRIS code as a PNG file, for "Save QR image" (PAYMENTS.md 'Calls': GET /api/payment/{id}/qr.png):
 * a member paying on the phone that shows the code saves it and opens it from their e-wallet's
 * "scan from gallery" (docs/decisions/0126). Drawn with uqr, the same encoder as the dialog's SVG,
 * with medium error correction as QRIS codes use and the 4-module quiet zone of ISO/IEC 18004.
 * Each module is a whole number of pixels, black on white, in a 1-bit greyscale PNG: crisp when
 * scanned from a screenshot or a gallery, and a few kilobytes. A tiny encoder with node:zlib
 * instead of an image library: one IHDR, one IDAT, one IEND.
 */
// The PNG chunks' CRC-32 is zlib's own (ISO 3309, as PNG names it).
import { crc32, deflateSync } from "node:zlib";
import { encode } from "uqr";

/** Pixels per module: about 500 px for a QRIS string, sharp at any gallery zoom. */
export const QR_PNG_MODULE_PX = 10;
const QUIET_ZONE_MODULES = 4;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The PNG of `value`'s QR code; `modulePx` pixels per module. */
export function qrPng(value: string, modulePx = QR_PNG_MODULE_PX): Uint8Array<ArrayBuffer> {
  const { data } = encode(value, { ecc: "M", border: QUIET_ZONE_MODULES });
  const modules = data.length;
  const side = modules * modulePx;
  const rowBytes = Math.ceil(side / 8);
  // Each scanline: filter type 0, then 1 bit per pixel, 1 = white in greyscale.
  const raw = Buffer.alloc((rowBytes + 1) * side);
  for (let y = 0; y < side; y++) {
    const row = data[Math.floor(y / modulePx)]!;
    const offset = y * (rowBytes + 1) + 1;
    for (let x = 0; x < side; x++) {
      if (!row[Math.floor(x / modulePx)]) raw[offset + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering (each row says "none")
  header[12] = 0; // not interlaced
  return new Uint8Array(Buffer.concat([PNG_SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", new Uint8Array(0))]));
}
