/**
 * A small baseline JPEG encoder (JFIF, YCbCr 4:2:0, the standard Huffman tables of
 * ITU T.81 Annex K, AAN floating-point DCT). It exists so the demo seed can write real photo
 * files without a native image library. It writes no metadata besides the JFIF header: no EXIF,
 * no comments.
 */

// prettier-ignore
const ZIGZAG = new Int32Array([
  0, 1, 5, 6, 14, 15, 27, 28, 2, 4, 7, 13, 16, 26, 29, 42, 3, 8, 12, 17, 25, 30, 41, 43, 9, 11, 18, 24, 31, 40, 44, 53,
  10, 19, 23, 32, 39, 45, 52, 54, 20, 22, 33, 38, 46, 51, 55, 60, 21, 34, 37, 47, 50, 56, 59, 61, 35, 36, 48, 49, 57, 58, 62, 63,
]);

// prettier-ignore
const LUMINANCE_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
// prettier-ignore
const CHROMINANCE_QUANT = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
  ...new Array<number>(32).fill(99),
];

const DC_LUMINANCE_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_CHROMINANCE_COUNTS = [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_LUMINANCE_COUNTS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
// prettier-ignore
const AC_LUMINANCE_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91,
  0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a,
  0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53,
  0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79,
  0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5,
  0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9,
  0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2,
  0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];
const AC_CHROMINANCE_COUNTS = [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77];
// prettier-ignore
const AC_CHROMINANCE_VALUES = [
  0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14,
  0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17,
  0x18, 0x19, 0x1a, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a,
  0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78,
  0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3,
  0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7,
  0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2,
  0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

/** Code and length for each symbol of a Huffman table given as counts per length (1..16) and symbols. */
interface HuffmanTable {
  codes: Int32Array;
  lengths: Int32Array;
}

function buildHuffmanTable(counts: number[], values: number[]): HuffmanTable {
  const codes = new Int32Array(256);
  const lengths = new Int32Array(256);
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    for (let n = 0; n < counts[length - 1]!; n++) {
      const symbol = values[index++]!;
      codes[symbol] = code;
      lengths[symbol] = length;
      code++;
    }
    code <<= 1;
  }
  return { codes, lengths };
}

const DC_LUMINANCE = buildHuffmanTable(DC_LUMINANCE_COUNTS, DC_VALUES);
const DC_CHROMINANCE = buildHuffmanTable(DC_CHROMINANCE_COUNTS, DC_VALUES);
const AC_LUMINANCE = buildHuffmanTable(AC_LUMINANCE_COUNTS, AC_LUMINANCE_VALUES);
const AC_CHROMINANCE = buildHuffmanTable(AC_CHROMINANCE_COUNTS, AC_CHROMINANCE_VALUES);

/** Magnitude category and the bits that encode a coefficient value v, at index v + 32767. */
const CATEGORY = new Int32Array(65535);
const BITS = new Int32Array(65535);
{
  let lower = 1;
  let upper = 2;
  for (let category = 1; category <= 15; category++) {
    for (let value = lower; value < upper; value++) {
      CATEGORY[32767 + value] = category;
      BITS[32767 + value] = value;
      CATEGORY[32767 - value] = category;
      BITS[32767 - value] = upper - 1 - value;
    }
    lower <<= 1;
    upper <<= 1;
  }
}

const AAN_SCALE = [1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.5411961, 0.275899379];

interface QuantTables {
  /** Quantisation values in zigzag order, as written to the DQT segment. */
  luminance: Uint8Array;
  chrominance: Uint8Array;
  /** Reciprocal divisors in natural order, folded with the AAN output scaling. */
  luminanceDivisors: Float64Array;
  chrominanceDivisors: Float64Array;
}

const quantCache = new Map<number, QuantTables>();

function quantTables(quality: number): QuantTables {
  const cached = quantCache.get(quality);
  if (cached !== undefined) return cached;
  const scale = quality < 50 ? Math.floor(5000 / quality) : Math.floor(200 - quality * 2);
  const build = (base: number[]) => {
    const zigzagged = new Uint8Array(64);
    for (let i = 0; i < 64; i++) {
      const value = Math.min(255, Math.max(1, Math.floor((base[i]! * scale + 50) / 100)));
      zigzagged[ZIGZAG[i]!] = value;
    }
    const divisors = new Float64Array(64);
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        const k = row * 8 + col;
        divisors[k] = 1 / (zigzagged[ZIGZAG[k]!]! * AAN_SCALE[row]! * AAN_SCALE[col]! * 8);
      }
    }
    return { zigzagged, divisors };
  };
  const luminance = build(LUMINANCE_QUANT);
  const chrominance = build(CHROMINANCE_QUANT);
  const tables = {
    luminance: luminance.zigzagged,
    chrominance: chrominance.zigzagged,
    luminanceDivisors: luminance.divisors,
    chrominanceDivisors: chrominance.divisors,
  };
  quantCache.set(quality, tables);
  return tables;
}

/** Growable byte output with the entropy coder's bit buffer (0xFF bytes are stuffed with 0x00). */
class ByteWriter {
  bytes = new Uint8Array(64 * 1024);
  length = 0;
  private bitBuffer = 0;
  private bitCount = 0;

  private ensure(extra: number) {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(value: number) {
    this.ensure(1);
    this.bytes[this.length++] = value;
  }

  word(value: number) {
    this.byte((value >> 8) & 0xff);
    this.byte(value & 0xff);
  }

  array(values: ArrayLike<number>) {
    for (let i = 0; i < values.length; i++) this.byte(values[i]!);
  }

  bits(value: number, count: number) {
    // count ≤ 16, so the buffer never holds more than 23 bits.
    this.bitBuffer = (this.bitBuffer << count) | (value & ((1 << count) - 1));
    this.bitCount += count;
    while (this.bitCount >= 8) {
      const out = (this.bitBuffer >> (this.bitCount - 8)) & 0xff;
      this.byte(out);
      if (out === 0xff) this.byte(0);
      this.bitCount -= 8;
    }
    this.bitBuffer &= (1 << this.bitCount) - 1;
  }

  /** Pads the last byte with 1 bits, as the standard asks. */
  flushBits() {
    if (this.bitCount > 0) this.bits(0x7f, 8 - this.bitCount);
  }

  result(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

const block = new Float64Array(64);
const coefficients = new Int32Array(64);

/** Forward DCT (AAN) of `block` in place, then quantisation into `coefficients` in zigzag order. */
function transformAndQuantise(divisors: Float64Array) {
  const d = block;
  for (let off = 0; off < 64; off += 8) {
    const tmp0 = d[off]! + d[off + 7]!;
    const tmp7 = d[off]! - d[off + 7]!;
    const tmp1 = d[off + 1]! + d[off + 6]!;
    const tmp6 = d[off + 1]! - d[off + 6]!;
    const tmp2 = d[off + 2]! + d[off + 5]!;
    const tmp5 = d[off + 2]! - d[off + 5]!;
    const tmp3 = d[off + 3]! + d[off + 4]!;
    const tmp4 = d[off + 3]! - d[off + 4]!;
    let tmp10 = tmp0 + tmp3;
    const tmp13 = tmp0 - tmp3;
    let tmp11 = tmp1 + tmp2;
    let tmp12 = tmp1 - tmp2;
    d[off] = tmp10 + tmp11;
    d[off + 4] = tmp10 - tmp11;
    const z1 = (tmp12 + tmp13) * 0.707106781;
    d[off + 2] = tmp13 + z1;
    d[off + 6] = tmp13 - z1;
    tmp10 = tmp4 + tmp5;
    tmp11 = tmp5 + tmp6;
    tmp12 = tmp6 + tmp7;
    const z5 = (tmp10 - tmp12) * 0.382683433;
    const z2 = 0.5411961 * tmp10 + z5;
    const z4 = 1.306562965 * tmp12 + z5;
    const z3 = tmp11 * 0.707106781;
    const z11 = tmp7 + z3;
    const z13 = tmp7 - z3;
    d[off + 5] = z13 + z2;
    d[off + 3] = z13 - z2;
    d[off + 1] = z11 + z4;
    d[off + 7] = z11 - z4;
  }
  for (let off = 0; off < 8; off++) {
    const tmp0 = d[off]! + d[off + 56]!;
    const tmp7 = d[off]! - d[off + 56]!;
    const tmp1 = d[off + 8]! + d[off + 48]!;
    const tmp6 = d[off + 8]! - d[off + 48]!;
    const tmp2 = d[off + 16]! + d[off + 40]!;
    const tmp5 = d[off + 16]! - d[off + 40]!;
    const tmp3 = d[off + 24]! + d[off + 32]!;
    const tmp4 = d[off + 24]! - d[off + 32]!;
    let tmp10 = tmp0 + tmp3;
    const tmp13 = tmp0 - tmp3;
    let tmp11 = tmp1 + tmp2;
    let tmp12 = tmp1 - tmp2;
    d[off] = tmp10 + tmp11;
    d[off + 32] = tmp10 - tmp11;
    const z1 = (tmp12 + tmp13) * 0.707106781;
    d[off + 16] = tmp13 + z1;
    d[off + 48] = tmp13 - z1;
    tmp10 = tmp4 + tmp5;
    tmp11 = tmp5 + tmp6;
    tmp12 = tmp6 + tmp7;
    const z5 = (tmp10 - tmp12) * 0.382683433;
    const z2 = 0.5411961 * tmp10 + z5;
    const z4 = 1.306562965 * tmp12 + z5;
    const z3 = tmp11 * 0.707106781;
    const z11 = tmp7 + z3;
    const z13 = tmp7 - z3;
    d[off + 40] = z13 + z2;
    d[off + 24] = z13 - z2;
    d[off + 8] = z11 + z4;
    d[off + 56] = z11 - z4;
  }
  for (let i = 0; i < 64; i++) {
    const value = d[i]! * divisors[i]!;
    coefficients[ZIGZAG[i]!] = value > 0 ? (value + 0.5) | 0 : (value - 0.5) | 0;
  }
}

/** Entropy-codes the block in `block`; returns the new DC predictor. */
function encodeBlock(out: ByteWriter, divisors: Float64Array, previousDc: number, dcTable: HuffmanTable, acTable: HuffmanTable): number {
  transformAndQuantise(divisors);
  const dc = coefficients[0]!;
  const diff = dc - previousDc;
  if (diff === 0) {
    out.bits(dcTable.codes[0]!, dcTable.lengths[0]!);
  } else {
    const category = CATEGORY[32767 + diff]!;
    out.bits(dcTable.codes[category]!, dcTable.lengths[category]!);
    out.bits(BITS[32767 + diff]!, category);
  }
  let last = 63;
  while (last > 0 && coefficients[last] === 0) last--;
  if (last === 0) {
    out.bits(acTable.codes[0x00]!, acTable.lengths[0x00]!);
    return dc;
  }
  let i = 1;
  while (i <= last) {
    const start = i;
    while (coefficients[i] === 0 && i <= last) i++;
    let zeros = i - start;
    while (zeros >= 16) {
      out.bits(acTable.codes[0xf0]!, acTable.lengths[0xf0]!);
      zeros -= 16;
    }
    const value = coefficients[i]!;
    const category = CATEGORY[32767 + value]!;
    const symbol = (zeros << 4) + category;
    out.bits(acTable.codes[symbol]!, acTable.lengths[symbol]!);
    out.bits(BITS[32767 + value]!, category);
    i++;
  }
  if (last !== 63) out.bits(acTable.codes[0x00]!, acTable.lengths[0x00]!);
  return dc;
}

function writeHuffmanSegment(out: ByteWriter) {
  out.word(0xffc4);
  out.word(2 + 4 * 17 + DC_VALUES.length * 2 + AC_LUMINANCE_VALUES.length + AC_CHROMINANCE_VALUES.length);
  const table = (id: number, counts: number[], values: number[]) => {
    out.byte(id);
    out.array(counts);
    out.array(values);
  };
  table(0x00, DC_LUMINANCE_COUNTS, DC_VALUES);
  table(0x10, AC_LUMINANCE_COUNTS, AC_LUMINANCE_VALUES);
  table(0x01, DC_CHROMINANCE_COUNTS, DC_VALUES);
  table(0x11, AC_CHROMINANCE_COUNTS, AC_CHROMINANCE_VALUES);
}

const Y_BLOCKS = [new Float64Array(64), new Float64Array(64), new Float64Array(64), new Float64Array(64)] as const;
const CB_BLOCK = new Float64Array(64);
const CR_BLOCK = new Float64Array(64);

/**
 * Converts one 16x16 macroblock to four luminance blocks and one Cb and one Cr block, the chroma
 * computed from the average colour of each 2x2 pixel group (colour conversion is linear, so this
 * equals averaging the converted values, at a quarter of the work). A small function of its own
 * so the JIT optimises this hot loop fully.
 */
function loadMacroblock(rgb: ArrayLike<number>, width: number, height: number, mx: number, my: number) {
  const fullWidth = mx + 16 <= width;
  for (let y = 0; y < 16; y += 2) {
    const row0 = Math.min(my + y, height - 1) * width;
    const row1 = Math.min(my + y + 1, height - 1) * width;
    const top = y < 8 ? 0 : 2;
    const by = (y & 7) * 8;
    const c = (y >> 1) * 8;
    for (let x = 0; x < 16; x += 2) {
      const x0 = fullWidth ? mx + x : Math.min(mx + x, width - 1);
      const x1 = fullWidth ? x0 + 1 : Math.min(mx + x + 1, width - 1);
      const p00 = (row0 + x0) * 3;
      const p01 = (row0 + x1) * 3;
      const p10 = (row1 + x0) * 3;
      const p11 = (row1 + x1) * 3;
      const r00 = rgb[p00]!, g00 = rgb[p00 + 1]!, b00 = rgb[p00 + 2]!;
      const r01 = rgb[p01]!, g01 = rgb[p01 + 1]!, b01 = rgb[p01 + 2]!;
      const r10 = rgb[p10]!, g10 = rgb[p10 + 1]!, b10 = rgb[p10 + 2]!;
      const r11 = rgb[p11]!, g11 = rgb[p11 + 1]!, b11 = rgb[p11 + 2]!;
      const target = Y_BLOCKS[top + (x < 8 ? 0 : 1)]!;
      const k = by + (x & 7);
      target[k] = 0.299 * r00 + 0.587 * g00 + 0.114 * b00 - 128;
      target[k + 1] = 0.299 * r01 + 0.587 * g01 + 0.114 * b01 - 128;
      target[k + 8] = 0.299 * r10 + 0.587 * g10 + 0.114 * b10 - 128;
      target[k + 9] = 0.299 * r11 + 0.587 * g11 + 0.114 * b11 - 128;
      const r = (r00 + r01 + r10 + r11) * 0.25;
      const g = (g00 + g01 + g10 + g11) * 0.25;
      const b = (b00 + b01 + b10 + b11) * 0.25;
      CB_BLOCK[c + (x >> 1)] = -0.16874 * r - 0.33126 * g + 0.5 * b;
      CR_BLOCK[c + (x >> 1)] = 0.5 * r - 0.41869 * g - 0.08131 * b;
    }
  }
}

/**
 * Encodes an RGB image (3 values in 0–255 per pixel, row-major: bytes or floats) as a baseline
 * JPEG at `quality` (1–100). Any size; edge blocks repeat the last row and column.
 */
export function encodeJpeg(rgb: Uint8Array | Uint8ClampedArray | Float32Array, width: number, height: number, quality = 85): Uint8Array {
  if (rgb.length < width * height * 3) throw new Error("encodeJpeg: pixel buffer too small");
  const q = quantTables(Math.min(100, Math.max(1, Math.round(quality))));
  const out = new ByteWriter();

  out.word(0xffd8); // SOI
  out.word(0xffe0); // APP0 JFIF, version 1.1, no density units, no thumbnail
  out.word(16);
  out.array([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  out.word(0xffdb); // DQT
  out.word(2 + 2 * 65);
  out.byte(0);
  out.array(q.luminance);
  out.byte(1);
  out.array(q.chrominance);
  out.word(0xffc0); // SOF0: Y sampled 2x2, Cb and Cr 1x1 (4:2:0)
  out.word(17);
  out.byte(8);
  out.word(height);
  out.word(width);
  out.byte(3);
  out.array([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  writeHuffmanSegment(out);
  out.word(0xffda); // SOS
  out.word(12);
  out.array([3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);

  let dcY = 0;
  let dcCb = 0;
  let dcCr = 0;
  for (let my = 0; my < height; my += 16) {
    for (let mx = 0; mx < width; mx += 16) {
      loadMacroblock(rgb, width, height, mx, my);
      for (const yBlock of Y_BLOCKS) {
        block.set(yBlock);
        dcY = encodeBlock(out, q.luminanceDivisors, dcY, DC_LUMINANCE, AC_LUMINANCE);
      }
      block.set(CB_BLOCK);
      dcCb = encodeBlock(out, q.chrominanceDivisors, dcCb, DC_CHROMINANCE, AC_CHROMINANCE);
      block.set(CR_BLOCK);
      dcCr = encodeBlock(out, q.chrominanceDivisors, dcCr, DC_CHROMINANCE, AC_CHROMINANCE);
    }
  }
  out.flushBits();
  out.word(0xffd9); // EOI
  return out.result();
}
