/**
 * A local iPaymu v2 for tests: verifies the `va`, `timestamp` and HMAC `signature` headers over the
 * exact body as iPaymu does, checks the body fields, and answers in iPaymu's shapes — HTTP 200 with
 * `Status` 401/400 for refusals, as the real API does.
 */
import { ipaymuSignature } from "./ipaymu";

import { startStandInServer } from "./stand-in-server";

interface Transaction {
  id: number;
  reference: string;
  amount: number;
  status: number;
}

export async function startIpaymuStandIn(options: { va: string; apiKey: string }) {
  const transactions = new Map<number, Transaction>();
  let nextId = 150_000;
  const refuse = (Status: number, Message: string) => Response.json({ Status, Success: false, Message, Data: null });

  const server = startStandInServer({
    outage: () => new Response("<html><body>502 Bad Gateway</body></html>", { status: 502, headers: { "Content-Type": "text/html" } }),
    handle(request) {
      const { url, text, body } = request;
      if (request.headers.get("va") !== options.va || !/^\d{14}$/.test(request.headers.get("timestamp") ?? "")) return refuse(401, "unauthorized");
      if (request.headers.get("signature") !== ipaymuSignature(options.va, options.apiKey, text)) return refuse(401, "unauthorized signature");

      if (url.pathname === "/api/v2/transaction") {
        const found = transactions.get(Number(body?.transactionId));
        if (found === undefined) return refuse(400, "Transaksi tidak ditemukan");
        return Response.json({ Status: 200, Success: true, Message: "success", Data: { TransactionId: found.id, SessionId: `sess-${found.id}`, ReferenceId: found.reference, Status: found.status, StatusDesc: found.status === 1 ? "Berhasil" : "Pending", Amount: found.amount, Fee: 4000, Total: found.amount + 4000 } });
      }
      if (typeof body?.referenceId !== "string" || !Number.isInteger(body.amount ?? (body.price as number[] | undefined)?.[0])) return refuse(400, "referenceId and amount are required");
      const amount = (body.amount ?? (body.price as number[])[0]) as number;
      const id = nextId++;
      transactions.set(id, { id, reference: body.referenceId, amount, status: 0 });
      if (url.pathname === "/api/v2/payment") {
        if (body.paymentMethod !== "cc") return refuse(400, "paymentMethod not supported");
        return Response.json({ Status: 200, Success: true, Message: "success", Data: { SessionID: `sess-${id}`, Url: `${url.origin}/payment/${id}` } });
      }
      if (url.pathname !== "/api/v2/payment/direct") return refuse(404, "Not found");
      if (!(body.paymentMethod === "qris" && body.paymentChannel === "qris") && !(body.paymentMethod === "va" && ["bca", "mandiri", "bni", "bri", "cimb"].includes(String(body.paymentChannel)))) return refuse(400, "paymentChannel not supported");
      const qris = body.paymentMethod === "qris";
      const paymentNo = qris ? `00020101021226650013ID.CO.IPAYMU${id}5303360540${amount}6304IPMU` : `8808${String(id).padStart(10, "0")}`;
      return Response.json({ Status: 200, Success: true, Message: "success", Data: { SessionId: `sess-${id}`, TransactionId: id, ReferenceId: body.referenceId, Via: qris ? "QRIS" : "VA", Channel: String(body.paymentChannel).toUpperCase(), PaymentNo: paymentNo, QrString: qris ? paymentNo : undefined, PaymentName: "Kasih", Total: amount, Fee: 0, Expired: "2026-11-25 09:00:00" } });
    },
  });

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
      const found = transactions.get(id);
      if (found === undefined) throw new Error(`no transaction ${id}`);
      found.status = status;
    },
    /** iPaymu's notification: a form post, unsigned. */
    notificationFor(id: number, overrides: Record<string, string> = {}) {
      const found = transactions.get(id);
      if (found === undefined) throw new Error(`no transaction ${id}`);
      const fields = new URLSearchParams({ trx_id: String(id), sid: `sess-${id}`, reference_id: found.reference, status: "berhasil", status_code: "1", via: "va", channel: "bca", total: String(found.amount), ...overrides });
      return { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: fields.toString() };
    },
  };
}
