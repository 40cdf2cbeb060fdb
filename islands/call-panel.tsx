import { useCallback, useEffect, useRef, useState } from "react";
import { useT } from "./runtime/i18n-context";
import { translateMessage } from "./runtime/messages";
import { realtime } from "./runtime/realtime";
import { toast } from "./runtime/toast";
import { Dialog } from "./components/dialog";
import { CameraIcon, HandsetIcon, MicIcon } from "./components/call-icons";

export type CallType = "voice" | "video";
/** idle → calling (I ring them) | ringing (they ring me) → connecting → connected → idle. */
export type CallPhase = "idle" | "calling" | "ringing" | "connecting" | "connected";

const SIGNAL_FRAMES = new Set(["start_call", "call_accept", "call_decline", "end_call", "call_offer", "call_answer", "ice_candidate"]);

/**
 * A WebRTC call with the other person of a match (spec point 4). Signalling goes over /ws;
 * media goes peer to peer, through the configured STUN/TURN servers when needed.
 */
export function useCall({ matchId, iceServers, canCall }: { matchId: string; iceServers: RTCIceServer[]; canCall: boolean }) {
  const t = useT();
  const [phase, setPhase] = useState<CallPhase>("idle");
  const [callType, setCallType] = useState<CallType>("voice");
  const [connectionState, setConnectionState] = useState<RTCPeerConnectionState | "new">("new");
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  // A free member pressed call: the plans are offered, not an error (docs/decisions/0137).
  const [upsell, setUpsell] = useState(false);
  const pc = useRef<RTCPeerConnection | null>(null);
  const local = useRef<MediaStream | null>(null);
  const pendingIce = useRef<RTCIceCandidateInit[]>([]);
  const phaseRef = useRef<CallPhase>("idle");
  phaseRef.current = phase;

  const cleanup = useCallback(() => {
    pc.current?.close();
    pc.current = null;
    for (const track of local.current?.getTracks() ?? []) track.stop();
    local.current = null;
    pendingIce.current = [];
    setLocalStream(null);
    setRemoteStream(null);
    setConnectedAt(null);
    setConnectionState("new");
    setMuted(false);
    setCameraOff(false);
    setPhase("idle");
  }, []);

  const getMedia = async (type: CallType) => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: type === "video" });
    local.current = stream;
    setLocalStream(stream);
    return stream;
  };

  const createPeer = (stream: MediaStream) => {
    const peer = new RTCPeerConnection({ iceServers });
    pc.current = peer;
    for (const track of stream.getTracks()) peer.addTrack(track, stream);
    peer.onicecandidate = (event) => {
      if (event.candidate !== null) realtime.send({ type: "ice_candidate", matchId, candidate: event.candidate.toJSON() });
    };
    peer.ontrack = (event) => setRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
    peer.onconnectionstatechange = () => {
      setConnectionState(peer.connectionState);
      if (peer.connectionState === "connected") {
        setPhase("connected");
        setConnectedAt((current) => current ?? Date.now());
      }
      if (peer.connectionState === "failed") {
        realtime.send({ type: "end_call", matchId });
        toast({ title: t("calls.failed"), variant: "destructive" });
        cleanup();
      }
    };
    return peer;
  };

  const flushIce = async () => {
    const peer = pc.current;
    if (peer === null || peer.remoteDescription === null) return;
    for (const candidate of pendingIce.current.splice(0)) await peer.addIceCandidate(candidate).catch(() => undefined);
  };

  const mediaError = (error: unknown) => {
    console.error("call media failed", error);
    toast({ title: t("calls.mediaError"), variant: "destructive" });
  };

  const start = async (type: CallType) => {
    if (!canCall) {
      setUpsell(true);
      return;
    }
    if (phaseRef.current !== "idle") return;
    setCallType(type);
    setPhase("calling");
    try {
      await getMedia(type);
    } catch (error) {
      mediaError(error);
      cleanup();
      return;
    }
    realtime.send({ type: "start_call", matchId, callType: type });
  };

  const accept = useCallback(
    async (type?: CallType) => {
      const chosen = type ?? callType;
      setCallType(chosen);
      setPhase("connecting");
      try {
        createPeer(await getMedia(chosen));
      } catch (error) {
        mediaError(error);
        realtime.send({ type: "call_decline", matchId });
        cleanup();
        return;
      }
      realtime.send({ type: "call_accept", matchId });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [callType, matchId],
  );

  const decline = () => {
    realtime.send({ type: "call_decline", matchId });
    cleanup();
  };

  const end = () => {
    realtime.send({ type: "end_call", matchId });
    cleanup();
  };

  const toggleMute = () => {
    const next = !muted;
    for (const track of local.current?.getAudioTracks() ?? []) track.enabled = !next;
    setMuted(next);
  };

  const toggleCamera = () => {
    const next = !cameraOff;
    for (const track of local.current?.getVideoTracks() ?? []) track.enabled = !next;
    setCameraOff(next);
  };

  useEffect(() => {
    const offs = [
      realtime.on("incoming_call", (frame) => {
        if (frame.matchId !== matchId || phaseRef.current !== "idle") return;
        setCallType(frame.callType);
        setPhase("ringing");
      }),
      // The person called accepted: the caller makes the offer.
      realtime.on("call_accept", async (frame) => {
        if (frame.matchId !== matchId || phaseRef.current !== "calling" || local.current === null) return;
        setPhase("connecting");
        const peer = createPeer(local.current);
        const offer = await peer.createOffer();
        await peer.setLocalDescription(offer);
        realtime.send({ type: "call_offer", matchId, sdp: { type: "offer", sdp: offer.sdp ?? "" } });
      }),
      realtime.on("call_offer", async (frame) => {
        const peer = pc.current;
        if (frame.matchId !== matchId || peer === null) return;
        await peer.setRemoteDescription(frame.sdp);
        await flushIce();
        const answer = await peer.createAnswer();
        await peer.setLocalDescription(answer);
        realtime.send({ type: "call_answer", matchId, sdp: { type: "answer", sdp: answer.sdp ?? "" } });
      }),
      realtime.on("call_answer", async (frame) => {
        const peer = pc.current;
        if (frame.matchId !== matchId || peer === null) return;
        await peer.setRemoteDescription(frame.sdp);
        await flushIce();
      }),
      realtime.on("ice_candidate", async (frame) => {
        if (frame.matchId !== matchId) return;
        pendingIce.current.push(frame.candidate);
        await flushIce();
      }),
      realtime.on("call_decline", (frame) => {
        if (frame.matchId !== matchId) return;
        toast({ title: t("calls.declined") });
      }),
      realtime.on("call_ended", (frame) => {
        if (frame.matchId !== matchId || phaseRef.current === "idle") return;
        if (frame.reason === "missed" && phaseRef.current === "calling") toast({ title: t("calls.noAnswer") });
        cleanup();
      }),
      realtime.on("error", (frame) => {
        if (frame.matchId !== matchId || frame.frame === undefined || !SIGNAL_FRAMES.has(frame.frame)) return;
        toast({ title: t("toast.error"), description: translateMessage(t, frame.message), variant: "destructive" });
        cleanup();
      }),
    ];
    return () => offs.forEach((off) => off());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matchId]);

  // Leaving the page ends the call cleanly for the other person.
  useEffect(() => {
    const onLeave = () => {
      if (phaseRef.current !== "idle") realtime.send({ type: "end_call", matchId });
    };
    window.addEventListener("pagehide", onLeave);
    return () => window.removeEventListener("pagehide", onLeave);
  }, [matchId]);

  return { phase, callType, connectionState, connectedAt, muted, cameraOff, localStream, remoteStream, start, accept, decline, end, toggleMute, toggleCamera, upsell, closeUpsell: () => setUpsell(false) };
}

export type CallControls = ReturnType<typeof useCall>;

function formatElapsed(ms: number) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

function MediaView({ stream, muted, className, video }: { stream: MediaStream | null; muted: boolean; className: string; video: boolean }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current !== null) ref.current.srcObject = stream;
  }, [stream]);
  return video ? <video ref={ref} className={className} autoPlay playsInline muted={muted} /> : <audio ref={ref} autoPlay muted={muted} />;
}

/** Discover with the plan dialog open (the plans live there). */
export const PLANS_HREF = "/swipe?plans=1";

/** A round control of the call screen: an icon, its name for screen readers, a short caption. */
function RoundButton({ label, caption, onClick, pressed, tone = "plain", testId, children }: { label: string; caption: string; onClick: () => void; pressed?: boolean; tone?: "plain" | "danger" | "accept"; testId?: string; children: React.ReactNode }) {
  return (
    <div className="call-control">
      <button type="button" className={`call-round call-round-${tone}`} aria-label={label} aria-pressed={pressed} onClick={onClick} data-testid={testId}>
        {children}
      </button>
      <span className="call-caption" aria-hidden="true">
        {caption}
      </span>
    </div>
  );
}

/**
 * The call screen, full screen on a phone like a phone call (docs/decisions/0137): the other
 * person's video large (their photo for a voice call, or until their video arrives), my camera as
 * a picture-in-picture, name and timer on top, round controls at the bottom. While a call rings
 * for me, the incoming-call screen (islands/components/incoming-call.tsx) is what shows.
 * A free member's call button opens the plans instead.
 */
export function CallPanel({ call, name, photo = null }: { call: CallControls; name: string; photo?: string | null }) {
  const t = useT();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (call.connectedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [call.connectedAt]);

  const upsell = (
    <Dialog open={call.upsell} onClose={call.closeUpsell} title={t("calls.upsellTitle")} description={t("calls.upsellBody", { name })} className="call-upsell">
      <div className="call-upsell-actions" data-testid="call-upsell">
        <a className="button button-primary" href={PLANS_HREF}>
          {t("calls.seePlans")}
        </a>
        <button type="button" className="button button-ghost" onClick={call.closeUpsell}>
          {t("calls.notNow")}
        </button>
      </div>
    </Dialog>
  );
  if (call.phase === "idle" || call.phase === "ringing") {
    return (
      <>
        <div className="call-panel-idle" data-call-state={call.phase} data-call-type={call.callType} data-testid="call-panel" hidden />
        {call.upsell ? upsell : null}
      </>
    );
  }
  const state = call.phase === "connected" || call.phase === "connecting" ? call.connectionState : call.phase;
  const video = call.callType === "video";
  const remoteVideo = video && call.remoteStream !== null && call.remoteStream.getVideoTracks().length > 0;
  return (
    <section className={`call-panel call-screen ${video ? "call-panel-video" : ""}`} role="dialog" aria-modal="true" aria-label={t(video ? "calls.videoCallWith" : "calls.voiceCallWith")} data-call-state={state} data-call-type={call.callType} data-testid="call-panel">
      {video ? <MediaView stream={call.remoteStream} muted={false} className="call-remote" video /> : <MediaView stream={call.remoteStream} muted={false} className="" video={false} />}
      {!remoteVideo ? (
        <div className="call-portrait" data-testid="call-portrait">
          {photo !== null ? <img className="call-photo" src={photo} alt="" width={160} height={160} /> : <span className="call-photo person-avatar-empty" aria-hidden="true" />}
        </div>
      ) : null}
      <div className="call-info">
        <p className="call-name">{name}</p>
        <p className="call-status" aria-live="polite">
          {call.phase === "calling" ? (
            t("calls.calling")
          ) : call.connectedAt !== null ? (
            <span className="call-timer" data-testid="call-timer">
              {formatElapsed(now - call.connectedAt)}
            </span>
          ) : (
            t("calls.connecting")
          )}
        </p>
      </div>
      {video ? <MediaView stream={call.localStream} muted className={`call-local ${call.cameraOff ? "call-local-off" : ""}`} video /> : null}
      <div className="call-controls">
        <RoundButton label={call.muted ? t("calls.unmute") : t("calls.mute")} caption={call.muted ? t("calls.unmute") : t("calls.mute")} pressed={call.muted} onClick={call.toggleMute} testId="call-mute">
          <MicIcon off={call.muted} />
        </RoundButton>
        {video ? (
          <RoundButton label={call.cameraOff ? t("calls.cameraOn") : t("calls.cameraOff")} caption={call.cameraOff ? t("calls.cameraOn") : t("calls.cameraOff")} pressed={call.cameraOff} onClick={call.toggleCamera} testId="call-camera">
            <CameraIcon off={call.cameraOff} />
          </RoundButton>
        ) : null}
        <RoundButton label={t("calls.end")} caption={t("calls.end")} tone="danger" onClick={call.end} testId="call-end">
          <HandsetIcon down />
        </RoundButton>
      </div>
    </section>
  );
}
