/**
 * Draws the demo set's profile photos: a soft, illustrated head-and-shoulders figure on a warm
 * gradient, different for every person (skin tone, hair, clothes, background) and for each of
 * their photos (framing and scene). Pure TypeScript into an RGB buffer, then JPEG.
 */
import { encodeJpeg } from "./jpeg-encoder";
import type { Random } from "./random";

export const PORTRAIT_WIDTH = 400;
export const PORTRAIT_HEIGHT = 500;
const JPEG_QUALITY = 84;

type Rgb = [number, number, number];

export type HairStyle = "short" | "crop" | "long" | "bob" | "bun" | "curly";

/** What stays the same across one person's photos. */
export interface PortraitLook {
  skin: Rgb;
  hair: Rgb;
  hairStyle: HairStyle;
  glasses: boolean;
  clothes: Rgb[];
  backgrounds: [Rgb, Rgb][];
}

const hex = (value: string): Rgb => [parseInt(value.slice(1, 3), 16), parseInt(value.slice(3, 5), 16), parseInt(value.slice(5, 7), 16)];

const SKIN_TONES = ["#f1c9a5", "#e0ac69", "#d69e6e", "#c68642", "#b5794a", "#a0663f", "#8d5524", "#74452a", "#5c3a21"].map(hex);
const HAIR_COLOURS = ["#1b1412", "#231a16", "#2b1d15", "#3b2619", "#141010", "#4a3022"].map(hex);
const CLOTHES = ["#f4f1ea", "#1f3a5f", "#7a1f2b", "#3d5a40", "#c9a227", "#5a4e7c", "#2f6f73", "#b5523b", "#e8d5b7", "#34495e", "#8e3b46", "#d17a22", "#6b8f71", "#ffffff"].map(hex);
const BACKGROUNDS: [Rgb, Rgb][] = (
  [
    ["#fde2c8", "#f4a261"],
    ["#f9dcc4", "#d98b8b"],
    ["#ffe8d6", "#cb997e"],
    ["#f7cad0", "#e5989b"],
    ["#fcd5ce", "#b5838d"],
    ["#ffd6a5", "#e76f51"],
    ["#fae1dd", "#c98474"],
    ["#f1e3c6", "#d4a373"],
    ["#f6e7b4", "#e09f3e"],
    ["#ffcdb2", "#b56576"],
    ["#f8edeb", "#e8a598"],
    ["#fbe3d6", "#d0846a"],
  ] as const
).map(([a, b]) => [hex(a), hex(b)]);

export function randomLook(random: Random, gender: "male" | "female", skinRange: [number, number]): PortraitLook {
  const hairStyle: HairStyle =
    gender === "female" ? random.weighted<HairStyle>([["long", 5], ["bob", 2], ["bun", 2], ["curly", 1]]) : random.weighted<HairStyle>([["short", 5], ["crop", 3], ["curly", 1]]);
  return {
    skin: SKIN_TONES[random.int(skinRange[0], skinRange[1])]!,
    hair: random.pick(HAIR_COLOURS),
    hairStyle,
    glasses: random.chance(0.2),
    clothes: random.shuffle([...CLOTHES]).slice(0, 3),
    backgrounds: random.shuffle([...BACKGROUNDS]).slice(0, 3),
  };
}

/** Curly hair in Papua and parts of NTT; used by the people generator. */
export function withCurlyHair(look: PortraitLook): PortraitLook {
  return { ...look, hairStyle: "curly" };
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const shade = (c: Rgb, factor: number): Rgb => [c[0] * factor, c[1] * factor, c[2] * factor];

class Canvas {
  readonly pixels: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  /** Vertical gradient with a soft light spot, the "studio" backdrop. */
  backdrop(top: Rgb, bottom: Rgb, lightX: number, lightY: number, lightRadius: number) {
    const { width, height, pixels } = this;
    const invRadius = 1 / lightRadius;
    const dx2 = new Float64Array(width);
    for (let x = 0; x < width; x++) dx2[x] = ((x - lightX) * invRadius) ** 2;
    for (let y = 0; y < height; y++) {
      const t = y / height;
      const base0 = top[0] + (bottom[0] - top[0]) * t;
      const base1 = top[1] + (bottom[1] - top[1]) * t;
      const base2 = top[2] + (bottom[2] - top[2]) * t;
      const rowGlow = 1 - ((y - lightY) * invRadius) ** 2;
      let p = y * width * 3;
      for (let x = 0; x < width; x++, p += 3) {
        const glow = rowGlow - dx2[x]!;
        const g = glow > 0 ? glow * glow * 0.45 : 0;
        pixels[p] = base0 + (255 - base0) * g;
        pixels[p + 1] = base1 + (250 - base1) * g;
        pixels[p + 2] = base2 + (240 - base2) * g;
      }
    }
  }

  /**
   * Blends an ellipse of `colour`. `soft` is the edge width in pixels; `clipBelow` hides the part
   * below a line (for hair that stops at the forehead); `shadeTop` darkens towards the bottom.
   */
  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb, options: { alpha?: number; soft?: number; clipBelow?: number; shadow?: number } = {}) {
    const { width, height, pixels } = this;
    const alpha = options.alpha ?? 1;
    const soft = options.soft ?? 1.2;
    const clip = options.clipBelow ?? Number.POSITIVE_INFINITY;
    const shadow = options.shadow ?? 0;
    const x0 = Math.max(0, Math.floor(cx - rx - soft));
    const x1 = Math.min(width - 1, Math.ceil(cx + rx + soft));
    const y0 = Math.max(0, Math.floor(cy - ry - soft));
    const y1 = Math.min(height - 1, Math.ceil(cy + ry + soft), Math.ceil(clip + 1));
    const scale = Math.min(rx, ry);
    const invRx = 1 / rx;
    // Rows are walked only across the edge band and the inside; the inside needs no square root.
    const innerRadius = Math.max(0, 1 - (0.5 * soft) / scale);
    const outerRadius = 1 + (0.5 * soft) / scale;
    for (let y = y0; y <= y1; y++) {
      const ny = (y - cy) / ry;
      const clipCoverage = Math.min(1, Math.max(0, clip - y + 0.5));
      if (clipCoverage <= 0) continue;
      const outerSq = outerRadius * outerRadius - ny * ny;
      if (outerSq <= 0) continue;
      const outerHalf = rx * Math.sqrt(outerSq);
      const innerSq = innerRadius * innerRadius - ny * ny;
      const innerHalf = innerSq > 0 ? rx * Math.sqrt(innerSq) : -1;
      const xs = Math.max(x0, Math.floor(cx - outerHalf));
      const xe = Math.min(x1, Math.ceil(cx + outerHalf));
      for (let x = xs; x <= xe; x++) {
        const nx = (x - cx) * invRx;
        let coverage: number;
        if (innerHalf >= 0 && Math.abs(x - cx) <= innerHalf) {
          coverage = 1;
        } else {
          coverage = 0.5 - ((Math.sqrt(nx * nx + ny * ny) - 1) * scale) / soft;
          if (coverage <= 0) continue;
          if (coverage > 1) coverage = 1;
        }
        const a = coverage * alpha * clipCoverage;
        // Light from the upper left: the lower right of each shape is a little darker.
        const darken = shadow > 0 ? 1 - shadow * Math.max(0, (nx + ny) * 0.5 + 0.3) : 1;
        const p = (y * width + x) * 3;
        pixels[p] = pixels[p]! + (colour[0] * darken - pixels[p]!) * a;
        pixels[p + 1] = pixels[p + 1]! + (colour[1] * darken - pixels[p + 1]!) * a;
        pixels[p + 2] = pixels[p + 2]! + (colour[2] * darken - pixels[p + 2]!) * a;
      }
    }
  }

  /** Every layer is a convex blend of colours in 0–255, so the buffer needs no clamping. */
  toJpeg(quality: number): Uint8Array {
    return encodeJpeg(this.pixels, this.width, this.height, quality);
  }
}

/** Rounded hills and a low sun for the outdoor photo. */
function outdoorScene(canvas: Canvas, random: Random, warm: [Rgb, Rgb]) {
  const { width: w, height: h } = canvas;
  canvas.backdrop(mix(hex("#9ecbe0"), warm[0], 0.35), mix(warm[0], hex("#ffd6a5"), 0.5), w * random.float(0.2, 0.8), h * 0.55, w * 0.7);
  canvas.ellipse(w * random.float(0.15, 0.85), h * 0.5, w * 0.09, w * 0.09, hex("#fff1c9"), { alpha: 0.85, soft: 18 });
  const far = mix(hex("#7fb069"), warm[1], 0.25);
  canvas.ellipse(w * 0.2, h * 0.95, w * 0.75, h * 0.38, far, { soft: 3 });
  canvas.ellipse(w * 0.95, h * 1.0, w * 0.7, h * 0.4, shade(far, 0.88), { soft: 3 });
  canvas.ellipse(w * 0.5, h * 1.2, w * 0.9, h * 0.42, hex("#5b8e55"), { soft: 3 });
}

/** Soft out-of-focus lights, like a café or a church hall behind the person. */
function bokeh(canvas: Canvas, random: Random, colour: Rgb) {
  const count = random.int(4, 9);
  for (let i = 0; i < count; i++) {
    const r = canvas.width * random.float(0.03, 0.09);
    canvas.ellipse(random.float(0, canvas.width), random.float(0, canvas.height * 0.6), r, r, mix(colour, hex("#ffffff"), 0.6), { alpha: random.float(0.15, 0.35), soft: r * 0.5 });
  }
}

function figure(canvas: Canvas, look: PortraitLook, cx: number, headY: number, size: number, clothes: Rgb) {
  const headRx = size * 0.15;
  const headRy = size * 0.185;
  const { hair, skin } = look;
  const neckSkin = shade(skin, 0.86);
  // Hair that falls behind the shoulders goes first.
  if (look.hairStyle === "long") canvas.ellipse(cx, headY + size * 0.12, headRx * 1.45, headRy * 1.6, hair, { soft: 2 });
  if (look.hairStyle === "bob") canvas.ellipse(cx, headY + size * 0.03, headRx * 1.35, headRy * 1.12, hair, { soft: 2 });
  if (look.hairStyle === "curly") {
    for (let i = 0; i < 9; i++) {
      const angle = Math.PI * (1.05 + (i / 8) * 0.9);
      canvas.ellipse(cx + Math.cos(angle) * headRx * 0.95, headY - headRy * 0.15 + Math.sin(angle) * headRy * 0.85, headRx * 0.45, headRx * 0.45, hair, { soft: 1.5 });
    }
  }
  // Shoulders and body, then the neck, then the head.
  canvas.ellipse(cx, headY + size * 0.62, size * 0.42, size * 0.36, clothes, { soft: 1.5, shadow: 0.25 });
  canvas.ellipse(cx, headY + size * 0.3, size * 0.1, size * 0.07, mix(clothes, hex("#000000"), 0.15), { soft: 1.5, alpha: 0.6 });
  canvas.ellipse(cx, headY + size * 0.2, headRx * 0.44, size * 0.12, neckSkin, { soft: 1.5 });
  canvas.ellipse(cx, headY, headRx, headRy, skin, { soft: 1.2, shadow: 0.18 });
  // Ears.
  canvas.ellipse(cx - headRx * 0.98, headY + headRy * 0.05, headRx * 0.14, headRy * 0.17, neckSkin, { soft: 1.2 });
  canvas.ellipse(cx + headRx * 0.98, headY + headRy * 0.05, headRx * 0.14, headRy * 0.17, neckSkin, { soft: 1.2 });
  // Hair on top, cut off at the forehead.
  const hairline = headY - headRy * (look.hairStyle === "crop" ? 0.55 : 0.42);
  switch (look.hairStyle) {
    case "short":
    case "crop":
      canvas.ellipse(cx, headY - headRy * 0.18, headRx * 1.06, headRy * 0.92, hair, { soft: 1.5, clipBelow: hairline });
      break;
    case "long":
    case "bob":
      canvas.ellipse(cx, headY - headRy * 0.12, headRx * 1.1, headRy * 0.98, hair, { soft: 1.5, clipBelow: hairline + headRy * 0.1 });
      canvas.ellipse(cx - headRx * 0.85, headY + headRy * 0.2, headRx * 0.3, headRy * 0.75, hair, { soft: 1.5 });
      canvas.ellipse(cx + headRx * 0.85, headY + headRy * 0.2, headRx * 0.3, headRy * 0.75, hair, { soft: 1.5 });
      break;
    case "bun":
      canvas.ellipse(cx, headY - headRy * 1.05, headRx * 0.5, headRx * 0.45, hair, { soft: 1.5 });
      canvas.ellipse(cx, headY - headRy * 0.18, headRx * 1.06, headRy * 0.92, hair, { soft: 1.5, clipBelow: hairline });
      break;
    case "curly":
      canvas.ellipse(cx, headY - headRy * 0.2, headRx * 1.12, headRy * 0.95, hair, { soft: 1.5, clipBelow: hairline });
      break;
  }
  // A hint of a smile and eyes keeps the figure friendly without pretending to be a real face.
  const eyeY = headY + headRy * 0.02;
  const eye = shade(hair, 0.9);
  canvas.ellipse(cx - headRx * 0.38, eyeY, headRx * 0.08, headRx * 0.06, eye, { soft: 1 });
  canvas.ellipse(cx + headRx * 0.38, eyeY, headRx * 0.08, headRx * 0.06, eye, { soft: 1 });
  canvas.ellipse(cx, headY + headRy * 0.5, headRx * 0.22, headRy * 0.035, shade(skin, 0.62), { soft: 1.2, alpha: 0.8 });
  if (look.glasses) {
    for (const side of [-1, 1]) {
      canvas.ellipse(cx + side * headRx * 0.38, eyeY, headRx * 0.27, headRx * 0.23, hex("#2a2a2a"), { soft: 1, alpha: 0.9 });
      canvas.ellipse(cx + side * headRx * 0.38, eyeY, headRx * 0.21, headRx * 0.17, skin, { soft: 1 });
      canvas.ellipse(cx + side * headRx * 0.38, eyeY, headRx * 0.08, headRx * 0.06, eye, { soft: 1 });
    }
  }
}

/**
 * One photo of a person: variant 0 is the main portrait, 1 an outdoor photo, 2 a close-up.
 * Returns the JPEG bytes.
 */
export function renderPortrait(look: PortraitLook, variant: number, random: Random): { bytes: Uint8Array; width: number; height: number } {
  const w = PORTRAIT_WIDTH;
  const h = PORTRAIT_HEIGHT;
  const canvas = new Canvas(w, h);
  const background = look.backgrounds[variant % look.backgrounds.length]!;
  const clothes = look.clothes[variant % look.clothes.length]!;
  if (variant % 3 === 1) {
    outdoorScene(canvas, random, background);
    figure(canvas, look, w * random.float(0.35, 0.65), h * 0.5, w * 0.85, clothes);
  } else if (variant % 3 === 2) {
    canvas.backdrop(background[0], background[1], w * random.float(0.2, 0.8), h * 0.2, w * 0.9);
    bokeh(canvas, random, background[0]);
    figure(canvas, look, w * random.float(0.45, 0.55), h * 0.44, w * 1.35, clothes);
  } else {
    canvas.backdrop(background[0], background[1], w * random.float(0.25, 0.75), h * 0.25, w * 0.8);
    if (random.chance(0.5)) bokeh(canvas, random, background[0]);
    figure(canvas, look, w * 0.5, h * 0.43, w * 1.05, clothes);
  }
  return { bytes: canvas.toJpeg(JPEG_QUALITY), width: w, height: h };
}
