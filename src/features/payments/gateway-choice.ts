/**
 * Which gateway takes a payment (PAYMENTS.md 'Which gateway', docs/decisions/0088): the first
 * gateway the admin enabled, with its keys stored, in the order Midtrans, Xendit, DOKU, iPaymu,
 * that supports the method; the sandbox only when it is on and no real gateway is enabled. Clients
 * are built per call from the settings (read through the write-invalidated cache), so a key or a
 * switch changed in the admin panel counts on the next payment without a restart.
 */
import { eq } from "drizzle-orm";
import { payments } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { readOrCreateSecret } from "../../platform/secrets";
import { GATEWAYS, type Gateway } from "../admin/settings.registry";
import { gatewayEnabled, readSecret, readText } from "../admin/settings.service";
import type { PaymentMethod } from "./payment-methods";
import { createDoku } from "./gateways/doku";
import type { GatewayClient, GatewayName, Wallet } from "./gateways/gateway";
import { createIpaymu } from "./gateways/ipaymu";
import { createMidtrans, midtransDefaultUrls } from "./gateways/midtrans";
import { createSandbox } from "./gateways/sandbox";
import { createXendit } from "./gateways/xendit";

type Deps = Pick<AppDeps, "db" | "config">;

/** The sandbox's signing key, in $DATA_DIR/secrets/payment-sandbox.key (PAYMENTS.md). */
export function sandboxKey(dataDir: string): string {
  return Buffer.from(readOrCreateSecret(dataDir, "payment-sandbox")).toString("hex");
}

/** A real gateway's client when its keys are stored (enabled or not: a late notification still counts). */
async function realGateway(deps: Deps, gateway: Gateway): Promise<GatewayClient | null> {
  const urls = deps.config.payments;
  switch (gateway) {
    case "midtrans": {
      const serverKey = await readSecret(deps, "midtrans_server_key");
      if (serverKey === null) return null;
      const defaults = midtransDefaultUrls(serverKey);
      return createMidtrans({ serverKey, apiUrl: urls.midtransApiUrl ?? defaults.apiUrl, snapUrl: urls.midtransSnapUrl ?? defaults.snapUrl });
    }
    case "xendit": {
      const secretKey = await readSecret(deps, "xendit_secret_key");
      if (secretKey === null) return null;
      return createXendit({ secretKey, callbackToken: await readSecret(deps, "xendit_callback_token"), apiUrl: urls.xenditApiUrl });
    }
    case "doku": {
      const [secretKey, clientId] = await Promise.all([readSecret(deps, "doku_secret_key"), readText(deps.db, "doku_client_id")]);
      if (secretKey === null || clientId === null) return null;
      return createDoku({ clientId, secretKey, apiUrl: urls.dokuApiUrl });
    }
    case "ipaymu": {
      const [va, apiKey] = await Promise.all([readSecret(deps, "ipaymu_va"), readSecret(deps, "ipaymu_api_key")]);
      if (va === null || apiKey === null) return null;
      return createIpaymu({ va, apiKey, apiUrl: urls.ipaymuApiUrl });
    }
  }
}

function sandbox(deps: Deps): GatewayClient {
  return createSandbox({
    key: sandboxKey(deps.config.dataDir),
    lookup: async (orderId) => {
      const [row] = await deps.db.select({ amount: payments.amount, status: payments.status }).from(payments).where(eq(payments.id, orderId)).limit(1);
      // A refund in progress is still money the sandbox holds as paid.
      return row === undefined ? null : { amount: row.amount, status: row.status === "refund_pending" ? "paid" : row.status };
    },
  });
}

/** The gateways payments may go to now, in PAYMENTS.md's order (empty: payments are not configured). */
export async function activeGateways(deps: Deps): Promise<GatewayClient[]> {
  const enabled = await Promise.all(GATEWAYS.map(async (gateway) => ((await gatewayEnabled(deps.db, gateway)) ? realGateway(deps, gateway) : null)));
  const real = enabled.filter((client): client is GatewayClient => client !== null);
  if (real.length > 0) return real;
  return deps.config.payments.sandbox ? [sandbox(deps)] : [];
}

/**
 * The gateway a new payment by this method goes to, or null when none takes it. An e-wallet
 * payment goes to the first gateway that offers that wallet (a gateway's `wallets` is what it
 * charges by the `ewallet` method; docs/decisions/0126).
 */
export function gatewayForMethod(gateways: GatewayClient[], method: PaymentMethod, wallet: Wallet | null = null): GatewayClient | null {
  if (method === "ewallet") return wallet === null ? null : (gateways.find((gateway) => gateway.wallets?.includes(wallet)) ?? null);
  return gateways.find((gateway) => gateway.methods.includes(method)) ?? null;
}

/**
 * The client of a gateway by name, for its notifications and its payments' later calls: the
 * gateway of a payment never changes after creation, even if the admin switched it off since.
 */
export async function gatewayNamed(deps: Deps & Pick<Partial<AppDeps>, "gatewayClients">, name: GatewayName): Promise<GatewayClient | null> {
  const replaced = deps.gatewayClients?.[name];
  if (replaced !== undefined) return replaced;
  if (name === "sandbox") return deps.config.payments.sandbox ? sandbox(deps) : null;
  return realGateway(deps, name);
}
