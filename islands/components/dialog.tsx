import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal built on <dialog>: focus is trapped and restored by the browser, Escape closes it,
 * and a click on the backdrop closes it.
 */
export function Dialog({ open, onClose, title, description, children, className }: { open: boolean; onClose: () => void; title: string; description?: string; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
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
          <h2 id="dialog-title" className="dialog-title">
            {title}
          </h2>
          {description ? <p className="dialog-description">{description}</p> : null}
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
