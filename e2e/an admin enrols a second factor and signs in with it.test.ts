/**
 * The admin panel's second factor in Chromium (ADMIN.md 'Who', docs/decisions/0127): an account
 * made admin at the terminal opens /admin, is sent to /admin/2fa, sets up an authenticator (the QR,
 * the setup key, ten recovery codes), types the app's code and lands on the page it asked for. A
 * later sign-in asks for the code only; a wrong code says so. The admin's role dialog for a member.
 * Screenshots of each step, phone and desktop, English and Indonesian.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { createAccount, enrolSecondFactor, proveSecondFactor, setLanguage, signInContext, signInWithPassword, type Account } from "./support/accounts";
import { startServer, type RunningServer } from "./support/server";
import { hotp, secretFromBase32, timeStep } from "../src/features/admin/second-factor/totp";

let server: RunningServer;
let admin: Account;
let member: Account;
beforeAll(async () => {
  server = await startServer();
  admin = await createAccount(server.origin, { firstName: "Ada", lastName: "Admin" });
  await server.cli(["admin", "grant", admin.email]);
  member = await createAccount(server.origin, { firstName: "Budi", lastName: "Hartono" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** A code the server has not accepted yet: this step's, or the next one's after an earlier use. */
const codeOf = (secret: string, offset = 0) => hotp(secretFromBase32(secret), timeStep(new Date()) + offset);

async function typeCode(page: Page, code: string) {
  await page.locator("#second-factor-code").fill(code);
  await page.locator(".second-factor-form button[type=submit]").click();
}

describe("an admin enrols a second factor and signs in with it", () => {
  let secret = "";

  it("is sent from /admin/users to the enrolment, scans, saves the codes and lands on /admin/users", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, admin);
      await page.goto(`${server.origin}/admin/users`);
      expect(new URL(page.url()).pathname).toBe("/admin/2fa");
      expect(await page.locator("h1").innerText()).toBe("Set up two-step verification");
      await screenshot(page, "admin-2fa-start-en-phone");
      await page.getByRole("button", { name: "Set up now" }).click();
      await page.locator(".second-factor-qr svg").waitFor();
      expect(await page.locator(".second-factor-recovery li").count()).toBe(10);
      secret = (await page.locator(".second-factor-key code").innerText()).replace(/\s+/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await screenshot(page, "admin-2fa-enrol-en-phone");
      // A wrong code is said in a toast and opens nothing.
      await typeCode(page, codeOf(secret, 5));
      await page.locator(".toast").filter({ hasText: "Invalid code" }).first().waitFor({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe("/admin/2fa");
      const landed = page.waitForURL(`${server.origin}/admin/users`);
      await typeCode(page, codeOf(secret));
      await landed;
      expect(await page.locator("h1").innerText()).toBe("Users");
    } finally {
      await browser.close();
    }
  });

  it("a later sign-in asks for the code only (phone and desktop, English and Indonesian)", async () => {
    let offset = 1;
    for (const [viewport, size] of [[PHONE, "phone"], [DESKTOP, "desktop"]] as const) {
      for (const language of ["en", "id"] as const) {
        const browser = await openBrowser({ viewport });
        try {
          const { page, context } = browser;
          await setLanguage(context, server.origin, language);
          await context.addInitScript((lang) => localStorage.setItem("app-language", lang), language);
          await signInContext(context, server.origin, await signInWithPassword(server.origin, admin.email, admin.password));
          await page.goto(`${server.origin}/admin`);
          expect(new URL(page.url()).pathname).toBe("/admin/2fa");
          expect(await page.locator("h1").innerText()).toBe(language === "en" ? "Confirm it's you" : "Pastikan ini kamu");
          await screenshot(page, `admin-2fa-verify-${language}-${size}`);
          if (size === "phone" && language === "en") {
            // Each sign-in takes the next code: a code is accepted once.
            const landed = page.waitForURL(`${server.origin}/admin`);
            await typeCode(page, codeOf(secret, offset++));
            await landed;
            expect(await page.locator("h1").innerText()).toBe("Overview");
          }
        } finally {
          await browser.close();
        }
      }
    }
  });

  it("the admin's role dialog for a member, in both languages", async () => {
    // One proven session for the four browsers: each sign-in would need a code of its own.
    const session = await signInWithPassword(server.origin, admin.email, admin.password);
    await proveSecondFactor(server.origin, session, secret);
    for (const [viewport, size] of [[PHONE, "phone"], [DESKTOP, "desktop"]] as const) {
      for (const language of ["en", "id"] as const) {
        const browser = await openBrowser({ viewport });
        try {
          const { page, context } = browser;
          await setLanguage(context, server.origin, language);
          await context.addInitScript((lang) => localStorage.setItem("app-language", lang), language);
          await signInContext(context, server.origin, session);
          await page.goto(`${server.origin}/admin/users?search=${encodeURIComponent(member.email)}`);
          await page.locator(`button[hx-get$="/role"]`).first().click();
          const dialog = page.locator("dialog[open]");
          await dialog.waitFor();
          expect(await dialog.locator("input[type=radio]").count()).toBe(3);
          expect(await dialog.locator("h2").innerText()).toBe(language === "en" ? "Role of Budi Hartono" : "Peran Budi Hartono");
          await screenshot(page, `admin-role-dialog-${language}-${size}`);
        } finally {
          await browser.close();
        }
      }
    }
    // Made a moderator: the toast says so, the account has the role, the Users list's row offers
    // no action on staff but says only the super admin may act on it, and the role dialog on the
    // member's page says only the super admin may change the role (ADMIN.md 'Who').
    const browser = await openBrowser({ viewport: DESKTOP });
    try {
      const { page, context } = browser;
      await signInContext(context, server.origin, session);
      await page.goto(`${server.origin}/admin/users?search=${encodeURIComponent(member.email)}`);
      await page.locator(`button[hx-get$="/role"]`).first().click();
      const dialog = page.locator("dialog[open]");
      await dialog.locator("input[value=moderator]").check();
      await dialog.getByRole("button", { name: "Save role" }).click();
      await page.locator(".toast").filter({ hasText: "Role changed to Moderator" }).first().waitFor({ timeout: 10_000 });
      const me = (await (await fetch(`${server.origin}/api/auth/user`, { headers: { Cookie: member.cookie } })).json()) as { id: string; role: string };
      expect(me.role).toBe("moderator");
      await page.goto(`${server.origin}/admin/users?search=${encodeURIComponent(member.email)}`);
      const row = page.locator("tr", { hasText: member.email });
      await row.locator(".admin-protected", { hasText: "Only the super admin can act on this account" }).waitFor();
      expect(await row.locator(`button[hx-get$="/role"], button[hx-get$="/ban"], button[hx-get$="/delete"]`).count()).toBe(0);
      await page.goto(`${server.origin}/admin/users/${me.id}`);
      await page.locator(`button[hx-get="/admin/users/${me.id}/role"]`).click();
      await page.locator("dialog[open] .admin-role-note").waitFor();
      expect(await page.locator("dialog[open] .admin-role-note").innerText()).toBe("Only the super admin can change the role of an admin or moderator.");
      await screenshot(page, "admin-role-dialog-staff-en-desktop");
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("a moderator sees the panel of their role: no settings, ads, payments or unfinished accounts, and a page that says so", async () => {
    const moderator = await createAccount(server.origin, { firstName: "Mona", lastName: "Moderator" });
    await server.cli(["admin", "grant", moderator.email, "--role", "moderator"]);
    await enrolSecondFactor(server.origin, moderator);
    for (const [viewport, size] of [[PHONE, "phone"], [DESKTOP, "desktop"]] as const) {
      for (const language of ["en", "id"] as const) {
        const browser = await openBrowser({ viewport });
        try {
          const { page, context } = browser;
          await setLanguage(context, server.origin, language);
          await context.addInitScript((lang) => localStorage.setItem("app-language", lang), language);
          await signInContext(context, server.origin, moderator);
          await page.goto(`${server.origin}/admin`);
          const tabs = await page.locator(".admin-tabs a, .admin-sections a").evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
          expect(tabs).toEqual(["/admin", "/admin/users", "/admin/moderation", "/admin/matches"]);
          await screenshot(page, `admin-moderator-overview-${language}-${size}`);
          const refused = await page.goto(`${server.origin}/admin/settings`);
          expect(refused?.status()).toBe(403);
          expect(await page.locator(".admin-empty-title").innerText()).toBe(language === "en" ? "This part of the panel is for admins" : "Bagian panel ini khusus admin");
          await screenshot(page, `admin-moderator-forbidden-${language}-${size}`);
        } finally {
          await browser.close();
        }
      }
    }
  }, 120_000);
});
