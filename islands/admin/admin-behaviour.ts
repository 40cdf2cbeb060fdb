/**
 * The admin panel's browser code besides htmx itself (docs/decisions/0082-admin-panel-htmx.md):
 * - changes are sent as JSON to the JSON calls of ADMIN.md (typed: switches and checkboxes as
 *   booleans, number inputs as numbers, hx-vals as written);
 * - failed calls never swap: they toast the element's data-error-title and the server's message
 *   in the admin's language (spec point 8);
 * - HX-Trigger "kasih:toast" shows the server's success toast;
 * - server-rendered dialogs open when swapped in, close on success, and a button with
 *   data-requires="#field" stays disabled while that field is blank (the ban reason, point 5);
 * - a link with data-open-dialog opens a dialog already on the page (a member's photo, large).
 */
import type { TFunction } from "i18next";
import { toast } from "../runtime/toast";
import { translateMessage } from "../runtime/messages";
import { copyText } from "../components/copy-button";

interface HtmxContext {
  sourceElement: Element;
  request: { method: string; body: unknown; headers: Record<string, string>; form?: HTMLFormElement | null };
  response?: { status: number };
  vals?: Record<string, unknown>;
  text?: string;
}

type HtmxEvent = CustomEvent<{ ctx: HtmxContext }>;

/** A form's fields with their types: checkbox → boolean, number → number (raw text if not one). */
export function formValues(form: HTMLFormElement | null | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (!form) return values;
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)) continue;
    if (!element.name || element.disabled) continue;
    if (element instanceof HTMLInputElement && element.type === "checkbox") values[element.name] = element.checked;
    else if (element instanceof HTMLInputElement && element.type === "radio") {
      if (element.checked) values[element.name] = element.value;
    } else if (element instanceof HTMLInputElement && element.type === "number") values[element.name] = element.value.trim() === "" || Number.isNaN(element.valueAsNumber) ? element.value : element.valueAsNumber;
    else values[element.name] = element.value;
  }
  return values;
}

function errorMessageOf(text: string | undefined): string | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === "string" ? parsed.message : null;
  } catch {
    return null;
  }
}

function closeDialogOf(element: Element) {
  const dialog = element.closest("dialog");
  if (dialog instanceof HTMLDialogElement) dialog.close();
}

/** Buttons with data-requires="#id" are enabled only while that field has non-blank text. */
function syncRequiredButtons(root: ParentNode = document) {
  for (const button of Array.from(root.querySelectorAll<HTMLButtonElement>("button[data-requires]"))) {
    const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(button.dataset.requires ?? "");
    button.disabled = field === null || field.value.trim().length === 0;
  }
}

/**
 * A select with data-off-when="value" data-off-target="#field" disables that field while the value
 * is chosen (a revoked plan has no end date): a disabled field is not sent (formValues).
 */
function syncSwitchedOffFields(root: ParentNode = document) {
  for (const select of Array.from(root.querySelectorAll<HTMLSelectElement>("select[data-off-when]"))) {
    const field = document.querySelector<HTMLInputElement>(select.dataset.offTarget ?? "");
    if (field !== null) field.disabled = select.value === select.dataset.offWhen;
  }
}

function openSwappedDialogs(root: ParentNode = document) {
  for (const dialog of Array.from(root.querySelectorAll<HTMLDialogElement>("dialog[data-autoshow]"))) {
    if (dialog.open) continue;
    dialog.removeAttribute("data-autoshow");
    // A dialog is a moment: it leaves the page when it closes, so the next one starts fresh.
    dialog.addEventListener("close", () => dialog.remove(), { once: true });
    dialog.showModal();
    dialog.querySelector<HTMLElement>("[autofocus]")?.focus();
  }
}

export function installAdminBehaviour(t: TFunction) {
  // JSON bodies for changes: after htmx has built its form body, before fetch.
  document.addEventListener("htmx:before:request", (event) => {
    const { ctx } = (event as unknown as HtmxEvent).detail;
    if (/^(GET|DELETE)$/i.test(ctx.request.method)) return;
    const body = { ...formValues(ctx.request.form ?? ctx.sourceElement.closest("form")), ...(ctx.vals ?? {}) };
    ctx.request.body = JSON.stringify(body);
    ctx.request.headers["Content-Type"] = "application/json";
    ctx.request.headers.Accept = "application/json";
  });

  document.addEventListener("htmx:after:request", (event) => {
    const { ctx } = (event as unknown as HtmxEvent).detail;
    const status = ctx.response?.status ?? 0;
    if (status >= 400) {
      const titled = ctx.sourceElement.closest<HTMLElement>("[data-error-title]");
      const message = errorMessageOf(ctx.text);
      // Bad input (400) may have its own title (spec point 8: 'Validation Error'); other failures the element's.
      const title = (status === 400 ? titled?.closest<HTMLElement>("[data-validation-title]")?.dataset.validationTitle : undefined) ?? titled?.dataset.errorTitle ?? t("toast.error");
      toast({ variant: "destructive", title, description: message === null ? t("messages.network_error") : translateMessage(t, message) });
      return;
    }
    if (!/^(GET)$/i.test(ctx.request.method)) closeDialogOf(ctx.sourceElement);
  });

  // The network failed or the swap broke: say so instead of leaving a spinner.
  document.addEventListener("htmx:error", (event) => {
    const { ctx } = (event as unknown as HtmxEvent).detail;
    if (ctx?.response) return; // an HTTP error was toasted above
    toast({ variant: "destructive", title: ctx?.sourceElement?.closest<HTMLElement>("[data-error-title]")?.dataset.errorTitle ?? t("toast.error"), description: t("messages.network_error") });
  });

  document.addEventListener("kasih:toast", (event) => {
    const detail = (event as CustomEvent<{ title?: string; description?: string; variant?: "success" | "default" | "destructive" }>).detail;
    if (detail?.title) toast({ title: detail.title, description: detail.description, variant: detail.variant ?? "success" });
  });

  document.addEventListener("htmx:after:swap", () => {
    openSwappedDialogs();
    syncRequiredButtons();
    syncSwitchedOffFields();
  });

  document.addEventListener("input", (event) => {
    if (event.target instanceof HTMLElement && event.target.closest("dialog, form")) syncRequiredButtons();
  });

  document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLSelectElement && event.target.dataset.offWhen !== undefined) syncSwitchedOffFields();
  });

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("[data-close-dialog]") : null;
    if (target !== null) closeDialogOf(target);
  });

  // A link with data-open-dialog="id" opens that dialog of the page (a member's photo, large);
  // without script the link opens the file itself.
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-open-dialog]") : null;
    const dialog = link === null ? null : document.getElementById(link.dataset.openDialog ?? "");
    if (!(dialog instanceof HTMLDialogElement) || event.defaultPrevented || (event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey))) return;
    event.preventDefault();
    dialog.showModal();
  });

  // A button with data-copy="text" copies it (a gateway's notification URL) and says so.
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-copy]") : null;
    if (button === null) return;
    void copyText(button.dataset.copy ?? "").then((copied) =>
      toast(
        copied
          ? { variant: "success", title: t("common.copy.copiedBang"), description: t("common.copy.itemCopied", { item: button.dataset.copyItem ?? button.dataset.copy }) }
          : { variant: "destructive", title: t("common.copy.failedTitle"), description: t("common.copy.failed") },
      ),
    );
  });

  openSwappedDialogs();
  syncRequiredButtons();
  syncSwitchedOffFields();
}
