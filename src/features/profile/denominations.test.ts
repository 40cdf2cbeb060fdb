import { describe, expect, test } from "bun:test";
import en from "../../i18n/en.json";
import id from "../../i18n/id.json";
import { DENOMINATION_KEYS, DENOMINATION_NAMES, denominationKeyOf, denominationName } from "./denominations";

describe("denomination families", () => {
  test("the screens' names (i18n options.denomination) are the API's denominationName in both languages", () => {
    for (const key of DENOMINATION_KEYS) {
      expect((en.options.denomination as Record<string, string>)[key]).toBe(DENOMINATION_NAMES[key].en);
      expect((id.options.denomination as Record<string, string>)[key]).toBe(DENOMINATION_NAMES[key].id);
    }
    expect(denominationName("protestant", "id")).toBe("Protestan (arus utama)");
  });

  test("old English values are aliases of their family; anything else is not a denomination", () => {
    expect(denominationKeyOf("Anglican")).toBe("protestant");
    expect(denominationKeyOf("Presbyterian")).toBe("reformed");
    expect(denominationKeyOf("adventist")).toBe("adventist");
    expect(denominationKeyOf("catholic ")).toBeUndefined();
    expect(denominationKeyOf("Jedi")).toBeUndefined();
  });
});
