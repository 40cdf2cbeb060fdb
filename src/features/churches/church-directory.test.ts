import { describe, expect, test } from "bun:test";
import { churchIdFromName } from "./church-directory";

describe("churchIdFromName", () => {
  test("a written name that starts with a directory church's name is that church, case ignored; twice gives the same", () => {
    expect(churchIdFromName("HKBP Kernolong Jakarta")).toBe("hkbp");
    expect(churchIdFromName("  hkbp kernolong jakarta ")).toBe("hkbp");
    expect(churchIdFromName("HKBP")).toBe("hkbp");
  });

  test("a name that only shares letters with a church, or no church at all, is none", () => {
    expect(churchIdFromName("HKBPX Jakarta")).toBeUndefined();
    expect(churchIdFromName("Gereja Rumah Kami")).toBeUndefined();
  });
});
