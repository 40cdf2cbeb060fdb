#!/usr/bin/env bun
/**
 * The command line (and the compiled binary's entry):
 *   kasih serve                              start the server (default)
 *   kasih demo                               fill an empty DATA_DIR with the demo set, then serve
 *   kasih migrate                            apply database migrations and exit
 *   kasih admin grant EMAIL                  make an existing user an admin
 *   kasih user premium EMAIL premium|premium_plus|free
 *   kasih user ban EMAIL [REASON]            suspend an account and end its sessions
 *   kasih user unban EMAIL
 *   kasih backup FILE                        consistent online copy of the database
 *   kasih restore FILE                       a backup as the database of an empty DATA_DIR
 */
import { ConfigError, loadConfig } from "./config";
import { configureLog, log } from "./platform/log";
import { openData, startServer } from "./server";
import { banUser, grantAdmin, setPlan, unbanUser } from "./features/admin/operator-commands";
import { backupDatabase, restoreDatabase, RestoreRefused } from "../db/backup";
import type { Database } from "../db/client";

async function main(args: string[]) {
  const config = loadConfig();
  configureLog(config.logLevel);
  const [command = "serve", ...rest] = args;
  switch (command) {
    case "serve": {
      const { server } = await startServer(config);
      log.info({ origin: config.appOrigin, address: `${server.hostname}:${server.port}` }, `Kasih is listening on ${config.appOrigin}`);
      return;
    }
    case "demo": {
      const { seedDemo } = await import("../db/seed");
      const handle = await openData(config);
      const summary = await seedDemo(handle.db, config);
      handle.close();
      // The demo pays through the offline sandbox gateway (PAYMENTS.md); `serve` never does unless asked.
      const { server } = await startServer({ ...config, payments: { ...config.payments, sandbox: true } });
      console.log(summary);
      log.info({ origin: config.appOrigin, address: `${server.hostname}:${server.port}` }, `Kasih demo is listening on ${config.appOrigin}`);
      return;
    }
    case "migrate": {
      const handle = await openData(config);
      handle.close();
      console.log("Migrations applied.");
      return;
    }
    case "admin": {
      const [action, email] = rest;
      if (action !== "grant" || !email) return usage("kasih admin grant EMAIL");
      const handle = await openData(config);
      const result = await grantAdmin(handle.db, email);
      handle.close();
      return report(result);
    }
    case "user": {
      const [action, email, ...more] = rest;
      const usageText = "kasih user premium EMAIL premium|premium_plus|free | user ban EMAIL [REASON] | user unban EMAIL";
      if (!email) return usage(usageText);
      const plan = more[0];
      let run: ((db: Database) => Promise<{ ok: boolean; message: string }>) | undefined;
      if (action === "premium" && (plan === "premium" || plan === "premium_plus" || plan === "free")) run = (db) => setPlan(db, email, plan);
      if (action === "ban") run = (db) => banUser(db, email, more.join(" "));
      if (action === "unban" && more.length === 0) run = (db) => unbanUser(db, email);
      if (run === undefined) return usage(usageText);
      const handle = await openData(config);
      const result = await run(handle.db);
      handle.close();
      return report(result);
    }
    case "backup": {
      const [file] = rest;
      if (!file) return usage("kasih backup FILE");
      const handle = await openData(config);
      await backupDatabase(handle.client, file);
      handle.close();
      console.log(`Backup written to ${file} (integrity_check: ok)`);
      console.log(`Keep ${config.dataDir}/secrets and ${config.dataDir}/uploads with it: the keys that read stored gateway keys, and the photos.`);
      return;
    }
    case "restore": {
      const [file] = rest;
      if (!file) return usage("kasih restore FILE");
      if (!config.databaseUrl.startsWith("file:")) {
        console.error("restore puts a database file in DATA_DIR; DATABASE_URL points elsewhere (restore a libSQL server with its own tools)");
        process.exit(1);
      }
      try {
        const { secrets } = await restoreDatabase(file, config.dataDir, config.databaseUrl.slice("file:".length));
        // Migrations bring an older backup up to this version.
        const handle = await openData(config);
        handle.close();
        console.log(`Restored ${file} into ${config.dataDir}${secrets ? " with the secrets kept beside it" : ""} (integrity_check: ok). Copy the photos into ${config.dataDir}/uploads, then start the server.`);
      } catch (error) {
        if (!(error instanceof RestoreRefused)) throw error;
        console.error(error.message);
        process.exit(1);
      }
      return;
    }
    default:
      return usage("kasih serve | demo | migrate | admin grant EMAIL | user premium EMAIL PLAN | user ban|unban EMAIL | backup FILE | restore FILE");
  }
}

function usage(text: string) {
  console.error(`usage: ${text}`);
  process.exit(2);
}

function report(result: { ok: boolean; message: string }) {
  (result.ok ? console.log : console.error)(result.message);
  if (!result.ok) process.exit(1);
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
