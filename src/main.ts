#!/usr/bin/env bun
/**
 * The command line (and the compiled binary's entry); `kasih --help` prints USAGE.
 *
 * Each command loads only what it needs, when it runs (a dynamic import per command): a command
 * at the terminal opens the database without loading the app, and `--help` loads nothing. A
 * command that cannot start prints one line naming the setting or argument at fault and exits
 * non-zero; never a stack trace (docs/decisions/0117-startup-errors-file-modes-and-a-quick-cli.md).
 */
import { ConfigError, loadConfig, type Config } from "./config";
import { PRIVATE_UMASK } from "./operations/file-modes";
import { unexpectedStartupLine } from "./operations/startup-errors";

// Before anything is created: every file this process makes is its user's alone (0600, folders 0700).
process.umask(PRIVATE_UMASK);

const USAGE = `Kasih: a dating app for Christian singles, as one program.

usage: kasih [COMMAND]

  serve                               start the server (the default)
  demo                                fill an empty DATA_DIR with the demo set, then serve
  migrate                             apply database migrations and exit
  admin grant EMAIL [--role moderator]
                                      make an existing user an admin (or a moderator); logged
  admin revoke EMAIL                  make an admin or moderator a member again; logged
  admin reset-2fa EMAIL               the admin enrols a new second factor at the next visit
  user premium EMAIL PLAN [--until YYYY-MM-DD] [--reason TEXT]
                                      set a plan (premium, premium_plus) until the end of that
                                      Jakarta day (default: 30 days from now), or free; logged
  user ban EMAIL [REASON]             suspend an account and end its sessions
  user unban EMAIL                    lift a suspension
  backup FILE                         consistent online copy of the database (FILE must not exist)
  restore FILE                        a backup as the database of an empty DATA_DIR
  help, --help, -h                    this text

Settings come from the environment (DATA_DIR, DATABASE_URL, PORT, HOST, LOG_LEVEL, ...): see the README.`;

/** Exit code of a command given the wrong arguments (a bad setting or a refusal exits 1). */
const USAGE_EXIT = 2;

class UsageError extends Error {}

function usage(text: string): never {
  throw new UsageError(`usage: ${text}`);
}

/** A command's answer: printed on stdout when it worked, on stderr with exit code 1 when it did not. */
function report(result: { ok: boolean; message: string }): void {
  if (result.ok) return console.log(result.message);
  console.error(result.message);
  process.exitCode = 1;
}

type Command = (config: Config, args: string[]) => Promise<void>;

const commands: Record<string, Command> = {
  async serve(config) {
    const [{ startServer }, { log }] = await Promise.all([import("./server"), import("./platform/log")]);
    const { server } = await startServer(config);
    log.info({ origin: config.appOrigin, address: `${server.hostname}:${server.port}` }, `Kasih is listening on ${config.appOrigin}`);
  },

  async demo(config) {
    const [{ startServer }, { openData }, { seedDemo }, { log }] = await Promise.all([import("./server"), import("./open-data"), import("../db/seed"), import("./platform/log")]);
    const handle = await openData(config);
    const summary = await seedDemo(handle.db, config);
    handle.close();
    // The demo pays through the offline sandbox gateway (PAYMENTS.md); `serve` never does unless asked.
    const { server } = await startServer({ ...config, payments: { ...config.payments, sandbox: true } });
    console.log(summary);
    log.info({ origin: config.appOrigin, address: `${server.hostname}:${server.port}` }, `Kasih demo is listening on ${config.appOrigin}`);
  },

  async migrate(config) {
    const { openData } = await import("./open-data");
    (await openData(config)).close();
    console.log("Migrations applied.");
  },

  async admin(config, args) {
    const [{ openData }, operator] = await Promise.all([import("./open-data"), import("./features/admin/operator-commands")]);
    const parsed = operator.parseAdminArguments(args);
    if (parsed === null) usage("kasih admin grant EMAIL [--role moderator] | admin revoke EMAIL | admin reset-2fa EMAIL");
    const handle = await openData(config);
    const result =
      parsed.action === "grant" ? await operator.grantAdmin(handle.db, parsed.email, parsed.role)
      : parsed.action === "revoke" ? await operator.revokeRole(handle.db, config, parsed.email)
      : await operator.resetAdminSecondFactor(handle.db, parsed.email);
    handle.close();
    report(result);
  },

  async user(config, [action, email, ...more]) {
    const usageText = "kasih user premium EMAIL premium|premium_plus|free [--until YYYY-MM-DD] [--reason TEXT] | user ban EMAIL [REASON] | user unban EMAIL";
    const plan = more[0];
    const valid = (action === "premium" && (plan === "premium" || plan === "premium_plus" || plan === "free")) || action === "ban" || (action === "unban" && more.length === 0);
    if (!email || !valid) usage(usageText);
    const [{ openData }, operator] = await Promise.all([import("./open-data"), import("./features/admin/operator-commands")]);
    const handle = await openData(config);
    const result =
      action === "premium" ? await operator.setPlanFromArguments(handle.db, email, more)
      : action === "ban" ? await operator.banUser(handle.db, email, more.join(" "))
      : await operator.unbanUser(handle.db, email);
    handle.close();
    report(result);
  },

  async backup(config, [file, ...extra]) {
    if (!file || extra.length > 0) usage("kasih backup FILE");
    const [{ openData }, { backupDatabase, BackupRefused }] = await Promise.all([import("./open-data"), import("../db/backup")]);
    const handle = await openData(config);
    try {
      await backupDatabase(handle.client, file);
    } catch (error) {
      if (error instanceof BackupRefused) throw new ConfigError(`backup FILE: ${error.message}`);
      throw error;
    } finally {
      handle.close();
    }
    console.log(`Backup written to ${file} (integrity_check: ok)`);
    console.log(`Keep ${config.dataDir}/secrets and ${config.dataDir}/uploads with it: the keys that read stored gateway keys, and the photos.`);
  },

  async restore(config, [file, ...extra]) {
    if (!file || extra.length > 0) usage("kasih restore FILE");
    if (!config.databaseUrl.startsWith("file:")) {
      throw new ConfigError("DATABASE_URL: restore puts a database file in DATA_DIR; DATABASE_URL points elsewhere (restore a libSQL server with its own tools)");
    }
    const [{ openData }, { restoreDatabase, restoredWithoutSecrets, RestoreRefused }] = await Promise.all([import("./open-data"), import("../db/backup")]);
    let secrets: boolean;
    try {
      ({ secrets } = await restoreDatabase(file, config.dataDir, config.databaseUrl.slice("file:".length)));
    } catch (error) {
      if (error instanceof RestoreRefused) throw new ConfigError(`restore FILE: ${error.message}`);
      throw error;
    }
    // Migrations bring an older backup up to this version.
    (await openData(config)).close();
    console.log(`Restored ${file} into ${config.dataDir}${secrets ? " with the secrets kept beside it" : ""} (integrity_check: ok). Copy the photos into ${config.dataDir}/uploads, then start the server.`);
    if (!secrets) console.error(restoredWithoutSecrets(file, config.dataDir));
  },
};

const HELP = new Set(["help", "--help", "-h"]);

async function main(args: string[]): Promise<void> {
  const [command = "serve", ...rest] = args;
  if (HELP.has(command)) return void console.log(USAGE);
  const run = commands[command];
  if (run === undefined) usage("kasih serve | demo | migrate | admin grant|revoke|reset-2fa EMAIL | user premium EMAIL PLAN | user ban|unban EMAIL | backup FILE | restore FILE | --help");
  const config = loadConfig();
  const { configureLog } = await import("./platform/log");
  configureLog(config.logLevel);
  startedConfig = config;
  await run(config, rest);
}

/** Set once the settings are read: whether the whole error is wanted (LOG_LEVEL=debug). */
let startedConfig: Config | undefined;

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(error.message);
    process.exit(USAGE_EXIT);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  const [command = "serve"] = process.argv.slice(2);
  console.error(unexpectedStartupLine(command, error));
  if (startedConfig?.logLevel === "debug") console.error(error);
  process.exit(1);
});
