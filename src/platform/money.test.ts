import { describe, expect, test } from "bun:test";
import { formatRupiah } from "./money";

describe("formatRupiah", () => {
  test("Indonesian joins the sign to the number with a no-break space; English writes them together", () => {
    expect(formatRupiah(49_000, "id")).toBe("Rp\u00a049.000");
    expect(formatRupiah(1_250_000, "id")).toBe("Rp\u00a01.250.000");
    expect(formatRupiah(49_000, "en")).toBe("Rp49,000");
    expect(formatRupiah(0, "en")).toBe("Rp0");
    // Nowhere a plain space a line could break at.
    for (const lang of ["id", "en"]) expect(formatRupiah(99_000, lang)).not.toContain(" ");
  });
});
