/**
 * Every notification a gateway sends, verified or not, is kept for the operator (ADMIN.md 'One
 * payment': notifications with their time, verified or not, status and raw body). The body is kept
 * without what could be replayed or misused: signatures, tokens and keys by name, and anything
 * that looks like a card number (docs/decisions/0124; SECURITY.md: no secrets in storage or logs).
 */
import { and, eq, inArray } from "drizzle-orm";
import { paymentNotifications, payments } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import { newId } from "../../platform/ids";
import { log } from "../../platform/log";
import type { GatewayName } from "./gateways/gateway";

/** What replaces a removed value. */
export const REDACTED = "[redacted]";

/**
 * Field names whose values are never kept, compared without case, `-` or `_`: the gateways'
 * signatures (Midtrans `signature_key`, iPaymu `signature`), tokens (Xendit `x-callback-token`,
 * card tokens), keys, and card numbers (Midtrans `masked_card` is already masked and stays).
 */
const SECRET_NAMES = ["signature", "signaturekey", "token", "xcallbacktoken", "callbacktoken", "savedtokenid", "tokenid", "serverkey", "secretkey", "apikey", "password", "cardnumber", "pan", "cvv", "cvn", "cardcvn"];
const isSecretName = (name: string) => {
  const plain = name.toLowerCase().replace(/[-_]/g, "");
  return SECRET_NAMES.includes(plain) || plain.endsWith("signature") || plain.endsWith("token");
};

/** 13–19 digits (spaces or dashes allowed) passing the Luhn check: a card number, wherever it is. */
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
const redactCards = (text: string) => text.replace(CARD_LIKE, (match) => (luhn(match.replace(/\D/g, "")) ? REDACTED : match));

function redactValue(value: unknown): unknown {
  if (typeof value === "string") return redactCards(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isSecretName(key) ? REDACTED : redactValue(inner)]));
  return value;
}

/**
 * The body as it may be kept: JSON with secret fields replaced, a form body likewise (kept as
 * JSON of its fields), anything else as text with card-like numbers removed.
 */
export function redactNotificationBody(rawBody: string): string {
  const trimmed = rawBody.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.stringify(redactValue(JSON.parse(trimmed)));
    } catch {
      // Not JSON after all: falls through to the text rules.
    }
  }
  if (/^[^\s=&]+=[^\s&]*(&[^\s=&]+=[^\s&]*)*$/.test(trimmed)) {
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(trimmed)) fields[key] = isSecretName(key) ? REDACTED : redactCards(value);
    return JSON.stringify(fields);
  }
  return redactCards(rawBody);
}

/** Strings in a parsed body that may be the order id (the first levels only; bodies are small). */
function candidateIds(rawBody: string): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (typeof value === "string" && value.length >= 4 && value.length <= 100) found.add(value);
    else if (depth < 3 && value !== null && typeof value === "object") for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  try {
    walk(JSON.parse(rawBody), 0);
  } catch {
    for (const [, value] of new URLSearchParams(rawBody)) walk(value, 1);
  }
  return [...found].slice(0, 200);
}

export interface ReceivedNotification {
  gateway: GatewayName;
  rawBody: string;
  /** The order id the verified notification named, when it got that far. */
  gatewayOrderId: string | null;
  verified: boolean;
  /** The gateway's outcome (paid, pending, …) or why it was refused (unauthorized, malformed, unknown). */
  status: string;
  /** The HTTP status Kasih answered. */
  answer: number;
}

/**
 * Writes one notification's record. The payment is the one its order id names; for a notification
 * that failed verification, the payment of this gateway whose order id appears in its body, if any
 * (so the operator sees forged or mis-signed attempts on that payment). Never fails the answer.
 */
export async function recordNotification(deps: Pick<AppDeps, "db" | "clock">, received: ReceivedNotification): Promise<void> {
  try {
    const ids = received.gatewayOrderId !== null ? [received.gatewayOrderId] : candidateIds(received.rawBody);
    const [payment] =
      ids.length === 0
        ? []
        : await deps.db
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.gateway, received.gateway), inArray(payments.gatewayOrderId, ids)))
            .limit(1);
    await deps.db.insert(paymentNotifications).values({
      id: newId(),
      paymentId: payment?.id ?? null,
      gateway: received.gateway,
      receivedAt: deps.clock.now(),
      verified: received.verified,
      status: received.status,
      answer: received.answer,
      body: redactNotificationBody(received.rawBody),
    });
  } catch (error) {
    log.error(`payments: a ${received.gateway} notification could not be recorded: ${String(error)}`);
  }
}
