/**
 * Voice and video calls between the two people of a match (spec points 4 and 6). The server
 * rings, relays the WebRTC signalling and ends calls; media goes peer to peer. Premium Plus
 * (or an admin) may start a call; the person called may answer whatever their plan.
 * A declined or unanswered call leaves a "missed_call" line in the chat ("voice", or
 * "voice:declined" when declined: docs/decisions/0137); a finished one a "call" line with its
 * length (docs/decisions/0072).
 *
 * A call lives in the database (calls_in_progress), not in one process: the two people may be
 * connected to different instances, and every step is a conditional write, so whichever instance
 * handles a frame acts on the same call, and a call ends (and writes its chat line) exactly once.
 * The instance that starts a call times its ringing; a sweep on every instance ends a call whose
 * ringing time passed while that instance was gone (docs/decisions/0100-operations.md).
 *
 * A call always rings, whether the person called is online or not, and ends as missed when
 * nobody answers. Someone who does not share their activity with the caller turns it down
 * quietly: the caller's call rings on to the same "missed" (SECURITY.md 'Privacy and abuse',
 * docs/decisions/0130).
 */
import { and, eq, lte } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { callsInProgress, users } from "../../../db/schema";
import { newId } from "../../platform/ids";
import { log } from "../../platform/log";
import type { Clock } from "../../platform/clock";
import { CALL_RING_TIMEOUT_MS } from "../../platform/constants";
import type { CallEndReason, CallType, ServerFrame } from "../../realtime/frames";
import type { RealtimeHub } from "../../realtime/hub";
import { endCall } from "../chat/chat.service";
import { hasPremiumPlus } from "../premium/plan-rules";
import { activityShared } from "../settings/settings.service";

type Call = typeof callsInProgress.$inferSelect;

export type CallResult = { ok: true } | { ok: false; message: string };

/** How often each instance looks for calls whose ringing time passed unanswered. */
export const CALL_SWEEP_MS = 5_000;

export class CallService {
  /** Ring timers of the calls this instance started. */
  #ringTimers = new Map<string, ReturnType<typeof setTimeout>>();
  #sweep: ReturnType<typeof setInterval>;
  /** Told when a call starts ringing (realtime.ts turns it into the call.ringing event). */
  onRinging: (ringing: { matchId: string; callerId: string; callerName: string; calleeId: string; callType: CallType }) => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly hub: RealtimeHub,
    private readonly ringTimeoutMs = CALL_RING_TIMEOUT_MS,
  ) {
    this.#sweep = setInterval(() => void this.finishOverdue().catch((error) => log.error({ err: error }, "calls: sweep failed")), CALL_SWEEP_MS);
    this.#sweep.unref?.();
  }

  /** The call of a match, if one is ringing or under way (for tests and the chat page). */
  async callOf(matchId: string) {
    const call = await this.#read(matchId);
    return call === undefined ? null : { callerId: call.callerId, calleeId: call.calleeId, callType: call.callType, state: call.state };
  }

  async start(userId: string, matchId: string, otherUserId: string, callType: CallType): Promise<CallResult> {
    const [caller] = await this.db
      .select({ firstName: users.firstName, plan: users.plan, planExpiresAt: users.planExpiresAt, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (caller === undefined || !hasPremiumPlus(caller, this.clock.now())) return { ok: false, message: "Voice and video calls require Premium Plus" };
    // A ringing call of this match whose time passed (its instance went away) ends first.
    await this.finishOverdue(matchId);
    const now = this.clock.now();
    const call: Call = { matchId, callId: newId(), callerId: userId, calleeId: otherUserId, callType, state: "ringing", startedAt: now, acceptedAt: null, ringsUntil: new Date(now.getTime() + this.ringTimeoutMs) };
    const inserted = await this.db.insert(callsInProgress).values(call).onConflictDoNothing().returning({ callId: callsInProgress.callId });
    if (inserted.length === 0) return { ok: false, message: "A call is already in progress" };
    this.#ringTimers.set(call.callId, setTimeout(() => void this.#finish(call, "missed").catch((error) => log.error({ err: error }, "calls: ending an unanswered call failed")), this.ringTimeoutMs));
    this.hub.sendToUsers([otherUserId], { type: "incoming_call", matchId, callType, from: { id: userId, firstName: caller.firstName } });
    this.hub.sendToUsers([userId], { type: "call_ringing", matchId, callType });
    this.onRinging({ matchId, callerId: userId, callerName: caller.firstName, calleeId: otherUserId, callType });
    return { ok: true };
  }

  async accept(userId: string, matchId: string): Promise<CallResult> {
    const [call] = await this.db
      .update(callsInProgress)
      .set({ state: "active", acceptedAt: this.clock.now() })
      .where(and(eq(callsInProgress.matchId, matchId), eq(callsInProgress.calleeId, userId), eq(callsInProgress.state, "ringing")))
      .returning();
    if (call === undefined) return { ok: false, message: "No call to answer" };
    this.#stopRinging(call.callId);
    this.hub.sendToUsers([call.callerId, call.calleeId], { type: "call_accept", matchId });
    return { ok: true };
  }

  async decline(userId: string, matchId: string): Promise<CallResult> {
    const call = await this.#read(matchId);
    if (call === undefined || call.calleeId !== userId || call.state !== "ringing") return { ok: false, message: "No call to decline" };
    if (await this.#declineQuietly(call)) return { ok: true };
    if (!(await this.#finish(call, "declined", () => this.hub.sendToUsers([call.callerId], { type: "call_decline", matchId })))) return { ok: false, message: "No call to decline" };
    return { ok: true };
  }

  async end(userId: string, matchId: string): Promise<CallResult> {
    const call = await this.#read(matchId);
    // The person called hanging up a ringing call (leaving the page) is a decline.
    if (call !== undefined && call.calleeId === userId && call.state === "ringing" && (await this.#declineQuietly(call))) return { ok: true };
    if (call === undefined || (call.callerId !== userId && call.calleeId !== userId) || !(await this.#finish(call, call.state === "ringing" ? "missed" : "ended"))) {
      // Nothing to end (already over): tell this user's pages so a stale panel closes.
      this.hub.sendToUsers([userId], { type: "call_ended", matchId, reason: "ended" });
    }
    return { ok: true };
  }

  /** Relays an offer, answer or ICE candidate to the other person of a call under way. */
  async relay(userId: string, frame: Extract<ServerFrame, { type: "call_offer" | "call_answer" | "ice_candidate" }>): Promise<CallResult> {
    const call = await this.#read(frame.matchId);
    if (call === undefined || (call.callerId !== userId && call.calleeId !== userId)) return { ok: false, message: "No call in progress" };
    this.hub.sendToUsers([call.callerId === userId ? call.calleeId : call.callerId], frame);
    return { ok: true };
  }

  /**
   * The match is gone or closed (unmatch, block, a ban): its call ends without a chat line. The
   * hub tells the two pages; here the row goes (a deleted match took it already; a ban keeps the
   * match, and a call row left behind would refuse its calls after an unban).
   */
  async forget(matchId: string): Promise<void> {
    const [call] = await this.db.delete(callsInProgress).where(eq(callsInProgress.matchId, matchId)).returning({ callId: callsInProgress.callId });
    if (call !== undefined) this.#stopRinging(call.callId);
  }

  /** Ends the ringing calls whose time passed (of one match, or all): missed. */
  async finishOverdue(matchId?: string): Promise<void> {
    const overdue = await this.db
      .select()
      .from(callsInProgress)
      .where(and(eq(callsInProgress.state, "ringing"), lte(callsInProgress.ringsUntil, this.clock.now()), matchId === undefined ? undefined : eq(callsInProgress.matchId, matchId)));
    for (const call of overdue) await this.#finish(call, "missed");
  }

  close() {
    clearInterval(this.#sweep);
    for (const timer of this.#ringTimers.values()) clearTimeout(timer);
    this.#ringTimers.clear();
  }

  /**
   * The person called turns a ringing call down without telling the caller, when the two do not
   * both share their activity: a decline would say "online now". Only their own pages stop
   * ringing; the call rings on for the caller and ends as missed at its time, as it does for
   * someone away (docs/decisions/0130). False when the decline may be said.
   */
  async #declineQuietly(call: Call): Promise<boolean> {
    if (await activityShared(this.db, call.callerId, call.calleeId)) return false;
    this.hub.sendToUsers([call.calleeId], { type: "call_ended", matchId: call.matchId, reason: "declined" });
    return true;
  }

  #read(matchId: string): Promise<Call | undefined> {
    return this.db
      .select()
      .from(callsInProgress)
      .where(eq(callsInProgress.matchId, matchId))
      .limit(1)
      .then((rows) => rows[0]);
  }

  #stopRinging(callId: string) {
    const timer = this.#ringTimers.get(callId);
    if (timer !== undefined) clearTimeout(timer);
    this.#ringTimers.delete(callId);
  }

  /**
   * Ends the call if it is still this one (conditional on its id): the row goes and the chat line
   * is written in one batch, so two instances ending the same call write one line. `before` runs
   * only for the one that ended it. False when the call had already ended.
   */
  async #finish(call: Call, reason: CallEndReason, before?: () => void): Promise<boolean> {
    this.#stopRinging(call.callId);
    const now = this.clock.now();
    const [current] = await this.db
      .select({ acceptedAt: callsInProgress.acceptedAt })
      .from(callsInProgress)
      .where(and(eq(callsInProgress.matchId, call.matchId), eq(callsInProgress.callId, call.callId)))
      .limit(1);
    if (current === undefined) return false;
    const answered = reason === "ended" && current.acceptedAt !== null;
    const line = answered
      ? { kind: "call" as const, content: `${call.callType}:${Math.max(0, Math.round((now.getTime() - current.acceptedAt!.getTime()) / 1000))}` }
      : // A decline the caller may be told of is logged as one ("video:declined"); an old line's bare
        // type still reads as missed (docs/decisions/0137). A quiet decline never gets here.
        { kind: "missed_call" as const, content: reason === "declined" ? `${call.callType}:declined` : call.callType };
    const ended = await endCall(this.db, now, call, line);
    if (ended === "already") return false;
    before?.();
    this.hub.sendToUsers([call.callerId, call.calleeId], { type: "call_ended", matchId: call.matchId, reason });
    if (ended !== null) this.hub.sendToUsers([call.callerId, call.calleeId], { type: "new_message", matchId: call.matchId, message: ended });
    return true;
  }
}
