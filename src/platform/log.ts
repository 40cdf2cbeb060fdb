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

function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: SECRET_FIELDS.flatMap((field) => [`["${field}"]`, `*["${field}"]`, `*.*["${field}"]`]), censor: "[redacted]" },
      // The request id of the request being handled, on every line written during it.
      mixin: () => {
        const requestId = requestIds.getStore();
        return requestId === undefined ? {} : { requestId };
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** The process's logger; `configureLog` sets its level from LOG_LEVEL at start. */
export let log: Logger = createLogger((process.env.LOG_LEVEL as LogLevel | undefined) ?? "info");

export function configureLog(level: LogLevel, destination?: pino.DestinationStream): Logger {
  log = createLogger(level, destination);
  return log;
}

/** Runs `work` with `requestId` attached to every line it logs. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestIds.run(requestId, work);
}

export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}
