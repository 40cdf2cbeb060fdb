/**
 * One call to Xendit's API (docs.xendit.co/apidocs/quick-setup): HTTP Basic with the secret key as
 * the user name and an empty password, JSON both ways, errors as `{error_code, message}`. Unlike the
 * shared gatewayFetch, a 4xx answer comes back to the caller, because some are answers: a 404
 * DATA_NOT_FOUND is what the connection test expects, and a refused refund carries the message the
 * operator is shown (PAYMENTS.md 'Refunds').
 */
import { GatewayError } from "./gateway";
import { GATEWAY_UNAVAILABLE } from "./http";

/** The Payments API v3 version (docs.xendit.co/apidocs/create-payment-request: api-version, enum ["2024-11-11"]). */
export const XENDIT_API_VERSION = "2024-11-11";

export type XenditBody = Record<string, unknown>;

export interface XenditAnswer {
  status: number;
  body: XenditBody;
}

export function xenditAuthorization(secretKey: string): string {
  return `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;
}

/**
 * Calls Xendit; a network fault, a timeout, a 5xx or a body that is not JSON is a GatewayError (the
 * member sees the usual message, the log the detail). 2xx and 4xx answers are returned.
 */
export async function xenditCall(
  options: { apiUrl: string; secretKey: string },
  request: { method: "GET" | "POST"; path: string; signal: AbortSignal; body?: unknown; headers?: Record<string, string> },
): Promise<XenditAnswer> {
  const where = `xendit ${request.method} ${request.path}`;
  let response: Response;
  try {
    response = await fetch(`${options.apiUrl}${request.path}`, {
      method: request.method,
      headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: xenditAuthorization(options.secretKey), ...request.headers },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      redirect: "error",
    });
  } catch (error) {
    throw new GatewayError(GATEWAY_UNAVAILABLE, `${where}: ${(error as Error).name} ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => "");
  let body: unknown;
  try {
    body = text === "" ? {} : JSON.parse(text);
  } catch {
    throw new GatewayError(GATEWAY_UNAVAILABLE, `${where}: ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (response.status >= 500 || typeof body !== "object" || body === null) throw new GatewayError(GATEWAY_UNAVAILABLE, `${where}: ${response.status} ${text.slice(0, 300)}`);
  return { status: response.status, body: body as XenditBody };
}

/** Xendit's own words for a refusal, e.g. "Xendit: API key is not authorized for this API service (INVALID_API_KEY)". */
export function xenditRefusal(answer: XenditAnswer): string {
  const message = typeof answer.body.message === "string" ? answer.body.message : `HTTP ${answer.status}`;
  const code = typeof answer.body.error_code === "string" ? ` (${answer.body.error_code})` : "";
  return `Xendit: ${message}${code}`;
}

/** A 2xx body, or a GatewayError with the member-safe message and Xendit's refusal as detail. */
export function xenditOk(answer: XenditAnswer, where: string): XenditBody {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw new GatewayError(GATEWAY_UNAVAILABLE, `xendit ${where}: ${answer.status} ${xenditRefusal(answer)}`);
}
