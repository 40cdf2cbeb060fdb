/**
 * Structured logs: one JSON object per line on stdout (pino), so a self-hoster's journald, Docker
 * or Loki can filter them. Every line written while a request is being handled carries that
 * request's id (the `X-Request-Id` response header), through AsyncLocalStorage: no function has
 * to pass a logger along. Secrets never reach a line: the fields that could hold one are redacted
 * wherever they appear (docs/decisions/0100-operations.md).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

/** Field names redacted at the top level and one or two levels down. */
const SECRET_FIELDS = ["password", "newPassword", "currentPassword", "cookie", "authorization", "token", "accessToken", "refreshToken", "idToken", "secret", "key", "privateKey", "apiKey", "serverKey", "captchaToken", "set-cookie"];

const requestIds = new AsyncLocalStorage<string>();

/**
 * Errors as pino writes them, less the values of a failed query: drizzle's message and stack
 * carry "params: …", which can hold an email, a session id or a token's hash.
 */
function withoutQueryParameters(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const plain = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  const strip = (node: Record<string, unknown>) => {
    for (const field of ["message", "stack"]) if (typeof node[field] === "string") node[field] = (node[field] as string).replace(/\nparams: [^\n]*/g, "\nparams: [redacted]");
    delete node.params;
    if (node.cause !== null && typeof node.cause === "object") strip(node.cause as Record<string, unknown>);
  };
  strip(plain);
  return plain;
}

/**
 * Where lines go by default: stdout, written synchronously. A line costs one write (a few
 * microseconds), and none is lost when the process exits or crashes right after it: with the
 * asynchronous writer the "stopped" line of a graceful stop went missing now and then.
 */
let stdout: ReturnType<typeof pino.destination> | null = null;

function createLogger(level: LogLevel, destination?: pino.DestinationStream, options: { redact: boolean } = { redact: true }): Logger {
  if (destination === undefined) stdout ??= pino.destination({ dest: 1, sync: true });
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      ...(options.redact ? { redact: { paths: SECRET_FIELDS.flatMap((field) => [`["${field}"]`, `*["${field}"]`, `*.*["${field}"]`]), censor: "[redacted]" } } : {}),
      serializers: { err: withoutQueryParameters },
      // The request id of the request being handled, on every line written during it.
      mixin: () => {
        const requestId = requestIds.getStore();
        return requestId === undefined ? {} : { requestId };
      },
    },
    destination ?? stdout!,
  );
}

const LEVELS: readonly string[] = ["debug", "info", "warn", "error", "silent"] satisfies LogLevel[];
/**
 * The level until configureLog sets LOG_LEVEL's: a value pino does not know would throw while this
 * module loads, before src/config.ts can name it in one line (docs/decisions/0117).
 */
const initialLevel: LogLevel = LEVELS.includes(process.env.LOG_LEVEL ?? "") ? (process.env.LOG_LEVEL as LogLevel) : process.env.NODE_ENV === "test" ? "silent" : "info";

/** The process's logger; `configureLog` sets its level from LOG_LEVEL at start. Quiet under `bun test`. */
export let log: Logger = createLogger(initialLevel);

/**
 * The access log's line per request (operations/request-observer.ts): the same lines on the same
 * stream, without the redaction pass. Its fields are fixed (request id, method, route pattern,
 * status, time) and hold nothing secret, and the wildcard redaction walked every one of those
 * lines: about 4 % of the server's CPU under bench:load (docs/decisions/0102).
 */
export let accessLog: Logger = createLogger(initialLevel, undefined, { redact: false });

export function configureLog(level: LogLevel, destination?: pino.DestinationStream): Logger {
  log = createLogger(level, destination);
  accessLog = createLogger(level, destination, { redact: false });
  return log;
}

/** Every line logged while `run` runs, parsed (tests: what an operator would read). */
export async function logLinesOf(run: () => Promise<unknown>, level: LogLevel = "debug"): Promise<Record<string, unknown>[]> {
  const previous = { log, accessLog };
  const lines: string[] = [];
  const collect = { write: (line: string) => void lines.push(line) };
  log = createLogger(level, collect);
  accessLog = createLogger(level, collect, { redact: false });
  try {
    await run();
  } finally {
    ({ log, accessLog } = previous);
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Runs `work` with `requestId` attached to every line it logs. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestIds.run(requestId, work);
}

export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}
