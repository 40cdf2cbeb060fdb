/**
 * Accounts for end-to-end tests made through the real API (captcha solved in the test),
 * so a test about chat does not have to click through registration first.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { BrowserContext } from "playwright-core";

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** "kasih_session=…" */
  cookie: string;
}

export async function solveCaptcha(origin: string): Promise<string> {
  const challenge = await (await fetch(`${origin}/api/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export async function createAccount(origin: string, overrides: Partial<Omit<Account, "cookie">> = {}): Promise<Account> {
  const body = {
    email: `e2e-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: "a very good password",
    firstName: "Ruth",
    lastName: "Wijaya",
    ...overrides,
  };
  const response = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ ...body, captchaToken: await solveCaptcha(origin) }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.includes("kasih_session="))!.split(";")[0]!;
  return { ...body, cookie };
}

/** A JSON API call as the signed-in account (Origin set, as the browser would). */
export async function apiAs(origin: string, account: Pick<Account, "cookie">, method: string, path: string, body?: unknown) {
  return fetch(`${origin}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: account.cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Puts the account's session into a browser context, so its pages open signed in. */
export async function signInContext(context: BrowserContext, origin: string, account: Pick<Account, "cookie">) {
  const [name, value] = account.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: "Lax" }]);
}

/** Signs in with a password through the API (a demo account, say); the session cookie. */
export async function signInWithPassword(origin: string, email: string, password: string): Promise<Pick<Account, "cookie">> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return { cookie: response.headers.getSetCookie().find((value) => value.includes("kasih_session="))!.split(";")[0]! };
}

/** The language the server renders in for this context (the cookie the language switch sets). */
export async function setLanguage(context: BrowserContext, origin: string, lang: "en" | "id") {
  await context.addCookies([{ name: "app-language", value: lang, url: origin }]);
}

/**
 * The admin panel's second factor (ADMIN.md 'Who') for the session of `account`: the current TOTP
 * code of `secret`, or the next step's when this step's code was used by an earlier sign-in (each
 * code is accepted once); failing both, the next step is awaited.
 */
export async function proveSecondFactor(origin: string, account: Pick<Account, "cookie">, secret: string): Promise<void> {
  const { hotp, secretFromBase32, timeStep, TOTP_PERIOD_SECONDS } = await import("../../src/features/admin/second-factor/totp");
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const offset of [0, 1]) {
      const code = hotp(secretFromBase32(secret), timeStep(new Date()) + offset);
      const response = await apiAs(origin, account, "POST", "/api/admin/2fa/verify", { code });
      if (response.ok) return;
      if (response.status !== 400) throw new Error(`second factor failed: ${response.status} ${await response.text()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, TOTP_PERIOD_SECONDS * 1000 - (Date.now() % (TOTP_PERIOD_SECONDS * 1000)) + 50));
  }
  throw new Error("second factor: no code was accepted");
}

/** An admin made at the terminal enrols at the first visit, as the panel's page does: the secret, for later sign-ins. */
export async function enrolSecondFactor(origin: string, account: Pick<Account, "cookie">): Promise<string> {
  const response = await apiAs(origin, account, "POST", "/api/admin/2fa/enrol", {});
  if (!response.ok) throw new Error(`enrol failed: ${response.status} ${await response.text()}`);
  const { secret } = (await response.json()) as { secret: string };
  await proveSecondFactor(origin, account, secret);
  return secret;
}
