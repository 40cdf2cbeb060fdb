import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal built on <dialog>: focus is trapped and restored by the browser, Escape closes it,
 * and a click on the backdrop closes it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
  headerAction,
  initialFocus = "first",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /** Shown beside the title (a close button); the pair can then stay in view while the content scrolls. */
  headerAction?: ReactNode;
  /** "title": open with focus on the title (read first), not on the first button, e.g. a purchase. */
  initialFocus?: "first" | "title";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (initialFocus === "title") dialog.querySelector<HTMLElement>(".dialog-title")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ""}`}
      aria-labelledby="dialog-title"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog-content">
          {headerAction === undefined ? (
            <h2 id="dialog-title" className="dialog-title" tabIndex={-1}>
              {title}
            </h2>
          ) : (
            <div className="dialog-header">
              <h2 id="dialog-title" className="dialog-title" tabIndex={-1}>
                {title}
              </h2>
              {headerAction}
            </div>
          )}
          {description ? <p className="dialog-description">{description}</p> : null}
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
