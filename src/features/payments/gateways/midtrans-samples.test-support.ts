/**
 * Midtrans's own sample HTTP notifications (test support), copied from its documentation with only
 * the signature to be recomputed with a test server key (stand-in `signed`). Each names its page.
 */
type Sample = Record<string, unknown>;

/** docs.midtrans.com/docs/https-notification-webhooks 'Sample for Various Payment Methods' → Card. */
export const CARD_CAPTURE: Sample = {
  transaction_time: "2020-01-09 18:27:19",
  transaction_status: "capture",
  transaction_id: "57d5293c-e65f-4a29-95e4-5959c3fa335b",
  status_message: "midtrans payment notification",
  status_code: "200",
  signature_key: "16d6f84b2fb0468e2a9cf99a8ac4e5d803d42180347aaa70cb2a7abb13b5c6130458ca9c71956a962c0827637cd3bc7d40b21a8ae9fab12c7c3efe351b18d00a",
  payment_type: "credit_card",
  order_id: "Postman-1578568851",
  merchant_id: "G141532850",
  masked_card: "48111111-1114",
  gross_amount: "10000.00",
  fraud_status: "accept",
  eci: "05",
  currency: "IDR",
  channel_response_message: "Approved",
  channel_response_code: "00",
  card_type: "credit",
  bank: "bni",
  approval_code: "1578569243927",
};

/**
 * The same card capture flagged by the fraud system: the docs give no separate sample, only the
 * value (`fraud_status` "challenge", /reference/fraud-status); the rest is the Card sample.
 */
export const CARD_CAPTURE_CHALLENGE: Sample = { ...CARD_CAPTURE, fraud_status: "challenge" };

/** docs.midtrans.com/docs/https-notification-webhooks → GoPay (settlement). */
export const GOPAY_SETTLEMENT: Sample = {
  transaction_time: "2021-06-15 18:45:13",
  transaction_status: "settlement",
  transaction_id: "513f1f01-c9da-474c-9fc9-d5c64364b709",
  status_message: "midtrans payment notification",
  status_code: "200",
  signature_key: "2496c78cac93a70ca08014bdaaff08eb7119ef79ef69c4833d4399cada077147febc1a231992eb8665a7e26d89b1dc323c13f721d21c7485f70bff06cca6eed3",
  settlement_time: "2021-06-15 18:45:28",
  payment_type: "gopay",
  order_id: "Order-5100",
  merchant_id: "G141532850",
  gross_amount: "154600.00",
  fraud_status: "accept",
  currency: "IDR",
};

/** docs.midtrans.com/reference/shopeepay-1 'ShopeePay Charge Response and Notifications' → Pending. */
export const SHOPEEPAY_PENDING: Sample = {
  transaction_time: "2020-09-29 11:16:23",
  transaction_status: "pending",
  transaction_id: "bb379c3a-218b-47c7-9b0b-25f71f0f1231",
  status_message: "midtrans payment notification",
  status_code: "201",
  signature_key: "dd627b40a8951f8c15af2d0f4e96ceae748af857e1d697f4bdb631a37227a4de45952a909c5f08d92228dd27e590586996ab1cf82b658ee99fae08d3e26f3348",
  payment_type: "shopeepay",
  order_id: "test-order-shopeepay-001",
  merchant_id: "YON001",
  gross_amount: "25000.00",
  fraud_status: "accept",
  currency: "IDR",
};

/** docs.midtrans.com/reference/expire-transaction 'Expire Transaction Response and Notifications' (the notification). */
export const BANK_TRANSFER_EXPIRE: Sample = {
  status_code: "202",
  status_message: "midtrans payment notification",
  transaction_id: "841c7da8-530b-435a-9f67-c9d632d15537",
  order_id: "1000176721005355",
  gross_amount: "698879.00",
  payment_type: "bank_transfer",
  transaction_time: "2016-07-04 00:53:55",
  transaction_status: "expire",
  permata_va_number: "8778004890127981",
  signature_key: "f1066b06ec8a4b7d6ffb941fd9772f6df304618e15e02cf17c2914cec12793e19c71653042f7f617b027eae6ecb6759529c67eca9af55264b736408d8b4df2b9",
};

/** docs.midtrans.com/en/core-api/credit-card 'Failure Response' (a card denied by the bank). */
export const CARD_DENY: Sample = {
  status_code: "202",
  status_message: "Card is not authenticated.",
  bank: "bni",
  eci: "07",
  transaction_id: "1063cc1f-f07e-4755-ab85-19a4592de097",
  order_id: "test-transaction-54321",
  merchant_id: "G490526303",
  gross_amount: "100000.00",
  currency: "IDR",
  payment_type: "credit_card",
  transaction_time: "2020-08-12 16:03:49",
  transaction_status: "deny",
  fraud_status: "accept",
  masked_card: "481111-1114",
};

/** docs.midtrans.com/reference/cancel-transaction 'Sample Response - Success Notification'. */
export const CARD_CANCEL: Sample = {
  masked_card: "48111111-1114",
  approval_code: "325511",
  bank: "mandiri",
  eci: "05",
  transaction_time: "2016-07-04 13:32:44",
  gross_amount: "244108.00",
  order_id: "160288131764",
  payment_type: "credit_card",
  signature_key: "71f3b14d3036d2a60dac7fef1cdde7bebdbb2dbeebc68bcf5e7819fe8be7c9241611ea1e769e0c6775735805174c02b9d6b5cf89a11de1861d5efb298c9898b7",
  status_code: "202",
  transaction_id: "ffd82cd2-4f0d-4b24-b4b8-e201b0c3d80e",
  transaction_status: "cancel",
  fraud_status: "accept",
  status_message: "midtrans payment notification",
};

const REFUNDS = [
  { refund_chargeback_id: 1, refund_amount: "5000.00", created_at: "2015-02-27 00:14:20", reason: "some reason", refund_key: "reference1", refund_method: "online" },
  { refund_chargeback_id: 2, refund_amount: "7000.00", created_at: "2015-02-28 01:23:15", reason: "", refund_key: "reference2", refund_method: "offline" },
];

/** docs.midtrans.com/reference/direct-refund-transaction → Notification (sent before the bank confirms). */
export const CARD_REFUND: Sample = {
  status_code: "200",
  status_message: "midtrans payment notification",
  transaction_id: "841c7da8-530b-435a-9f67-c9d632d15537",
  order_id: "1000176721005355",
  gross_amount: "698879.00",
  payment_type: "credit_card",
  transaction_time: "2015-02-04 00:53:55",
  transaction_status: "refund",
  signature_key: "f1066b06ec8a4b7d6ffb941fd9772f6df304618e15e02cf17c2914cec12793e19c71653042f7f617b027eae6ecb6759529c67eca9af55264b736408d8b4df2b9",
  refunds: REFUNDS,
};

/** docs.midtrans.com/reference/direct-refund-transaction → Notification (Bank Confirmed). */
export const CARD_REFUND_CONFIRMED: Sample = { ...CARD_REFUND, refunds: REFUNDS.map((refund) => ({ ...refund, bank_confirmed_at: "2015-02-27 02:30:20" })) };

/** docs.midtrans.com/reference/refund-transaction → Notification (a partial refund). */
export const CARD_PARTIAL_REFUND: Sample = {
  status_code: "200",
  status_message: "midtrans payment notification",
  transaction_id: "249fc620-6017-4540-af7c-5a1c25788f46",
  masked_card: "48111111-1114",
  order_id: "example-1424936368",
  payment_type: "credit_card",
  transaction_time: "2021-02-26 14:39:33",
  transaction_status: "partial_refund",
  fraud_status: "accept",
  approval_code: "1424936374393",
  signature_key: "2802a264cb978fbc59f631c68d120cbda8dc853f5dfdc52301c615cf4f14e7a0b09aa...",
  bank: "bni",
  gross_amount: "30000.00",
  channel_response_code: "00",
  channel_response_message: "Approved",
  card_type: "credit",
  refund_amount: "12000.00",
  refunds: REFUNDS,
};
