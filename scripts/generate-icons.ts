/**
 * Draws the app icons of public/icons/ (the PWA manifest's 192 and 512 px icons, the maskable
 * 512 px icon) and the SVG favicon: a rose heart (#c92a64, --rose-600) with a small white cross,
 * on soft rose (--rose-50). Run `npx bun scripts/generate-icons.ts` after changing the drawing;
 * the outputs are committed so a build needs nothing but this repository.
 *
 * The PNG encoder is the format's minimum (RGBA, filter 0, one IDAT compressed with zlib), so no
 * image library is needed for three files.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

const iconsDir = join(import.meta.dir, "..", "public", "icons");

type Rgba = [number, number, number, number];
const rose: Rgba = [0xc9, 0x2a, 0x64, 255];
const softRose: Rgba = [0xff, 0xf1, 0xf5, 255];
const white: Rgba = [255, 255, 255, 255];
const transparent: Rgba = [0, 0, 0, 0];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** RGBA pixels (row by row) → PNG file bytes. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, filter method 0, no interlace
  const raw = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + width * 4)] = 0; // filter type None
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (1 + width * 4) + 1);
  }
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The drawing in unit coordinates (0..1, y down): which colour a point has.
 * `heartScale` is the heart's width as a share of the icon; `rounded` gives the square
 * background rounded corners (regular icons) instead of filling the whole square (maskable).
 */
function colourAt(u: number, v: number, heartScale: number, rounded: boolean): Rgba {
  if (rounded) {
    const radius = 0.22;
    const dx = Math.max(radius - u, 0, u - (1 - radius));
    const dy = Math.max(radius - v, 0, v - (1 - radius));
    if (dx * dx + dy * dy > radius * radius) return transparent;
  }
  // The classic heart curve (x² + y² − 1)³ − x²y³ ≤ 0 spans about 2.3 × 2.3 units, y up.
  const x = ((u - 0.5) / heartScale) * 2.3;
  const y = -((v - 0.52) / heartScale) * 2.3 + 0.1;
  const a = x * x + y * y - 1;
  const inHeart = a * a * a - x * x * y * y * y <= 0;
  if (!inHeart) return softRose;
  // A small cross in the heart's upper middle: vertical bar and a crossbar above its centre.
  const bar = 0.13;
  const inVertical = Math.abs(x) <= bar && y >= -0.55 && y <= 0.75;
  const inCrossbar = Math.abs(y - 0.3) <= bar && Math.abs(x) <= 0.42;
  return inVertical || inCrossbar ? white : rose;
}

/** Renders with 4×4 supersampling so the edges are smooth. */
function renderIcon(size: number, heartScale: number, rounded: boolean): Uint8Array {
  const samples = 4;
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = colourAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, heartScale, rounded);
          // Premultiplied, so transparent samples do not darken the edge.
          sum[0]! += colour[0] * colour[3];
          sum[1]! += colour[1] * colour[3];
          sum[2]! += colour[2] * colour[3];
          sum[3]! += colour[3];
        }
      }
      const offset = (py * size + px) * 4;
      const alpha = sum[3]!;
      pixels[offset] = alpha === 0 ? 0 : Math.round(sum[0]! / alpha);
      pixels[offset + 1] = alpha === 0 ? 0 : Math.round(sum[1]! / alpha);
      pixels[offset + 2] = alpha === 0 ? 0 : Math.round(sum[2]! / alpha);
      pixels[offset + 3] = Math.round(alpha / (samples * samples));
    }
  }
  return encodePng(size, size, pixels);
}

/** The same drawing as an SVG for the browser tab (a cubic-curve heart and a two-bar cross). */
const faviconSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="#fff1f5"/>
  <path fill="#c92a64" d="M32 54C20 45 8 36 8 23.5 8 15.5 14 10 21 10c4.6 0 8.6 2.4 11 6.2C34.4 12.4 38.4 10 43 10c7 0 13 5.5 13 13.5C56 36 44 45 32 54z"/>
  <path fill="#ffffff" d="M29.5 19h5v26h-5zM23 25.5h18v5H23z"/>
</svg>
`;

if (import.meta.main) {
  mkdirSync(iconsDir, { recursive: true });
  writeFileSync(join(iconsDir, "icon-192.png"), renderIcon(192, 0.7, true));
  writeFileSync(join(iconsDir, "icon-512.png"), renderIcon(512, 0.7, true));
  // Maskable: the launcher may cut the icon to a circle of 80 % of its width, so the heart stays
  // well inside that safe zone and the background fills the whole square.
  writeFileSync(join(iconsDir, "icon-maskable-512.png"), renderIcon(512, 0.5, false));
  writeFileSync(join(iconsDir, "favicon.svg"), faviconSvg);
  console.log(`icons → ${iconsDir}`);
}
