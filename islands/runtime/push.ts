/**
 * This browser's web push subscription (docs/decisions/0098): asked for at a moment that makes
 * sense (after the first match, or from Settings), never on arrival.
 */
import { api } from "./api";

export type PushState = "unsupported" | "blocked" | "off" | "on";

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration("/")) ?? (await navigator.serviceWorker.register("/sw.js", { scope: "/" }));
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  const existing = await navigator.serviceWorker.getRegistration("/");
  const subscription = await existing?.pushManager.getSubscription();
  return subscription ? "on" : "off";
}

/** Asks the browser (its own permission prompt), subscribes, and tells the server. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  const worker = await registration();
  await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>("GET", "/api/push/key");
  const subscription = (await worker.pushManager.getSubscription()) ?? (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) }));
  await api("POST", "/api/push/subscriptions", subscription.toJSON());
  return "on";
}

export async function disablePush(): Promise<PushState> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  const subscription = await existing?.pushManager.getSubscription();
  if (subscription) {
    await api("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return "off";
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const DISMISSED_KEY = "push-prompt-dismissed";

/** The after-a-match invitation shows while the browser has not been asked and the member has not said 'Not now'. */
export function shouldInvite(): boolean {
  if (!pushSupported() || Notification.permission !== "default") return false;
  try {
    return localStorage.getItem(DISMISSED_KEY) === null;
  } catch {
    return true;
  }
}

export function dismissInvite() {
  try {
    localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Private mode: the invitation may come back next time, which is harmless.
  }
}
