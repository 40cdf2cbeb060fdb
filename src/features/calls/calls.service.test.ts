/**
 * Calls shared through the database: two CallService objects on one database stand for two
 * instances (the e2e two-instance test runs real ones). A call started on one is answered,
 * relayed and ended on the other; it ends once; a call whose instance went away while it rang
 * is ended by the other instance's sweep.
 */
import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { eq } from "drizzle-orm";
import { callsInProgress, messages } from "../../../db/schema";
import type { ServerFrame } from "../../realtime/frames";
import { RealtimeHub } from "../../realtime/hub";
import { InProcessPubSub } from "../../realtime/pubsub";
import { matchUsers, setPlan } from "../../testing/match-fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { CallService } from "./calls.service";

setDefaultTimeout(60_000);

let t: TestApp;
const services: CallService[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  for (const service of services.splice(0)) service.close();
  await t.close();
});

/** One "instance": a hub recording what it sends, and its call service. */
function instance(ringTimeoutMs = 30_000) {
  const hub = new RealtimeHub(new InProcessPubSub());
  const sent: { users: string[]; frame: ServerFrame }[] = [];
  hub.sendToUsers = (users, frame) => void sent.push({ users, frame });
  const calls = new CallService(t.deps.db, t.deps.clock, hub, ringTimeoutMs);
  services.push(calls);
  return { calls, sent, types: () => sent.map((entry) => entry.frame.type) };
}

async function premiumPair() {
  const ana = await t.registerUser({ firstName: "Ana" });
  const budi = await t.registerUser({ firstName: "Budi" });
  await setPlan(t, ana, "premium_plus");
  return { ana, budi, matchId: await matchUsers(t, ana, budi) };
}

const lines = (matchId: string) => t.deps.db.select({ kind: messages.kind, content: messages.content }).from(messages).where(eq(messages.matchId, matchId));

describe("calls shared between instances", () => {
  it("starts on one instance, is answered, relayed and ended on the other, with one call line", async () => {
    const { ana, budi, matchId } = await premiumPair();
    const one = instance();
    const two = instance();
    expect(await one.calls.start(ana.id, matchId, budi.id, "video")).toEqual({ ok: true });
    // The other instance knows the call: a second start anywhere is refused.
    expect(await two.calls.start(ana.id, matchId, budi.id, "voice")).toEqual({ ok: false, message: "A call is already in progress" });
    expect(await two.calls.accept(budi.id, matchId)).toEqual({ ok: true });
    expect(await one.calls.accept(budi.id, matchId)).toEqual({ ok: false, message: "No call to answer" });
    expect(await two.calls.relay(budi.id, { type: "call_answer", matchId, sdp: { type: "answer", sdp: "v=0" } })).toEqual({ ok: true });
    expect(two.sent.at(-1)).toEqual({ users: [ana.id], frame: { type: "call_answer", matchId, sdp: { type: "answer", sdp: "v=0" } } });
    t.clock.advance(65_000);
    // Both end at once, on different instances: one ending, one line.
    await Promise.all([one.calls.end(ana.id, matchId), two.calls.end(budi.id, matchId)]);
    expect(await lines(matchId)).toEqual([{ kind: "call", content: "video:65" }]);
    expect([...one.types(), ...two.types()].filter((type) => type === "new_message")).toHaveLength(1);
    expect(await t.deps.db.select().from(callsInProgress)).toEqual([]);
  });

  it("a call whose instance went away while it rang is ended as missed by another instance's sweep", async () => {
    const { ana, budi, matchId } = await premiumPair();
    const gone = instance();
    await gone.calls.start(ana.id, matchId, budi.id, "voice");
    gone.calls.close(); // the instance stops: its ring timer never fires
    const other = instance();
    await other.calls.finishOverdue();
    expect(await lines(matchId)).toEqual([]);
    t.clock.advance(31_000);
    await other.calls.finishOverdue();
    expect(await lines(matchId)).toEqual([{ kind: "missed_call", content: "voice" }]);
    expect(other.sent.find((entry) => entry.frame.type === "call_ended")).toEqual({ users: [ana.id, budi.id], frame: { type: "call_ended", matchId, reason: "missed" } });
    // The match can call again.
    expect(await other.calls.start(ana.id, matchId, budi.id, "voice")).toEqual({ ok: true });
  });

  it("a declined call is logged as declined, and the caller told; an unanswered one stays missed", async () => {
    const { ana, budi, matchId } = await premiumPair();
    const one = instance();
    await one.calls.start(ana.id, matchId, budi.id, "video");
    expect(await one.calls.decline(budi.id, matchId)).toEqual({ ok: true });
    expect(await lines(matchId)).toEqual([{ kind: "missed_call", content: "video:declined" }]);
    expect(one.sent.find((entry) => entry.frame.type === "call_decline")).toEqual({ users: [ana.id], frame: { type: "call_decline", matchId } });
    expect(one.sent.find((entry) => entry.frame.type === "call_ended")?.frame).toEqual({ type: "call_ended", matchId, reason: "declined" });
  });

  it("a stranger can neither answer, relay into nor end someone else's call", async () => {
    const { ana, budi, matchId } = await premiumPair();
    const stranger = await t.registerUser();
    const one = instance();
    await one.calls.start(ana.id, matchId, budi.id, "voice");
    expect(await one.calls.accept(stranger.id, matchId)).toEqual({ ok: false, message: "No call to answer" });
    expect(await one.calls.relay(stranger.id, { type: "call_offer", matchId, sdp: { type: "offer", sdp: "evil" } })).toEqual({ ok: false, message: "No call in progress" });
    await one.calls.end(stranger.id, matchId);
    expect(await one.calls.callOf(matchId)).toMatchObject({ state: "ringing" });
  });

  it("a removed match's call ends without a line, and a ban's leftover row does not refuse later calls", async () => {
    const { ana, budi, matchId } = await premiumPair();
    const one = instance();
    await one.calls.start(ana.id, matchId, budi.id, "voice");
    await one.calls.forget(matchId);
    expect(await one.calls.callOf(matchId)).toBeNull();
    expect(await lines(matchId)).toEqual([]);
    expect(await one.calls.start(ana.id, matchId, budi.id, "voice")).toEqual({ ok: true });
  });
});
