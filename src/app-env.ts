import type { Client } from "@libsql/client";
import type { TFunction } from "i18next";
import type { Database } from "../db/client";
import type { Config } from "./config";
import type { CaptchaOptions } from "./features/auth/captcha";
import type { Session, SessionUser } from "./features/auth/session";
import type { Lang } from "./i18n";
import type { Mailer } from "./features/mail/mailer";
import type { IdentityEndpoints } from "./features/auth/identity-endpoints";
import type { PasswordHashCost } from "./features/auth/password";
import type { Clock } from "./platform/clock";
import type { BackgroundWork } from "./platform/background";
import type { EventBus } from "./platform/events";
import type { AssetStore } from "./views/assets";
import type { GatewayClient, GatewayName } from "./features/payments/gateways/gateway";

/** What the app is built from; tests build it with a temporary database and a fake clock. */
export interface AppDeps {
  config: Config;
  db: Database;
  dbClient: Client;
  clock: Clock;
  events: EventBus;
  /** What requests start and do not wait for (mail, push); a stopping server lets it finish. */
  background: BackgroundWork;
  assets: AssetStore;
  captcha: CaptchaOptions;
  /** Outgoing mail; default: SMTP when SMTP_URL is set, else .eml files in $DATA_DIR/mail. */
  mailer?: Mailer;
  /** Provider endpoints for sign-in (tests point them at local stand-ins); default: the real ones. */
  identityEndpoints?: Partial<IdentityEndpoints>;
  /** argon2id's cost for new hashes; default: the real one. Only tests lower it (docs/decisions/0114-a-fast-test-suite.md). */
  passwordHashCost?: PasswordHashCost;
  /** How long a payment gateway call may take; default GATEWAY_TIMEOUT_MS. Tests shorten it to check the limit quickly. */
  gatewayTimeoutMs?: number;
  /**
   * A gateway's client replaced (tests: a double whose refund answers as the test needs); default:
   * the client built from the settings (gateway-choice.ts).
   */
  gatewayClients?: Partial<Record<GatewayName, GatewayClient>>;
}

/** Hono's per-request variables, set by the middleware in src/app.ts. */
export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    session: Session | null;
    lang: Lang;
    t: TFunction;
    /** CSP nonce of this response, for the few inline scripts a page needs. */
    nonce: string | undefined;
  };
}
