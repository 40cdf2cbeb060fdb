/**
 * A local DOKU for tests, written from DOKU's non-SNAP documentation (developers.doku.com:
 * "Signature Component > Non-SNAP", "Checkout > Backend Integration", "Check Status API >
 * Non-SNAP", "HTTP Notification Sample - Non SNAP", "Cards > Refund"):
 * - every request's Client-Id and HMAC signature verified as DOKU does (the digest of the exact
 *   body bytes for a POST, none for a GET), refused with 401 `{error: {code, message}}`;
 * - Checkout: `order.amount` a whole number of at most 12 digits, equal to the line items;
 *   `order.invoice_number` at most 64 characters (30 when cards are offered), unique;
 *   known `payment_method_types`; `payment.payment_due_date` in whole minutes;
 * - Check Status: 404 for an invoice it does not know; every call recorded with its time, so a
 *   test can show nobody asked sooner than DOKU's 60 s after a payment;
 * - card refunds: only of a paid card payment, by its `original_request_id`, up to what was paid,
 *   a Request-Id used once.
 */
import { dokuSignature, dokuTimestamp } from "./doku";
import { startStandInServer, type StandInBody as Body } from "./stand-in-server";

const TYPES = new Set(["QRIS", "CREDIT_CARD", "VIRTUAL_ACCOUNT_BCA", "VIRTUAL_ACCOUNT_BANK_MANDIRI", "VIRTUAL_ACCOUNT_BNI", "VIRTUAL_ACCOUNT_BRI", "VIRTUAL_ACCOUNT_DOKU", "VIRTUAL_ACCOUNT_BANK_PERMATA", "VIRTUAL_ACCOUNT_BANK_CIMB", "VIRTUAL_ACCOUNT_BANK_DANAMON", "VIRTUAL_ACCOUNT_BANK_SYARIAH_MANDIRI", "ONLINE_TO_OFFLINE_ALFA", "ONLINE_TO_OFFLINE_INDOMARET", "EMONEY_OVO", "EMONEY_SHOPEEPAY", "EMONEY_DANA", "EMONEY_LINKAJA"]);
/** "Hit Check Status after 60 seconds after payment completion" (Check Status API > Non-SNAP). */
const STATUS_NOT_BEFORE_MS = 60_000;

interface Order {
  amount: number;
  type: string;
  status: string;
  /** The payment's Request-Id as DOKU names it in notifications and Check Status. */
  originalRequestId: string;
  paidAt: Date | null;
  refunded: number;
}

export async function startDokuStandIn(options: { clientId: string; secretKey: string; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const orders = new Map<string, Order>();
  const statusChecks: { invoice: string; at: Date }[] = [];
  const usedRequestIds = new Set<string>();
  const error = (status: number, code: string, message: string) => Response.json({ error: { code, message, type: "invalid_request_error" } }, { status });

  const answerFor = (invoice: string, order: Order) => ({
    order: { invoice_number: invoice, amount: order.amount },
    transaction: { status: order.status, date: dokuTimestamp(order.paidAt ?? now()), original_request_id: order.originalRequestId },
    service: { id: order.type.startsWith("VIRTUAL_ACCOUNT") ? "VIRTUAL_ACCOUNT" : order.type },
    acquirer: { id: order.type.replace(/^VIRTUAL_ACCOUNT_(BANK_)?/, "") },
    channel: { id: order.type },
  });

  const server = startStandInServer({
    outage: () => error(500, "internal_server_error", "Internal server error"),
    handle(request) {
      const { url, text, body } = request;
      const [clientId, requestId, timestamp, signature] = ["Client-Id", "Request-Id", "Request-Timestamp", "Signature"].map((name) => request.headers.get(name));
      if (clientId !== options.clientId) return error(401, "invalid_client_id", "Invalid Client-Id");
      if (!requestId || requestId.length > 128 || !timestamp || signature !== dokuSignature(options.secretKey, { clientId, requestId, timestamp, target: url.pathname, body: text === "" ? null : text })) {
        return error(401, "invalid_signature", "Invalid Header Signature");
      }

      if (request.method === "GET" && url.pathname.startsWith("/orders/v1/status/")) {
        const invoice = decodeURIComponent(url.pathname.slice("/orders/v1/status/".length));
        statusChecks.push({ invoice, at: now() });
        const order = orders.get(invoice);
        if (order === undefined) return error(404, "order_not_found", "Order not found");
        return Response.json(answerFor(invoice, order));
      }

      if (request.method === "POST" && url.pathname === "/cancellation/credit-card/refund") {
        if (usedRequestIds.has(requestId)) return error(400, "duplicate_request_id", "Duplicate Request-Id");
        usedRequestIds.add(requestId);
        const invoice = String(((body?.order ?? {}) as Body).invoice_number ?? "");
        const originalRequestId = ((body?.payment ?? {}) as Body).original_request_id;
        const amount = ((body?.refund ?? {}) as Body).amount;
        const order = orders.get(invoice);
        if (order === undefined) return error(404, "order_not_found", "Order not found");
        if (order.type !== "CREDIT_CARD" || order.status !== "SUCCESS") return error(400, "invalid_transaction", "Transaction cannot be refunded");
        if (originalRequestId !== order.originalRequestId) return error(400, "invalid_parameter", "payment.original_request_id is invalid");
        if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0 || order.refunded + amount > order.amount) return error(400, "invalid_parameter", "refund.amount is invalid");
        order.refunded += amount;
        if (order.refunded === order.amount) order.status = "REFUNDED";
        return Response.json({ order: { invoice_number: invoice }, payment: { original_request_id: originalRequestId }, refund: { amount } });
      }

      if (request.method !== "POST" || url.pathname !== "/checkout/v1/payment") return error(404, "not_found", "Not found");
      const order = (body?.order ?? {}) as { amount?: unknown; invoice_number?: unknown; line_items?: { price: number; quantity: number }[] };
      const payment = (body?.payment ?? {}) as { payment_method_types?: string[]; payment_due_date?: unknown };
      const types = payment.payment_method_types ?? [];
      if (typeof order.invoice_number !== "string" || order.invoice_number === "") return error(400, "invalid_parameter", "order.invoice_number is required");
      if (typeof order.amount !== "number" || !Number.isInteger(order.amount) || order.amount <= 0 || String(order.amount).length > 12) return error(400, "invalid_parameter", "order.amount is invalid");
      if (order.invoice_number.length > (types.includes("CREDIT_CARD") ? 30 : 64)) return error(400, "invalid_parameter", "order.invoice_number is too long");
      if (order.line_items !== undefined && order.line_items.reduce((sum, item) => sum + item.price * item.quantity, 0) !== order.amount) return error(400, "invalid_parameter", "order.amount must equal the sum of line_items");
      if (types.length === 0 || !types.every((type) => TYPES.has(type))) return error(400, "invalid_parameter", "payment.payment_method_types is invalid");
      if (payment.payment_due_date !== undefined && (typeof payment.payment_due_date !== "number" || !Number.isInteger(payment.payment_due_date) || payment.payment_due_date <= 0)) {
        return error(400, "invalid_parameter", "payment.payment_due_date is invalid");
      }
      if (orders.has(order.invoice_number)) return error(400, "duplicate_invoice", "Invoice number already used");
      orders.set(order.invoice_number, { amount: order.amount, type: types[0]!, status: "PENDING", originalRequestId: requestId, paidAt: null, refunded: 0 });
      const token = crypto.randomUUID().replace(/-/g, "");
      return Response.json({
        message: ["SUCCESS"],
        response: {
          order: { amount: String(order.amount), invoice_number: order.invoice_number, currency: "IDR", session_id: crypto.randomUUID() },
          payment: { payment_method_types: types, payment_due_date: payment.payment_due_date ?? 60, token_id: token, url: `${url.origin}/checkout/link/${token}`, expired_date: "20261124100000" },
          uuid: Date.now(),
        },
      });
    },
  });

  const orderNamed = (invoice: string) => {
    const order = orders.get(invoice);
    if (order === undefined) throw new Error(`no order ${invoice}`);
    return order;
  };

  return {
    ...server,
    orders,
    statusChecks,
    /** The status checks made sooner than 60 s after the payment they asked about was paid. */
    earlyStatusChecks() {
      return statusChecks.filter((check) => {
        const paidAt = orders.get(check.invoice)?.paidAt;
        return paidAt != null && check.at.getTime() >= paidAt.getTime() && check.at.getTime() - paidAt.getTime() < STATUS_NOT_BEFORE_MS;
      });
    },
    /** The payer paid (SUCCESS), failed or the order expired, at DOKU. */
    setStatus(invoice: string, status: string) {
      const order = orderNamed(invoice);
      order.status = status;
      if (status === "SUCCESS") order.paidAt = now();
    },
    /**
     * The notification DOKU posts to `target` for the order as it stands (its status, unless
     * `overrides` says otherwise), signed as DOKU signs it; the shape of the documentation's
     * Virtual Account sample.
     */
    notificationFor(invoice: string, target = "/api/payment/notify/doku", overrides: Body = {}) {
      const order = orderNamed(invoice);
      const text = JSON.stringify({ ...answerFor(invoice, order), virtual_account_info: { virtual_account_number: "1900600000000046" }, ...overrides });
      return signedNotification(options, text, target);
    },
  };
}

/** A notification body signed as DOKU signs the notifications it posts to `target`. */
export function signedNotification(keys: { clientId: string; secretKey: string }, body: string, target = "/api/payment/notify/doku") {
  const parts = { clientId: keys.clientId, requestId: crypto.randomUUID(), timestamp: dokuTimestamp(), target, body };
  return { headers: { "Content-Type": "application/json", "Client-Id": parts.clientId, "Request-Id": parts.requestId, "Request-Timestamp": parts.timestamp, Signature: dokuSignature(keys.secretKey, parts) }, body };
}
