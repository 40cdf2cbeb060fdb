import { useCallback, useEffect, useRef, useState } from "react";
import { useT } from "./runtime/i18n-context";
import { translateMessage } from "./runtime/messages";
import { realtime } from "./runtime/realtime";
import { toast } from "./runtime/toast";

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
      toast({ title: t("calls.premiumPlusRequired"), description: t("calls.premiumPlusBody"), variant: "destructive" });
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

  return { phase, callType, connectionState, connectedAt, muted, cameraOff, localStream, remoteStream, start, accept, decline, end, toggleMute, toggleCamera };
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

/** The call panel: who, mm:ss timer, mute, camera, end; or the ringing banner with accept/decline. */
export function CallPanel({ call, name }: { call: CallControls; name: string }) {
  const t = useT();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (call.connectedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [call.connectedAt]);

  if (call.phase === "idle") return <div className="call-panel-idle" data-call-state="idle" data-testid="call-panel" hidden />;
  const state = call.phase === "connected" || call.phase === "connecting" ? call.connectionState : call.phase;
  const video = call.callType === "video";
  return (
    <section className={`call-panel ${video ? "call-panel-video" : ""}`} aria-label={t("calls.panel")} data-call-state={state} data-call-type={call.callType} data-testid="call-panel">
      {video ? (
        <div className="call-videos">
          <MediaView stream={call.remoteStream} muted={false} className="call-remote" video />
          <MediaView stream={call.localStream} muted className="call-local" video />
        </div>
      ) : (
        <MediaView stream={call.remoteStream} muted={false} className="" video={false} />
      )}
      <div className="call-info">
        <p className="call-name">{name}</p>
        <p className="call-status" aria-live="polite">
          {call.phase === "ringing"
            ? t(video ? "calls.incomingVideo" : "calls.incomingVoice")
            : call.phase === "calling"
              ? t("calls.calling")
              : call.connectedAt !== null
                ? <span className="call-timer" data-testid="call-timer">{formatElapsed(now - call.connectedAt)}</span>
                : t("calls.connecting")}
        </p>
      </div>
      <div className="call-controls">
        {call.phase === "ringing" ? (
          <>
            <button type="button" className="button button-outline" onClick={call.decline}>
              {t("calls.decline")}
            </button>
            <button type="button" className="button button-primary" onClick={() => void call.accept()} data-testid="call-accept">
              {t("calls.accept")}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button-outline" aria-pressed={call.muted} onClick={call.toggleMute}>
              {call.muted ? t("calls.unmute") : t("calls.mute")}
            </button>
            {video ? (
              <button type="button" className="button button-outline" aria-pressed={call.cameraOff} onClick={call.toggleCamera}>
                {call.cameraOff ? t("calls.cameraOn") : t("calls.cameraOff")}
              </button>
            ) : null}
            <button type="button" className="button button-danger" onClick={call.end} data-testid="call-end">
              {t("calls.end")}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
