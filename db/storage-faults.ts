/**
 * The database cannot take writes: the disk is full (SQLITE_FULL), the file or its filesystem
 * is read-only (SQLITE_READONLY), or the disk failed (SQLITE_IOERR). SQLite refuses the write and
 * rolls its transaction back, so nothing half-written remains; reads keep working. The app
 * answers such a write with 503 and a clear message rather than a 500, and keeps serving reads
 * (docs/decisions/0100-operations.md).
 */
const STORAGE_CODES = ["SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN"];

export const STORAGE_UNAVAILABLE = "The server cannot save changes right now. Please try again later";

/** Whether `error` (or what it wraps: drizzle wraps libSQL's errors) is a storage fault. */
export function isStorageFault(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && STORAGE_CODES.some((prefix) => code.startsWith(prefix))) return true;
  }
  return false;
}
