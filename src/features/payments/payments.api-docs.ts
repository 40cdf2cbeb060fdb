import * as z from "zod";
import type { ApiOperation } from "../api-docs/describe-routes";
import { WALLETS } from "./gateways/gateway";
import { PAID_PLANS } from "./payments.schemas";

/** The payments calls for the OpenAPI document (docs/decisions/0119); keys as paymentsRoutes names them. */
export const paymentsApiDocs: Record<string, ApiOperation> = {
  "POST /subscription": {
    tag: "Payments",
    access: "member",
    summary: "Check a plan and its price before paying",
    description: `planType is one of ${PAID_PLANS.join(", ")}; amount must be its price in IDR.`,
    success: { status: 201, description: "A pending subscription: subscriptionId, planType, amount, currency, status." },
    refusals: { 400: "An unknown plan, a wrong amount or currency, or a body that is not an object." },
  },
  "POST /payment/create": {
    tag: "Payments",
    access: "member",
    summary: "Start a payment with a gateway",
    description: `plan is one of ${PAID_PLANS.join(", ")}; paymentMethod one the payment methods call offers; bank for a virtual account; wallet (${WALLETS.join(", ")}) for ewallet, one the methods call lists; phone (an Indonesian mobile number, 08…, 628… or +62…) where the methods call's needsPhone names the choice and the account has no proven phone. The answer says how to pay (a redirect URL, a QR string, a virtual account, Google Pay's data, or walletUrl: the link that opens the e-wallet's app, null for OVO, which pushes the payment to the member's OVO app).`,
    success: { status: 201, description: "The pending payment and how to pay it, with wallet and walletUrl (null unless ewallet)." },
    refusals: {
      400: "An unknown plan, method, bank or wallet (\"Payment method not available\"), Premium asked by a Premium Plus member, or the payer's phone missing (\"Phone number required\") or not an Indonesian mobile number (\"Please enter a valid phone number\") where the gateway needs one.",
      429: "Too many payments started this hour.",
      502: "The gateway refused or did not answer.",
      503: "No payment gateway is configured.",
    },
  },
  "GET /payments": {
    tag: "Payments",
    access: "member",
    summary: "The member's payments, newest first",
    success: { description: "Up to 50 payments." },
  },
  "POST /subscription/activate/{paymentId}": {
    tag: "Payments",
    access: "member",
    summary: "Pay a pending Google Pay payment with its token",
    success: { description: "The payment, now paid, and the plan it started." },
    refusals: { 400: "No token, not a pending Google Pay payment, or the charge was declined.", 404: "No such payment of the member's.", 502: "The gateway did not answer." },
  },
  "POST /payment/notify/{gateway}": {
    tag: "Payments",
    access: "public",
    summary: "A payment gateway's notification",
    description: "Called by Midtrans, Xendit, DOKU or iPaymu, not by the app. Exempt from the Origin rule: each is verified by its gateway's signature or callback token, and the status is confirmed with the gateway before anything changes.",
    requestBody: { required: true, content: { "application/json": { schema: { type: "object" } }, "application/x-www-form-urlencoded": { schema: { type: "object" } } } },
    success: { description: "Accepted (also for a status already applied).", schema: z.object({ message: z.string() }) },
    refusals: { 400: "A malformed notification or a wrong amount.", 401: "The signature or token does not match.", 404: "An unknown gateway or payment.", 503: "The status could not be confirmed with the gateway; it will notify again." },
  },
  "GET /payment/{paymentId}/qr.png": {
    tag: "Payments",
    access: "member",
    summary: "A pending QRIS payment's code as a PNG download",
    description: "For 'Save QR image': a member paying on the phone that shows the code saves it and opens it from an e-wallet's QRIS scanner. Black on white with its quiet zone, whole pixels per module. Sent as an attachment (Content-Disposition).",
    success: { description: "The PNG image.", schema: { type: "string", format: "binary" }, media: "image/png" },
    refusals: { 404: "No such payment of the member's.", 409: "Not a QRIS payment, or no longer pending (paid, expired, failed or cancelled)." },
  },
  "GET /payment/{paymentId}": {
    tag: "Payments",
    access: "member",
    summary: "One payment of the member's",
    description: "The payment page polls it until the status is final.",
    success: { description: "The payment." },
    refusals: { 404: "No such payment of the member's." },
  },
};

export const paymentMethodsApiDocs: Record<string, ApiOperation> = {
  "GET /payment/methods": {
    tag: "Payments",
    access: "member",
    summary: "The payment methods this server offers",
    description: "methods: those enabled by the admin whose gateway is configured; ewallet when an enabled gateway offers an e-wallet. wallets: the e-wallets offered (each goes to the first enabled gateway offering it). needsPhone: the methods and wallets whose gateway needs the payer's phone while the member's account has no proven one; the app asks for it then.",
    success: { description: "{methods, wallets, needsPhone: {methods, wallets}}." },
  },
};
