import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createTestApp, type TestApp } from "../../testing/test-app";
import en from "../../i18n/en.json";
import id from "../../i18n/id.json";
import { EXAMPLE_MEMBERS } from "./example-members";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const landing = async (lang: "en" | "id") => (await app.request("GET", "/", { headers: { Cookie: `app-language=${lang}` } })).text();

/** The landing promises only what the app does (docs/decisions/0139). */
describe("the landing's claims", () => {
  it("never says that only verified Christians join, nor that faith is verified, in either language", async () => {
    for (const lang of ["en", "id"] as const) {
      const html = await landing(lang);
      for (const untrue of [/only verified/i, /verified Christians/i, /Hanya orang Kristen terverifikasi/i, /Verifikasi iman/i, /Faith verification/i]) expect(html).not.toMatch(untrue);
    }
    // Nowhere in the landing's copy either, whatever the page shows of it.
    const copy = JSON.stringify([en.landing, id.landing]);
    expect(copy).not.toMatch(/only verified|verified Christians|Hanya orang Kristen terverifikasi|Verifikasi iman/i);
  });

  it("says what is true: photo-verified members, and calls with Premium Plus", async () => {
    const english = await landing("en");
    expect(english).toContain("Photo-verified members: look for the Verified badge.");
    expect(english).toContain("voice and video calls with your matches come with Premium Plus");
    const indonesian = await landing("id");
    expect(indonesian).toContain("Ada anggota yang fotonya sudah diverifikasi");
    expect(indonesian).toContain("Premium Plus");
  });

  it("shows people as drawn examples, each labelled Example / Contoh, with the note that they are not real members", async () => {
    const english = await landing("en");
    expect(english.match(/data-testid="example-member"/g)?.length).toBe(EXAMPLE_MEMBERS.length);
    expect(english.match(/class="example-tag">Example</g)?.length).toBe(EXAMPLE_MEMBERS.length);
    expect(english).toContain("Illustrated examples, not real members.");
    // Nothing suggests these are people near the visitor.
    expect(english).not.toMatch(/near you/i);
    const indonesian = await landing("id");
    expect(indonesian.match(/class="example-tag">Contoh</g)?.length).toBe(EXAMPLE_MEMBERS.length);
    expect(indonesian).toContain("Contoh ilustrasi, bukan anggota sungguhan.");
  });

  it("serves each example's portrait as a cacheable JPEG, and nothing for an unknown example", async () => {
    for (let index = 0; index < EXAMPLE_MEMBERS.length; index++) {
      const response = await app.request("GET", `/landing/example-${index}.jpg`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/jpeg");
      expect(response.headers.get("Cache-Control")).toContain("max-age=");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    }
    expect((await app.request("GET", `/landing/example-${EXAMPLE_MEMBERS.length}.jpg`)).status).toBe(404);
  });
});
