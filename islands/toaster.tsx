import { useEffect, useRef, useState, type PointerEvent } from "react";
import { dismissToast, subscribeToasts, takeNextPageToast, toast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type Toast } from "./runtime/toast";
import { useT } from "./runtime/i18n-context";

/** The toaster of spec point 9: one toast, 5 s, swipe right to dismiss, F8 moves focus to it. */
export function Toaster() {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const unsubscribe = subscribeToasts(setToasts);
    const pending = takeNextPageToast();
    if (pending !== null) toast(pending);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      unsubscribe();
      window.removeEventListener("keydown", onKey);
    };
  }, []);

  // The list is a manual popover, shown again for each toast: the top layer puts it above a modal
  // <dialog> (a toast about the dialog's form would otherwise sit under its backdrop).
  useEffect(() => {
    const list = viewport.current;
    if (list === null || typeof list.showPopover !== "function" || toasts.length === 0) return;
    if (list.matches(":popover-open")) list.hidePopover();
    list.showPopover();
  }, [toasts]);

  return (
    <section aria-label={t("toast.region")} className="toaster">
      <ol ref={viewport} tabIndex={-1} className="toaster-viewport" popover="manual">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} closeLabel={t("toast.close")} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast: item, closeLabel }: { toast: Toast; closeLabel: string }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(item.id), item.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, item.durationMs, paused]);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  // Decided from the pointer itself: the last rendered offset can lag behind fast moves.
  const onPointerUp = (event: PointerEvent) => {
    const distance = start.current === null ? 0 : event.clientX - start.current;
    start.current = null;
    if (distance > TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setOffset(0);
  };

  return (
    <li
      role={item.variant === "destructive" ? "alert" : "status"}
      aria-live={item.variant === "destructive" ? "assertive" : "polite"}
      className={`toast toast-${item.variant ?? "default"}`}
      style={offset > 0 ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="toast"
    >
      <div className="toast-body">
        <p className="toast-title">{item.title}</p>
        {item.description ? <p className="toast-description">{item.description}</p> : null}
      </div>
      {item.action ? (
        <button
          type="button"
          className="button button-small button-outline"
          onClick={() => {
            item.action?.onClick();
            dismissToast(item.id);
          }}
        >
          {item.action.label}
        </button>
      ) : null}
      <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => dismissToast(item.id)}>
        ×
      </button>
    </li>
  );
}
