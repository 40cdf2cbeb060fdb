/**
 * A local DOKU for tests: verifies every request's Client-Id and HMAC signature exactly as DOKU
 * does (digest of the exact body bytes included), checks the body (amount equal to the line items,
 * a known payment method type, a unique invoice number) and answers in DOKU Checkout's shapes.
 */
import { dokuSignature, dokuTimestamp } from "./doku";
import { startStandInServer, type StandInBody as Body } from "./stand-in-server";

const TYPES = new Set(["QRIS", "CREDIT_CARD", "VIRTUAL_ACCOUNT_BCA", "VIRTUAL_ACCOUNT_BANK_MANDIRI", "VIRTUAL_ACCOUNT_BNI", "VIRTUAL_ACCOUNT_BRI"]);

export async function startDokuStandIn(options: { clientId: string; secretKey: string }) {
  const orders = new Map<string, { amount: number; status: string }>();
  const error = (status: number, code: string, message: string) => Response.json({ error: { code, message, type: "invalid_request_error" } }, { status });

  const server = startStandInServer({
    outage: () => error(500, "internal_server_error", "Internal server error"),
    handle(request) {
      const { url, text, body } = request;
      const [clientId, requestId, timestamp, signature] = ["Client-Id", "Request-Id", "Request-Timestamp", "Signature"].map((name) => request.headers.get(name));
      if (clientId !== options.clientId) return error(401, "invalid_client_id", "Invalid Client-Id");
      if (!requestId || !timestamp || signature !== dokuSignature(options.secretKey, { clientId, requestId, timestamp, target: url.pathname, body: text === "" ? null : text })) {
        return error(401, "invalid_signature", "Invalid Header Signature");
      }

      if (request.method === "GET") {
        const invoice = decodeURIComponent(url.pathname.replace("/orders/v1/status/", ""));
        const order = orders.get(invoice);
        if (order === undefined) return error(404, "order_not_found", "Order not found");
        return Response.json({ order: { invoice_number: invoice, amount: order.amount }, transaction: { status: order.status, date: new Date().toISOString(), original_request_id: crypto.randomUUID() }, service: { id: "VIRTUAL_ACCOUNT" } });
      }
      if (url.pathname !== "/checkout/v1/payment") return error(404, "not_found", "Not found");
      const order = (body?.order ?? {}) as { amount?: number; invoice_number?: string; line_items?: { price: number; quantity: number }[] };
      const types = ((body?.payment ?? {}) as { payment_method_types?: string[] }).payment_method_types ?? [];
      if (typeof order.invoice_number !== "string" || !Number.isInteger(order.amount)) return error(400, "invalid_parameter", "order.amount and order.invoice_number are required");
      if ((order.line_items ?? []).reduce((sum, item) => sum + item.price * item.quantity, 0) !== order.amount) return error(400, "invalid_parameter", "order.amount must equal the sum of line_items");
      if (types.length === 0 || !types.every((type) => TYPES.has(type))) return error(400, "invalid_parameter", "payment.payment_method_types is invalid");
      if (orders.has(order.invoice_number)) return error(400, "duplicate_invoice", "Invoice number already used");
      orders.set(order.invoice_number, { amount: order.amount!, status: "PENDING" });
      const token = crypto.randomUUID().replace(/-/g, "");
      return Response.json({
        message: ["SUCCESS"],
        response: {
          order: { amount: String(order.amount), invoice_number: order.invoice_number, currency: "IDR", session_id: crypto.randomUUID() },
          payment: { payment_method_types: types, payment_due_date: 60, token_id: token, url: `${url.origin}/checkout/link/${token}`, expired_date: "20261124100000" },
          uuid: Date.now(),
        },
      });
    },
  });

  return {
    ...server,
    orders,
    setStatus(invoice: string, status: string) {
      const order = orders.get(invoice);
      if (order === undefined) throw new Error(`no order ${invoice}`);
      order.status = status;
    },
    /** The notification DOKU posts to `target`, signed as DOKU signs it. */
    notificationFor(invoice: string, target = "/api/payment/notify/doku", overrides: Body = {}) {
      const order = orders.get(invoice);
      if (order === undefined) throw new Error(`no order ${invoice}`);
      const text = JSON.stringify({ service: { id: "VIRTUAL_ACCOUNT" }, acquirer: { id: "BCA" }, channel: { id: "VIRTUAL_ACCOUNT_BCA" }, order: { invoice_number: invoice, amount: order.amount }, transaction: { status: "SUCCESS", date: new Date().toISOString(), original_request_id: crypto.randomUUID() }, ...overrides });
      const parts = { clientId: options.clientId, requestId: crypto.randomUUID(), timestamp: dokuTimestamp(), target, body: text };
      return { headers: { "Content-Type": "application/json", "Client-Id": parts.clientId, "Request-Id": parts.requestId, "Request-Timestamp": parts.timestamp, Signature: dokuSignature(options.secretKey, parts) }, body: text };
    },
  };
}
