import { startAgeRefresh } from "./features/profile/age-refresh";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { AppDeps } from "./app-env";
import { createApp } from "./app";
import { nativeRoutes } from "./native-routes";
import type { Config } from "./config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { applyMigrations, readMigrationsFolder, type Migration } from "../db/migrate";
import { defaultCaptchaOptions } from "./features/auth/captcha";
import { revokeUnprovenSuperAdmin } from "./features/auth/super-admin-check";
import { systemClock, type Clock } from "./platform/clock";
import { EventBus } from "./platform/events";
import { realtimeFor } from "./realtime/realtime";
import { readOrCreateSecret } from "./platform/secrets";
import { createEmbeddedAssetStore, createFolderAssetStore, type AssetStore, type ClientManifest } from "./views/assets";

/** Set by the compiled binary's entry (scripts/build.ts): everything the binary carries inside. */
export interface EmbeddedFiles {
  manifest: ClientManifest;
  /** "client/assets/x.js" | "public/icons/y.png" → embedded file path. */
  files: Record<string, string>;
  migrations: Migration[];
}

declare global {
  var __kasihEmbedded: EmbeddedFiles | undefined;
}

const projectRoot = join(import.meta.dir, "..");

export function loadMigrations(): Migration[] {
  return globalThis.__kasihEmbedded?.migrations ?? readMigrationsFolder(join(projectRoot, "db", "migrations"));
}

export function loadAssets(): AssetStore {
  const embedded = globalThis.__kasihEmbedded;
  if (embedded !== undefined) return createEmbeddedAssetStore(embedded.manifest, embedded.files);
  return createFolderAssetStore(join(projectRoot, "dist", "client"), join(projectRoot, "public"));
}

/** Opens the data directory and database and applies migrations; what every command needs. */
export async function openData(config: Config): Promise<DatabaseHandle> {
  mkdirSync(config.dataDir, { recursive: true });
  const handle = await openDatabase(config.databaseUrl);
  await applyMigrations(handle.client, loadMigrations());
  return handle;
}

export async function buildDeps(config: Config, handle: DatabaseHandle, clock: Clock = systemClock): Promise<AppDeps> {
  const captchaSecret = Buffer.from(readOrCreateSecret(config.dataDir, "captcha-hmac")).toString("base64");
  return {
    config,
    db: handle.db,
    dbClient: handle.client,
    clock,
    events: new EventBus(),
    assets: loadAssets(),
    captcha: { ...defaultCaptchaOptions, hmacSecret: captchaSecret },
  };
}

export async function startServer(config: Config) {
  const handle = await openData(config);
  const deps = await buildDeps(config, handle);
  // Before the first request: an unproven SUPER_ADMIN_EMAIL account never serves as an admin.
  await revokeUnprovenSuperAdmin(deps);
  const app = createApp(deps);
  const stopAgeRefresh = startAgeRefresh(deps.db, () => deps.clock.now());
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    // The hot signed-in reads go through Bun's router; everything else through the Hono app.
    routes: nativeRoutes(deps),
    fetch: app.fetch,
    // The /ws sockets (src/realtime): GET /ws upgrades through the app, frames arrive here.
    websocket: realtimeFor(deps).websocket,
    // Large enough for six 5 MB photos sent as data URLs; bigger bodies are refused early.
    maxRequestBodySize: 48 * 1024 * 1024,
  });
  const shutdown = () => {
    stopAgeRefresh();
    server.stop();
    handle.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  return { server, deps, app };
}
