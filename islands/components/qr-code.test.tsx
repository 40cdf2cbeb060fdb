import { describe, expect, it } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { QrCode } from "./qr-code";

describe("QrCode", () => {
  it("draws a square SVG with a quiet zone and dark modules for the value", () => {
    const svg = renderToStaticMarkup(<QrCode value="00020101021226" label="QRIS code" />);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="QRIS code"');
    const [, modules] = /viewBox="0 0 (\d+) \d+"/.exec(svg)!;
    // Version 1 is 21 modules; plus 4 quiet modules on each side.
    expect(Number(modules)).toBeGreaterThanOrEqual(29);
    // The finder pattern's top-left corner starts right after the quiet zone.
    expect(svg).toContain("M4 4h1v1h-1z");
    expect(svg).not.toContain("M0 0h1");
  });
});
