import { join } from "node:path";
import type { AppDeps } from "./app-env";
import { createApp } from "./app";
import { startAgeRefresh } from "./features/profile/age-refresh";
import { startAppMetrics } from "./operations/app-metrics";
import { startBackupSchedule } from "./operations/backup-schedule";
import { startReportDigest } from "./features/safety/report-alerts";
import { startPendingStatusChecks } from "./features/payments/pending-status-checks";
import { lifecycle } from "./operations/lifecycle";
import { dbQueryDuration } from "./operations/metrics";
import { log } from "./platform/log";
import type { Config } from "./config";
import type { DatabaseHandle } from "../db/client";
import { defaultCaptchaOptions } from "./features/auth/captcha";
import { revokeUnprovenSuperAdmin } from "./features/auth/super-admin-check";
import { systemClock, type Clock } from "./platform/clock";
import { BackgroundWork } from "./platform/background";
import { EventBus } from "./platform/events";
import { realtimeFor } from "./realtime/realtime";
import { readOrCreateSecret } from "./platform/secrets";
import { createEmbeddedAssetStore, createFolderAssetStore, type AssetStore } from "./views/assets";
import { openData, projectRoot } from "./open-data";
import { errorCode, SettingError } from "./operations/startup-errors";

// Opening the data moved to src/open-data.ts (the terminal's commands load only that); these names stay here too.
export { loadMigrations, openData } from "./open-data";

export function loadAssets(): AssetStore {
  const embedded = globalThis.__kasihEmbedded;
  if (embedded !== undefined) return createEmbeddedAssetStore(embedded.manifest, embedded.files);
  return createFolderAssetStore(join(projectRoot, "dist", "client"), join(projectRoot, "public"));
}

export async function buildDeps(config: Config, handle: DatabaseHandle, clock: Clock = systemClock): Promise<AppDeps> {
  const captchaSecret = Buffer.from(readOrCreateSecret(config.dataDir, "captcha-hmac")).toString("base64");
  return {
    config,
    db: handle.db,
    dbClient: handle.client,
    clock,
    events: new EventBus(),
    background: new BackgroundWork(),
    assets: loadAssets(),
    captcha: { ...defaultCaptchaOptions, hmacSecret: captchaSecret },
  };
}

/** How long a stopping server lets requests in flight finish (docs/decisions/0100-operations.md). */
export const DRAIN_TIMEOUT_MS = 10_000;
/**
 * How long a stopping server keeps accepting after the signal, with /healthz at 503: a balancer
 * takes it out of rotation, and connections the kernel accepted but the server has not read yet
 * are answered instead of reset when the listener closes.
 */
export const STOP_GRACE_MS = 1_000;
/**
 * How long an idle keep-alive connection stays open. Bun's default, 10 s, is shorter than what
 * reverse proxies keep theirs for (nginx upstream 60 s, Caddy 2 min): a request a proxy sends on
 * a connection the server is closing at that moment is reset, and a proxy does not retry a POST
 * (bench:load saw these as ECONNRESET on swipes and messages). Above both, within Bun's maximum
 * of 255. Browsers keep theirs longer still (Chrome 5 min) but send a request again when a reused
 * connection closes before any answer.
 */
export const KEEP_ALIVE_IDLE_SECONDS = 130;
/** WebSocket close code "Service Restart" (RFC 6455 registry): the page reconnects at once, to the next instance. */
export const CLOSE_SERVICE_RESTART = 1012;

export async function startServer(config: Config) {
  const handle = await openData(config, { serving: true, observe: (kind, seconds) => dbQueryDuration.observe(seconds, kind) });
  const deps = await buildDeps(config, handle);
  // Before the first request: an unproven SUPER_ADMIN_EMAIL account never serves as an admin.
  await revokeUnprovenSuperAdmin(deps);
  const app = createApp(deps);
  const realtime = realtimeFor(deps);
  const stopAgeRefresh = startAgeRefresh(deps.db, () => deps.clock.now());
  startAppMetrics(deps, realtime.hub);
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      port: config.port,
      hostname: config.host,
      fetch: app.fetch,
      // The /ws sockets (src/realtime): GET /ws upgrades through the app, frames arrive here.
      websocket: realtime.websocket,
      // No ceiling of Bun's own: above it Bun answered a bare 413 with an empty body. Every route's
      // limit (src/middleware/body-limits.ts; the photo routes' own, at most six 5 MB photos as data
      // URLs) refuses first, with {message}: by Content-Length before reading, or by counting the
      // streamed bytes (docs/decisions/0116).
      maxRequestBodySize: Number.MAX_SAFE_INTEGER,
      idleTimeout: KEEP_ALIVE_IDLE_SECONDS,
    });
  } catch (error) {
    // A HOST that is no address of this machine, or a PORT taken: named, in one line (docs/decisions/0117).
    stopAgeRefresh();
    realtime.close();
    handle.close();
    throw listenError(error, config);
  }
  // Once listening: a start that cannot bind begins no scheduled backup.
  const stopBackups = config.backups === undefined ? () => undefined : startBackupSchedule(handle.client, config.dataDir, config.backups);
  // Pending payments of a gateway that may only be asked later (DOKU), asked from a timer (docs/decisions/0123).
  const stopStatusChecks = startPendingStatusChecks(deps);
  // The moderators' daily digest of reports (docs/decisions/0129).
  const stopReportDigest = startReportDigest(deps);
  /**
   * A graceful stop (SIGTERM, SIGINT): /healthz turns 503 for STOP_GRACE_MS while requests are
   * still answered, then the listener closes, the sockets close with 1012 so pages reconnect at
   * once (to another instance behind the balancer, or to this one's successor), requests in
   * flight and the work they started without waiting (mail, push: src/platform/background.ts)
   * finish within DRAIN_TIMEOUT_MS, and the database closes. A second signal stops at once.
   */
  const shutdown = async (signal: string) => {
    if (lifecycle.stopping) process.exit(1);
    lifecycle.stopping = true;
    log.info({ signal }, "stopping: out of rotation; finishing requests");
    stopAgeRefresh();
    stopBackups();
    stopStatusChecks();
    stopReportDigest();
    await Bun.sleep(STOP_GRACE_MS);
    const drainEnd = Date.now() + DRAIN_TIMEOUT_MS;
    const drained = server.stop(false);
    realtime.close(CLOSE_SERVICE_RESTART, "Service restart");
    const finished = await Promise.race([drained.then(() => true), Bun.sleep(DRAIN_TIMEOUT_MS).then(() => false)]);
    if (!finished) {
      log.warn({ timeoutMs: DRAIN_TIMEOUT_MS }, "stopping: requests still running after the drain timeout; closing them");
      await server.stop(true);
    }
    if (!(await deps.background.settled(drainEnd - Date.now()))) {
      log.warn({ pending: deps.background.pending }, "stopping: mail or push still being sent after the drain timeout; dropping it");
    }
    handle.close();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  return { server, deps, app };
}

/** Why the listener could not open, naming PORT or HOST; other errors as they are. */
function listenError(error: unknown, config: Config): unknown {
  switch (errorCode(error)) {
    case "EADDRINUSE":
      return new SettingError("PORT", `${config.port} is already in use on ${config.host} (another process listens there)`);
    case "EACCES":
      return new SettingError("PORT", `${config.port} needs privileges this user does not have (ports below 1024); choose a port above 1023`);
    case "EADDRNOTAVAIL":
      return new SettingError("HOST", `${config.host} is not an address of this machine; use one of its addresses, or 0.0.0.0 for all`);
    // A name that resolves to nothing: ENOTFOUND, or EINVAL from listen for some (Bun 1.4, "no-such-host.invalid").
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EINVAL":
      return new SettingError("HOST", `${config.host} is not an address, nor a name this machine can resolve`);
    default:
      return error;
  }
}
