/**
 * Whether the database can take writes, known cheaply (docs/decisions/0116-faults-answered-truthfully.md).
 *
 * A refused write anywhere (a request, a socket frame, a side write) marks the storage faulted
 * with its reason; /healthz then answers 503 "degraded". While faulted, /healthz tries one small
 * probe write at most every PROBE_WHILE_FAULTED_MS and clears the fault when it commits, so an
 * instance comes back without a restart. While healthy it probes at most every
 * PROBE_WHILE_HEALTHY_MS, so a disk that fills or turns read-only with no traffic is seen too,
 * without a write per /healthz. A side write that commits clears the fault at once.
 *
 * Side writes (a read's "last seen", the Matches tab's dot, expiring stale payments) go through
 * `sideWrite`: a storage fault there is logged once per kind until the storage is healthy again,
 * and never fails the read that made it.
 */
import type { Client } from "@libsql/client";
import type { Database } from "../../db/client";
import { describeStorageFault, storageFaultCode } from "../../db/storage-faults";
import { log } from "../platform/log";

export const PROBE_WHILE_FAULTED_MS = 2_000;
export const PROBE_WHILE_HEALTHY_MS = 30_000;

/**
 * The probe: a row bigger than a page (4 KB), inserted and deleted in one transaction. It needs a
 * new page, as a growing table does, and its commit appends to the WAL, so it fails on a full
 * disk, on a read-only file and at max_page_count; nothing of it remains. used_captchas holds
 * short-lived rows only, and the probe's key cannot collide with a captcha signature (hex).
 */
const PROBE_KEY = `storage-probe:${"p".repeat(5000)}`;
const PROBE_STATEMENTS = [
  { sql: "insert into used_captchas (signature, expires_at) values (?1, 0)", args: [PROBE_KEY] },
  { sql: "delete from used_captchas where signature = ?1", args: [PROBE_KEY] },
];

export type StorageState = { ok: true } | { ok: false; reason: string };

export class StorageHealth {
  #fault: { code: string; reason: string } | null = null;
  #lastProbeAt = Number.NEGATIVE_INFINITY;
  #probe: Promise<void> | null = null;
  /** Kinds of side write whose failure was logged during the current fault. */
  #loggedSideWrites = new Set<string>();

  constructor(private readonly client: Client) {}

  get state(): StorageState {
    return this.#fault === null ? { ok: true } : { ok: false, reason: this.#fault.reason };
  }

  /** A write was refused; returns whether `error` was a storage fault (and so was noted). */
  noteFault(error: unknown): boolean {
    const code = storageFaultCode(error);
    if (code === null) return false;
    if (this.#fault === null) {
      this.#fault = { code, reason: describeStorageFault(code) };
      log.error({ code }, `database: writes are refused, ${this.#fault.reason}; answering 503 to writes and on /healthz until a write succeeds`);
    }
    return true;
  }

  /** A write committed: the storage takes writes again. */
  noteWritten(): void {
    if (this.#fault === null) return;
    log.info({ code: this.#fault.code }, "database: writes succeed again");
    this.#fault = null;
    this.#loggedSideWrites.clear();
  }

  /** A side write was refused: logged once per kind during a fault, never thrown. */
  noteSideWriteFault(kind: string, error: unknown): void {
    this.noteFault(error);
    if (this.#loggedSideWrites.has(kind)) return;
    this.#loggedSideWrites.add(kind);
    log.warn({ kind, code: storageFaultCode(error) }, "database: a write made while reading was skipped (storage fault); reads keep being answered");
  }

  /** The state for /healthz at `nowMs`, after a probe write if one is due. */
  async check(nowMs: number): Promise<StorageState> {
    const interval = this.#fault === null ? PROBE_WHILE_HEALTHY_MS : PROBE_WHILE_FAULTED_MS;
    if (nowMs - this.#lastProbeAt >= interval) {
      this.#lastProbeAt = nowMs;
      // Concurrent /healthz calls share one probe.
      this.#probe ??= this.#runProbe().finally(() => (this.#probe = null));
    }
    if (this.#probe !== null) await this.#probe;
    return this.state;
  }

  async #runProbe(): Promise<void> {
    try {
      await this.client.batch(PROBE_STATEMENTS, "write");
      this.noteWritten();
    } catch (error) {
      if (!this.noteFault(error)) log.error({ err: error }, "database: the storage probe failed");
    }
  }
}

const healthByClient = new WeakMap<Client, StorageHealth>();

/** The storage health of a database (one per client: the app, its services and /healthz share it). */
export function storageHealthOf(db: Database | Client): StorageHealth {
  const client = "$client" in db ? db.$client : db;
  let health = healthByClient.get(client);
  if (health === undefined) {
    health = new StorageHealth(client);
    healthByClient.set(client, health);
  }
  return health;
}

/**
 * Runs a write that a read makes on the side. A storage fault is noted and logged once per kind,
 * and the read goes on; any other error is thrown as before. Returns whether the write committed.
 */
export async function sideWrite(db: Database | Client, kind: string, write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
  } catch (error) {
    const health = storageHealthOf(db);
    if (storageFaultCode(error) === null) throw error;
    health.noteSideWriteFault(kind, error);
    return false;
  }
  storageHealthOf(db).noteWritten();
  return true;
}
