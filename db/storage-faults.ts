/**
 * The database cannot take writes: the disk is full (SQLITE_FULL), the file or its filesystem
 * is read-only (SQLITE_READONLY), or the disk failed (SQLITE_IOERR). SQLite refuses the write and
 * rolls its transaction back, so nothing half-written remains; reads keep working. The app
 * answers such a write with 503 and a clear message rather than a 500, and keeps serving reads
 * (docs/decisions/0100-operations.md, docs/decisions/0116-faults-answered-truthfully.md).
 */
const STORAGE_CODES = ["SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN"];

export const STORAGE_UNAVAILABLE = "The server cannot save changes right now. Please try again later";
/** Seconds a client is asked to wait before trying a refused write again (the Retry-After header). */
export const STORAGE_RETRY_AFTER_SECONDS = 60;

/** The SQLite code of a storage fault in `error` or what it wraps (drizzle wraps libSQL's errors), else null. */
export function storageFaultCode(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && STORAGE_CODES.some((prefix) => code.startsWith(prefix))) return code;
  }
  return null;
}

/** Whether `error` (or what it wraps) is a storage fault. */
export function isStorageFault(error: unknown): boolean {
  return storageFaultCode(error) !== null;
}

/** A refused write as an operator reads it on /healthz and in the log. */
export function describeStorageFault(code: string): string {
  if (code.startsWith("SQLITE_FULL")) return `the disk is full (${code})`;
  if (code.startsWith("SQLITE_READONLY")) return `the database is read-only (${code})`;
  if (code.startsWith("SQLITE_IOERR")) return `the disk failed to read or write (${code})`;
  return `the database file cannot be opened (${code})`;
}
