/**
 * Phone sign-in end to end in Chromium at 390x844 (API.md 'Phone sign-in', docs/decisions/0136):
 * with neither WhatsApp nor SMS configured the server writes each code to $DATA_DIR/outbox, and
 * the test reads it from there as the member would from the message. In Indonesian: a wrong number
 * and a wrong code said once, beside the field; the code sent, the countdown, a new account named
 * before onboarding, and its number shown proven in Settings. In English: a member with an email
 * account adds and proves a number in Settings. Screenshots of each state in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { apiAs, createAccount, setLanguage, signInContext } from "./support/accounts";
import { openBrowser, PHONE, screenshot } from "./support/browser";
import { completeProfile, hydrated } from "./support/members";
import { startServer, type RunningServer } from "./support/server";
import { waitUntil } from "./support/wait";
import { outboxFiles } from "../src/features/phone-sign-in/phone-sign-in.test-support";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The code of the newest message to `to`, once the server has written it. */
async function codeFor(to: string, count: number): Promise<string> {
  await waitUntil(async () => outboxFiles(server.dataDir).filter((file) => file.message.to === to).length >= count, 10_000);
  const text = outboxFiles(server.dataDir).filter((file) => file.message.to === to).at(-1)!.message.text;
  return /\b(\d{6})\b/.exec(text)![1]!;
}

/** Whether the element's box lies inside the phone's viewport. */
async function inViewport(locator: import("playwright-core").Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height;
}

describe("phone sign-in", () => {
  it("a newcomer signs in with a WhatsApp code in Indonesian, is named, and finds the number proven in Settings; a member adds a number in English", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    const { page, context } = browser;
    try {
      await setLanguage(context, server.origin, "id");
      await page.goto(`${server.origin}/auth`);
      await hydrated(page, "auth-panel");
      const phoneButton = page.getByRole("button", { name: "Lanjutkan dengan nomor HP" });
      expect(await inViewport(phoneButton)).toBe(true);
      await screenshot(page, "phone-sign-in-choice-id-phone");
      await phoneButton.click();
      await page.getByRole("heading", { name: "Masuk dengan nomor HP" }).waitFor();
      const numberField = page.getByRole("textbox", { name: "Nomor HP" });
      expect(await numberField.getAttribute("type")).toBe("tel");
      expect(await page.getByText("Nomor HP Indonesia: 0812\u00a03456\u00a07890 atau +62\u00a0812\u00a03456\u00a07890.").count()).toBe(1);

      // Not a number: said once, beside the field, and nothing is sent.
      await numberField.fill("12345");
      await page.getByRole("button", { name: "Kirim kode" }).click();
      const alert = page.getByRole("alert");
      await alert.waitFor();
      expect(await alert.innerText()).toBe("Masukkan nomor HP yang valid");
      expect(await page.getByText("Masukkan nomor HP yang valid").count()).toBe(1);
      expect(await numberField.getAttribute("aria-invalid")).toBe("true");
      await screenshot(page, "phone-sign-in-number-error-id-phone");
      expect(outboxFiles(server.dataDir)).toEqual([]);

      await numberField.fill("0812 3456 7890");
      await page.getByRole("button", { name: "Kirim kode" }).click();
      await page.getByText("Kode 6 digit sudah dikirim ke +6281234567890. Berlaku 5 menit.").waitFor();
      const codeField = page.getByRole("textbox", { name: "Kode 6 digit" });
      expect(await codeField.getAttribute("autocomplete")).toBe("one-time-code");
      expect(await codeField.getAttribute("inputmode")).toBe("numeric");
      // The countdown holds the resend back.
      const resend = page.getByRole("button", { name: /^Kirim ulang kode dalam \d+ detik$/ });
      expect(await resend.isDisabled()).toBe(true);
      const [message] = outboxFiles(server.dataDir);
      expect(message!.message).toMatchObject({ to: "+6281234567890", channel: "whatsapp" });
      expect(message!.message.text).toContain("adalah kode masuk Kasih kamu");
      const code = await codeFor("+6281234567890", 1);

      // A wrong code: one message, the field kept.
      await codeField.fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
      await page.getByRole("button", { name: "Masuk", exact: true }).click();
      await page.getByRole("alert").filter({ hasText: "Kode salah atau sudah kedaluwarsa" }).waitFor();
      expect(await page.getByText("Kode salah atau sudah kedaluwarsa").count()).toBe(1);
      expect(await inViewport(page.getByRole("alert"))).toBe(true);
      expect(await inViewport(page.getByRole("button", { name: "Masuk", exact: true }))).toBe(true);
      await screenshot(page, "phone-sign-in-code-error-id-phone");

      await codeField.fill(code);
      await page.getByRole("button", { name: "Masuk", exact: true }).click();
      // A new account: named before onboarding.
      await page.getByRole("heading", { name: "Siapa namamu?" }).waitFor();
      await screenshot(page, "phone-sign-in-name-id-phone");
      await page.getByLabel("Nama depan").fill("Ruth");
      await page.getByRole("button", { name: "Lanjut" }).click();
      await page.waitForURL(`${server.origin}/edit-profile`);
      expect(await page.getByText("Ruth").count()).toBeGreaterThan(0);

      // With a profile, Settings shows the number proven.
      const cookie = (await context.cookies(server.origin)).find((item) => item.name === "kasih_session")!;
      const newcomer = { email: "", password: "", firstName: "Ruth", lastName: "", cookie: `kasih_session=${cookie.value}` };
      await completeProfile(server.origin, page, newcomer, "female", 20);
      await page.goto(`${server.origin}/settings`);
      await hydrated(page, "phone-number-setting");
      const phoneSection = page.getByRole("region", { name: "Nomor HP" });
      expect(await phoneSection.getByText("+6281234567890").count()).toBe(1);
      expect(await phoneSection.getByText("Terverifikasi").count()).toBe(1);
      await phoneSection.scrollIntoViewIfNeeded();
      await screenshot(page, "phone-settings-proven-id-phone");

      // English: an email member adds a number from Settings.
      await context.clearCookies();
      await setLanguage(context, server.origin, "en");
      // The switcher keeps the choice in localStorage too, and the page follows it.
      await page.evaluate(() => localStorage.setItem("app-language", "en"));
      const maria = await createAccount(server.origin, { firstName: "Maria" });
      await completeProfile(server.origin, page, maria, "female", 200);
      // A member's saved language wins over the cookie.
      expect((await apiAs(server.origin, maria, "PATCH", "/api/auth/language", { language: "en" })).status).toBe(200);
      await signInContext(context, server.origin, maria);
      await page.goto(`${server.origin}/settings`);
      await hydrated(page, "phone-number-setting");
      const section = page.getByRole("region", { name: "Phone number" });
      expect(await section.getByText("No phone number yet").count()).toBe(1);
      await section.getByRole("button", { name: "Add phone number" }).click();
      await section.getByRole("textbox", { name: "Phone number" }).fill("+62 813 1111 2222");
      await section.getByRole("radio", { name: "SMS" }).check();
      await section.getByRole("button", { name: "Send code" }).click();
      await section.getByText("We sent a 6-digit code to +6281311112222. It works for 5 minutes.").waitFor();
      await screenshot(page, "phone-settings-code-en-phone");
      const smsCode = await codeFor("+6281311112222", 1);
      expect(outboxFiles(server.dataDir).at(-1)!.message.channel).toBe("sms");
      await section.getByRole("textbox", { name: "6-digit code" }).fill(smsCode);
      await section.getByRole("button", { name: "Verify number" }).click();
      await section.getByText("Verified", { exact: true }).waitFor();
      expect(await section.getByText("+6281311112222").count()).toBe(1);
      await screenshot(page, "phone-settings-proven-en-phone");

      // And the sign-in screen in English.
      await context.clearCookies();
      await setLanguage(context, server.origin, "en");
      // The switcher keeps the choice in localStorage too, and the page follows it.
      await page.evaluate(() => localStorage.setItem("app-language", "en"));
      await page.goto(`${server.origin}/auth`);
      await hydrated(page, "auth-panel");
      await page.getByRole("button", { name: "Continue with phone number" }).click();
      await page.getByRole("textbox", { name: "Phone number" }).fill("0813 1111 2222");
      await page.getByRole("button", { name: "Send code" }).click();
      await page.getByText("We sent a 6-digit code to +6281311112222. It works for 5 minutes.").waitFor();
      await screenshot(page, "phone-sign-in-code-en-phone");
      await page.getByRole("textbox", { name: "6-digit code" }).fill(await codeFor("+6281311112222", 2));
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      // Maria's account, which has a photo: straight into the app.
      await page.waitForURL(`${server.origin}/swipe`);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
