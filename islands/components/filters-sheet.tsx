import { useEffect, useState } from "react";
import { useT } from "../runtime/i18n-context";
import { api } from "../runtime/api";
import { toast } from "../runtime/toast";
import { errorText } from "../runtime/messages";
import { Dialog } from "./dialog";
import { XIcon } from "./icons";
import { DENOMINATIONS, RELATIONSHIP_GOALS } from "../../src/features/profile/profile-options";
import { ageRangeInOrder, OPEN_FILTERS, type DiscoveryFilters } from "../../src/features/discovery/filter-state";
import { AgeSelect, DistanceSlider } from "./form-control";
import { MIN_MATCH_STEP } from "../values/min-match";


/**
 * Discover's filters (docs/decisions/0097): a sheet that edits a copy and saves the whole set with
 * PUT /api/discovery/filters; the deck reloads with the server's answer.
 */
export function FiltersSheet({ open, onClose, filters, onSaved, minMatch = 0 }: { open: boolean; onClose: () => void; filters: DiscoveryFilters; onSaved: (filters: DiscoveryFilters, minMatch: number) => void; minMatch?: number }) {
  const t = useT();
  const [draft, setDraft] = useState(filters);
  const [matchDraft, setMatchDraft] = useState(minMatch);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft(filters);
      setMatchDraft(minMatch);
    }
  }, [open]);
  // The server checks everything (filters.ts); the sheet can only get the range upside down.
  const inOrder = ageRangeInOrder(draft);
  const rangeError = inOrder ? undefined : t("messages.choose_an_age_range_between_18_and_100_the_first_no_higher_than_the_second");

  const toggle = (key: "denominations" | "relationshipGoals", value: string) =>
    setDraft((current) => ({ ...current, [key]: current[key].includes(value) ? current[key].filter((entry) => entry !== value) : [...current[key], value] }));

  const save = async () => {
    if (!inOrder) return;
    setSaving(true);
    try {
      const saved = await api<DiscoveryFilters>("PUT", "/api/discovery/filters", draft);
      onSaved(saved, matchDraft);
      toast({ title: t("discover.filters.saved"), variant: "success" });
    } catch (caught) {
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const ageSelect = (key: "ageMin" | "ageMax") => (
    <AgeSelect id={`filter-${key}`} label={t(`discover.filters.${key}`)} anyLabel={t("discover.filters.any")} value={draft[key]} invalid={rangeError !== undefined} onChange={(age) => setDraft((current) => ({ ...current, [key]: age }))} />
  );
  const chips = (key: "denominations" | "relationshipGoals", options: readonly string[], group: string) => (
    <div className="filter-section">
      <fieldset className="field filter-group">
        <legend>{t(`discover.filters.${key}`)}</legend>
        <p className="field-hint">{t("discover.filters.anyHint")}</p>
        <div className="choice-chips">
          {options.map((option) => (
            <label key={option} className="choice-chip">
              <input type="checkbox" name={key} value={option} checked={draft[key].includes(option)} onChange={() => toggle(key, option)} />
              <span>{t(`options.${group}.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("discover.filters.title")}
      className="filters-sheet"
      headerAction={
        <button type="button" className="profile-overlay-close" onClick={onClose} aria-label={t("common.close")}>
          <XIcon size={20} />
        </button>
      }
    >
      <form
        className="form filters-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="filter-section">
          <fieldset className="field filter-group">
            <legend>{t("discover.filters.ageRange")}</legend>
            <div className="field-row">
              {ageSelect("ageMin")}
              {ageSelect("ageMax")}
            </div>
            {rangeError ? (
              <p className="field-error" role="alert">
                {rangeError}
              </p>
            ) : null}
          </fieldset>
        </div>
        <DistanceSlider
          id="filter-distance"
          className="filter-group filter-section"
          label={t("discover.filters.distance")}
          valueText={<strong data-testid="filter-distance-value">{t("discover.filters.km", { count: draft.maxDistance })}</strong>}
          value={draft.maxDistance}
          onChange={(km) => setDraft((current) => ({ ...current, maxDistance: km }))}
        />
        <div className="field settings-slider filter-group filter-section">
          <label htmlFor="filter-min-match">
            {t("discover.filters.minMatch")} <strong data-testid="filter-min-match-value">{matchDraft === 0 ? t("discover.filters.minMatchAny") : t("discover.filters.minMatchValue", { percent: matchDraft })}</strong>
          </label>
          <input id="filter-min-match" type="range" min={0} max={100} step={MIN_MATCH_STEP} value={matchDraft} onChange={(event) => setMatchDraft(Number(event.target.value))} aria-describedby="filter-min-match-hint" />
          <p className="field-hint" id="filter-min-match-hint">
            {t("discover.filters.minMatchHint")}
          </p>
        </div>
        {chips("denominations", DENOMINATIONS, "denomination")}
        {chips("relationshipGoals", RELATIONSHIP_GOALS, "relationshipGoals")}
        <div className="field filter-group filter-switch filter-section">
          <label className="checkbox-row" htmlFor="filter-verified">
            <input id="filter-verified" type="checkbox" checked={draft.verifiedOnly} onChange={(event) => setDraft((current) => ({ ...current, verifiedOnly: event.target.checked }))} />
            <span>
              <strong>{t("discover.filters.verifiedOnly")}</strong>
              <br />
              <span className="muted">{t("discover.filters.verifiedOnlyHint")}</span>
            </span>
          </label>
        </div>
        <div className="dialog-actions filters-actions">
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setDraft((current) => ({ ...current, ...OPEN_FILTERS }));
              setMatchDraft(0);
            }}
          >
            {t("discover.filters.reset")}
          </button>
          <button type="submit" className="button button-primary" disabled={saving || !inOrder}>
            {saving ? t("discover.filters.saving") : t("discover.filters.apply")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
