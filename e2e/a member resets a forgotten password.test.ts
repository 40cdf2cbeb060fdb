/**
 * Forgot password, end to end in Chromium against the real server: the dialog on /auth, the
 * mail written to the server's outbox ($DATA_DIR/mail, no SMTP configured), the link opened from
 * that .eml, the new password set on /reset-password, and a sign-in with it. Also the page's
 * invalid state for a spent link. Screenshots of each state, phone and desktop, both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createAccount } from "./support/accounts";
import { DESKTOP, openBrowser, PHONE, screenshot } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { mailsWithLink, waitForMailsWithLink } from "../src/testing/outbox";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The link exactly as a mail program shows it (quoted-printable undone). */
function linkFromMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /http:\/\/[^\s"<]+\/reset-password\?token=[a-z0-9]+/.exec(unfolded);
  if (match === null) throw new Error("no reset link in the mail");
  return match[0];
}

describe("a member who forgot the password", () => {
  it("asks for a link, opens it from the mail, sets a new password and signs in with it", async () => {
    const account = await createAccount(server.origin, { firstName: "Debora" });
    const browser = await openBrowser({ viewport: PHONE });
    const { page } = browser;
    try {
      await page.goto(`${server.origin}/auth`);
      await page.waitForSelector("[data-island=auth-panel][data-hydrated]");
      await page.getByRole("button", { name: "Forgot your password?" }).click();
      const dialog = page.getByRole("dialog", { name: "Reset Your Password" });
      await dialog.waitFor({ state: "visible" });
      // Empty email: the spec's validation message.
      await dialog.getByRole("button", { name: "Send Reset Link" }).click();
      const toast = page.getByTestId("toast");
      await toast.waitFor({ state: "visible" });
      expect(await toast.innerText()).toContain("Please enter your email address");
      // The modal dims the toasts beneath it, so the dialog says it too.
      expect(await dialog.getByRole("alert").innerText()).toBe("Please enter your email address");
      await screenshot(page, "forgot-password-dialog-empty-en-phone");
      await dialog.getByLabel("Email Address").fill(account.email);
      await screenshot(page, "forgot-password-dialog-en-phone");
      await dialog.getByRole("button", { name: "Send Reset Link" }).click();
      await page.getByText("If an account exists for this email, a reset link has been sent.").waitFor({ state: "visible" });
      await dialog.waitFor({ state: "hidden" });

      // Registration mailed a verification link too: pick the reset mail.
      const [mail] = await waitForMailsWithLink(server.dataDir, "/reset-password", 1, 10_000);
      expect(mail).toContain(`To: ${account.email}`);
      expect(mail).toContain("Subject: Reset your Kasih password");
      const link = linkFromMail(mail!);
      expect(link.startsWith(`${server.origin}/reset-password?token=`)).toBe(true);

      const response = await page.goto(link);
      expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
      await page.getByRole("heading", { name: "Create New Password" }).waitFor();
      expect(await page.getByText("at least 8 characters").count()).toBe(1);
      // The token leaves the address bar once read.
      expect(page.url()).toBe(`${server.origin}/reset-password`);
      // Mismatch: the spec's message, nothing sent.
      await page.getByLabel("New Password", { exact: true }).fill("a fresh new passphrase");
      await page.getByLabel("Confirm New Password").fill("something else entirely");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await page.getByRole("alert").filter({ hasText: "Passwords do not match" }).first().waitFor();
      await screenshot(page, "reset-password-form-en-phone");
      await page.getByLabel("Confirm New Password").fill("a fresh new passphrase");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await page.getByRole("heading", { name: "Password Reset Successfully" }).waitFor();
      await screenshot(page, "reset-password-success-en-phone");

      // The session from registration ended with the reset.
      const oldSession = await fetch(`${server.origin}/api/auth/user`, { headers: { Cookie: account.cookie } });
      expect(oldSession.status).toBe(401);

      await page.getByRole("link", { name: "Sign In Now" }).click();
      await page.waitForURL(`${server.origin}/auth`);
      await page.waitForSelector("[data-island=auth-panel][data-hydrated]");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill("a fresh new passphrase");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL(`${server.origin}/edit-profile`);
      const me = await page.request.get(`${server.origin}/api/auth/user`);
      expect(me.status()).toBe(200);
      expect((await me.json()).email).toBe(account.email);

      // The same link again: spent, so the invalid state.
      await page.goto(link);
      await page.getByRole("heading", { name: "Invalid Reset Link" }).waitFor();
      expect(await page.getByText("This password reset link is invalid or has expired.").first().isVisible()).toBe(true);
      await screenshot(page, "reset-password-invalid-en-phone");
    } finally {
      await browser.close();
    }
  });

  it("shows the reset page's states in Indonesian on phone and desktop", async () => {
    for (const [size, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      const browser = await openBrowser({ viewport });
      const { page, context } = browser;
      try {
        await context.addCookies([{ name: "app-language", value: "id", url: server.origin }]);
        await page.goto(`${server.origin}/reset-password`);
        await page.getByRole("heading", { name: "Tautan Atur Ulang Tidak Valid" }).waitFor();
        await screenshot(page, `reset-password-invalid-id-${size}`);
        const account = await createAccount(server.origin);
        const before = mailsWithLink(server.dataDir, "/reset-password").length;
        await fetch(`${server.origin}/api/auth/forgot-password`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.origin }, body: JSON.stringify({ email: account.email }) });
        const mails = await waitForMailsWithLink(server.dataDir, "/reset-password", before + 1, 10_000);
        await page.goto(linkFromMail(mails[before]!));
        await page.getByRole("heading", { name: "Buat Kata Sandi Baru" }).waitFor();
        await screenshot(page, `reset-password-form-id-${size}`);
      } finally {
        await browser.close();
      }
    }
  });

  it("offers no social button when no provider is set up, and explains a bookmarked provider address", async () => {
    const browser = await openBrowser({ viewport: PHONE });
    const { page } = browser;
    try {
      await page.goto(`${server.origin}/auth`);
      await page.waitForSelector("[data-island=auth-panel][data-hydrated]");
      expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Continue with Facebook" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "Test Firebase Authentication" }).count()).toBe(0);

      // A bookmarked or typed /api/auth/facebook comes back to /auth with the same explanation.
      await page.goto(`${server.origin}/api/auth/facebook`);
      await page.waitForURL(/\/auth/);
      await page.getByTestId("toast").filter({ hasText: "Facebook sign-in has not been set up on this server yet" }).waitFor({ state: "visible" });
      // The explanation is shown once: the address loses its error parameters.
      await page.waitForFunction(() => window.location.search === "");
      await screenshot(page, "auth-provider-not-configured-en-phone");
    } finally {
      await browser.close();
    }
  });
});
