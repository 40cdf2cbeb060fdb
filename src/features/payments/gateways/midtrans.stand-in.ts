/**
 * A local Midtrans for tests: checks what Midtrans checks (Basic auth with the server key, the
 * required fields, gross_amount an integer equal to the items' sum, known payment types, a unique
 * order id) and answers in Midtrans's documented shapes, errors included (HTTP 200 with a 4xx
 * `status_code`, as the Core API does).
 */
import { midtransSignature } from "./midtrans";

interface Transaction {
  order_id: string;
  gross_amount: string;
  payment_type: string;
  transaction_status: string;
  fraud_status?: string;
  currency: string;
}

import { startStandInServer, type StandInBody as Body } from "./stand-in-server";

export async function startMidtransStandIn(options: { serverKey: string }) {
  const transactions = new Map<string, Transaction>();
  const expectedAuth = `Basic ${Buffer.from(`${options.serverKey}:`).toString("base64")}`;
  const core = (body: Body) => Response.json(body, { status: 200 });

  const server = startStandInServer({
    outage: () => Response.json({ status_code: "500", status_message: "Sorry. Our system is recovering from unexpected issues. Please retry." }, { status: 500 }),
    handle(request) {
      const { url, body } = request;
      if (request.headers.get("Authorization") !== expectedAuth) {
        return Response.json({ status_code: "401", status_message: "Unknown Merchant server_key/id", id: crypto.randomUUID() }, { status: 401 });
      }

      if (request.method === "GET") {
        const match = /^\/v2\/([^/]+)\/status$/.exec(url.pathname);
        const transaction = match ? transactions.get(decodeURIComponent(match[1]!)) : undefined;
        if (transaction === undefined) return core({ status_code: "404", status_message: "Transaction doesn't exist." });
        return core({ status_code: transaction.transaction_status === "settlement" ? "200" : "201", status_message: "Success, transaction is found", transaction_id: crypto.randomUUID(), ...transaction });
      }

      const details = body?.transaction_details as { order_id?: unknown; gross_amount?: unknown } | undefined;
      const items = (body?.item_details ?? []) as { price: number; quantity: number }[];
      if (typeof details?.order_id !== "string" || !Number.isInteger(details.gross_amount)) return core({ status_code: "400", status_message: "One or more parameters in the payload is invalid.", validation_messages: ["transaction_details is required"] });
      if (items.reduce((sum, item) => sum + item.price * item.quantity, 0) !== details.gross_amount) return core({ status_code: "400", status_message: "One or more parameters in the payload is invalid.", validation_messages: ["transaction_details.gross_amount is not equal to the sum of item_details"] });
      if (transactions.has(details.order_id)) return core({ status_code: "406", status_message: "The request could not be completed due to a conflict with the current state of the target resource, please try again" });
      const transaction: Transaction = { order_id: details.order_id, gross_amount: `${details.gross_amount}.00`, payment_type: "", transaction_status: "pending", currency: "IDR" };

      if (url.pathname === "/snap/v1/transactions") {
        transactions.set(transaction.order_id, { ...transaction, payment_type: "credit_card" });
        const token = crypto.randomUUID();
        return Response.json({ token, redirect_url: `${url.origin}/snap/v4/redirection/${token}` }, { status: 201 });
      }
      if (url.pathname !== "/v2/charge") return new Response("Not Found", { status: 404 });
      const base = { status_code: "201", status_message: "Success, transaction is created", transaction_id: crypto.randomUUID(), merchant_id: "G000000000", transaction_time: "2026-11-24 09:00:00", fraud_status: "accept", expiry_time: "2026-11-24 09:30:00" };
      switch (body?.payment_type) {
        case "qris":
          transactions.set(transaction.order_id, { ...transaction, payment_type: "qris" });
          return core({ ...base, ...transaction, payment_type: "qris", acquirer: "gopay", qr_string: `00020101021226620014COM.GO-JEK.WWW${transaction.order_id}5303360540${transaction.gross_amount}6304ABCD`, actions: [{ name: "generate-qr-code", method: "GET", url: `${url.origin}/v2/qris/${transaction.order_id}/qr-code` }] });
        case "bank_transfer": {
          const bank = (body.bank_transfer as { bank?: string } | undefined)?.bank;
          if (!["bca", "bni", "bri", "permata", "cimb"].includes(String(bank))) return core({ status_code: "400", status_message: "One or more parameters in the payload is invalid.", validation_messages: ["bank_transfer.bank is invalid"] });
          transactions.set(transaction.order_id, { ...transaction, payment_type: "bank_transfer" });
          return core({ ...base, ...transaction, payment_type: "bank_transfer", va_numbers: [{ bank, va_number: `12345${String(transactions.size).padStart(6, "0")}` }] });
        }
        case "echannel":
          transactions.set(transaction.order_id, { ...transaction, payment_type: "echannel" });
          return core({ ...base, ...transaction, payment_type: "echannel", bill_key: `7000${String(transactions.size).padStart(8, "0")}`, biller_code: "70012" });
        default:
          return core({ status_code: "400", status_message: "One or more parameters in the payload is invalid.", validation_messages: ["payment_type is not supported"] });
      }
    },
  });

  return {
    ...server,
    transactions,
    /** What Midtrans's dashboard would do: a payment settles, is denied, expires … */
    setStatus(orderId: string, transactionStatus: string, extra: Partial<Transaction> = {}) {
      const transaction = transactions.get(orderId);
      if (transaction === undefined) throw new Error(`no transaction ${orderId}`);
      Object.assign(transaction, { transaction_status: transactionStatus }, extra);
    },
    /** The HTTP notification Midtrans posts for the transaction, signed with the server key. */
    notificationFor(orderId: string, overrides: Partial<Body> = {}) {
      const transaction = transactions.get(orderId);
      if (transaction === undefined) throw new Error(`no transaction ${orderId}`);
      const status_code = transaction.transaction_status === "settlement" || transaction.transaction_status === "capture" ? "200" : "201";
      const body = { transaction_time: "2026-11-24 09:01:00", transaction_status: transaction.transaction_status, transaction_id: crypto.randomUUID(), status_message: "midtrans payment notification", status_code, payment_type: transaction.payment_type, order_id: orderId, gross_amount: transaction.gross_amount, fraud_status: transaction.fraud_status ?? "accept", currency: "IDR", ...overrides };
      return { ...body, signature_key: midtransSignature(orderId, String(body.status_code), String(body.gross_amount), options.serverKey) };
    },
  };
}
