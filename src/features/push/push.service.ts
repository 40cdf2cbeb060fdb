/**
 * Web Push (RFC 8030, payloads encrypted per RFC 8291, VAPID per RFC 8292) through the `web-push`
 * library (docs/decisions/0098). A member's browsers subscribe; a new match, a message or an
 * incoming call reaches them when no page of theirs is open, as their notification settings allow.
 */
import { createECDH } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent } from "node:https";
import { rootCertificates } from "node:tls";
import { and, eq, inArray, sql } from "drizzle-orm";
import webpush from "web-push";
import { pushSubscriptions, users } from "../../../db/schema";
import type { AppDeps } from "../../app-env";
import type { Config } from "../../config";
import { translator } from "../../i18n";
import { newId } from "../../platform/ids";
import { readOrCreateSecret } from "../../platform/secrets";
import { log } from "../../platform/log";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The push services of the browsers in use (Chrome and Android: FCM; Firefox: Mozilla; Edge: WNS;
 * Safari: Apple). A subscription must point at one of them: the server POSTs to its endpoint, so
 * any other address would let a member make the server call it.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com"];

/** How long a push service keeps a notification for an offline device. */
const TTL_SECONDS = { message: 24 * 60 * 60, match: 7 * 24 * 60 * 60, call: 45, report: 24 * 60 * 60 } as const;
const BODY_MAX = 120;

const keysByDataDir = new Map<string, VapidKeys>();
const agentsByCaFile = new Map<string, Agent>();

/** Trusts PUSH_SERVICE_CA besides the usual authorities (a push service with a private certificate). */
function agentFor(config: Config): Agent | undefined {
  const file = config.push.serviceCaFile;
  if (file === undefined) return undefined;
  let agent = agentsByCaFile.get(file);
  if (agent === undefined) agentsByCaFile.set(file, (agent = new Agent({ ca: [...rootCertificates, readFileSync(file, "utf8")], keepAlive: true })));
  return agent;
}

/** The VAPID key pair: from the environment, else generated once into $DATA_DIR/secrets. */
export function vapidKeys(config: Config): VapidKeys {
  if (config.push.vapid !== undefined) return config.push.vapid;
  let keys = keysByDataDir.get(config.dataDir);
  if (keys === undefined) {
    // Kept beside the other generated secrets; the public key is derived from the private one.
    const privateKey = Buffer.from(readOrCreateSecret(config.dataDir, "vapid-private", 32, () => Buffer.from(webpush.generateVAPIDKeys().privateKey, "base64url")));
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(privateKey);
    keys = { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: privateKey.toString("base64url") };
    keysByDataDir.set(config.dataDir, keys);
  }
  return keys;
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Whether the server may POST to this endpoint: https at a known push service (or a host the operator listed). */
export function allowedEndpoint(config: Config, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== "" || url.password !== "") return false;
  const listed = config.push.serviceHosts;
  const hosts = listed ?? DEFAULT_PUSH_SERVICE_HOSTS;
  const known = hosts.some((host) => url.host === host || url.hostname === host || url.hostname.endsWith(`.${host}`));
  return known && url.protocol === "https:";
}

/** How many browsers one member may subscribe; a new one beyond that replaces the oldest (SECURITY.md 'Privacy and abuse'). */
export const MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * Saves a browser's subscription for this member, or refreshes its keys when it is already theirs.
 * An endpoint another member holds is never moved to the caller (false): whoever learnt it would
 * otherwise take that person's notifications (SECURITY.md 'Privacy and abuse'). The save and the
 * removal of the member's oldest subscriptions beyond the cap are ONE batch (docs/decisions/0002).
 */
export async function saveSubscription(deps: Pick<AppDeps, "db" | "clock">, userId: string, input: SubscriptionInput): Promise<boolean> {
  const [saved] = await deps.db.batch([
    deps.db
      .insert(pushSubscriptions)
      .values({ id: newId(), userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt: deps.clock.now() })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { p256dh: input.keys.p256dh, auth: input.keys.auth }, setWhere: eq(pushSubscriptions.userId, userId) })
      .returning({ id: pushSubscriptions.id }),
    // rowid breaks ties between subscriptions saved in the same millisecond: the later insert is the newer.
    deps.db.run(sql`delete from push_subscriptions where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId} order by created_at desc, rowid desc limit ${MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER})`),
  ]);
  return saved.length > 0;
}

export async function removeSubscription(deps: Pick<AppDeps, "db">, userId: string, endpoint: string): Promise<boolean> {
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export type PushEvent =
  | { kind: "message"; matchId: string; fromName: string; text: string }
  | { kind: "match"; matchId: string; withName: string }
  | { kind: "call"; matchId: string; fromName: string; callType: "voice" | "video" }
  /** To admins and moderators: an urgent report to look at (docs/decisions/0129). */
  | { kind: "report"; reportId: string; reason: string };

/** What the service worker receives (public/sw.js): already in the member's language. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: PushEvent["kind"];
}

function payloadFor(event: PushEvent, lang: "en" | "id"): PushPayload {
  const t = translator(lang);
  if (event.kind === "report") {
    const reason = t(`reportAlerts.reasons.${event.reason}`, { defaultValue: event.reason });
    return { kind: "report", title: t("reportAlerts.push.title"), body: reason, url: `/admin/moderation?status=pending&report=${event.reportId}`, tag: `report-${event.reportId}` };
  }
  const url = `/chat/${event.matchId}`;
  switch (event.kind) {
    case "message": {
      const text = event.text.length > BODY_MAX ? `${event.text.slice(0, BODY_MAX - 1)}…` : event.text;
      return { kind: "message", title: event.fromName, body: text, url, tag: `chat-${event.matchId}` };
    }
    case "match":
      return { kind: "match", title: t("push.match.title"), body: t("push.match.body", { name: event.withName }), url, tag: `match-${event.matchId}` };
    case "call":
      return { kind: "call", title: t("push.call.title", { name: event.fromName }), body: t(event.callType === "video" ? "push.call.video" : "push.call.voice"), url, tag: `call-${event.matchId}` };
  }
}

/** Which notification setting a kind follows: a call is a message of its own kind; a report alert is the staff's duty, not a setting. */
const settingFor = (kind: PushEvent["kind"]) => (kind === "report" ? null : kind === "match" ? "newMatches" : "messages");

/**
 * Sends one event to every subscribed browser of the member, unless their settings turn it off.
 * A subscription the push service says is gone (404, 410) is deleted; other failures are logged.
 * Returns how many browsers accepted it.
 */
export async function pushTo(deps: Pick<AppDeps, "db" | "clock" | "config">, userId: string, event: PushEvent): Promise<number> {
  const [member] = await deps.db.select({ language: users.language, notifications: users.notifications, isBanned: users.isBanned }).from(users).where(eq(users.id, userId)).limit(1);
  const setting = settingFor(event.kind);
  if (member === undefined || member.isBanned || (setting !== null && member.notifications[setting] === false)) return 0;
  const subscriptions = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (subscriptions.length === 0) return 0;
  const payload = JSON.stringify(payloadFor(event, member.language));
  const keys = vapidKeys(deps.config);
  const gone: string[] = [];
  const sent: string[] = [];
  await Promise.all(
    subscriptions.map(async (subscription) => {
      // Checked again at send time: a list of allowed services can shrink after a subscription was saved.
      if (!allowedEndpoint(deps.config, subscription.endpoint)) return gone.push(subscription.id);
      try {
        await webpush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
          vapidDetails: { subject: `mailto:${deps.config.supportEmail}`, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS[event.kind],
          urgency: event.kind === "call" ? "high" : "normal",
          timeout: 10_000,
          agent: agentFor(deps.config),
        });
        sent.push(subscription.id);
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) gone.push(subscription.id);
        else log.error(`push: sending to a ${new URL(subscription.endpoint).host} subscription failed (${status ?? (error as Error).message})`);
      }
    }),
  );
  if (gone.length > 0) await deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  if (sent.length > 0) await deps.db.update(pushSubscriptions).set({ lastSentAt: deps.clock.now() }).where(inArray(pushSubscriptions.id, sent));
  return sent.length;
}
