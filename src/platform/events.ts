/**
 * In-process notifications between areas, so that e.g. auth can say "these sessions ended"
 * and the realtime area closes the sockets without auth knowing about sockets.
 */
import { log } from "./log";

export interface AppEvents {
  /** Sessions that no longer exist (logout, ban, reset, deletion). sessionIds null = all of the user's. */
  "sessions.revoked": { userId: string; sessionIds: string[] | null };
  "user.banned": { userId: string };
  /** Banned for 1, 7 or 30 days (docs/decisions/0128): sockets close like a ban's, the matches stay. */
  "user.suspended": { userId: string };
  "user.deleted": { userId: string };
  "match.created": { matchId: string; userIds: [string, string] };
  /** A swipe was stored (the metrics count them). */
  "swipe.recorded": { kind: "like" | "pass" | "super_like" };
  "match.removed": { matchId: string; userIds: [string, string] };
  "user.blocked": { blockerId: string; blockedId: string };
  /** A chat message was stored (REST or socket); push reaches the recipient when no page of theirs is open. */
  "message.sent": { matchId: string; senderId: string; senderName: string; recipientId: string; text: string };
  /** A call started ringing for the callee. */
  "call.ringing": { matchId: string; callerId: string; callerName: string; calleeId: string; callType: "voice" | "video" };
  /** A payment made the member Premium (PAYMENTS.md): their open pages get premium_activated. */
  "plan.changed": { userId: string; plan: "free" | "premium" | "premium_plus"; planExpiresAt: Date | null; paymentId: string };
}

type Listener<T> = (payload: T) => void;

export class EventBus {
  #listeners = new Map<keyof AppEvents, Set<Listener<never>>>();

  on<K extends keyof AppEvents>(name: K, listener: Listener<AppEvents[K]>): () => void {
    let set = this.#listeners.get(name);
    if (set === undefined) this.#listeners.set(name, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void {
    for (const listener of this.#listeners.get(name) ?? []) {
      try {
        (listener as Listener<AppEvents[K]>)(payload);
      } catch (error) {
        log.error({ err: error, event: name }, "event listener failed");
      }
    }
  }
}
