/**
 * The later status checks (PAYMENTS.md 'Notifications', docs/decisions/0123-doku-and-ipaymu-as-documented.md):
 * a gateway whose own signed notification is trusted, and whose status API may only be asked
 * later (DOKU: "Hit Check Status after 60 seconds after payment completion"), says so with
 * `statusChecks`. Its pending payments are asked here, from a timer, so a notification that never
 * arrived still ends the payment as the gateway means; what the gateway answers goes through the
 * same applyGatewayStatus as a notification.
 *
 * - Only gateways that ask for it, only `pending` payments still within their expiry and grace,
 *   only once `afterMs` has passed since the payment was created, never again within `everyMs`.
 * - Bounded: at most STATUS_CHECKS_PER_RUN calls a run, the least recently asked first; a run
 *   never starts while the last one runs.
 * - When each payment was last asked is kept in memory (no schema change): a restart asks again,
 *   at most once per payment, which the gateway allows.
 * - A gateway that does not answer is logged and asked again at the next slot; nothing changes.
 */
import { and, eq, gt, lte } from "drizzle-orm";
import { payments } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { GATEWAY_TIMEOUT_MS, PAYMENT_EXPIRY_GRACE_MS } from "../../platform/constants";
import { log } from "../../platform/log";
import { applyGatewayStatus } from "./activation";
import { gatewayNamed } from "./gateway-choice";
import { GATEWAY_NAMES, GatewayError, type GatewayClient, type GatewayName, type StatusCheckPolicy } from "./gateways/gateway";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "events" | "mailer" | "background" | "gatewayTimeoutMs">;

/** How often the checks run. */
export const STATUS_CHECK_TICK_MS = 60_000;
/** At most this many gateway calls a run (ten a minute): a backlog is worked off, never in a burst. */
export const STATUS_CHECKS_PER_RUN = 10;
/** The most pending payments looked at a run (the oldest first, by the status index). */
const CANDIDATES_PER_RUN = 500;

/** When each payment was last asked, by payment id (ms since the epoch). */
export type LastChecked = Map<string, number>;

export interface StatusCheckRun {
  /** Gateway calls made. */
  checked: number;
  /** Payments whose status changed. */
  changed: number;
  /** Calls that failed (the gateway refused or did not answer). */
  failed: number;
}

/** The gateways with keys whose clients ask for later checks, with their policies. */
async function checkedGateways(deps: Deps): Promise<{ name: GatewayName; client: GatewayClient; policy: StatusCheckPolicy }[]> {
  const clients = await Promise.all(GATEWAY_NAMES.filter((name) => name !== "sandbox").map(async (name) => ({ name, client: await gatewayNamed(deps, name) })));
  return clients.flatMap(({ name, client }) => (client?.statusChecks === undefined ? [] : [{ name, client, policy: client.statusChecks }]));
}

/** One run: asks the gateways about the pending payments that are due, and applies what they answer. */
export async function checkPendingStatuses(deps: Deps, lastChecked: LastChecked, limit = STATUS_CHECKS_PER_RUN): Promise<StatusCheckRun> {
  const run: StatusCheckRun = { checked: 0, changed: 0, failed: 0 };
  const gateways = await checkedGateways(deps);
  if (gateways.length === 0) return run;
  const now = deps.clock.now().getTime();

  const due: { id: string; gatewayOrderId: string; gateway: (typeof gateways)[number]; last: number }[] = [];
  for (const gateway of gateways) {
    const rows = await deps.db
      .select({ id: payments.id, gatewayOrderId: payments.gatewayOrderId })
      .from(payments)
      .where(
        and(
          eq(payments.status, "pending"),
          eq(payments.gateway, gateway.name),
          lte(payments.createdAt, new Date(now - gateway.policy.afterMs)),
          // Past its expiry and grace a payment reads as expired (payments.service.ts): not asked.
          gt(payments.expiresAt, new Date(now - PAYMENT_EXPIRY_GRACE_MS)),
        ),
      )
      .orderBy(payments.createdAt)
      .limit(CANDIDATES_PER_RUN);
    for (const row of rows) {
      const last = lastChecked.get(row.id) ?? 0;
      if (now - last >= gateway.policy.everyMs) due.push({ ...row, gateway, last });
    }
  }
  due.sort((a, b) => a.last - b.last);

  for (const payment of due.slice(0, limit)) {
    lastChecked.set(payment.id, now);
    run.checked += 1;
    try {
      const status = await payment.gateway.client.status(payment.gatewayOrderId, AbortSignal.timeout(deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS));
      const applied = await applyGatewayStatus(deps, payment.gateway.name, status, null);
      if (applied.kind !== "unchanged" && applied.kind !== "unknown") {
        run.changed += 1;
        log.info({ paymentId: payment.id, gateway: payment.gateway.name, result: applied.kind }, "payments: a later status check changed a pending payment");
      }
    } catch (error) {
      run.failed += 1;
      log.warn({ paymentId: payment.id, gateway: payment.gateway.name }, `payments: a later status check failed: ${error instanceof GatewayError ? (error.detail ?? error.message) : String(error)}`);
    }
  }

  // Forget what is no longer needed to keep the spacing: the map stays as small as the backlog.
  const longest = Math.max(...gateways.map((gateway) => gateway.policy.everyMs));
  for (const [id, at] of lastChecked) if (now - at >= longest) lastChecked.delete(id);
  if (run.checked > 0) log.info({ ...run, due: due.length }, "payments: later status checks ran");
  return run;
}

/** Starts the checks every STATUS_CHECK_TICK_MS; returns the stop. */
export function startPendingStatusChecks(deps: Deps, tickMs = STATUS_CHECK_TICK_MS): () => void {
  const lastChecked: LastChecked = new Map();
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await checkPendingStatuses(deps, lastChecked);
    } catch (error) {
      log.error({ err: error }, "payments: later status checks failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), tickMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
