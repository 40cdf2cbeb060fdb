/**
 * Image files for tests (API and end-to-end). The real ones (jpegWithGps, pngWithText,
 * webpWithExif) decode to pixels and carry the metadata the server must strip: EXIF with a GPS
 * position, XMP, comments, PNG text chunks. The hollow ones are well-formed containers with no
 * picture in them — the files a hostile client sent as photos — and headers that claim any size.
 */
import { crc32, deflateSync } from "node:zlib";
import { encodeJpeg } from "../../../../db/demo/jpeg-encoder";

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text);

export function concatBytes(...parts: (Uint8Array | number[])[]): Uint8Array {
  const arrays = parts.map((part) => (part instanceof Uint8Array ? part : Uint8Array.from(part)));
  const out = new Uint8Array(arrays.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of arrays) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const be16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];
const be32 = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
const le32 = (value: number) => [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];

/** The place the test photos claim to be taken: Jakarta, as EXIF GPS rationals. */
export const GPS_SECRET = "GPS-SECRET-LOCATION";

/** An APP1 EXIF segment whose IFD0 points at a GPS IFD (latitude 6°12'S, longitude 106°50'E). */
export function exifGpsSegment(): Uint8Array {
  // TIFF, big-endian. IFD0 at 8: one entry (GPSInfo → 26). GPS IFD at 26: LatRef, Lat, LongRef, Long.
  const tiff: number[] = [0x4d, 0x4d, 0x00, 0x2a, ...be32(8)];
  tiff.push(...be16(1), ...be16(0x8825), ...be16(4), ...be32(1), ...be32(26), ...be32(0));
  const gpsIfdStart = 26;
  const entries = 4;
  const dataStart = gpsIfdStart + 2 + entries * 12 + 4;
  const rational = (n: number) => [...be32(n), ...be32(1)];
  const lat = [...rational(6), ...rational(12), ...rational(0)];
  const lng = [...rational(106), ...rational(50), ...rational(0)];
  tiff.push(...be16(entries));
  tiff.push(...be16(1), ...be16(2), ...be32(2), 0x53, 0, 0, 0); // GPSLatitudeRef "S"
  tiff.push(...be16(2), ...be16(5), ...be32(3), ...be32(dataStart)); // GPSLatitude
  tiff.push(...be16(3), ...be16(2), ...be32(2), 0x45, 0, 0, 0); // GPSLongitudeRef "E"
  tiff.push(...be16(4), ...be16(5), ...be32(3), ...be32(dataStart + 24)); // GPSLongitude
  tiff.push(...be32(0), ...lat, ...lng);
  const payload = concatBytes(bytesOf("Exif\0\0"), tiff, bytesOf(GPS_SECRET));
  return concatBytes([0xff, 0xe1], be16(payload.length + 2), payload);
}

function segment(marker: number, payload: Uint8Array | number[]): Uint8Array {
  const body = payload instanceof Uint8Array ? payload : Uint8Array.from(payload);
  return concatBytes([0xff, marker], be16(body.length + 2), body);
}

/** Puts an EXIF GPS segment, an XMP packet and a comment right after SOI of a real JPEG. */
export function withJpegMetadata(jpeg: Uint8Array): Uint8Array {
  const xmp = segment(0xe1, bytesOf(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${GPS_SECRET}</exif:GPSLatitude></x:xmpmeta>`));
  const comment = segment(0xfe, bytesOf(`comment ${GPS_SECRET}`));
  return concatBytes(jpeg.subarray(0, 2), exifGpsSegment(), xmp, comment, jpeg.subarray(2));
}

/** A real JPEG picture (a soft gradient) of the given size, with EXIF GPS, XMP and a comment. */
export function jpegWithGps(width = 640, height = 480): Uint8Array {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      rgb[i] = 200;
      rgb[i + 1] = 60 + Math.round((120 * y) / height);
      rgb[i + 2] = 110 + Math.round((100 * x) / width);
    }
  }
  return withJpegMetadata(encodeJpeg(rgb, width, height, 80));
}

/**
 * A JPEG container with tables, frame and an end, but no decodable scan: its header claims
 * `width`×`height` (for the size checks that must refuse before decoding) and `padding` bytes
 * make it as large as a test needs.
 */
export function hollowJpeg(width = 640, height = 480, padding = 0): Uint8Array {
  const app0 = segment(0xe0, [...bytesOf("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = segment(0xdb, [0, ...new Array(64).fill(1)]);
  const sof = segment(0xc0, [8, ...be16(height), ...be16(width), 1, 1, 0x11, 0]);
  const dht = segment(0xc4, [0, 1, ...new Array(15).fill(0), 0]);
  const sos = segment(0xda, [1, 1, 0, 0, 63, 0]);
  const scan = concatBytes([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78], new Uint8Array(padding).fill(0x2a));
  return concatBytes([0xff, 0xd8], app0, exifGpsSegment(), segment(0xfe, bytesOf(`taken at ${GPS_SECRET}`)), dqt, sof, dht, sos, scan, [0xff, 0xd9]);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeAndData = concatBytes(bytesOf(type), data);
  return concatBytes(be32(data.length), typeAndData, be32(crc32(typeAndData)));
}

/** A 2x2 RGB PNG with tEXt, iTXt, eXIf and tIME chunks around its image data. */
export function pngWithText(): Uint8Array {
  const ihdr = pngChunk("IHDR", concatBytes(be32(2), be32(2), [8, 2, 0, 0, 0]));
  const text = pngChunk("tEXt", bytesOf(`Comment\0${GPS_SECRET}`));
  const itxt = pngChunk("iTXt", bytesOf(`XML:com.adobe.xmp\0\0\0\0\0${GPS_SECRET}`));
  const exif = pngChunk("eXIf", exifGpsSegment().subarray(10));
  const time = pngChunk("tIME", Uint8Array.from([0x07, 0xea, 11, 22, 10, 0, 0]));
  const raw = Uint8Array.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  const idat = pngChunk("IDAT", new Uint8Array(deflateSync(raw)));
  const iend = pngChunk("IEND", new Uint8Array(0));
  return concatBytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ihdr, text, itxt, exif, time, idat, iend);
}

/** A 2x2 PNG whose header and text chunks are all there, but not one IDAT: no pixels. */
export function pngWithoutIdat(): Uint8Array {
  const ihdr = pngChunk("IHDR", concatBytes(be32(2), be32(2), [8, 2, 0, 0, 0]));
  const text = pngChunk("tEXt", bytesOf(`Comment\0${GPS_SECRET}`));
  const iend = pngChunk("IEND", new Uint8Array(0));
  return concatBytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ihdr, text, iend);
}

const riffChunk = (type: string, data: Uint8Array) => concatBytes(bytesOf(type), le32(data.length), data, data.length % 2 ? [0] : []);

/** An extended WebP container (VP8X with the EXIF and XMP flags) around `image`, plus EXIF and XMP chunks. */
function extendedWebp(width: number, height: number, image: Uint8Array): Uint8Array {
  const vp8x = riffChunk("VP8X", Uint8Array.from([0x08 | 0x04, 0, 0, 0, (width - 1) & 0xff, ((width - 1) >> 8) & 0xff, 0, (height - 1) & 0xff, ((height - 1) >> 8) & 0xff, 0]));
  const exif = riffChunk("EXIF", exifGpsSegment().subarray(10));
  const xmp = riffChunk("XMP ", bytesOf(`<x:xmpmeta>${GPS_SECRET}</x:xmpmeta>`));
  const body = concatBytes(bytesOf("WEBP"), vp8x, image, exif, xmp);
  return concatBytes(bytesOf("RIFF"), le32(body.length), body);
}

/** A real 300x200 lossy WebP picture (its VP8 chunk, encoded once by libwebp) with EXIF and XMP. */
const VP8_300X200 = Buffer.from(
  "UklGRpwBAABXRUJQVlA4IJABAACQFQCdASosAcgAPrVaqVCnJSOioCgA4BaJaW7dXS2MxFnXjH6AE9gHvtk5D32xxP6x5HjEQn8SNctnPd4T+ELhfYlIsTJoGuhHr8Q2NnEwE5W2QPdLHNglCmQ39jYArkbr86k1v/S0NWTkN5DYSN3/AhY1JDPwPWOAcqvJPO8/SqBcWPyW9wf2Zbei7juOJlX57Labif0R1k22AsUAhmB2Iy9wxyvlc1JD3Ow2/FgRW+uaHWmAAP6tRf+q/7mf4g6EOhVcB3h6vLwPb2rOUUu40+8tqde7DO5m2EXzkc+JmX7Bn5a6AaVnl4iojPB9mQTE2GUoeMEJ2PfyqqwYv0YbtbCiqVWsgKNk04kwfroC54i/F37svJSucH/Y7hQugDMjuTvn/fNszcOJIAP2Sp1rg+G203JD8SR7goxoAL4VttckhC9Tu/Ig6pFA33aVO8Tif117/c0gOZ5sJuL3soyk5siH71mCGhZYyUGpuU8PRuZF3KEkEECeLCNlqHLu1o78RDXJ3j3EcipD7VWvqIAA",
  "base64",
);

export function webpWithExif(): Uint8Array {
  return extendedWebp(300, 200, new Uint8Array(VP8_300X200.subarray(12)));
}

/** A WebP whose VP8L chunk holds a header and no image data. */
export function hollowWebp(width = 300, height = 200): Uint8Array {
  const bits = (width - 1) | ((height - 1) << 14);
  return extendedWebp(width, height, riffChunk("VP8L", concatBytes([0x2f], le32(bits), [0, 0, 0])));
}

export function dataUrl(bytes: Uint8Array, type = "image/jpeg"): string {
  return `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
}

export function containsText(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes).includes(Buffer.from(text));
}
