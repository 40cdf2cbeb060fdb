/**
 * The toast queue shared by every island of a page (spec point 9: one visible at a time,
 * 5000 ms). A toast meant for the next page (after a redirect) waits in sessionStorage.
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
const nextPageKey = "kasih-next-page-toast";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  durationMs?: number;
  action?: { label: string; onClick: () => void };
}

export interface Toast extends ToastInput {
  id: number;
}

type Listener = (toasts: Toast[]) => void;

let queue: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish() {
  for (const listener of listeners) listener(queue);
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  // At most one is visible: a new toast replaces the one on screen.
  queue = [{ ...input, id }];
  publish();
  return id;
}

export function dismissToast(id: number) {
  queue = queue.filter((item) => item.id !== id);
  publish();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(queue);
  return () => listeners.delete(listener);
}

/**
 * A toast for the next page lives this long: long enough for a redirect or two, short enough that a
 * page which could not show it (no toaster, or left before it hydrated) does not leave it to
 * surprise the person minutes later on an unrelated page.
 */
export const NEXT_PAGE_TOAST_TTL_MS = 15_000;

/** Shows the toast on the page the browser goes to next (it survives one navigation). */
export function toastOnNextPage(input: Omit<ToastInput, "action">) {
  try {
    sessionStorage.setItem(nextPageKey, JSON.stringify({ toast: input, expiresAt: Date.now() + NEXT_PAGE_TOAST_TTL_MS }));
  } catch {
    // storage unavailable (private mode): the toast is only a courtesy
  }
}

/** The waiting toast, if it is still fresh; it is removed either way. */
export function takeNextPageToast(): Omit<ToastInput, "action"> | null {
  try {
    const raw = sessionStorage.getItem(nextPageKey);
    if (raw === null) return null;
    sessionStorage.removeItem(nextPageKey);
    const stored = JSON.parse(raw) as { toast?: Omit<ToastInput, "action">; expiresAt?: number };
    if (stored.toast === undefined || typeof stored.expiresAt !== "number" || stored.expiresAt < Date.now()) return null;
    return stored.toast;
  } catch {
    return null;
  }
}

/** Pages that show no toasts (the landing page) drop a waiting one: it belonged to another moment. */
export function discardNextPageToast() {
  try {
    sessionStorage.removeItem(nextPageKey);
  } catch {
    // nothing to drop
  }
}
