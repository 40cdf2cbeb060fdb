import { useEffect, useState } from "react";
import { Dialog } from "./dialog";
import { api, ApiError } from "../runtime/api";
import { useT } from "../runtime/i18n-context";
import { translateMessage } from "../runtime/messages";
import { toast, toastOnNextPage } from "../runtime/toast";
import { MAX_REPORT_DESCRIPTION, REPORT_REASONS, type ReportReason } from "../../src/features/safety/report-reasons";

type Step = "menu" | "unmatch" | "block" | "report";

/**
 * Unmatch, block and report one person, from a chat or a discover card (issue 6). Needs the
 * "safety" copy namespace on the page. `onRemoved` runs after an unmatch or block (the chat
 * leaves; a discover card moves on); without it the page goes to /matches.
 */
export function SafetyMenu({
  userId,
  name,
  matchId,
  onRemoved,
  triggerClassName,
  reportScam = 0,
}: {
  userId: string;
  name: string;
  matchId?: string;
  onRemoved?: () => void;
  triggerClassName?: string;
  /** Counts the scam guard's 'Report' presses: each opens the report form with "scam" chosen. */
  reportScam?: number;
}) {
  const t = useT();
  const [step, setStep] = useState<Step | null>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState<ReportReason | "">("");
  useEffect(() => {
    if (reportScam === 0) return;
    setReason("scam");
    setStep("report");
  }, [reportScam]);
  const [description, setDescription] = useState("");
  // Reporting blocks by default (docs/decisions/0089): the reporter is out of reach at once.
  const [alsoBlock, setAlsoBlock] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setStep(null);
    setError(null);
  };
  // A <dialog> also fires "close" when the next step's dialog replaces it: only the dialog
  // of the current step may end the flow.
  const closeIf = (which: Step) => () => setStep((current) => (current === which ? null : current));

  const run = async (action: () => Promise<unknown>, done: string, removes: boolean, note?: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      close();
      if (removes) {
        if (onRemoved !== undefined) {
          toast({ title: done, description: note, variant: "success" });
          onRemoved();
        } else {
          toastOnNextPage({ title: done, description: note, variant: "success", durationMs: note === undefined ? undefined : 10_000 });
          location.assign("/matches");
        }
      } else toast({ title: done, variant: "success" });
    } catch (caught) {
      setError(caught instanceof ApiError ? translateMessage(t, caught.message) : t("messages.network_error"));
    } finally {
      setBusy(false);
    }
  };

  const unmatch = () => run(() => api("POST", `/api/matches/${encodeURIComponent(matchId ?? "")}/unmatch`), t("safety.unmatched", { name }), true);
  const block = () => run(() => api("POST", "/api/blocks", { userId }), t("safety.blocked", { name }), true);
  const report = () => {
    if (reason === "") {
      setError(t("safety.reasonRequired"));
      return;
    }
    const body = { reportedUserId: userId, reason, description, block: alsoBlock };
    if (alsoBlock) void run(() => api("POST", "/api/reports", body), t("safety.reportedBlocked", { name }), true, t("safety.safetyNote", { name }));
    else void run(() => api("POST", "/api/reports", body), t("safety.reported"), false);
  };

  return (
    <>
      <button type="button" className={triggerClassName ?? "button button-ghost button-small"} aria-haspopup="dialog" onClick={() => setStep("menu")} data-testid="safety-menu">
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">{t("safety.menu", { name })}</span>
      </button>
      <Dialog open={step === "menu"} onClose={closeIf("menu")} title={t("safety.title", { name })}>
        <div className="safety-actions">
          {matchId !== undefined ? (
            <button type="button" className="button button-outline button-block" onClick={() => setStep("unmatch")}>
              {t("safety.unmatch")}
            </button>
          ) : null}
          <button type="button" className="button button-outline button-block" onClick={() => setStep("block")}>
            {t("safety.block")}
          </button>
          <button type="button" className="button button-danger button-block" onClick={() => setStep("report")}>
            {t("safety.report")}
          </button>
          <button type="button" className="button button-ghost button-block" onClick={close}>
            {t("safety.cancel")}
          </button>
        </div>
      </Dialog>
      <Dialog open={step === "unmatch"} onClose={closeIf("unmatch")} title={t("safety.unmatchTitle", { name })} description={t("safety.unmatchBody")}>
        {error ? <p className="form-error" role="alert">{error}</p> : null}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={close}>
            {t("safety.cancel")}
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void unmatch()}>
            {t("safety.unmatch")}
          </button>
        </div>
      </Dialog>
      <Dialog open={step === "block"} onClose={closeIf("block")} title={t("safety.blockTitle", { name })} description={t("safety.blockBody")}>
        {error ? <p className="form-error" role="alert">{error}</p> : null}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={close}>
            {t("safety.cancel")}
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void block()}>
            {t("safety.block")}
          </button>
        </div>
      </Dialog>
      <Dialog open={step === "report"} onClose={closeIf("report")} title={t("safety.reportTitle", { name })} description={t("safety.reportBody")}>
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            report();
          }}
        >
          <fieldset className="field report-reasons">
            <legend>{t("safety.reason")}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="report-reason">
                <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
                <span>{t(`safety.reasons.${value}`)}</span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="report-description">{t("safety.description")}</label>
            <textarea id="report-description" rows={3} maxLength={MAX_REPORT_DESCRIPTION} value={description} onChange={(event) => setDescription(event.target.value)} />
          </div>
          <label className="check-row">
            <input type="checkbox" name="block" checked={alsoBlock} onChange={(event) => setAlsoBlock(event.target.checked)} data-testid="report-also-block" />
            <span>
              <span className="check-row-title">{t("safety.alsoBlock", { name })}</span>
              <span className="check-row-hint">{t("safety.alsoBlockHint")}</span>
            </span>
          </label>
          {error ? <p className="form-error" role="alert">{error}</p> : null}
          <div className="dialog-actions">
            <button type="button" className="button button-ghost" onClick={close}>
              {t("safety.cancel")}
            </button>
            <button type="submit" className="button button-danger" disabled={busy}>
              {t("safety.sendReport")}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
