/**
 * The card payment provider's wallet (spec point 7): Google Pay's script, loaded on demand in TEST
 * mode with a test merchant and gateway, currency IDR and country ID. Its token proves nothing by
 * itself: the server forwards it to the payment's gateway (PAYMENTS.md 'The wallet path').
 */
const SCRIPT_URL = "https://pay.google.com/gp/p/js/pay.js";
const SCRIPT_TIMEOUT_MS = 8000;

interface PaymentsClient {
  isReadyToPay(request: unknown): Promise<{ result: boolean }>;
  loadPaymentData(request: unknown): Promise<{ paymentMethodData?: { tokenizationData?: { token?: string } } }>;
}

declare global {
  interface Window {
    google?: { payments?: { api?: { PaymentsClient: new (options: { environment: "TEST" | "PRODUCTION" }) => PaymentsClient } } };
  }
}

const baseRequest = { apiVersion: 2, apiVersionMinor: 0 };
const cardMethod = {
  type: "CARD",
  parameters: { allowedAuthMethods: ["PAN_ONLY", "CRYPTOGRAM_3DS"], allowedCardNetworks: ["VISA", "MASTERCARD"] },
  tokenizationSpecification: { type: "PAYMENT_GATEWAY", parameters: { gateway: "example", gatewayMerchantId: "exampleGatewayMerchantId" } },
};

let loading: Promise<PaymentsClient | null> | null = null;

/** The wallet's client, or null when its script cannot load (offline, blocked) or it has no API. */
function loadClient(): Promise<PaymentsClient | null> {
  loading ??= new Promise<PaymentsClient | null>((resolve) => {
    const ready = () => {
      const Client = window.google?.payments?.api?.PaymentsClient;
      resolve(Client === undefined ? null : new Client({ environment: "TEST" }));
    };
    if (window.google?.payments?.api !== undefined) return ready();
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    const timer = setTimeout(() => resolve(null), SCRIPT_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      ready();
    };
    script.onerror = () => {
      clearTimeout(timer);
      loading = null;
      resolve(null);
    };
    document.head.append(script);
  });
  return loading;
}

export type WalletResult = { kind: "token"; token: string } | { kind: "unavailable" } | { kind: "cancelled" } | { kind: "failed" };

/** Whether the wallet can pay here (script loaded and the browser has it). */
export async function walletAvailable(): Promise<boolean> {
  const client = await loadClient();
  if (client === null) return false;
  try {
    return (await client.isReadyToPay({ ...baseRequest, allowedPaymentMethods: [cardMethod] })).result;
  } catch {
    return false;
  }
}

/** Opens the wallet's sheet for the amount; its token, or why there is none. */
export async function requestWalletToken(amount: number, label: string): Promise<WalletResult> {
  const client = await loadClient();
  if (client === null) return { kind: "unavailable" };
  try {
    const data = await client.loadPaymentData({
      ...baseRequest,
      allowedPaymentMethods: [cardMethod],
      merchantInfo: { merchantName: "Kasih (test)" },
      transactionInfo: { totalPriceStatus: "FINAL", totalPrice: String(amount), currencyCode: "IDR", countryCode: "ID", totalPriceLabel: label },
    });
    const token = data.paymentMethodData?.tokenizationData?.token;
    return token ? { kind: "token", token } : { kind: "failed" };
  } catch (error) {
    return (error as { statusCode?: string }).statusCode === "CANCELED" ? { kind: "cancelled" } : { kind: "failed" };
  }
}
