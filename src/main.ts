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
 */
import { ConfigError, loadConfig } from "./config";
import { openData, startServer } from "./server";
import { banUser, grantAdmin, setPlan, unbanUser } from "./features/admin/operator-commands";
import { backupDatabase } from "../db/backup";
import type { Database } from "../db/client";

async function main(args: string[]) {
  const config = loadConfig();
  const [command = "serve", ...rest] = args;
  switch (command) {
    case "serve": {
      const { server } = await startServer(config);
      console.log(`Kasih is listening on ${config.appOrigin} (bound to ${server.hostname}:${server.port})`);
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
      console.log(`Kasih demo is listening on ${config.appOrigin} (bound to ${server.hostname}:${server.port})`);
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
      return;
    }
    default:
      return usage("kasih serve | demo | migrate | admin grant EMAIL | user premium EMAIL PLAN | user ban|unban EMAIL | backup FILE");
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
