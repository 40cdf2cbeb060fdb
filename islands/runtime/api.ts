/**
 * Calls to the JSON API (spec points 7 and 8): cookies included, an optional base-URL prefix
 * for the Android build, and the specification's error texts for non-OK answers.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string>,
    /** The answer's other fields (a suspension's reason and end, for the sign-in screen). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

function baseUrl(): string {
  if (typeof document === "undefined") return "";
  return document.querySelector<HTMLMetaElement>('meta[name="api-base-url"]')?.content ?? "";
}

export function apiUrl(path: string): string {
  return `${baseUrl()}${path}`;
}

/** A 5xx: the server failed, unlike a 4xx, which answers a request it understood with "no". */
export function isServerFailure(status: number): boolean {
  return status >= 500;
}

/** Turns a non-OK response into the error the specification describes (point 8). */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text();
  const html = /^\s*<(!doctype|html)/i.test(text);
  // Only a failure is an error in the console: a 4xx is an expected answer (a limit reached, a
  // wrong password, a 409) that the screen already explains (docs/decisions/0139).
  if (isServerFailure(response.status) || html) console.error(`${response.status} ${response.url}`, text);
  if (html) return new ApiError("Server returned HTML instead of JSON - check API connection", response.status);
  try {
    const body = JSON.parse(text) as { message?: string; errors?: Record<string, string> } & Record<string, unknown>;
    return new ApiError(body.message ?? `HTTP ${response.status}`, response.status, body.errors, body);
  } catch {
    return new ApiError(`${response.status}: ${text}`, response.status);
  }
}

/** The body of the API's 401 for a call that needs a session (src/middleware/guards.ts). */
const SESSION_REQUIRED_MESSAGE = "Unauthorized";

let sessionEnded: (() => void) | null = null;

/**
 * What the page does when a call finds the session gone (spec point 8: 'Unauthorized', 'You are
 * logged out. Logging in again...'); set once per page by hydrate.tsx.
 */
export function onSessionEnded(handler: (() => void) | null) {
  sessionEnded = handler;
}

/** The session ended outside a call (the live connection was closed for it: sign-out elsewhere, a ban). */
export function endSession() {
  sessionEnded?.();
}

export async function api<T = unknown>(method: string, path: string, body?: unknown, options: { signedOutIsEmpty?: boolean } = {}): Promise<T> {
  const response = await fetch(apiUrl(path), {
    method,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (error.status === 401 && error.message === SESSION_REQUIRED_MESSAGE && !options.signedOutIsEmpty && sessionEnded !== null) {
      // After the caller's own error handling, so this toast is the one left on screen.
      setTimeout(sessionEnded, 0);
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) {
    console.error(`Expected JSON from ${path}, got ${type}`);
    return undefined as T;
  }
  return (await response.json()) as T;
}

/** A default query: GET; a 401 means "no data" rather than an error (spec point 7). */
export async function query<T>(path: string): Promise<T | null> {
  try {
    return await api<T>("GET", path, undefined, { signedOutIsEmpty: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
