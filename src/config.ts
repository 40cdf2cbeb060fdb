import { z } from "zod";
import { join, resolve } from "node:path";
import { parseInterval } from "./operations/interval";
import { API_RATE_PER_ADDRESS } from "./platform/constants";

/**
 * The only reader of the environment. Parsed once at start; a bad value stops the process
 * with a message that names the variable, instead of failing later in a request.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** What @libsql/client's web client reaches, or a local file (db/client.ts). */
/** Meta's Graph API, the version current when phone sign-in was written (docs/decisions/0136). */
const WHATSAPP_API_URL = "https://graph.facebook.com/v24.0";
const TWILIO_API_URL = "https://api.twilio.com";

function isDatabaseUrl(value: string): boolean {
  if (value.startsWith("file:")) return value.length > "file:".length;
  return URL.canParse(value) && ["libsql:", "http:", "https:", "ws:", "wss:"].includes(new URL(value).protocol) && new URL(value).host !== "";
}

/** The schemes Bun's Redis client takes. */
const REDIS_PROTOCOLS = ["redis:", "rediss:", "valkey:", "valkeys:", "redis+tls:", "redis+unix:", "redis+tls+unix:"];

function isRedisUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return REDIS_PROTOCOLS.includes(url.protocol) && (url.host !== "" || (url.protocol.includes("unix") && url.pathname.length > 1));
}

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(z.string().refine(isDatabaseUrl, "must be file:PATH, or a libSQL server's libsql://, http(s):// or ws(s):// URL").optional()),
  APP_ORIGIN: optionalString.pipe(z.string().url().optional()),
  SUPER_ADMIN_EMAIL: optionalString.pipe(z.string().email().optional()),
  SMTP_URL: optionalString.pipe(z.string().url().optional()),
  MAIL_FROM: z.string().default("Kasih <no-reply@kasih.local>"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  FIREBASE_PROJECT_ID: optionalString,
  FIREBASE_API_KEY: optionalString,
  FIREBASE_APP_ID: optionalString,
  FIREBASE_AUTH_DOMAIN: optionalString,
  /** Optional same-origin URL that receives the hosted-identity token (spec point 7). */
  FIREBASE_TOKEN_SYNC_URL: optionalString,
  /** One-time secret that enables the setup page's temporary admin access. Unset: disabled. */
  ADMIN_BOOTSTRAP_SECRET: optionalString.pipe(z.string().min(16).optional()),
  /** Android wrapper identifiers shown on the setup pages (public identifiers, not secrets). */
  ANDROID_OAUTH_CLIENT_ID: optionalString,
  ANDROID_PACKAGE_NAME: optionalString,
  ANDROID_SHA256_FINGERPRINT: optionalString,
  FIREBASE_ANDROID_APP_ID: optionalString,
  /** Where people write about their data (privacy policy, data deletion). */
  SUPPORT_EMAIL: optionalString.pipe(z.string().email().optional()),
  /** JSON array of RTCIceServer objects for calls, e.g. [{"urls":"stun:stun.example.org"}]. */
  ICE_SERVERS: optionalString,
  REDIS_URL: optionalString.pipe(z.string().refine(isRedisUrl, `must be a URL of Redis or Valkey (${REDIS_PROTOCOLS.map((protocol) => `${protocol}//`).join(", ")})`).optional()),
  /** Web push (src/features/push): VAPID keys; generated into $DATA_DIR/secrets when unset. */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Push services a subscription may point at (host names, comma-separated); default: the browsers' own. */
  PUSH_SERVICE_HOSTS: optionalString,
  /** A PEM file of the certificate authority of a push service with a private certificate (a self-hosted one). */
  PUSH_SERVICE_CA: optionalString,
  /** Prefix for API calls of a client served from elsewhere (the Android wrapper). */
  API_BASE_URL: z.string().default(""),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for rate limits). */
  TRUST_PROXY: z.enum(["true", "false", "1", "0", ""]).default("false").transform((v) => v === "true" || v === "1"),
  /** The offline sandbox gateway (PAYMENTS.md): on under `kasih demo`, never by default in `serve`. */
  PAYMENT_SANDBOX: z.enum(["true", "false", "1", "0", ""]).default("false").transform((v) => v === "true" || v === "1"),
  /** Gateway addresses (PAYMENTS.md 'Which gateway'); tests point them at local stand-ins. */
  MIDTRANS_API_URL: optionalString.pipe(z.string().url().optional()),
  MIDTRANS_SNAP_URL: optionalString.pipe(z.string().url().optional()),
  XENDIT_API_URL: optionalString.pipe(z.string().url().optional()),
  DOKU_API_URL: optionalString.pipe(z.string().url().optional()),
  IPAYMU_API_URL: optionalString.pipe(z.string().url().optional()),
  /** Phone sign-in codes by WhatsApp (Meta's Cloud API, an authentication template), docs/decisions/0136. */
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString.pipe(z.string().regex(/^\d+$/, "digits, the WhatsApp Business phone number ID").optional()),
  WHATSAPP_TEMPLATE: optionalString,
  WHATSAPP_API_URL: optionalString.pipe(z.string().url().optional()),
  /** Phone sign-in codes by SMS (Twilio's Messages API). */
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_URL: optionalString.pipe(z.string().url().optional()),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"], "must be one of debug, info, warn, error, silent").default("info"),
  /** Scheduled online backups (src/operations/backup-schedule.ts): the folder, how often ("6h"), how many kept. */
  BACKUP_DIR: optionalString,
  BACKUP_INTERVAL: optionalString.pipe(z.string().regex(/^[1-9]\d*(s|m|h|d)$/, 'a number and s, m, h or d, e.g. "6h"').optional()),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** The API's flood guard: requests a second per client address (a burst of 4× that); 0 turns it off. */
  API_RATE_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(API_RATE_PER_ADDRESS),
  /** A bearer token that opens GET /metrics to other addresses than loopback. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "at least 16 characters").optional()),
});

export type Config = ReturnType<typeof parseConfig>;

export function parseConfig(env: Record<string, string | undefined>) {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    // One line per bad variable, each naming it (docs/decisions/0117).
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const appOrigin = new URL(e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).origin;
  let iceServers: unknown[] = [];
  if (e.ICE_SERVERS !== undefined) {
    try {
      iceServers = z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]) }).passthrough()).parse(JSON.parse(e.ICE_SERVERS));
    } catch {
      throw new ConfigError("ICE_SERVERS: must be a JSON array of {urls, username?, credential?}");
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `file:${join(dataDir, "kasih.db")}`,
    appOrigin,
    isHttps: appOrigin.startsWith("https:"),
    superAdminEmail: e.SUPER_ADMIN_EMAIL?.toLowerCase(),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : undefined,
    facebook: e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET ? { clientId: e.FACEBOOK_CLIENT_ID, clientSecret: e.FACEBOOK_CLIENT_SECRET } : undefined,
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      apiKey: e.FIREBASE_API_KEY,
      appId: e.FIREBASE_APP_ID,
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? (e.FIREBASE_PROJECT_ID ? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com` : undefined),
      tokenSyncUrl: e.FIREBASE_TOKEN_SYNC_URL,
    },
    adminBootstrapSecret: e.ADMIN_BOOTSTRAP_SECRET,
    android: {
      oauthClientId: e.ANDROID_OAUTH_CLIENT_ID,
      packageName: e.ANDROID_PACKAGE_NAME,
      sha256Fingerprint: e.ANDROID_SHA256_FINGERPRINT,
      firebaseAppId: e.FIREBASE_ANDROID_APP_ID,
    },
    /** Default: the support mailbox at the app's own host name. */
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(appOrigin).hostname}`,
    iceServers,
    redisUrl: e.REDIS_URL,
    push: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      serviceHosts: e.PUSH_SERVICE_HOSTS?.split(",").map((host) => host.trim().toLowerCase()).filter(Boolean),
      serviceCaFile: e.PUSH_SERVICE_CA,
    },
    /** Where phone sign-in codes go (src/features/phone-sign-in): each channel only when all its settings are given; neither: $DATA_DIR/outbox. */
    phoneDelivery: {
      whatsapp:
        e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_TEMPLATE
          ? { token: e.WHATSAPP_TOKEN, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID, template: e.WHATSAPP_TEMPLATE, apiUrl: (e.WHATSAPP_API_URL ?? WHATSAPP_API_URL).replace(/\/+$/, "") }
          : undefined,
      sms:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, apiUrl: (e.TWILIO_API_URL ?? TWILIO_API_URL).replace(/\/+$/, "") }
          : undefined,
    },
    apiBaseUrl: e.API_BASE_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    backups: e.BACKUP_DIR === undefined ? undefined : { dir: resolve(e.BACKUP_DIR), intervalMs: parseInterval(e.BACKUP_INTERVAL ?? "6h")!, keep: e.BACKUP_KEEP },
    metricsToken: e.METRICS_TOKEN,
    apiRatePerAddress: e.API_RATE_PER_ADDRESS,
    payments: {
      sandbox: e.PAYMENT_SANDBOX,
      /** Unset: chosen by the server key (SB- keys → Midtrans's sandbox). */
      midtransApiUrl: e.MIDTRANS_API_URL?.replace(/\/+$/, ""),
      midtransSnapUrl: e.MIDTRANS_SNAP_URL?.replace(/\/+$/, ""),
      xenditApiUrl: (e.XENDIT_API_URL ?? "https://api.xendit.co").replace(/\/+$/, ""),
      dokuApiUrl: (e.DOKU_API_URL ?? "https://api.doku.com").replace(/\/+$/, ""),
      ipaymuApiUrl: (e.IPAYMU_API_URL ?? "https://my.ipaymu.com").replace(/\/+$/, ""),
    },
  };
}

/** A bad setting; its message is one line per setting, `NAME: what is wrong`, printed as it is (src/main.ts). */
export class ConfigError extends Error {}

/** Reads process.env; called once by the CLI entry. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}
