import { useEffect, useRef, useState } from "react";
import { useT } from "../runtime/i18n-context";
import { toast } from "../runtime/toast";
import { COPY_CONFIRMATION_MS } from "../../src/platform/constants";

/** Writes text to the clipboard; false when the browser refuses (no permission, insecure origin). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.error("Clipboard write failed", error);
    return false;
  }
}

/**
 * A copy button that reads "Copied" for about 2 seconds (spec point 9). With `item`, it also
 * shows the toast '{item} copied to clipboard' (mobile configuration panel).
 */
export function CopyButton({ value, label, item, copiedLabel }: { value: string; label: string; item?: string; copiedLabel?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current !== null) clearTimeout(timer.current);
  }, []);

  const copy = async () => {
    if (!(await copyText(value))) {
      toast({ title: t("common.copy.failedTitle"), description: t("common.copy.failed"), variant: "destructive" });
      return;
    }
    setCopied(true);
    if (item !== undefined) toast({ title: t("common.copy.copiedBang"), description: t("common.copy.itemCopied", { item }), variant: "success" });
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <button type="button" className={`button button-small ${copied ? "button-copied" : "button-outline"}`} onClick={copy} aria-label={copied ? undefined : label} data-copy-state={copied ? "copied" : "idle"}>
      {copied ? <CheckGlyph /> : <CopyGlyph />}
      <span aria-live="polite">{copied ? (copiedLabel ?? t("common.copy.copied")) : t("common.copy.copy")}</span>
    </button>
  );
}

function CopyGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}

function CheckGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}
