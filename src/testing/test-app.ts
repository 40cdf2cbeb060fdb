/**
 * Builds the real app on a temporary database for API tests (app.request(), no server).
 * Every call gets its own data directory, so test files never share state.
 */
import { realtimeFor } from "../realtime/realtime";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { eq } from "drizzle-orm";
import { createApp } from "../app";
import type { AppDeps } from "../app-env";
import type { PasswordHashCost } from "../features/auth/password";
import { parseConfig } from "../config";
import { openDatabase } from "../../db/client";
import { applyMigrations, readMigrationsFolder } from "../../db/migrate";
import { users } from "../../db/schema";
import { fakeClock } from "../platform/clock";
import { BackgroundWork } from "../platform/background";
import { EventBus } from "../platform/events";
import type { AssetStore } from "../views/assets";

export const TEST_ORIGIN = "http://localhost:3000";
const root = join(import.meta.dir, "..", "..");

/** Pages render against a manifest naming every entry; tests never fetch the files. */
function testAssets(): AssetStore {
  const entries = Object.fromEntries(
    readdirSync(join(root, "islands", "entries")).map((name) => {
      const entry = name.replace(/\.(tsx?|jsx?)$/, "");
      return [entry, { file: `assets/${entry}-test.js`, imports: [] }];
    }),
  );
  return { manifest: { entries, css: ["assets/app-test.css"] }, asset: () => null, publicFile: () => null };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: ReturnType<typeof fakeClock>;
  /**
   * Optional services replaced for a test (a mailer double, local identity-provider stand-ins),
   * the real argon2id cost (`passwordHashCost: PASSWORD_HASH_COST`) for a test about hashing,
   * a short gateway time limit.
   */
  deps?: Partial<Pick<AppDeps, "mailer" | "identityEndpoints" | "passwordHashCost" | "gatewayTimeoutMs" | "gatewayClients">>;
}

/**
 * argon2id at a few KiB and one pass (a tenth of a millisecond): registrations at the real cost
 * were most of the unit tests' time, and only the tests about hashing need it
 * (docs/decisions/0114-a-fast-test-suite.md).
 */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 64, timeCost: 1 };

const migrations = readMigrationsFolder(join(root, "db", "migrations"));

/**
 * The migrated empty database, built once per test run: a fresh app copies it (well under a
 * millisecond) instead of running every migration (about 10 ms, at every test of most files).
 */
let migratedDatabase: Promise<Uint8Array> | undefined;
function migratedDatabaseBytes(): Promise<Uint8Array> {
  migratedDatabase ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "kasih-test-template-"));
    try {
      const file = join(dir, "kasih.db");
      const handle = await openDatabase(`file:${file}`);
      await applyMigrations(handle.client, migrations);
      handle.close(); // the last connection's close copies the WAL into the file
      return readFileSync(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return migratedDatabase;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "kasih-test-"));
  const config = parseConfig({ DATA_DIR: dataDir, APP_ORIGIN: TEST_ORIGIN, LOG_LEVEL: "silent", ...options.env });
  // The default database file starts as a copy of the migrated one (mode 0600, as the server makes it).
  const defaultFile = join(dataDir, "kasih.db");
  if (config.databaseUrl === `file:${defaultFile}`) writeFileSync(defaultFile, await migratedDatabaseBytes(), { mode: 0o600 });
  const handle = await openDatabase(config.databaseUrl);
  await applyMigrations(handle.client, migrations); // nothing left to apply on the copy
  const clock = options.clock ?? fakeClock();
  const deps: AppDeps = {
    config,
    db: handle.db,
    dbClient: handle.client,
    clock,
    events: new EventBus(),
    background: new BackgroundWork(),
    assets: testAssets(),
    // Tiny proof of work: tests solve it in a millisecond.
    captcha: { hmacSecret: "test-captcha-secret", maxCounter: 50, ttlMs: 10 * 60_000 },
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    ...options.deps,
  };
  const app = createApp(deps);

  /** A request as the browser sends it: our Origin on state changes, the session cookie if given. */
  const request = (method: string, path: string, init: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (method !== "GET" && method !== "HEAD" && !("Origin" in headers)) headers.Origin = TEST_ORIGIN;
    if (init.cookie) headers.Cookie = init.cookie;
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      headers["Content-Type"] ??= "application/json";
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    }
    return app.request(path, { method, headers, body });
  };

  const solveCaptcha = async () => {
    const challenge = await (await request("GET", "/api/captcha/challenge")).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  };

  let userCounter = 0;
  /** Registers a user through the API and returns their session cookie. */
  const registerUser = async (overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}) => {
    userCounter++;
    const body = { email: `user${userCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "correct horse battery", firstName: "Maria", lastName: "Santoso", ...overrides };
    const response = await request("POST", "/api/auth/register", { body: { ...body, captchaToken: await solveCaptcha() } });
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
    const cookie = sessionCookieFrom(response);
    const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, body.email.toLowerCase()));
    return { ...body, id: row!.id, cookie };
  };

  /**
   * Awaited by afterEach/afterAll: mail and push a request started after its answer finish
   * first, so none writes into the folder after it is gone (nor recreates it).
   */
  const close = async () => {
    // Its timers (the session and call sweeps) stop with the app, not after the database closed.
    realtimeFor(deps).close();
    await deps.background.settled(5_000);
    handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  return { app, deps, config, clock, dataDir, request, solveCaptcha, registerUser, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** "kasih_session=abc" from a response's Set-Cookie, ready for a Cookie header. */
export function sessionCookieFrom(response: Response): string {
  const setCookie = response.headers.getSetCookie().find((value) => value.includes("kasih_session="));
  if (setCookie === undefined) throw new Error("no session cookie set");
  return setCookie.split(";")[0]!;
}
