import { useRef, useState, type DragEvent } from "react";
import { useT } from "../runtime/i18n-context";
import { api, ApiError, apiUrl, errorFromResponse } from "../runtime/api";
import { toast } from "../runtime/toast";
import { errorText, titledToast } from "../runtime/messages";
import { MAX_PHOTO_BYTES, MAX_PROFILE_PHOTOS } from "../../src/platform/constants";
import { PROFILE_MESSAGES } from "../../src/features/profile/profile.schemas";
import { thumbOf } from "./photo-url";

export interface GridPhoto {
  id: string;
  url: string;
}

interface Uploading {
  key: number;
  preview: string;
  progress: number;
}

let uploadKey = 0;

/** Sends one photo as multipart with upload progress (fetch cannot report upload progress). */
function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<{ photos: GridPhoto[] }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", apiUrl("/api/profile/photos"));
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = async () => {
      const response = new Response(request.responseText, { status: request.status, headers: { "Content-Type": request.getResponseHeader("Content-Type") ?? "" } });
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText));
      else reject(await errorFromResponse(response));
    };
    request.onerror = () => reject(new ApiError(PROFILE_MESSAGES.processingError, 0));
    const form = new FormData();
    form.append("photo", file);
    request.send(form);
  });
}

/** The browser must be able to show it; a file it cannot decode is 'Error processing image'. */
function decodable(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth > 0);
    image.onerror = () => resolve(false);
    image.src = url;
  });
}

/**
 * The photo grid of the profile editor: add (several at once, each uploaded with progress),
 * move earlier or later (buttons, or drag with a mouse), delete. The first photo is the main one.
 * Every change is saved on the server at once; the grid always shows the server's list.
 */
export function PhotoGrid({ photos, onChange, error, describedBy }: { photos: GridPhoto[]; onChange: (photos: GridPhoto[]) => void; error?: string; describedBy?: string }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [status, setStatus] = useState("");
  const latest = useRef(photos);
  latest.current = photos;
  const queue = useRef<Promise<void>>(Promise.resolve());

  const showError = (message: string) => toast({ ...titledToast(t, message, t("toast.error")), variant: "destructive" });
  const showFailure = (caught: unknown) => (caught instanceof ApiError ? showError(caught.message) : toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" }));

  const addFiles = async (files: File[]) => {
    let room = MAX_PROFILE_PHOTOS - latest.current.length - uploading.length;
    for (const file of files) {
      if (!file.type.startsWith("image/")) {
        showError(PROFILE_MESSAGES.invalidFileType);
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        showError(PROFILE_MESSAGES.fileTooLarge);
        continue;
      }
      if (room <= 0) {
        showError(PROFILE_MESSAGES.maxPhotos);
        break;
      }
      room--;
      const preview = URL.createObjectURL(file);
      const key = ++uploadKey;
      if (!(await decodable(preview))) {
        URL.revokeObjectURL(preview);
        room++;
        showError(PROFILE_MESSAGES.processingError);
        continue;
      }
      setUploading((list) => [...list, { key, preview, progress: 0 }]);
      // One upload at a time: each answer carries the server's whole list, so answers arriving out of
      // order would let an older list overwrite a newer one. It also keeps the order the files were picked in.
      const upload = queue.current.then(() =>
        uploadPhoto(file, (progress) => setUploading((list) => list.map((item) => (item.key === key ? { ...item, progress } : item)))),
      );
      queue.current = upload.then(
        () => undefined,
        () => undefined,
      );
      upload
        .then((result) => {
          onChange(result.photos.map(({ id, url }) => ({ id, url })));
          setStatus(t("profile.photos.uploaded"));
        })
        .catch((caught: unknown) => showError(caught instanceof ApiError ? caught.message : PROFILE_MESSAGES.processingError))
        .finally(() => {
          URL.revokeObjectURL(preview);
          setUploading((list) => list.filter((item) => item.key !== key));
        });
    }
  };

  const reorder = async (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const next = [...photos];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    const previous = photos;
    onChange(next);
    setStatus(t("profile.photos.moved", { position: to + 1 }));
    try {
      const result = await api<{ photos: GridPhoto[] }>("PUT", "/api/profile/photos", { photos: next.map((photo) => photo.id) });
      onChange(result.photos.map(({ id, url }) => ({ id, url })));
    } catch (caught) {
      onChange(previous);
      showFailure(caught);
    }
  };

  const remove = async (photo: GridPhoto) => {
    try {
      const result = await api<{ photos: GridPhoto[] }>("DELETE", `/api/profile/photos/${encodeURIComponent(photo.id)}`);
      onChange(result.photos.map(({ id, url }) => ({ id, url })));
      setStatus(t("profile.photos.removed"));
    } catch (caught) {
      showFailure(caught);
    }
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragIndex !== null) void reorder(dragIndex, index);
    setDragIndex(null);
  };

  const slotsLeft = MAX_PROFILE_PHOTOS - photos.length - uploading.length;

  return (
    <div className="photo-grid-wrap">
      <ul className={`photo-grid${error ? " photo-grid-invalid" : ""}`} aria-describedby={describedBy}>
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            className={`photo-tile${dragIndex === index ? " photo-tile-dragging" : ""}`}
            draggable
            onDragStart={() => setDragIndex(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            onDragEnd={() => setDragIndex(null)}
          >
            <img src={thumbOf(photo.url)} alt={t("profile.photos.alt", { number: index + 1 })} />
            {index === 0 ? <span className="badge badge-primary photo-main-badge">{t("profile.photos.main")}</span> : null}
            <div className="photo-tile-actions">
              <button type="button" className="photo-action" onClick={() => void reorder(index, index - 1)} disabled={index === 0} aria-label={t("profile.photos.moveEarlier", { number: index + 1 })}>
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" className="photo-action" onClick={() => void reorder(index, index + 1)} disabled={index === photos.length - 1} aria-label={t("profile.photos.moveLater", { number: index + 1 })}>
                <span aria-hidden="true">›</span>
              </button>
              <button type="button" className="photo-action photo-action-delete" onClick={() => void remove(photo)} aria-label={t("profile.photos.delete", { number: index + 1 })}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
          </li>
        ))}
        {uploading.map((item) => (
          <li key={`u${item.key}`} className="photo-tile photo-tile-uploading">
            <img src={item.preview} alt="" />
            <div className="photo-progress" role="progressbar" aria-label={t("profile.photos.uploading")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(item.progress * 100)}>
              <span style={{ width: `${Math.round(item.progress * 100)}%` }} />
            </div>
          </li>
        ))}
        {slotsLeft > 0 ? (
          <li className="photo-tile photo-tile-add">
            <button type="button" className="photo-add" onClick={() => input.current?.click()}>
              <span className="photo-add-plus" aria-hidden="true">
                +
              </span>
              <span>{t("profile.photos.add")}</span>
            </button>
          </li>
        ) : null}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="photo-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          void addFiles(files);
        }}
      />
      <p className="field-hint">{t("profile.photos.hint", { max: MAX_PROFILE_PHOTOS })}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

/** The photos of a profile form: the grid with its legend, an optional hint and the field's error. */
export function PhotosField({ photos, onChange, error, hint, legendHidden = false }: { photos: GridPhoto[]; onChange: (photos: GridPhoto[]) => void; error?: string; hint?: string; legendHidden?: boolean }) {
  const t = useT();
  return (
    <fieldset className="field profile-photos-field" aria-describedby={error ? "error-photos" : hint ? "hint-photos" : undefined}>
      <legend id="field-photos" tabIndex={-1} className={legendHidden ? "visually-hidden" : undefined}>
        {t("profile.fields.photos")} {legendHidden ? null : <span className="required-mark">*</span>}
      </legend>
      {hint ? (
        <p className="field-hint" id="hint-photos">
          {hint}
        </p>
      ) : null}
      <PhotoGrid photos={photos} onChange={onChange} error={error} describedBy={error ? "error-photos" : undefined} />
      {error ? (
        <p className="field-error" id="error-photos" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
