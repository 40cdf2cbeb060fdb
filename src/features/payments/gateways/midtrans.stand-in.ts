/**
 * A local Midtrans for tests, written from Midtrans's documentation (not from the client):
 *
 * - Basic auth with the server key (docs.midtrans.com/docs/api-authorization-headers); a wrong key
 *   is 401 "Access denied due to unauthorized transaction, please check client or server key".
 * - POST /v2/charge checks what the charge reference lists (/reference/transaction-details-object,
 *   /reference/item-details-object, /reference/custom-expiry-object, /reference/gopay-1,
 *   /reference/shopeepay-1, /reference/e-channel-object): an order_id of at most 50 characters of
 *   letters, digits and - _ ~ ., an integer gross_amount equal to the items' sum, a known
 *   payment_type with its own object, a custom_expiry within the method's limits, a unique order id
 *   (406). Answers are the documented samples' shapes, `actions` included.
 * - GET /v2/{order_id or transaction_id}/status answers 404 for an unknown transaction and the
 *   status code the documentation gives each status: 407 for an expired one.
 * - POST /v2/{id}/refund (/reference/refund-transaction): only a settled transaction of a method
 *   the refund API takes (else 412), an amount within what is left (else 414), a refund_key of
 *   letters, digits, - and _ used once (406 "Duplicate refund ID"); POST /v2/{id}/cancel voids a
 *   pending or captured one.
 * - Snap (/snap/v1/transactions) answers 201 {token, redirect_url}; its transaction is unknown to
 *   the status API until the payer picks a method ("Notes When Using Snap API").
 *
 * Every answer has its code in the body; errors have it as the HTTP status too, except 407, which
 * the status API answers with HTTP 200 (the official Node SDK treats it as a normal answer).
 */
import { createHash } from "node:crypto";
import { startStandInServer, type StandInBody as Body } from "./stand-in-server";

export interface MidtransTransaction {
  order_id: string;
  transaction_id: string;
  gross_amount: string;
  payment_type: string;
  transaction_status: string;
  fraud_status?: string;
  currency: string;
  transaction_time: string;
  expiry_time?: string;
  refunds?: { refund_chargeback_id: number; refund_amount: string; created_at: string; reason: string; refund_key: string; bank_confirmed_at?: string }[];
  /** A Snap order whose payer has not chosen a method yet: unknown to the status API. */
  snapUnchosen?: boolean;
}

/** Jakarta time (GMT+7), the way every Midtrans timestamp is written: "2026-11-24 09:30:00". */
function jakartaTime(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** What the notification (and the status API) says as status_code for each status (the docs' samples). */
function notificationCode(transaction: Pick<MidtransTransaction, "transaction_status" | "fraud_status">): string {
  switch (transaction.transaction_status) {
    case "settlement":
    case "refund":
    case "partial_refund":
      return "200";
    case "capture":
      return transaction.fraud_status === "challenge" ? "201" : "200";
    case "pending":
    case "authorize":
      return "201";
    default:
      return "202";
  }
}

/** The status API's code: as the notification's, but 407 "Expired transaction" and 200 for a cancelled one. */
function statusCode(transaction: MidtransTransaction): string {
  if (transaction.transaction_status === "expire") return "407";
  if (transaction.transaction_status === "cancel") return "200";
  return notificationCode(transaction);
}

const ORDER_ID = /^[A-Za-z0-9\-_~.]{1,50}$/;
const REFUND_KEY = /^[A-Za-z0-9\-_]+$/;
/** The payment types the charge reference documents; those this stand-in does not charge are not activated for the merchant (402). */
const DOCUMENTED_PAYMENT_TYPES = ["credit_card", "bank_transfer", "echannel", "bca_klikpay", "bca_klikbca", "bri_epay", "cimb_clicks", "danamon_online", "uob_ezpay", "qris", "gopay", "shopeepay", "dana", "ovo", "cstore", "akulaku", "kredivo"];
/** custom_expiry limits in seconds: GoPay and QRIS 20 s to 7 days, ShopeePay up to 5 days, bank transfers 20 s to 180 days. */
const EXPIRY_LIMITS: Record<string, [number, number]> = { gopay: [20, 7 * 86_400], qris: [20, 7 * 86_400], shopeepay: [20, 5 * 86_400], bank_transfer: [20, 180 * 86_400], echannel: [20, 180 * 86_400] };
const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3_600, day: 86_400 };
/** "Refund transaction is supported only for credit_card, gopay, shopeepay, dana, ovo, QRIS, kredivo and akulaku." */
const REFUNDABLE = ["credit_card", "gopay", "shopeepay", "dana", "ovo", "qris", "kredivo", "akulaku"];

export async function startMidtransStandIn(options: { serverKey: string }) {
  const transactions = new Map<string, MidtransTransaction>();
  const expectedAuth = `Basic ${Buffer.from(`${options.serverKey}:`).toString("base64")}`;
  const answer = (body: Body) => {
    const code = Number(body.status_code);
    return Response.json(body, { status: code < 300 || code === 407 ? 200 : code });
  };
  const invalid = (...messages: string[]) => answer({ status_code: "400", status_message: "One or more parameters in the payload is invalid.", validation_messages: messages, id: crypto.randomUUID() });
  const find = (id: string) => transactions.get(id) ?? [...transactions.values()].find((transaction) => transaction.transaction_id === id);
  const sign = (orderId: string, code: string, grossAmount: string) => createHash("sha512").update(orderId + code + grossAmount + options.serverKey).digest("hex");
  let refundIds = 0;

  /** The documented transaction fields of a status answer or notification. */
  const described = (transaction: MidtransTransaction): Body => {
    const { snapUnchosen: _unchosen, refunds, ...fields } = transaction;
    const refunded = (refunds ?? []).reduce((sum, refund) => sum + Number(refund.refund_amount), 0);
    return { ...fields, ...(refunds && refunds.length > 0 ? { refund_amount: `${refunded}.00`, refunds } : {}) };
  };

  function charge(url: URL, body: Body | null): Response {
    const details = body?.transaction_details as { order_id?: unknown; gross_amount?: unknown } | undefined;
    if (typeof details?.order_id !== "string" || !ORDER_ID.test(details.order_id)) return invalid("transaction_details.order_id is required, at most 50 characters of letters, digits, - _ ~ .");
    if (!Number.isInteger(details.gross_amount) || (details.gross_amount as number) <= 0) return invalid("transaction_details.gross_amount must be a positive integer");
    const gross = details.gross_amount as number;
    const items = body?.item_details;
    if (items !== undefined) {
      if (!Array.isArray(items) || items.some((item) => !Number.isInteger(item?.price) || !Number.isInteger(item?.quantity) || item.quantity < 1 || typeof item?.name !== "string" || item.name === "")) return invalid("item_details.price, quantity and name are required");
      if ((items as { price: number; quantity: number }[]).reduce((sum, item) => sum + item.price * item.quantity, 0) !== gross) return invalid("transaction_details.gross_amount is not equal to the sum of item_details");
    }
    const type = body?.payment_type;
    if (typeof type !== "string" || !DOCUMENTED_PAYMENT_TYPES.includes(type)) return invalid("payment_type is not supported");
    const expiry = body?.custom_expiry as { expiry_duration?: unknown; unit?: unknown } | undefined;
    let expiresInSeconds = 24 * 3_600;
    if (expiry !== undefined) {
      const unit = expiry.unit ?? "minute";
      const duration = Number(expiry.expiry_duration);
      if (typeof unit !== "string" || UNIT_SECONDS[unit] === undefined || !Number.isInteger(duration) || duration <= 0) return invalid("custom_expiry.expiry_duration and unit (second, minute, hour, day) are invalid");
      expiresInSeconds = duration * UNIT_SECONDS[unit]!;
      const [min, max] = EXPIRY_LIMITS[type] ?? [20, 180 * 86_400];
      if (expiresInSeconds < min || expiresInSeconds > max) return invalid(`custom_expiry for ${type} must be between ${min} and ${max} seconds`);
    }
    if (transactions.has(details.order_id)) return answer({ status_code: "406", status_message: "The request could not be completed due to a conflict with the current state of the target resource, please try again", id: crypto.randomUUID() });

    const now = new Date();
    const transaction: MidtransTransaction = {
      order_id: details.order_id,
      transaction_id: crypto.randomUUID(),
      gross_amount: `${gross}.00`,
      payment_type: type,
      transaction_status: "pending",
      fraud_status: "accept",
      currency: "IDR",
      transaction_time: jakartaTime(now),
      expiry_time: jakartaTime(new Date(now.getTime() + expiresInSeconds * 1000)),
    };
    const created = (message: string, extra: Body) => {
      transactions.set(transaction.order_id, transaction);
      return answer({ status_code: "201", status_message: message, merchant_id: "G000000000", ...described(transaction), ...extra });
    };
    const api = url.origin;
    switch (type) {
      case "qris": {
        const acquirer = (body?.qris as { acquirer?: unknown } | undefined)?.acquirer ?? "gopay";
        if (acquirer !== "gopay" && acquirer !== "airpay shopee") return invalid("qris.acquirer is invalid");
        return created("QRIS transaction is created", { acquirer, qr_string: `00020101021226620014COM.GO-JEK.WWW${transaction.order_id}5303360540${transaction.gross_amount}6304ABCD`, actions: [{ name: "generate-qr-code", method: "GET", url: `${api}/v2/qris/${transaction.transaction_id}/qr-code` }] });
      }
      case "bank_transfer": {
        const bank = (body?.bank_transfer as { bank?: unknown } | undefined)?.bank;
        if (typeof bank !== "string" || !["bca", "bni", "bri", "permata", "cimb"].includes(bank)) return invalid("bank_transfer.bank is invalid");
        return created("Success, Bank Transfer transaction is created", { va_numbers: [{ bank, va_number: `12345${String(transactions.size + 1).padStart(6, "0")}` }] });
      }
      case "echannel": {
        const echannel = body?.echannel as { bill_info1?: unknown; bill_info2?: unknown } | undefined;
        if (typeof echannel?.bill_info1 !== "string" || echannel.bill_info1 === "" || typeof echannel.bill_info2 !== "string" || echannel.bill_info2 === "") return invalid("echannel.bill_info1 and echannel.bill_info2 are required");
        return created("OK, Mandiri Bill transaction is successful", { bill_key: `7000${String(transactions.size + 1).padStart(8, "0")}`, biller_code: "70012" });
      }
      case "gopay": {
        // /reference/gopay-1 'GoPay Charge Response': the deeplink carries the callback only with enable_callback.
        const gopay = body?.gopay as { enable_callback?: unknown; callback_url?: unknown } | undefined;
        if (typeof gopay !== "object" || gopay === null) return invalid("gopay is required");
        if ((gopay.enable_callback !== undefined && typeof gopay.enable_callback !== "boolean") || (gopay.callback_url !== undefined && typeof gopay.callback_url !== "string")) return invalid("gopay.enable_callback or gopay.callback_url is invalid");
        const callback = gopay.enable_callback === true && typeof gopay.callback_url === "string" ? `&callback_url=${encodeURIComponent(`${gopay.callback_url}?order_id=${transaction.order_id}`)}` : "";
        const id = transaction.transaction_id;
        return created("GO-PAY billing created", {
          channel_response_code: "200",
          channel_response_message: "Success",
          actions: [
            { name: "generate-qr-code", method: "GET", url: `${api}/v2/gopay/${id}/qr-code` },
            { name: "generate-qr-code-v2", method: "GET", url: `${api}/v4/qris/gopay/${id}/qr-code` },
            { name: "deeplink-redirect", method: "GET", url: `gojek://gopay/merchanttransfer?tref=${id}&amount=${gross}&activity=GP:RR${callback}` },
            { name: "get-status", method: "GET", url: `${api}/v2/${id}/status` },
            { name: "cancel", method: "POST", url: `${api}/v2/${id}/cancel`, fields: [] },
          ],
        });
      }
      case "shopeepay": {
        // /reference/shopeepay-1 'ShopeePay Charge Response': one action, the universal link into the Shopee app.
        const shopeepay = body?.shopeepay as { callback_url?: unknown } | undefined;
        if (typeof shopeepay !== "object" || shopeepay === null) return invalid("shopeepay is required");
        if (shopeepay.callback_url !== undefined && typeof shopeepay.callback_url !== "string") return invalid("shopeepay.callback_url is invalid");
        return created("ShopeePay transaction is created", {
          channel_response_code: "0",
          channel_response_message: "success",
          actions: [{ name: "deeplink-redirect", method: "GET", url: `https://wsa.uat.wallet.airpay.co.id/universal-link/wallet/pay?deep_and_deferred=1&token=${transaction.transaction_id}` }],
        });
      }
      default:
        return answer({ status_code: "402", status_message: "Merchant doesn't have access for this payment type", id: crypto.randomUUID() });
    }
  }

  function refund(transaction: MidtransTransaction, body: Body | null): Response {
    const cannot = () => answer({ status_code: "412", status_message: "Merchant cannot modify the status of the transaction" });
    const key = body?.refund_key;
    if (key !== undefined && (typeof key !== "string" || !REFUND_KEY.test(key))) return invalid("refund_key may hold only letters, digits, - and _");
    const reason = body?.reason ?? "";
    if (typeof reason !== "string" || reason.length > 255) return invalid("reason is at most 255 characters");
    const refunds = transaction.refunds ?? [];
    if (typeof key === "string" && refunds.some((earlier) => earlier.refund_key === key)) return answer({ status_code: "406", status_message: "Duplicate refund ID" });
    if (!REFUNDABLE.includes(transaction.payment_type)) return cannot();
    if (!["settlement", "partial_refund"].includes(transaction.transaction_status)) return cannot();
    transaction.refunds = refunds;
    const gross = Number(transaction.gross_amount);
    const left = gross - refunds.reduce((sum, earlier) => sum + Number(earlier.refund_amount), 0);
    const amount = body?.amount === undefined ? left : body.amount;
    if (!Number.isInteger(amount) || (amount as number) <= 0 || (amount as number) > left) return answer({ status_code: "414", status_message: "Refund request is rejected due to invalid amount" });
    const entry = { refund_chargeback_id: ++refundIds, refund_amount: `${amount}.00`, created_at: jakartaTime(new Date()), reason, refund_key: typeof key === "string" ? key : crypto.randomUUID() };
    refunds.push(entry);
    transaction.transaction_status = amount === left ? "refund" : "partial_refund";
    return answer({ status_code: "200", status_message: "Success, refund request is approved", transaction_id: transaction.transaction_id, order_id: transaction.order_id, payment_type: transaction.payment_type, transaction_time: transaction.transaction_time, transaction_status: transaction.transaction_status, gross_amount: transaction.gross_amount, refund_chargeback_id: entry.refund_chargeback_id, refund_amount: entry.refund_amount, refund_key: entry.refund_key });
  }

  const server = startStandInServer({
    outage: () => Response.json({ status_code: "500", status_message: "Sorry. Our system is recovering from unexpected issues. Please retry." }, { status: 500 }),
    handle(request) {
      const { url, body } = request;
      if (request.headers.get("Authorization") !== expectedAuth) return answer({ status_code: "401", status_message: "Access denied due to unauthorized transaction, please check client or server key", id: crypto.randomUUID() });

      const path = url.pathname;
      if (path === "/v2/charge" && request.method === "POST") return charge(url, body);
      if (path === "/snap/v1/transactions" && request.method === "POST") {
        const details = body?.transaction_details as { order_id?: unknown; gross_amount?: unknown } | undefined;
        if (typeof details?.order_id !== "string" || !ORDER_ID.test(details.order_id) || !Number.isInteger(details.gross_amount)) return Response.json({ error_messages: ["transaction_details.order_id is required", "transaction_details.gross_amount is required"] }, { status: 400 });
        if (transactions.has(details.order_id)) return Response.json({ error_messages: ["transaction_details.order_id sudah digunakan"] }, { status: 400 });
        transactions.set(details.order_id, { order_id: details.order_id, transaction_id: crypto.randomUUID(), gross_amount: `${details.gross_amount}.00`, payment_type: "credit_card", transaction_status: "pending", fraud_status: "accept", currency: "IDR", transaction_time: jakartaTime(new Date()), snapUnchosen: true });
        const token = crypto.randomUUID();
        return Response.json({ token, redirect_url: `${url.origin}/snap/v4/redirection/${token}` }, { status: 201 });
      }
      const match = /^\/v2\/([^/]+)\/(status|refund|cancel)$/.exec(path);
      const transaction = match ? find(decodeURIComponent(match[1]!)) : undefined;
      if (match === null) return new Response("Not Found", { status: 404 });
      if (transaction === undefined || transaction.snapUnchosen) return answer({ status_code: "404", status_message: "Transaction doesn't exist.", id: crypto.randomUUID() });
      if (match[2] === "status" && request.method === "GET") return answer({ status_code: statusCode(transaction), status_message: "Success, transaction is found", ...described(transaction) });
      if (match[2] === "refund" && request.method === "POST") return refund(transaction, body);
      if (match[2] === "cancel" && request.method === "POST") {
        if (!["pending", "capture", "authorize"].includes(transaction.transaction_status)) return answer({ status_code: "412", status_message: "Merchant cannot modify the status of the transaction" });
        transaction.transaction_status = "cancel";
        return answer({ status_code: "200", status_message: "Success, transaction is canceled", ...described(transaction) });
      }
      return answer({ status_code: "405", status_message: "HTTP method is not allowed" });
    },
  });

  return {
    ...server,
    transactions,
    /** How many times the status API was asked (about one order, or at all). */
    statusCalls(orderId?: string) {
      return server.requests.filter((request) => request.method === "GET" && request.path.endsWith("/status") && (orderId === undefined || request.path === `/v2/${encodeURIComponent(orderId)}/status`)).length;
    },
    /** A transaction as Midtrans would hold it (a documentation sample's order, say). */
    seed(transaction: Partial<MidtransTransaction> & Pick<MidtransTransaction, "order_id" | "gross_amount" | "payment_type" | "transaction_status">) {
      const seeded: MidtransTransaction = { transaction_id: crypto.randomUUID(), currency: "IDR", transaction_time: jakartaTime(new Date()), ...transaction };
      transactions.set(seeded.order_id, seeded);
      return seeded;
    },
    /** What Midtrans's dashboard or the payer would do: a payment settles, is denied, expires … */
    setStatus(orderId: string, transactionStatus: string, extra: Partial<MidtransTransaction> = {}) {
      const transaction = transactions.get(orderId);
      if (transaction === undefined) throw new Error(`no transaction ${orderId}`);
      Object.assign(transaction, { transaction_status: transactionStatus, snapUnchosen: false }, extra);
    },
    /** The bank confirms the refunds made so far (the second refund notification, with bank_confirmed_at). */
    confirmRefunds(orderId: string) {
      for (const refund of transactions.get(orderId)?.refunds ?? []) refund.bank_confirmed_at = jakartaTime(new Date());
    },
    /** The HTTP notification Midtrans posts for the transaction now, signed with the server key. */
    notificationFor(orderId: string, overrides: Partial<Body> = {}) {
      const transaction = transactions.get(orderId);
      if (transaction === undefined) throw new Error(`no transaction ${orderId}`);
      const body: Body = { ...described(transaction), status_message: "midtrans payment notification", status_code: notificationCode(transaction), ...overrides };
      return { ...body, signature_key: sign(orderId, String(body.status_code), String(body.gross_amount)) };
    },
    /** Any notification body signed as Midtrans signs it (a documentation sample, re-signed with this server key). */
    signed(notification: Body) {
      return { ...notification, signature_key: sign(String(notification.order_id), String(notification.status_code), String(notification.gross_amount)) };
    },
  };
}
