import { timingSafeEqual } from "node:crypto";
import { GatewayError } from "./gateway";

/** The member-facing text of any gateway fault (spec point 8 shows it under 'Payment Failed'). */
export const GATEWAY_UNAVAILABLE = "The payment provider is not responding. Please try again in a few minutes.";

/**
 * One call to a gateway, with the payment's signal (a timeout) and the body parsed as JSON. A
 * network fault, a timeout, a non-2xx answer or a body that is not JSON is a GatewayError whose
 * message the member may see; the detail (status, body start) is for the server log only.
 */
export async function gatewayFetch(url: string, init: RequestInit & { signal: AbortSignal }): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "error" });
  } catch (error) {
    throw new GatewayError(GATEWAY_UNAVAILABLE, `${init.method ?? "GET"} ${url}: ${(error as Error).name} ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    throw new GatewayError(GATEWAY_UNAVAILABLE, `${init.method ?? "GET"} ${url}: ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!response.ok) throw new GatewayError(GATEWAY_UNAVAILABLE, `${init.method ?? "GET"} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return { status: response.status, body };
}

/** Constant-time comparison of two ASCII strings (signatures, tokens). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}

/** "49000.00" (Midtrans), "49000" or 49000 → 49000; anything else → NaN. */
export function wholeRupiah(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) && Number.isInteger(n) ? n : Number.NaN;
}
