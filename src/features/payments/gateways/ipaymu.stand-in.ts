/**
 * A local iPaymu v2 for tests, written from iPaymu's API documentation
 * (github.com/ipaymu/docs-ipaymu-api-v2, content/docs): the `va`, `timestamp` and HMAC
 * `signature` headers checked over the exact body ("Signature"); refusals answered as the real API
 * does, HTTP 200 with `Status` 401/400 and a Message. What each call requires:
 * - Direct Payment: name, phone, email, amount, notifyUrl, referenceId, paymentMethod and a
 *   `paymentChannel` of that method's list (QRIS: `mpm`); `expired` in hours, at most 2 for BRI
 *   and 3 for BSI, ignored for QRIS (5 minutes) and BCA (12 hours), whose expiry is fixed;
 * - Redirect Payment: product[], qty[], price[] and description[] of the same length, returnUrl,
 *   notifyUrl, cancelUrl;
 * - Check Transaction: transactionId; Check Balance: account (the merchant's VA).
 * Its callbacks are those of "Callback" (form or JSON), signed with `X-Signature` as that page's
 * PHP sample signs them: written here on their own, not with the client's helpers.
 */
import { createHmac } from "node:crypto";
import { ipaymuSignature } from "./ipaymu";
import { startStandInServer } from "./stand-in-server";

/** "Available paymentChannel lists by paymentMethod" (Direct Payment). */
const CHANNELS: Record<string, string[]> = {
  va: ["bag", "bca", "bpd_bali", "bni", "cimb", "mandiri", "bmi", "bri", "bsi", "permata", "danamon", "btn"],
  cstore: ["alfamart", "indomaret"],
  cod: ["rpx"],
  qris: ["mpm"],
  cc: ["cc"],
  paylater: ["akulaku"],
  ewallet: ["dana", "shopeepay"],
};
const MAX_HOURS: Record<string, number> = { bri: 2, bsi: 3 };
/** The expiry of channels that cannot be customized, in hours. */
const FIXED_HOURS: Record<string, number> = { mpm: 5 / 60, bca: 12 };

interface Transaction {
  id: number;
  reference: string;
  amount: number;
  status: number;
  via: string;
  channel: string;
  paymentNo: string;
  buyer: { name: string; email: string; phone: string };
  expiresAt: Date;
}

/** "2026-11-24 09:00:00" in Western Indonesian Time, as iPaymu writes its dates. */
const wib = (date: Date) => new Date(date.getTime() + 7 * 3_600_000).toISOString().replace("T", " ").slice(0, 19);

/** The "Callback" page's PHP: json_encode (slashes and non-ASCII escaped) of the ksorted fields, HMAC-SHA256 with the VA. */
function phpSign(va: string, fields: Record<string, unknown>): string {
  const encode = (value: unknown): string =>
    Array.isArray(value) ? `[${value.map(encode).join(",")}]` : JSON.stringify(value).replaceAll("/", "\\/").replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const keys = Object.keys(fields).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return createHmac("sha256", va)
    .update(`{${keys.map((key) => `${encode(key)}:${encode(fields[key])}`).join(",")}}`)
    .digest("hex");
}

export async function startIpaymuStandIn(options: { va: string; apiKey: string }) {
  const transactions = new Map<number, Transaction>();
  let nextId = 150_000;
  const refuse = (Status: number, Message: string) => Response.json({ Status, Success: false, Message, Data: null });
  const text = (value: unknown) => typeof value === "string" && value.trim() !== "";

  const server = startStandInServer({
    outage: () => new Response("<html><body>502 Bad Gateway</body></html>", { status: 502, headers: { "Content-Type": "text/html" } }),
    handle(request) {
      const { url, body } = request;
      if (request.headers.get("va") !== options.va || !/^\d{14}$/.test(request.headers.get("timestamp") ?? "")) return refuse(401, "unauthorized");
      if (request.headers.get("signature") !== ipaymuSignature(options.va, options.apiKey, request.text)) return refuse(401, "unauthorized signature");

      if (url.pathname === "/api/v2/balance") {
        if (body?.account !== options.va) return refuse(400, "account is required");
        return Response.json({ Status: 200, Data: { Va: options.va, MerchantBalance: "1500000", MemberBalance: "0" }, Message: "success" });
      }
      if (url.pathname === "/api/v2/transaction") {
        if (!text(body?.transactionId) && typeof body?.transactionId !== "number") return refuse(400, "transactionId is required");
        const found = transactions.get(Number(body!.transactionId));
        if (found === undefined) return refuse(400, "Transaksi tidak ditemukan");
        return Response.json({
          Status: 200,
          Success: true,
          Message: "success",
          Data: { TransactionId: found.id, SessionId: `sess-${found.id}`, ReferenceId: found.reference, Amount: found.amount, Fee: 4000, Status: found.status, StatusDesc: found.status === 1 ? "Berhasil" : "Pending", ExpiredDate: wib(found.expiresAt) },
        });
      }
      if (url.pathname === "/api/v2/payment") {
        const lists = ["product", "qty", "price", "description"].map((key) => body?.[key]);
        if (!lists.every((list) => Array.isArray(list) && list.length > 0 && list.length === (lists[0] as unknown[]).length)) return refuse(400, "product, qty, price and description are required");
        if (!text(body!.returnUrl) || !text(body!.notifyUrl) || !text(body!.cancelUrl)) return refuse(400, "returnUrl, notifyUrl and cancelUrl are required");
        const prices = body!.price as unknown[];
        const amount = prices.reduce<number>((sum, price, index) => sum + Number(price) * Number((body!.qty as unknown[])[index]), 0);
        const id = nextId++;
        const buyer = { name: String(body!.buyerName ?? ""), email: String(body!.buyerEmail ?? ""), phone: String(body!.buyerPhone ?? "") };
        transactions.set(id, { id, reference: String(body!.referenceId ?? ""), amount, status: 0, via: "cc", channel: "cc", paymentNo: "", buyer, expiresAt: new Date(Date.now() + 24 * 3_600_000) });
        return Response.json({ Status: 200, Message: "success", Data: { SessionID: `sess-${id}`, Url: `${url.origin}/payment/${id}` } });
      }
      if (url.pathname !== "/api/v2/payment/direct") return refuse(404, "Not found");
      for (const key of ["name", "phone", "email", "notifyUrl", "referenceId", "paymentMethod", "paymentChannel"]) if (!text(body?.[key])) return refuse(400, `${key} is required`);
      if (typeof body!.amount !== "number" || !Number.isInteger(body!.amount) || body!.amount <= 0) return refuse(400, "amount is required");
      const method = String(body!.paymentMethod);
      const channel = String(body!.paymentChannel);
      if (!(CHANNELS[method] ?? []).includes(channel)) return refuse(400, "paymentChannel not supported");
      let hours = FIXED_HOURS[channel] ?? 24;
      if (body!.expired !== undefined && FIXED_HOURS[channel] === undefined) {
        if (typeof body!.expired !== "number" || !Number.isInteger(body!.expired) || body!.expired <= 0) return refuse(400, "expired is invalid");
        if (body!.expired > (MAX_HOURS[channel] ?? Number.POSITIVE_INFINITY)) return refuse(400, `expired for ${channel} is at most ${MAX_HOURS[channel]} hours`);
        hours = body!.expired;
      }
      const id = nextId++;
      const amount = body!.amount;
      const qris = method === "qris";
      const paymentNo = qris ? `00020101021226650013ID.CO.IPAYMU${id}5303360540${amount}6304IPMU` : `8808${String(id).padStart(10, "0")}`;
      const expiresAt = new Date(Math.floor((Date.now() + hours * 3_600_000) / 1000) * 1000);
      const buyer = { name: String(body!.name), email: String(body!.email), phone: String(body!.phone) };
      transactions.set(id, { id, reference: String(body!.referenceId), amount, status: 0, via: method, channel, paymentNo, buyer, expiresAt });
      return Response.json({
        Status: 200,
        Success: true,
        Message: "Success",
        Data: { SessionId: `sess-${id}`, TransactionId: id, ReferenceId: body!.referenceId, Via: method, Channel: channel, PaymentNo: paymentNo, QrString: qris ? paymentNo : undefined, PaymentName: "Kasih", Total: amount, Fee: 0, Expired: wib(expiresAt), Note: null },
      });
    },
  });

  const transactionNumbered = (id: number) => {
    const found = transactions.get(id);
    if (found === undefined) throw new Error(`no transaction ${id}`);
    return found;
  };

  return {
    ...server,
    transactions,
    /** iPaymu's id of the transaction made for our order id. */
    idFor(reference: string): number {
      const found = [...transactions.values()].find((transaction) => transaction.reference === reference);
      if (found === undefined) throw new Error(`no transaction for ${reference}`);
      return found.id;
    },
    setStatus(id: number, status: number) {
      transactionNumbered(id).status = status;
    },
    /**
     * iPaymu's callback for a transaction ("Callback": the documented fields), as the form post it
     * sends by default or as JSON, signed with `X-Signature`. `overrides` change fields after
     * signing nothing: they are signed too.
     */
    notificationFor(id: number, overrides: Record<string, string> = {}, format: "form" | "json" = "form") {
      const found = transactionNumbered(id);
      const paid = found.status === 1 || found.status === 6;
      const text: Record<string, string> = {
        buyer_email: found.buyer.email,
        buyer_name: found.buyer.name,
        buyer_phone: found.buyer.phone,
        created_at: wib(new Date(found.expiresAt.getTime() - 3_600_000)),
        expired_at: wib(found.expiresAt),
        fee: "0",
        paid_at: paid ? wib(new Date()) : "",
        reference_id: found.reference,
        sid: `sess-${found.id}`,
        status: paid ? "berhasil" : found.status === -2 ? "expired" : "pending",
        status_code: String(found.status),
        status_desc: paid ? "Success" : "Pending",
        channel: found.channel,
        paid_off: String(found.amount),
        product: "Kasih",
        quantity: "1",
        merchant: options.va,
        merchant_name: "Kasih",
        system_notes: "Payment completed",
        trscode: `TRX${found.id}`,
        trx_id: String(found.id),
        unique_code: "0",
        via: found.via,
        payment_no: found.via === "va" ? found.paymentNo : "",
        url: "https://kasih.example/api/payment/notify/ipaymu",
        transaction_status_code: String(found.status),
        settlement_status: "unsettle",
        expired_time: "3600",
        expired_unix: String(Math.floor(found.expiresAt.getTime() / 1000)),
        is_escrow: "0",
        is_refund: "0",
        is_sandbox: "true",
        total: String(found.amount),
        amount: String(found.amount),
        sub_total: String(found.amount),
        referenceId: found.reference,
        ...overrides,
      };
      return format === "json" ? signedJsonCallback(options.va, { ...text, additional_info: [], settlement_date: null }) : signedFormCallback(options.va, text);
    },
  };
}

/** A form callback signed as iPaymu signs it: the documented types restored, `additional_info` added. */
export function signedFormCallback(va: string, fields: Record<string, string>) {
  const typed: Record<string, unknown> = { additional_info: [] };
  for (const [key, value] of Object.entries(fields)) {
    if (key === "is_escrow") typed[key] = value === "1" || value === "true";
    else if (["trx_id", "status_code", "transaction_status_code", "paid_off"].includes(key)) typed[key] = Number.parseInt(value, 10) || 0;
    else if (key === "additional_info" && value === "[]") typed[key] = [];
    else typed[key] = value;
  }
  return { headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Signature": phpSign(va, typed), "X-Timestamp": new Date().toISOString() }, body: new URLSearchParams(fields).toString() };
}

/** A JSON callback signed as iPaymu signs it (its fields as they are). */
export function signedJsonCallback(va: string, fields: Record<string, unknown>) {
  return { headers: { "Content-Type": "application/json", "X-Signature": phpSign(va, fields), "X-Timestamp": new Date().toISOString() }, body: JSON.stringify(fields) };
}
