/**
 * A local Xendit for tests: checks what Xendit checks (Basic auth with the secret key, the
 * api-version header of Payment Requests, required fields, IDR amounts as integers, known
 * channels) and answers in Xendit's documented shapes, its {error_code, message} errors included.
 */
import { startStandInServer, type StandInBody as Body } from "./stand-in-server";

interface Held {
  id: string;
  kind: "payment_request" | "invoice";
  reference: string;
  amount: number;
  currency: string;
  status: string;
}

const VA_CHANNELS = new Set(["BCA", "MANDIRI", "BNI", "BRI", "PERMATA", "BSI"]);

export async function startXenditStandIn(options: { secretKey: string; callbackToken: string }) {
  const held = new Map<string, Held>();
  const expectedAuth = `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`;
  const error = (status: number, error_code: string, message: string) => Response.json({ error_code, message }, { status });

  const server = startStandInServer({
    outage: () => error(500, "SERVER_ERROR", "An unexpected error occured, our team has been notified and will troubleshoot the issue."),
    handle(request) {
      const { url, body } = request;
      if (request.headers.get("Authorization") !== expectedAuth) return error(401, "INVALID_API_KEY", "API key is not authorized for this API service");

      if (request.method === "GET") {
        const found = held.get(decodeURIComponent(url.pathname.split("/").pop()!));
        if (found === undefined) return error(404, "DATA_NOT_FOUND", "Data not found");
        return Response.json({ id: found.id, reference_id: found.reference, external_id: found.reference, amount: found.amount, currency: found.currency, status: found.status });
      }
      if (!Number.isInteger(body?.amount) || (body!.amount as number) <= 0) return error(400, "API_VALIDATION_ERROR", "amount must be a positive integer for IDR");

      if (url.pathname === "/v2/invoices") {
        if (typeof body?.external_id !== "string") return error(400, "API_VALIDATION_ERROR", "external_id is required");
        const id = crypto.randomUUID().replace(/-/g, "").slice(0, 24);
        held.set(id, { id, kind: "invoice", reference: body.external_id, amount: body.amount as number, currency: String(body.currency ?? "IDR"), status: "PENDING" });
        return Response.json({ id, external_id: body.external_id, status: "PENDING", amount: body.amount, currency: "IDR", invoice_url: `${url.origin}/web/invoices/${id}`, expiry_date: new Date(Date.now() + 86_400_000).toISOString() });
      }
      if (url.pathname !== "/payment_requests") return error(404, "NOT_FOUND", "Not found");
      if (request.headers.get("api-version") !== "2022-07-31") return error(400, "API_VALIDATION_ERROR", "api-version header is required");
      if (typeof body?.reference_id !== "string" || body.currency !== "IDR") return error(400, "API_VALIDATION_ERROR", "reference_id and currency are required");
      const method = body.payment_method as Body | undefined;
      const id = `pr-${crypto.randomUUID()}`;
      const base = { id, reference_id: body.reference_id, amount: body.amount, currency: "IDR", country: "ID", status: "PENDING", created: new Date().toISOString() };
      if (method?.type === "QR_CODE" && (method.qr_code as Body | undefined)?.channel_code === "QRIS") {
        held.set(id, { id, kind: "payment_request", reference: body.reference_id, amount: body.amount as number, currency: "IDR", status: "PENDING" });
        return Response.json({ ...base, payment_method: { id: `pm-${crypto.randomUUID()}`, type: "QR_CODE", reusability: "ONE_TIME_USE", status: "ACTIVE", qr_code: { channel_code: "QRIS", channel_properties: { qr_string: `00020101021226590013ID.CO.XENDIT${id}5303360540${body.amount}6304XDIT`, expires_at: new Date(Date.now() + 1_800_000).toISOString() } } } }, { status: 201 });
      }
      const channel = (method?.virtual_account as Body | undefined)?.channel_code;
      if (method?.type === "VIRTUAL_ACCOUNT" && VA_CHANNELS.has(String(channel))) {
        held.set(id, { id, kind: "payment_request", reference: body.reference_id, amount: body.amount as number, currency: "IDR", status: "PENDING" });
        return Response.json({ ...base, payment_method: { id: `pm-${crypto.randomUUID()}`, type: "VIRTUAL_ACCOUNT", reusability: "ONE_TIME_USE", status: "ACTIVE", virtual_account: { channel_code: channel, channel_properties: { customer_name: "Test", virtual_account_number: `88088${String(held.size).padStart(8, "0")}` } } } }, { status: 201 });
      }
      return error(400, "CHANNEL_NOT_ACTIVATED", "Payment channel is not activated for this account");
    },
  });

  return {
    ...server,
    held,
    setStatus(id: string, status: string) {
      const found = held.get(id);
      if (found === undefined) throw new Error(`no payment ${id}`);
      found.status = status;
    },
    /** The callback Xendit posts for a payment request or an invoice, with the verification token. */
    callbackFor(id: string, overrides: Body = {}) {
      const found = held.get(id);
      if (found === undefined) throw new Error(`no payment ${id}`);
      const body =
        found.kind === "payment_request"
          ? { event: "payment.succeeded", business_id: "5f27a14a9bf05c73dd040bc8", created: new Date().toISOString(), data: { id: `py-${crypto.randomUUID()}`, payment_request_id: id, reference_id: found.reference, amount: found.amount, currency: found.currency, status: "SUCCEEDED", ...overrides } }
          : { id, external_id: found.reference, status: "PAID", amount: found.amount, paid_amount: found.amount, currency: found.currency, payment_method: "CREDIT_CARD", ...overrides };
      return { headers: { "Content-Type": "application/json", "x-callback-token": options.callbackToken }, body };
    },
  };
}
