/**
 * POST /api/payment/notify/{gateway} (PAYMENTS.md 'Notifications'): each gateway's notification
 * is verified by that gateway's own rule and re-checked with it, then applied once.
 *
 *   bad or missing signature → 401, nothing changes     unknown order → 404
 *   amount or currency differs → 400, payment failed     already applied → 200, nothing changes
 *   the gateway cannot be asked now → 503, so it sends the notification again later
 */
import { and, eq } from "drizzle-orm";
import { payments } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { applyGatewayStatus } from "./activation";
import { recordNotification } from "./notification-record";
import { gatewayNamed } from "./gateway-choice";
import { GATEWAY_NAMES, GatewayError, type GatewayName, type NotificationInput } from "./gateways/gateway";
import { GATEWAY_TIMEOUT_MS } from "../../platform/constants";
import { log } from "../../platform/log";

type Deps = Pick<AppDeps, "db" | "config" | "clock" | "events" | "mailer" | "background" | "gatewayTimeoutMs">;

export interface NotificationAnswer {
  status: 200 | 400 | 401 | 404 | 503;
  message: string;
}

export function isGatewayName(value: string): value is GatewayName {
  return (GATEWAY_NAMES as readonly string[]).includes(value);
}

/** Whether Kasih has a payment of this gateway under that order id (asked before any re-query). */
async function isKnownOrder(deps: Pick<Deps, "db">, gateway: GatewayName, gatewayOrderId: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: payments.id }).from(payments).where(and(eq(payments.gateway, gateway), eq(payments.gatewayOrderId, gatewayOrderId))).limit(1);
  return row !== undefined;
}

/** What the record of a notification says about it (notification-record.ts). */
interface Seen {
  verified: boolean;
  status: string;
  gatewayOrderId: string | null;
}

/** Answers the notification, then records it, verified or not (ADMIN.md 'One payment'). */
export async function handleNotification(deps: Deps, name: GatewayName, input: Omit<NotificationInput, "signal">): Promise<NotificationAnswer> {
  const seen: Seen = { verified: false, status: "unconfirmed", gatewayOrderId: null };
  const answer = await answerNotification(deps, name, input, seen);
  if (answer.status !== 404 || seen.status !== "unconfirmed") await recordNotification(deps, { gateway: name, rawBody: input.rawBody, ...seen, answer: answer.status });
  return answer;
}

async function answerNotification(deps: Deps, name: GatewayName, input: Omit<NotificationInput, "signal">, seen: Seen): Promise<NotificationAnswer> {
  const gateway = await gatewayNamed(deps, name);
  if (gateway === null) return { status: 404, message: "Unknown gateway" };
  let result;
  try {
    result = await gateway.readNotification({ ...input, signal: AbortSignal.timeout(deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS), isKnownOrder: (orderId) => isKnownOrder(deps, name, orderId) });
  } catch (error) {
    log.error(`payments: ${name} notification could not be re-checked: ${error instanceof GatewayError ? (error.detail ?? error.message) : String(error)}`);
    return { status: 503, message: "Payment status could not be confirmed" };
  }
  seen.status = result.kind;
  if (result.kind === "unauthorized") return { status: 401, message: "Invalid signature" };
  if (result.kind === "malformed") return { status: 400, message: "Invalid notification" };
  seen.verified = true;
  seen.gatewayOrderId = result.kind === "unknown" ? result.gatewayOrderId : result.status.gatewayOrderId;
  if (result.kind === "unknown") return { status: 404, message: "Payment not found" };
  seen.status = result.status.outcome;
  const applied = await applyGatewayStatus(deps, name, result.status, result.reportedAmount);
  switch (applied.kind) {
    case "unknown":
      return { status: 404, message: "Payment not found" };
    case "amount_mismatch":
      return { status: 400, message: "Invalid amount" };
    default:
      return { status: 200, message: "OK" };
  }
}
