import { useEffect, useRef, useState } from "react";
import { api, apiUrl, ApiError, errorFromResponse } from "./runtime/api";
import { useT } from "./runtime/i18n-context";
import { translateMessage } from "./runtime/messages";
import { CameraIcon, ShieldCheckIcon } from "./components/icons";
import { VerifiedBadge } from "./components/verified-badge";
import type { Pose, VerificationState } from "../src/features/verification/poses";

export interface VerifyPanelProps {
  state: VerificationState;
}

const POSE_EMOJI: Record<Pose, string> = { thumbs_up: "👍", peace_sign: "✌️", hand_on_cheek: "🤚", point_up: "☝️", wave: "👋", hand_on_chin: "🤔" };
/** The camera's picture as sent: large enough for a face check, small enough for a slow network. */
const SELFIE_WIDTH_PX = 720;
const SELFIE_QUALITY = 0.88;

type CameraProblem = "denied" | "missing" | "failed";

/**
 * /verify (docs/decisions/0093): copy a pose drawn at random in a LIVE selfie (the camera, never
 * a file picker), send it for review, and see where it stands.
 */
export function VerifyPanel({ state: initial }: VerifyPanelProps) {
  const t = useT();
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const fail = (caught: unknown) => setError(caught instanceof ApiError ? translateMessage(t, caught.message) : t("messages.network_error"));

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setState(await api<VerificationState>("POST", "/api/verification/start"));
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  if (state.status === "approved") {
    return (
      <section className="card verify-card verify-done" data-testid="verify-state" data-status="approved">
        <VerifiedBadge />
        <h2>{t("verification.approvedTitle")}</h2>
        <p className="muted">{t("verification.approvedBody")}</p>
        <a className="button button-primary" href="/">
          {t("verification.backToDiscover")}
        </a>
      </section>
    );
  }
  if (state.status === "pending") {
    return (
      <section className="card verify-card" data-testid="verify-state" data-status="pending">
        <span className="verify-icon" aria-hidden="true">
          <ShieldCheckIcon size={28} />
        </span>
        <h2>{t("verification.pendingTitle")}</h2>
        <p className="muted">{t("verification.pendingBody")}</p>
      </section>
    );
  }
  if (state.status === "started") return <SelfieStep pose={state.pose} onSent={setState} onRestart={() => void start()} />;
  return (
    <section className="card verify-card" data-testid="verify-state" data-status={state.status}>
      <span className="verify-icon" aria-hidden="true">
        <ShieldCheckIcon size={28} />
      </span>
      <h2>{t("verification.introTitle")}</h2>
      {state.status === "rejected" ? (
        <div className="verify-rejected" role="note">
          <strong>{t("verification.rejectedTitle")}</strong>
          <p>{t(`verification.reasons.${state.reason}`)}</p>
        </div>
      ) : null}
      {state.status === "none" && state.withdrawn ? (
        <div className="verify-rejected" role="note" data-testid="verify-withdrawn">
          <p>{t(state.withdrawn === "reverify" ? "verification.withdrawnReverify" : "verification.withdrawnPhotos")}</p>
        </div>
      ) : null}
      <ol className="verify-steps">
        <li>{t("verification.step1")}</li>
        <li>{t("verification.step2")}</li>
        <li>{t("verification.step3")}</li>
      </ol>
      <p className="muted verify-privacy">{t("verification.privacy")}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="button button-primary button-block" disabled={busy} onClick={() => void start()} data-testid="verify-start">
        {state.status === "rejected" ? t("verification.tryAgain") : t("verification.start")}
      </button>
    </section>
  );
}

function SelfieStep({ pose, onSent, onRestart }: { pose: Pose; onSent: (state: VerificationState) => void; onRestart: () => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const [live, setLive] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [shot, setShot] = useState<{ blob: Blob; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const stopCamera = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setLive(false);
  };
  useEffect(() => stopCamera, []);
  useEffect(() => () => (shot ? URL.revokeObjectURL(shot.url) : undefined), [shot]);

  const openCamera = async () => {
    setProblem(null);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user", width: { ideal: 1280 } }, audio: false });
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      }
      setLive(true);
    } catch (caught) {
      const name = caught instanceof DOMException ? caught.name : "";
      setProblem(name === "NotAllowedError" || name === "SecurityError" ? "denied" : name === "NotFoundError" || name === "OverconstrainedError" ? "missing" : "failed");
    }
  };

  const take = () => {
    const source = video.current;
    if (!source || source.videoWidth === 0) return;
    const scale = Math.min(1, SELFIE_WIDTH_PX / source.videoWidth);
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(source.videoWidth * scale);
    canvas.height = Math.round(source.videoHeight * scale);
    canvas.getContext("2d")!.drawImage(source, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (blob === null) return;
        setShot({ blob, url: URL.createObjectURL(blob) });
        stopCamera();
      },
      "image/jpeg",
      SELFIE_QUALITY,
    );
  };

  const retake = () => {
    setShot(null);
    void openCamera();
  };

  const send = async () => {
    if (shot === null) return;
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(apiUrl("/api/verification/selfie"), { method: "POST", credentials: "include", headers: { "Content-Type": "image/jpeg", Accept: "application/json" }, body: shot.blob });
      if (!response.ok) throw await errorFromResponse(response);
      onSent((await response.json()) as VerificationState);
    } catch (caught) {
      setError(caught instanceof ApiError ? translateMessage(t, caught.message) : t("messages.network_error"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card verify-card" data-testid="verify-state" data-status="started">
      <div className="verify-pose" data-pose={pose}>
        <span className="verify-pose-emoji" aria-hidden="true">
          {POSE_EMOJI[pose]}
        </span>
        <div>
          <p className="verify-pose-label">{t("verification.copyPose")}</p>
          <p className="verify-pose-text" data-testid="verify-pose">
            {t(`verification.poses.${pose}`)}
          </p>
        </div>
      </div>
      <div className="verify-camera">
        {shot ? <img src={shot.url} alt={t("verification.previewAlt")} className="verify-preview" /> : null}
        <video ref={video} className="verify-video" hidden={!live || shot !== null} playsInline muted aria-label={t("verification.cameraLabel")} />
        {!live && shot === null ? (
          <div className="verify-camera-empty">
            <CameraIcon size={32} />
            <p>{t("verification.cameraHint")}</p>
          </div>
        ) : null}
      </div>
      {problem ? (
        <p className="form-error" role="alert">
          {t(`verification.camera.${problem}`)}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="verify-actions">
        {shot ? (
          <>
            <button type="button" className="button button-outline" onClick={retake} disabled={busy}>
              {t("verification.retake")}
            </button>
            <button type="button" className="button button-primary" onClick={() => void send()} disabled={busy} data-testid="verify-send">
              {busy ? t("verification.sending") : t("verification.send")}
            </button>
          </>
        ) : live ? (
          <button type="button" className="button button-primary button-block" onClick={take} data-testid="verify-take">
            {t("verification.take")}
          </button>
        ) : (
          <button type="button" className="button button-primary button-block" onClick={() => void openCamera()} data-testid="verify-camera">
            {t("verification.openCamera")}
          </button>
        )}
      </div>
      <button type="button" className="link-button verify-new-pose" onClick={onRestart} disabled={busy}>
        {t("verification.newPose")}
      </button>
    </section>
  );
}
