/**
 * The /ws contract (shared/design/API.md, plus the frames of docs/decisions/0071):
 * what a client may send, validated here, and what the server sends.
 */
import { z } from "zod";
import type { MessageJson } from "../features/chat/chat.service";

const matchId = z.string().min(1).max(64);
const callType = z.enum(["voice", "video"]);
/** SDP of a call; generous, but well under the 64 KiB frame limit. */
const sdp = z.object({ type: z.enum(["offer", "answer"]), sdp: z.string().max(60_000) });
const candidate = z.object({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

// userId / senderId from the specification's payloads are accepted and ignored: the socket's user acts.
export const clientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("join_match"), matchId }),
  z.object({ type: z.literal("send_message"), matchId, content: z.string().max(10_000) }),
  z.object({ type: z.literal("typing"), matchId }),
  z.object({ type: z.literal("read"), matchId }),
  z.object({ type: z.literal("start_call"), matchId, callType }),
  z.object({ type: z.literal("call_accept"), matchId }),
  z.object({ type: z.literal("call_decline"), matchId }),
  z.object({ type: z.literal("end_call"), matchId }),
  z.object({ type: z.literal("call_offer"), matchId, sdp }),
  z.object({ type: z.literal("call_answer"), matchId, sdp }),
  z.object({ type: z.literal("ice_candidate"), matchId, candidate }),
]);

export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type CallType = z.infer<typeof callType>;
export type CallEndReason = "ended" | "declined" | "missed" | "unavailable";

export type ServerFrame =
  | { type: "ready"; userId: string }
  | { type: "joined"; matchId: string }
  | { type: "new_message"; matchId: string; message: MessageJson }
  | { type: "message_delivered"; matchId: string; messageId: string }
  /**
   * A catch-up after a Redis outage (fan-out-catch-up.ts) adds `upTo`, the newest message the read
   * covers (later ones stay unread), and for the reader's own pages `unreadCount`, what stays unread.
   */
  | { type: "message_read"; matchId: string; readAt: string; readerId: string; upTo?: string; unreadCount?: number }
  | { type: "typing"; matchId: string; userId: string }
  | { type: "match_removed"; matchId: string }
  /** The other side of a new match (the one who liked first), live: the same match moment. */
  | { type: "match_created"; matchId: string; other: { id: string; firstName: string; photo: string | null; matchPercent?: number | null; matchReasons?: { text: string; agrees: boolean }[] }; myPhoto: string | null }
  | { type: "incoming_call"; matchId: string; callType: CallType; from: { id: string; firstName: string } }
  | { type: "call_ringing"; matchId: string; callType: CallType }
  | { type: "call_accept"; matchId: string }
  | { type: "call_offer"; matchId: string; sdp: z.infer<typeof sdp> }
  | { type: "call_answer"; matchId: string; sdp: z.infer<typeof sdp> }
  | { type: "ice_candidate"; matchId: string; candidate: z.infer<typeof candidate> }
  | { type: "call_decline"; matchId: string }
  | { type: "call_ended"; matchId: string; reason: CallEndReason }
  | { type: "error"; message: string; matchId?: string; frame?: string }
  /**
   * MATCHING.md 'Chaperone': a member shared (or stopped sharing) this conversation with their
   * chaperone; sent before the chaperone can read (docs/decisions/0135). The chat draws `notice`.
   */
  | { type: "chaperone_notice"; matchId: string; shared: boolean; notice: { at: string; shared: boolean; memberId: string } }
  /** A payment made the member Premium (PAYMENTS.md): open pages show it and reload. */
  | { type: "premium_activated"; plan: "free" | "premium" | "premium_plus"; planExpiresAt: string | null; paymentId: string };
