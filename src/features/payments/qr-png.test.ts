import { describe, expect, it } from "bun:test";
import { Transformer } from "@napi-rs/image";
import { encode } from "uqr";
import { qrisPayload } from "./gateways/qris-string";
import { QR_PNG_MODULE_PX, qrPng } from "./qr-png";

const QRIS = qrisPayload({ merchantName: "KASIH SANDBOX", city: "JAKARTA", amount: 99000, reference: "abc123" });

describe("qrPng", () => {
  it("is a PNG whose pixels are the QR matrix, whole modules with the quiet zone, black on white", async () => {
    const png = qrPng(QRIS);
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const { data } = encode(QRIS, { ecc: "M", border: 4 });
    const side = data.length * QR_PNG_MODULE_PX;
    const image = new Transformer(png);
    expect(await image.metadata()).toMatchObject({ width: side, height: side });
    // Decoded by an independent decoder (Rust's image crate): RGBA, 4 bytes a pixel.
    const pixels = await image.rawPixels();
    const channels = pixels.length / (side * side);
    const at = (x: number, y: number) => pixels[(y * side + x) * channels]!;
    data.forEach((row, moduleY) =>
      row.forEach((dark, moduleX) => {
        // A module's corners and centre: the same colour throughout, no blur.
        for (const [dx, dy] of [[0, 0], [QR_PNG_MODULE_PX - 1, QR_PNG_MODULE_PX - 1], [QR_PNG_MODULE_PX >> 1, QR_PNG_MODULE_PX >> 1]] as const) {
          expect(at(moduleX * QR_PNG_MODULE_PX + dx, moduleY * QR_PNG_MODULE_PX + dy)).toBe(dark ? 0 : 255);
        }
      }),
    );
    // The quiet zone: the first four modules' rows are all white.
    for (let x = 0; x < side; x++) expect(at(x, 4 * QR_PNG_MODULE_PX - 1)).toBe(255);
    expect(png.length).toBeLessThan(20_000);
  });
});
