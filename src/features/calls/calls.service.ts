/**
 * Voice and video calls between the two people of a match (spec points 4 and 6). The server
 * rings, relays the WebRTC signalling and ends calls; media goes peer to peer. Premium Plus
 * (or an admin) may start a call; the person called may answer whatever their plan.
 * A declined or unanswered call leaves a "missed_call" line in the chat; a finished one a
 * "call" line with its length (docs/decisions/0072).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { users } from "../../../db/schema";
import type { Clock } from "../../platform/clock";
import { CALL_RING_TIMEOUT_MS } from "../../platform/constants";
import type { CallEndReason, CallType, ServerFrame } from "../../realtime/frames";
import type { RealtimeHub } from "../../realtime/hub";
import { addCallLine } from "../chat/chat.service";
import { hasPremiumPlus } from "../premium/plan-rules";

interface Call {
  matchId: string;
  callerId: string;
  calleeId: string;
  callType: CallType;
  state: "ringing" | "active";
  acceptedAt: Date | null;
  ringTimer: ReturnType<typeof setTimeout> | null;
}

export type CallResult = { ok: true } | { ok: false; message: string };

export class CallService {
  #calls = new Map<string, Call>();
  /** Told when a call starts ringing (realtime.ts turns it into the call.ringing event). */
  onRinging: (ringing: { matchId: string; callerId: string; callerName: string; calleeId: string; callType: CallType }) => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly hub: RealtimeHub,
    private readonly ringTimeoutMs = CALL_RING_TIMEOUT_MS,
  ) {}

  /** The call of a match, if one is ringing or under way (for tests and the chat page). */
  callOf(matchId: string) {
    const call = this.#calls.get(matchId);
    return call === undefined ? null : { callerId: call.callerId, calleeId: call.calleeId, callType: call.callType, state: call.state };
  }

  async start(userId: string, matchId: string, otherUserId: string, callType: CallType): Promise<CallResult> {
    const [caller] = await this.db
      .select({ firstName: users.firstName, plan: users.plan, planExpiresAt: users.planExpiresAt, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (caller === undefined || !hasPremiumPlus(caller, this.clock.now())) return { ok: false, message: "Voice and video calls require Premium Plus" };
    if (this.#calls.has(matchId)) return { ok: false, message: "A call is already in progress" };
    const call: Call = { matchId, callerId: userId, calleeId: otherUserId, callType, state: "ringing", acceptedAt: null, ringTimer: null };
    call.ringTimer = setTimeout(() => void this.#finish(call, "missed"), this.ringTimeoutMs);
    this.#calls.set(matchId, call);
    this.hub.sendToUsers([otherUserId], { type: "incoming_call", matchId, callType, from: { id: userId, firstName: caller.firstName } });
    this.hub.sendToUsers([userId], { type: "call_ringing", matchId, callType });
    this.onRinging({ matchId, callerId: userId, callerName: caller.firstName, calleeId: otherUserId, callType });
    return { ok: true };
  }

  accept(userId: string, matchId: string): CallResult {
    const call = this.#calls.get(matchId);
    if (call === undefined || call.calleeId !== userId || call.state !== "ringing") return { ok: false, message: "No call to answer" };
    if (call.ringTimer !== null) clearTimeout(call.ringTimer);
    call.ringTimer = null;
    call.state = "active";
    call.acceptedAt = this.clock.now();
    this.hub.sendToUsers([call.callerId, call.calleeId], { type: "call_accept", matchId });
    return { ok: true };
  }

  async decline(userId: string, matchId: string): Promise<CallResult> {
    const call = this.#calls.get(matchId);
    if (call === undefined || call.calleeId !== userId || call.state !== "ringing") return { ok: false, message: "No call to decline" };
    this.hub.sendToUsers([call.callerId], { type: "call_decline", matchId });
    await this.#finish(call, "declined");
    return { ok: true };
  }

  async end(userId: string, matchId: string): Promise<CallResult> {
    const call = this.#calls.get(matchId);
    if (call === undefined || (call.callerId !== userId && call.calleeId !== userId)) {
      // Nothing to end (already over): tell this user's pages so a stale panel closes.
      this.hub.sendToUsers([userId], { type: "call_ended", matchId, reason: "ended" });
      return { ok: true };
    }
    await this.#finish(call, call.state === "ringing" ? "missed" : "ended");
    return { ok: true };
  }

  /** Relays an offer, answer or ICE candidate to the other person of a call under way. */
  relay(userId: string, frame: Extract<ServerFrame, { type: "call_offer" | "call_answer" | "ice_candidate" }>): CallResult {
    const call = this.#calls.get(frame.matchId);
    if (call === undefined || (call.callerId !== userId && call.calleeId !== userId)) return { ok: false, message: "No call in progress" };
    this.hub.sendToUsers([call.callerId === userId ? call.calleeId : call.callerId], frame);
    return { ok: true };
  }

  /** The match is gone (unmatch, block): its call ends without a chat line. */
  forget(matchId: string) {
    const call = this.#calls.get(matchId);
    if (call === undefined) return;
    if (call.ringTimer !== null) clearTimeout(call.ringTimer);
    this.#calls.delete(matchId);
    this.hub.sendToUsers([call.callerId, call.calleeId], { type: "call_ended", matchId, reason: "unavailable" });
  }

  close() {
    for (const call of this.#calls.values()) if (call.ringTimer !== null) clearTimeout(call.ringTimer);
    this.#calls.clear();
  }

  async #finish(call: Call, reason: CallEndReason) {
    if (this.#calls.get(call.matchId) !== call) return;
    this.#calls.delete(call.matchId);
    if (call.ringTimer !== null) clearTimeout(call.ringTimer);
    const now = this.clock.now();
    const line =
      reason === "ended" && call.acceptedAt !== null
        ? await addCallLine(this.db, now, call.matchId, call.callerId, "call", `${call.callType}:${Math.max(0, Math.round((now.getTime() - call.acceptedAt.getTime()) / 1000))}`)
        : await addCallLine(this.db, now, call.matchId, call.callerId, "missed_call", call.callType);
    this.hub.sendToUsers([call.callerId, call.calleeId], { type: "call_ended", matchId: call.matchId, reason });
    if (line !== null) this.hub.sendToUsers([call.callerId, call.calleeId], { type: "new_message", matchId: call.matchId, message: line });
  }
}
