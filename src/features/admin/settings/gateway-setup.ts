/**
 * Gateway setup that tells the truth (ADMIN.md 'Gateway setup', docs/decisions/0125): per gateway,
 * whether its stored keys are test or live keys (as the gateway's own client reads them), the
 * notification URL to paste into its dashboard, and one harmless authenticated call that says
 * whether the gateway accepts the keys.
 */
import type { AppDeps } from "../../../app-env";
import { GATEWAY_TIMEOUT_MS } from "../../../platform/constants";
import { log } from "../../../platform/log";
import { gatewayNamed } from "../../payments/gateway-choice";
import { GatewayError } from "../../payments/gateways/gateway";
import { GATEWAYS, type Gateway } from "../settings.registry";
import { gatewayEnabled } from "../settings.service";
import { gatewayKeyStates } from "./gateway-keys";
import type { MaskedSecret } from "../settings.service";

type Deps = Pick<AppDeps, "db" | "config" | "gatewayTimeoutMs">;

/** `test` or `live` as the client reads the keys; null while no keys are stored (or the client cannot tell). */
export type GatewayMode = "test" | "live" | null;

export interface GatewaySetup {
  enabled: boolean;
  /** The stored keys, masked as everywhere ({set, last4}). */
  keys: Record<string, MaskedSecret>;
  /** Whether every key the client needs is stored. */
  configured: boolean;
  mode: GatewayMode;
  /** POST /api/payment/notify/{gateway} on this server's public address (PAYMENTS.md 'Notifications'). */
  notificationUrl: string;
}

export const GATEWAY_TEST_MESSAGES = {
  unknownGateway: "Unknown payment gateway",
  noKeys: "No keys are stored for this gateway",
  notSupported: "This gateway cannot test its connection",
  unavailable: "The gateway did not answer",
} as const;

export function notificationUrl(appOrigin: string, gateway: Gateway): string {
  return `${appOrigin}/api/payment/notify/${gateway}`;
}

export const isGateway = (value: string): value is Gateway => (GATEWAYS as readonly string[]).includes(value);

/** GET /api/admin/payment-config: every gateway's switch, masked keys, mode and notification URL. */
export async function gatewaySetups(deps: Deps): Promise<Record<Gateway, GatewaySetup>> {
  const entries = await Promise.all(
    GATEWAYS.map(async (gateway) => {
      const [enabled, keys, client] = await Promise.all([gatewayEnabled(deps.db, gateway), gatewayKeyStates(deps, gateway), gatewayNamed(deps, gateway)]);
      const setup: GatewaySetup = { enabled, keys, configured: client !== null, mode: client?.mode ?? null, notificationUrl: notificationUrl(deps.config.appOrigin, gateway) };
      return [gateway, setup] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Gateway, GatewaySetup>;
}

export type ConnectionTest = { ok: true; mode: GatewayMode } | { ok: false; message: string; mode: GatewayMode };

/**
 * POST /api/admin/payment-config/{gateway}/test: the client's testConnection() (a status query of
 * an order that does not exist), within the usual gateway time limit. A refusal answers the
 * gateway's own message; nothing is stored and nothing changes, so it is not an admin-log row.
 */
export async function testGatewayConnection(deps: Deps, gateway: Gateway): Promise<ConnectionTest> {
  const client = await gatewayNamed(deps, gateway);
  if (client === null) return { ok: false, mode: null, message: GATEWAY_TEST_MESSAGES.noKeys };
  const mode = client.mode ?? null;
  if (client.testConnection === undefined) return { ok: false, mode, message: GATEWAY_TEST_MESSAGES.notSupported };
  try {
    await client.testConnection(AbortSignal.timeout(deps.gatewayTimeoutMs ?? GATEWAY_TIMEOUT_MS));
    return { ok: true, mode };
  } catch (error) {
    // The detail may carry the gateway's raw answer: the server log keeps it, the admin sees the safe message.
    log.warn(`payments: ${gateway} connection test failed: ${error instanceof GatewayError ? (error.detail ?? error.message) : String(error)}`);
    return { ok: false, mode, message: error instanceof GatewayError ? error.message : GATEWAY_TEST_MESSAGES.unavailable };
  }
}
