/**
 * Xendit's own sample callbacks (test support), copied from its documentation with only the ids
 * and amounts of the payment under test put in, so tests feed what Xendit really sends:
 *
 * - payment.capture / payment.failure: docs.xendit.co/apidocs/payment-webhook-notification
 *   ('paymentCapture', 'paymentFailure'); the e-wallet capture is the same sample for a DANA
 *   payment request (channel_code as on docs.xendit.co/docs/dana).
 * - payment_request.expiry: named in docs.xendit.co/docs/migrate-payment-api-v2-to-v3 ('Webhook
 *   event mapping'); the reference gives no body, so it is the payment sample's envelope with the
 *   payment request's fields.
 * - Invoice paid: xendit-node docs/Invoice.md ('InvoiceCallback Object'), sent in snake_case as
 *   the API sends it; invoice expired: the same with status EXPIRED and nothing paid.
 * - refund.succeeded / refund.failed: docs.xendit.co/apidocs/refund-webhook-notification
 *   ('refundSucceeded', 'refundFailed'), its double `data` envelope included.
 */
type Body = Record<string, unknown>;

interface PaymentRequestRef {
  paymentRequestId: string;
  referenceId: string;
  amount: number;
  channelCode: string;
}

function paymentEvent(event: "payment.capture" | "payment.failure", ref: PaymentRequestRef): Body {
  return {
    event,
    business_id: "6094fa76c2fd53701b8e079c",
    created: "2021-12-02T14:52:21.566Z",
    data: {
      payment_id: "py-1fdaf346-dd2e-4b6c-b938-124c7167a822",
      business_id: "6094fa76c2fd53701b8e079c",
      status: event === "payment.capture" ? "SUCCEEDED" : "FAILED",
      payment_request_id: ref.paymentRequestId,
      request_amount: ref.amount,
      customer_id: "cust-5ed61c4e-499f-49bd-9d90-f3f45028a7a3",
      channel_code: ref.channelCode,
      country: "ID",
      currency: "IDR",
      reference_id: ref.referenceId,
      description: "Payment description",
      ...(event === "payment.failure" ? { failure_code: "INSUFFICIENT_BALANCE" } : {}),
      channel_properties: { failure_return_url: "https://xendit.co/failure", success_return_url: "https://xendit.co/success" },
      type: "SINGLE_PAYMENT",
      created: "2021-12-02T14:52:21.566Z",
      updated: "2021-12-02T14:52:21.566Z",
    },
  };
}

export const xenditSamples = {
  paymentCapture: (ref: PaymentRequestRef) => paymentEvent("payment.capture", ref),
  paymentFailure: (ref: PaymentRequestRef) => paymentEvent("payment.failure", ref),
  paymentRequestExpiry: (ref: PaymentRequestRef): Body => ({
    event: "payment_request.expiry",
    business_id: "6094fa76c2fd53701b8e079c",
    created: "2021-12-02T14:52:21.566Z",
    data: { payment_request_id: ref.paymentRequestId, reference_id: ref.referenceId, status: "EXPIRED", request_amount: ref.amount, currency: "IDR", country: "ID", channel_code: ref.channelCode, type: "PAY" },
  }),
  invoicePaid: (invoice: { id: string; externalId: string; amount: number }): Body => ({
    amount: invoice.amount,
    payment_destination: "TEST815",
    created: "2020-01-13T02:32:49.827Z",
    external_id: invoice.externalId,
    description: "Invoice webhook test",
    user_id: "5848fdf860053555135587e7",
    merchant_name: "Xendit",
    payment_channel: "ALFAMART",
    payment_method: "RETAIL_OUTLET",
    paid_at: "2020-01-14T02:32:50.912Z",
    currency: "IDR",
    id: invoice.id,
    paid_amount: invoice.amount,
    payer_email: "test@xendit.co",
    updated: "2020-01-13T02:32:50.912Z",
    status: "PAID",
  }),
  invoiceExpired: (invoice: { id: string; externalId: string; amount: number }): Body => ({
    id: invoice.id,
    external_id: invoice.externalId,
    user_id: "5848fdf860053555135587e7",
    merchant_name: "Xendit",
    amount: invoice.amount,
    status: "EXPIRED",
    currency: "IDR",
    created: "2020-01-13T02:32:49.827Z",
    updated: "2020-01-14T02:32:49.827Z",
  }),
  refund: (event: "refund.succeeded" | "refund.failed", refund: { id: string; referenceId: string; amount: number; paymentRequestId?: string }): Body => ({
    event,
    business_id: "6094fa76c2fd53701b8e079c",
    created: "2021-12-02T14:52:21.566Z",
    data: {
      event,
      business_id: "5f27a14a9bf05c73dd040bc8",
      created: "2020-08-29T09:12:33.001Z",
      data: {
        id: refund.id,
        ...(refund.paymentRequestId === undefined ? {} : { payment_request_id: refund.paymentRequestId }),
        payment_id: "ddpy-3cd658ae-25b9-4659-aa36-596ae41a809f",
        invoice_id: null,
        amount: refund.amount,
        payment_method_type: "EWALLET",
        channel_code: "DANA",
        currency: "IDR",
        status: event === "refund.succeeded" ? "SUCCEEDED" : "FAILED",
        reason: "OTHERS",
        reference_id: refund.referenceId,
        failure_code: event === "refund.succeeded" ? null : "DUPLICATE_ERROR",
        refund_fee_amount: null,
        created: "2020-08-30T09:12:33.001Z",
        updated: "2020-08-30T09:12:33.001Z",
        metadata: null,
      },
    },
  }),
};
