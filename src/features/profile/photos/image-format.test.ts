import { describe, expect, test } from "bun:test";
import { cleanImage, ImageFormatError, sniffImageType } from "./image-format";
import { checkImage, PhotoError } from "./photo-store";
import { containsText, GPS_SECRET, hollowJpeg, jpegWithGps, pngWithText, webpWithExif } from "./test-images";

const hasMarker = (bytes: Uint8Array, marker: number) => {
  // Walk the header segments only (up to SOS), as a decoder would.
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const current = bytes[offset + 1]!;
    if (current === marker) return true;
    if (current === 0xda) return false;
    offset += 2 + ((bytes[offset + 2]! << 8) | bytes[offset + 3]!);
  }
  return false;
};

describe("sniffImageType", () => {
  test("recognises the three formats by their first bytes, whatever a name would say", () => {
    expect(sniffImageType(jpegWithGps())).toBe("jpeg");
    expect(sniffImageType(pngWithText())).toBe("png");
    expect(sniffImageType(webpWithExif())).toBe("webp");
    expect(sniffImageType(new TextEncoder().encode("just some text, named photo.jpg"))).toBeNull();
  });
});

describe("cleanImage", () => {
  test("a JPEG loses its EXIF (with GPS), XMP and comments, keeps its frame and scan, and reports its size", () => {
    const original = jpegWithGps(640, 480);
    expect(containsText(original, "Exif")).toBe(true);
    const clean = cleanImage(original);
    expect(clean.width).toBe(640);
    expect(clean.height).toBe(480);
    expect(containsText(clean.bytes, "Exif")).toBe(false);
    expect(containsText(clean.bytes, GPS_SECRET)).toBe(false);
    expect(hasMarker(clean.bytes, 0xe1)).toBe(false);
    expect(hasMarker(clean.bytes, 0xfe)).toBe(false);
    expect(hasMarker(clean.bytes, 0xc0)).toBe(true);
    expect(containsText(clean.bytes, "JFIF")).toBe(true);
    expect([...clean.bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  test("a JPEG with a second frame header is refused, so a small one cannot hide a huge first frame from the pixel bound", () => {
    const huge = hollowJpeg(9000, 9000);
    const sof = (width: number, height: number) => [0xff, 0xc0, 0, 11, 8, (height >> 8) & 0xff, height & 0xff, (width >> 8) & 0xff, width & 0xff, 1, 1, 0x11, 0];
    // The small frame header right before the end marker: the last one read used to win.
    const twoFrames = new Uint8Array([...huge.subarray(0, -2), ...sof(100, 100), 0xff, 0xd9]);
    expect(() => cleanImage(twoFrames)).toThrow(ImageFormatError);
    expect(() => checkImage(twoFrames)).toThrow(PhotoError);
  });

  test("bytes appended after a JPEG's end marker are dropped", () => {
    const original = jpegWithGps();
    const withTrailer = new Uint8Array([...original, ...new TextEncoder().encode("PK hidden archive")]);
    expect(containsText(cleanImage(withTrailer).bytes, "hidden archive")).toBe(false);
  });

  test("a PNG loses its tEXt, iTXt, eXIf and tIME chunks and keeps IHDR, IDAT and IEND", () => {
    const clean = cleanImage(pngWithText());
    expect(clean.width).toBe(2);
    expect(clean.height).toBe(2);
    for (const chunk of ["tEXt", "iTXt", "eXIf", "tIME", GPS_SECRET]) expect(containsText(clean.bytes, chunk)).toBe(false);
    for (const chunk of ["IHDR", "IDAT", "IEND"]) expect(containsText(clean.bytes, chunk)).toBe(true);
  });

  test("a WebP loses its EXIF and XMP chunks, its VP8X flags are cleared and the RIFF size matches", () => {
    const clean = cleanImage(webpWithExif());
    expect(clean.width).toBe(300);
    expect(clean.height).toBe(200);
    expect(containsText(clean.bytes, "EXIF")).toBe(false);
    expect(containsText(clean.bytes, "XMP ")).toBe(false);
    expect(containsText(clean.bytes, GPS_SECRET)).toBe(false);
    const flags = clean.bytes[20]!;
    expect(flags & 0x08).toBe(0);
    expect(flags & 0x04).toBe(0);
    const riffSize = clean.bytes[4]! | (clean.bytes[5]! << 8) | (clean.bytes[6]! << 16) | (clean.bytes[7]! << 24);
    expect(riffSize).toBe(clean.bytes.length - 8);
  });

  test("a truncated file is refused instead of being stored half-read", () => {
    const original = jpegWithGps();
    expect(() => cleanImage(original.subarray(0, original.length - 40))).toThrow(ImageFormatError);
    const png = pngWithText();
    expect(() => cleanImage(png.subarray(0, png.length - 12))).toThrow(ImageFormatError);
  });
});
