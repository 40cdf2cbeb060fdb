import { describe, expect, test } from "bun:test";
import { stylesheetsFor } from "./document";

describe("stylesheets per page", () => {
  const manifest = { entries: {}, css: ["assets/app-1.css"], memberCss: ["assets/member-1.css"] };
  test("the member app's pages get the member stylesheet, the admin panel and operator pages the whole one", () => {
    for (const entry of ["discover", "chat", "matches", "auth", "onboarding", "settings"]) expect(stylesheetsFor(manifest, entry)).toEqual(["assets/member-1.css"]);
    for (const entry of ["admin", "devtools", "landing", undefined]) expect(stylesheetsFor(manifest, entry)).toEqual(["assets/app-1.css"]);
    expect(stylesheetsFor({ entries: {}, css: ["assets/app-1.css"] }, "discover")).toEqual(["assets/app-1.css"]);
  });
});
