/**
 * A member in a real Chromium against the real server, with a profile as onboarding saves it:
 * the bio and a prompt are edited from /profile (the age shows from the birth date and is not a
 * field), the edit form shows its messages live, and the search distance changed in /settings
 * survives a reload.
 * Screenshots in English and Indonesian, phone and desktop, go to e2e/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { apiAs, createAccount, signInContext } from "./support/accounts";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A real picture drawn on a canvas in the page, returned as bytes of the given type. */
async function drawnImage(page: Page, type: "image/jpeg" | "image/png", hue: number): Promise<Uint8Array> {
  const base64 = await page.evaluate(
    async ({ type, hue }) => {
      const canvas = document.createElement("canvas");
      canvas.width = 600;
      canvas.height = 800;
      const context = canvas.getContext("2d")!;
      const gradient = context.createLinearGradient(0, 0, 600, 800);
      gradient.addColorStop(0, `hsl(${hue} 70% 70%)`);
      gradient.addColorStop(1, `hsl(${hue + 40} 60% 40%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, 600, 800);
      context.fillStyle = "rgba(255,255,255,0.85)";
      context.beginPath();
      context.arc(300, 330, 120, 0, Math.PI * 2);
      context.fill();
      const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { type, hue },
  );
  return new Uint8Array(Buffer.from(base64, "base64"));
}

const hydrated = (page: Page, island: string) => page.waitForSelector(`[data-island=${island}][data-hydrated]`);
const fieldError = (page: Page, field: string) => page.locator(`#error-${field}`);

async function setLanguage(page: Page, origin: string, lang: "en" | "id") {
  await page.context().addCookies([{ name: "app-language", value: lang, url: origin }]);
  await page.evaluate((value) => localStorage.setItem("app-language", value), lang);
}

describe("a new member", () => {
  it("edits the bio and a prompt, sees the age from the birth date, and changes the search distance", async () => {
    const account = await createAccount(server.origin, { firstName: "Maria", lastName: "Tambunan" });
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await signInContext(context, server.origin, account);

      // The profile as onboarding saves it (its steps: e2e/a new member is onboarded in steps.test.ts).
      await page.goto(`${server.origin}/edit-profile`);
      const jpeg = await drawnImage(page, "image/jpeg", 330);
      const png = await drawnImage(page, "image/png", 200);
      const created = await apiAs(server.origin, account, "POST", "/api/profile", {
        photos: [`data:image/jpeg;base64,${Buffer.from(jpeg).toString("base64")}`, `data:image/png;base64,${Buffer.from(png).toString("base64")}`],
        birthDate: "1999-06-01",
        acceptTerms: true,
        confirmAdult: true,
        gender: "female",
        denomination: "Protestant",
        churchName: "HKBP Menteng",
        faithTestimony: "Jesus found me at a youth retreat in Parapat, and I have walked with him every day since then.",
        faithDuration: "5-10 years",
        bio: "Nurse in Jakarta who sings in the church choir.",
        city: "medan",
      });
      expect(created.status).toBe(201);

      // Edit the bio from /profile.
      await page.goto(`${server.origin}/profile`);
      expect(await page.getByText("Medan").count()).toBeGreaterThan(0);
      await screenshot(page, "profile-en-phone");
      await page.getByRole("link", { name: "Edit Profile" }).click();
      await page.waitForURL(/\/profile\/edit$/);
      await hydrated(page, "profile-editor");
      expect(await page.locator("h1").first().innerText()).toBe("Edit Profile");

      // The registration answer "5-10 years" is not on the edit list, yet it stays chosen (decision 0079).
      expect(await page.locator("#field-faithDuration").inputValue()).toBe("5-10 years");
      // The age comes from the birth date and is not a field (decision 0096).
      expect(await page.locator("#field-age").count()).toBe(0);
      expect(await page.getByTestId("age-from-birth-date").innerText()).toContain("1 June 1999");
      // The edit rules: clearing the fields shows the edit screen's messages.
      await page.locator("#field-faithDuration").selectOption("");
      await page.locator("#field-bio").fill("Short");
      await page.locator("#field-faithTestimony").fill("Too short");
      await page.locator("#field-gender").selectOption("");
      await page.locator("#field-denomination").selectOption("");
      await page.locator("#field-churchName").fill("");
      await page.locator("#field-relationshipGoals").selectOption("");
      await page.getByRole("button", { name: "Save Changes" }).click();
      const editMessages: [string, string][] = [
        ["gender", "Gender is required"],
        ["bio", "Bio must be at least 10 characters"],
        ["denomination", "Denomination is required"],
        ["churchName", "Church name is required"],
        ["faithDuration", "Faith duration is required"],
        ["faithTestimony", "Faith testimony must be at least 20 characters"],
        ["jesusChristMeaning", "Please share what Jesus Christ means to you (at least 20 characters)"],
        ["relationshipGoals", "Relationship goals are required"],
      ];
      for (const [field, message] of editMessages) expect(await fieldError(page, field).innerText()).toBe(message);
      await screenshot(page, "profile-edit-errors-en-phone");

      await page.reload();
      await hydrated(page, "profile-editor");
      await page.locator("#field-bio").fill("Nurse and choir singer who loves hiking around Lake Toba.");
      await page.locator("#field-faithDuration").selectOption("6-10 years");
      await page.locator("#field-jesusChristMeaning").fill("He is my saviour and the friend who never leaves me.");
      await page.locator("#field-relationshipGoals").selectOption("marriage");
      for (const interest of ["Choir", "Hiking", "Cooking"]) await page.locator(".interest-picker button", { hasText: interest }).click();
      expect(await page.locator('.interest-picker button[aria-pressed="true"]').count()).toBe(3);
      await page.getByRole("button", { name: "Add a prompt" }).click();
      await page.locator("#prompt-0-id").selectOption("lookingFor");
      await page.locator("#prompt-0-answer").fill("laughs easily and prays first.");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.waitForURL(/\/profile$/);
      expect(await page.locator(".prompt-answer dt").innerText()).toBe("I'm looking for someone who");
      expect(await page.locator(".prompt-answer dd").innerText()).toBe("laughs easily and prays first.");
      expect(await page.getByText("Nurse and choir singer who loves hiking around Lake Toba.").count()).toBe(1);
      expect(await page.getByText("He is my saviour and the friend who never leaves me.").count()).toBe(1);

      // Search distance: saved on the server, still there after a reload.
      await page.goto(`${server.origin}/settings`);
      await hydrated(page, "settings-panel");
      expect(await page.getByTestId("distance-value").innerText()).toBe("50 km");
      const slider = page.locator("#search-distance");
      await slider.focus();
      for (let i = 0; i < 3; i++) await slider.press("ArrowRight");
      await page.getByText("Search distance saved").waitFor();
      await page.reload();
      await hydrated(page, "settings-panel");
      expect(await page.getByTestId("distance-value").innerText()).toBe("65 km");
      expect((await (await apiAs(server.origin, account, "GET", "/api/profile")).json()).searchDistance).toBe(65);

      // Delete my account asks for the password first; Cancel keeps everything.
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.locator("dialog[open]").getByLabel("Your password").waitFor();
      await page.locator("dialog[open]").getByRole("button", { name: "Cancel" }).click();
      expect((await apiAs(server.origin, account, "GET", "/api/auth/user")).status).toBe(200);

      // Screens in both languages, phone and desktop.
      for (const lang of ["en", "id"] as const) {
        await setLanguage(page, server.origin, lang);
        for (const [label, viewport] of [
          ["phone", PHONE],
          ["desktop", DESKTOP],
        ] as const) {
          await page.setViewportSize(viewport);
          for (const [path, name, island] of [
            ["/profile", "profile", "profile-picture"],
            ["/profile/edit", "profile-edit", "profile-editor"],
            ["/settings", "settings", "settings-panel"],
          ] as const) {
            await page.goto(`${server.origin}${path}`);
            await hydrated(page, island);
            await screenshot(page, `${name}-${lang}-${label}`);
          }
        }
      }
      expect(await page.locator("h1").first().innerText()).toBe("Pengaturan");
    } finally {
      await browser.close();
    }
  });

  it("changes the profile picture: a centred square JPEG, saved and shown", async () => {
    const account = await createAccount(server.origin);
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await signInContext(context, server.origin, account);
      await page.goto(`${server.origin}/edit-profile`);
      const jpeg = await drawnImage(page, "image/jpeg", 20);
      const created = await apiAs(server.origin, account, "POST", "/api/profile", {
        photos: [`data:image/jpeg;base64,${Buffer.from(jpeg).toString("base64")}`],
        birthDate: "1997-01-20",
        acceptTerms: true,
        confirmAdult: true,
        gender: "male",
        denomination: "Baptist",
        churchName: "GBI Rayon 1",
        faithTestimony: "I gave my life to Christ at nineteen and have served in youth ministry since.",
        faithDuration: "10+ years",
        bio: "Architect and drummer in the worship band.",
      });
      expect(created.status).toBe(201);
      await page.goto(`${server.origin}/profile`);
      await hydrated(page, "profile-picture");
      await page.getByRole("button", { name: "Change profile picture" }).click();
      // A wide picture (600x300) becomes a square.
      const wide = await page.evaluate(async () => {
        const canvas = document.createElement("canvas");
        canvas.width = 600;
        canvas.height = 300;
        const context = canvas.getContext("2d")!;
        context.fillStyle = "#c92a64";
        context.fillRect(0, 0, 600, 300);
        const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = "";
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return btoa(binary);
      });
      await page.locator("[data-testid=picture-input]").setInputFiles([{ name: "wide.png", mimeType: "image/png", buffer: Buffer.from(wide, "base64") }]);
      await page.locator(".picture-preview img").waitFor();
      await screenshot(page, "profile-picture-dialog-en-phone");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Profile picture updated").waitFor();
      const me = await (await apiAs(server.origin, account, "GET", "/api/auth/user")).json();
      expect(me.profileImageUrl).toMatch(/^\/uploads\/[a-z2-7]{26}\.webp$/);
      const size = await page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }, me.profileImageUrl);
      expect(size).toEqual([300, 300]);

      // A file that is not an image: 'Invalid File'.
      await page.getByRole("button", { name: "Change profile picture" }).click();
      await page.locator("[data-testid=picture-input]").setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
      await page.getByText("Invalid File", { exact: true }).waitFor();
    } finally {
      await browser.close();
    }
  });
});
