import { useRef, useState } from "react";
import { useT } from "./runtime/i18n-context";
import { api } from "./runtime/api";
import { toast } from "./runtime/toast";
import { errorText } from "./runtime/messages";
import { Dialog } from "./components/dialog";
import { CameraIcon } from "./components/icons";
import { MAX_PHOTO_BYTES, PROFILE_PICTURE_JPEG_QUALITY } from "../src/platform/constants";

/** Longest side of the stored square: enough for any avatar, small enough to upload quickly. */
const PICTURE_SIZE_PX = 720;

export interface ProfilePictureProps {
  imageUrl: string | null;
  /** Shown while no picture is set: the main photo. */
  fallbackUrl: string | null;
  initials: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Spec point 5: a centred square of the picture, encoded as JPEG at quality 0.8. */
function cropToSquareJpeg(dataUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const side = Math.min(image.naturalWidth, image.naturalHeight);
      const size = Math.min(side, PICTURE_SIZE_PX);
      const canvas = document.createElement("canvas");
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext("2d");
      if (context === null || side === 0) return reject(new Error("no canvas"));
      context.drawImage(image, (image.naturalWidth - side) / 2, (image.naturalHeight - side) / 2, side, side, 0, 0, size, size);
      resolve(canvas.toDataURL("image/jpeg", PROFILE_PICTURE_JPEG_QUALITY));
    };
    image.onerror = () => reject(new Error("decode failed"));
    image.src = dataUrl;
  });
}

/** The avatar of /profile and its profile-picture dialog (choose, preview, save, remove). */
export function ProfilePictureDialog({ imageUrl, fallbackUrl, initials }: ProfilePictureProps) {
  const t = useT();
  const [current, setCurrent] = useState(imageUrl);
  const [open, setOpen] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const fail = (title: string, description?: string) => toast({ title, description, variant: "destructive" });

  const choose = async (file: File | undefined) => {
    if (file === undefined) return;
    if (!file.type.startsWith("image/")) return fail(t("profile.picture.invalidFile"), t("profile.picture.invalidFileBody"));
    if (file.size >= MAX_PHOTO_BYTES) return fail(t("profile.picture.tooLarge"), t("profile.picture.tooLargeBody"));
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      return fail(t("toast.error"), t("profile.picture.readFailed"));
    }
    try {
      setPreview(await cropToSquareJpeg(dataUrl));
    } catch {
      fail(t("toast.error"), t("messages.error_processing_image"));
    }
  };

  const save = async (value: string) => {
    setBusy(true);
    try {
      const result = await api<{ profileImageUrl: string | null }>("PATCH", "/api/auth/profile-picture", { profileImageUrl: value });
      setCurrent(result.profileImageUrl);
      setPreview(null);
      setOpen(false);
      toast({ title: value === "" ? t("profile.picture.removed") : t("profile.picture.updated"), variant: "success" });
    } catch (caught) {
      fail(t("toast.error"), errorText(t, caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="avatar-wrap">
      <button type="button" className="avatar avatar-button" onClick={() => setOpen(true)} aria-label={t("profile.picture.change")}>
        {current ?? fallbackUrl ? <img src={current ?? fallbackUrl ?? ""} alt="" /> : <span className="avatar-initials">{initials}</span>}
        <span className="avatar-edit" aria-hidden="true">
          <CameraIcon size={14} />
        </span>
      </button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          setPreview(null);
        }}
        title={t("profile.picture.title")}
        description={t("profile.picture.description")}
      >
        <div className="picture-preview">{preview ?? current ? <img src={preview ?? current ?? ""} alt={t("profile.picture.previewAlt")} /> : <span className="avatar-initials">{initials}</span>}</div>
        <input ref={input} type="file" accept="image/*" hidden data-testid="picture-input" onChange={(event) => void choose(event.target.files?.[0]).finally(() => (event.target.value = ""))} />
        <div className="dialog-actions picture-actions">
          <button type="button" className="button button-outline" onClick={() => input.current?.click()} disabled={busy}>
            {t("profile.picture.choose")}
          </button>
          {current && !preview ? (
            <button type="button" className="button button-ghost" onClick={() => void save("")} disabled={busy}>
              {t("profile.picture.remove")}
            </button>
          ) : null}
          <button type="button" className="button button-primary" onClick={() => preview && void save(preview)} disabled={busy || preview === null}>
            {busy ? t("profile.saving") : t("common.save")}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
