/**
 * What a command that cannot start prints: ONE line that names the setting or argument at fault
 * and what is wrong with it, and a non-zero exit; never a stack trace, and never the compiled
 * binary's minified source, which Bun prints around an uncaught error's line
 * (docs/decisions/0117-startup-errors-file-modes-and-a-quick-cli.md).
 */
import { ConfigError } from "../config";

/** A setting (an environment variable) or a command's argument that stops the start; `setting: problem`. */
export class SettingError extends ConfigError {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`${setting}: ${problem}`);
  }
}

/** Short words for the system's error codes an operator meets at start. */
const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  ENOTDIR: "a part of the path is a file, not a folder",
  ENOENT: "no such file or folder",
  EEXIST: "it already exists",
  EISDIR: "it is a folder",
  ECONNREFUSED: "connection refused",
  ConnectionRefused: "connection refused",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name not found (DNS did not answer)",
  ETIMEDOUT: "timed out",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EADDRINUSE: "address already in use",
  EADDRNOTAVAIL: "not an address of this machine",
  SQLITE_CANTOPEN: "unable to open the database file",
  SQLITE_READONLY: "the database file is read-only",
  SQLITE_NOTADB: "the file is not a database",
  SQLITE_CORRUPT: "the database file is damaged",
  SQLITE_FULL: "no space left on the device",
  SQLITE_IOERR: "input/output error",
};

/** The longest reason kept from an error's own message (a driver's message can carry a whole page). */
const REASON_MAX = 160;

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Why something failed, in a few words: from the error's code when known, else its message's first line. */
export function reasonOf(error: unknown): string {
  const code = errorCode(error);
  if (code !== undefined) {
    // SQLite's extended codes (SQLITE_IOERR_WRITE) read as their primary code.
    const known = REASONS[code] ?? REASONS[code.replace(/^(SQLITE_[A-Z]+)_.*$/, "$1")];
    if (known !== undefined) return known;
  }
  const message = error instanceof Error ? error.message : String(error);
  const line = (message.split("\n").find((part) => part.trim() !== "") ?? "unknown error").trim();
  return line.length > REASON_MAX ? `${line.slice(0, REASON_MAX)}…` : line;
}

/** A URL as it may be printed: no user, password or query (a libSQL auth token travels in the query). */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

/**
 * The line for an error at start that no setting explains: what failed in one line, and where
 * the detail is. Under LOG_LEVEL=debug the caller prints the whole error as well.
 */
export function unexpectedStartupLine(command: string, error: unknown): string {
  return `kasih ${command}: ${reasonOf(error)} (unexpected; run it again with LOG_LEVEL=debug for the details)`;
}
