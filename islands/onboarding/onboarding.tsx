import { useEffect, useMemo, useRef, useState, type FocusEvent, type FormEvent, type ReactNode } from "react";
import { useT } from "../runtime/i18n-context";
import { api, ApiError } from "../runtime/api";
import { toast } from "../runtime/toast";
import { errorText, translateMessage } from "../runtime/messages";
import { LoadingScreen } from "../components/loading-screen";
import { PhotosField, type GridPhoto } from "../components/photo-grid";
import { AgeSelect, ChoiceChips, CitySelect, Control, DistanceSlider, OptionSelect, TextField } from "../components/form-control";
import { PromptsField } from "../components/prompts-field";
import { DENOMINATIONS, FAITH_DURATIONS_REGISTRATION, GENDERS, RELATIONSHIP_GOALS, validateProfile } from "../../src/features/profile/profile.schemas";
import { ChurchField } from "../components/church-field";
import { InterestPicker, interestKeysOf } from "../components/interest-picker";
import { churchById } from "../../src/features/churches/church-directory";
import { earliestBirthDate, latestAdultBirthDate } from "../../src/features/profile/birth-date";
import { ONBOARDING_STEPS, type DraftValues, type OnboardingDraft, type OnboardingStep } from "../../src/features/profile/onboarding-steps";
import { PROFILE_CREATED_REDIRECT_MS, SEARCH_DISTANCE_KM } from "../../src/platform/constants";
import { jakartaDayOf } from "../../src/platform/clock";
import { loadOnboardingQuestions, OnboardingQuestions } from "../values/onboarding-questions";
import type { QuestionJson } from "../values/question-editor";

export interface OnboardingProps {
  firstName: string;
  photos: GridPhoto[];
  draft: OnboardingDraft;
}

type Values = DraftValues;

type TextFieldName = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];

/** The fields each step asks for; a server error on one sends the member back to its step. */
const STEP_FIELDS: Record<OnboardingStep, string[]> = {
  photos: ["photos"],
  basics: ["birthDate", "gender", "city", "occupation", "education", "acceptTerms", "confirmAdult"],
  faith: ["denomination", "churchName", "churchId", "faithDuration", "faithTestimony", "jesusChristMeaning", "ministryInvolvement"],
  about: ["bio", "prompts", "interests"],
  preferences: ["relationshipGoals", "preferences"],
};

/** How long typing rests before the step in progress is saved (a closed tab loses nothing). */
const AUTOSAVE_MS = 1200;

function initialValues(draft: OnboardingDraft): Values {
  const v = draft.values;
  return {
    birthDate: v.birthDate ?? "",
    gender: v.gender ?? "",
    city: v.city ?? "",
    occupation: v.occupation ?? "",
    education: v.education ?? "",
    denomination: v.denomination ?? "",
    churchId: v.churchId ?? "",
    churchName: v.churchName ?? "",
    faithDuration: v.faithDuration ?? "",
    faithTestimony: v.faithTestimony ?? "",
    jesusChristMeaning: v.jesusChristMeaning ?? "",
    ministryInvolvement: v.ministryInvolvement ?? "",
    bio: v.bio ?? "",
    interests: v.interests ?? "",
    prompts: v.prompts ?? [],
    relationshipGoals: v.relationshipGoals ?? "",
    ageMin: v.ageMin ?? null,
    ageMax: v.ageMax ?? null,
    maxDistance: v.maxDistance ?? SEARCH_DISTANCE_KM.default,
    acceptTerms: v.acceptTerms ?? false,
    confirmAdult: v.confirmAdult ?? false,
  };
}

/** The body of POST /api/profile, checked live with the API's own schema. */
function profileBody(values: Values, photos: GridPhoto[]) {
  const { ageMin, ageMax, maxDistance, interests, ...rest } = values;
  return { ...rest, churchId: rest.churchId === "" ? null : rest.churchId, photos: photos.map((photo) => photo.id), interests: interestKeysOf(interests), preferences: { ageMin, ageMax, maxDistance } };
}

/**
 * Onboarding in steps (docs/decisions/0096): photos, basics with the birth date and consent, faith,
 * about me with prompts, preferences. Each step is saved as a draft when the member moves on (and
 * while they type), so a closed tab resumes at the same step; the last step creates the profile.
 */
/**
 * A focused field ends wholly above the sticky bar (docs/decisions/0138): the browser scrolls a
 * focused field only when none of it shows, so one peeking out under the bar is brought up here
 * (scrollIntoView keeps the page's scroll-padding, the bar's height: profile.css).
 */
function keepAboveTheBar(event: FocusEvent<HTMLFormElement>) {
  const field = event.target as HTMLElement;
  const bar = event.currentTarget.querySelector(".profile-form-actions");
  if (bar === null || bar.contains(field)) return;
  const box = field.getBoundingClientRect();
  if (box.bottom > bar.getBoundingClientRect().top || box.top < 0) field.scrollIntoView({ block: "nearest" });
}

export function Onboarding({ firstName, photos: initialPhotos, draft }: OnboardingProps) {
  const t = useT();
  const [step, setStep] = useState(Math.min(draft.step, initialPhotos.length === 0 ? 0 : ONBOARDING_STEPS.length - 1));
  const [values, setValues] = useState(() => initialValues(draft));
  const [photos, setPhotos] = useState(initialPhotos);
  const [shownErrors, setShownErrors] = useState<Set<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // After the profile is created: the ten quick values questions, skippable (docs/decisions/0133).
  const [questions, setQuestions] = useState<QuestionJson[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const today = jakartaDayOf(new Date());
  const stepName = ONBOARDING_STEPS[step]!;

  const validation = useMemo(() => validateProfile("create", profileBody(values, photos), { today }), [values, photos, today]);
  const errors: Record<string, string> = validation.ok ? {} : validation.errors;
  const stepErrors = (name: OnboardingStep) => STEP_FIELDS[name].filter((field) => errors[field] !== undefined);
  const errorFor = (field: string) => {
    const message = shownErrors.has(field) && errors[field] ? errors[field] : serverErrors[field];
    return message ? translateMessage(t, message) : undefined;
  };

  // Saves the step in progress once typing rests; the last save wins, and a failure is retried by the next change or Continue.
  const latest = useRef({ step, values });
  latest.current = { step, values };
  const saveDraft = (nextStep: number, current: Values) => api("PUT", "/api/profile/draft", { step: nextStep, values: current });
  const dirty = useRef(false);
  useEffect(() => {
    if (!dirty.current) return;
    const timer = setTimeout(() => void saveDraft(latest.current.step, latest.current.values).catch(() => undefined), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [values]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    dirty.current = true;
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _removed, ...rest }) => rest);
  };
  // A step's messages appear when Continue is pressed, then follow the typing; not on blur: a
  // message appearing on blur moves Continue away from the pointer pressing it.
  const show = (field: string) => () => setShownErrors((current) => new Set(current).add(field));

  const goTo = async (next: number) => {
    setBusy(true);
    try {
      await saveDraft(next, values);
      setStep(next);
      window.scrollTo({ top: 0 });
    } catch (caught) {
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    setBusy(true);
    try {
      await api("POST", "/api/profile", profileBody(values, photos));
      toast({ title: t("profile.created"), description: t("profile.createdBody"), variant: "success" });
      const quick = await loadOnboardingQuestions().catch(() => []);
      if (quick.length > 0) {
        setQuestions(quick);
        setBusy(false);
        window.scrollTo({ top: 0 });
        return;
      }
      setTimeout(() => {
        setLeaving(true);
        window.location.assign("/swipe");
      }, PROFILE_CREATED_REDIRECT_MS);
    } catch (caught) {
      const fieldErrors = caught instanceof ApiError ? (caught.errors ?? {}) : {};
      setServerErrors(fieldErrors);
      const back = ONBOARDING_STEPS.findIndex((name) => STEP_FIELDS[name].some((field) => fieldErrors[field] !== undefined));
      if (back !== -1 && back !== step) setStep(back);
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = stepErrors(stepName);
    if (missing.length > 0) {
      setShownErrors((current) => new Set([...current, ...missing]));
      document.getElementById(`field-${missing[0]}`)?.focus();
      return;
    }
    if (step === ONBOARDING_STEPS.length - 1) void finish();
    else void goTo(step + 1);
  };

  if (leaving) return <LoadingScreen fullscreen />;
  if (questions !== null) {
    return (
      <OnboardingQuestions
        questions={questions}
        onDone={() => {
          setLeaving(true);
          window.location.assign("/swipe");
        }}
      />
    );
  }

  const text = (field: TextFieldName, options: { required?: boolean; multiline?: boolean; hint?: string } = {}) => (
    <TextField field={field} label={t(`profile.fields.${field}`)} error={errorFor(field)} required={options.required} hint={options.hint} multiline={options.multiline} value={values[field] as string} placeholder={t(`profile.placeholders.${field}`)} onChange={(value) => set(field, value)} />
  );
  const select = (field: TextFieldName, options: readonly string[], group: string, required: boolean) => (
    <OptionSelect field={field} label={t(`profile.fields.${field}`)} error={errorFor(field)} required={required} value={values[field] as string} options={options} group={group} placeholder={t("profile.choose")} onChange={(value) => set(field, value)} />
  );
  const consent = (field: "acceptTerms" | "confirmAdult", label: ReactNode) => {
    const error = errorFor(field);
    return (
      <div className="field consent-field">
        <label className="checkbox-row" htmlFor={`field-${field}`}>
          <input
            id={`field-${field}`}
            type="checkbox"
            checked={values[field]}
            onChange={(event) => {
              set(field, event.target.checked);
              show(field)();
            }}
            aria-invalid={error !== undefined}
            aria-describedby={error ? `error-${field}` : undefined}
          />
          <span>{label}</span>
        </label>
        {error ? (
          <p className="field-error" id={`error-${field}`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const ageSelect = (field: "ageMin" | "ageMax") => (
    <AgeSelect id={`field-${field}`} label={t(`onboarding.preferences.${field}`)} anyLabel={t("onboarding.preferences.anyAge")} value={values[field]} invalid={errorFor("preferences") !== undefined} onChange={(age) => set(field, age)} />
  );

  const photoError = errorFor("photos");
  const steps: Record<OnboardingStep, ReactNode> = {
    photos: (
      <PhotosField
        photos={photos}
        onChange={(next) => {
          setPhotos(next);
          show("photos")();
        }}
        error={photoError}
        hint={t("onboarding.photos.hint")}
        legendHidden
      />
    ),
    basics: (
      <>
        <Control field="birthDate" label={t("onboarding.basics.birthDate")} error={errorFor("birthDate")} required hint={t("onboarding.basics.birthDateHint")}>
          {(props) => (
            <input {...props} type="date" min={earliestBirthDate(today)} max={latestAdultBirthDate(today)} value={values.birthDate} onChange={(event) => set("birthDate", event.target.value)} />
          )}
        </Control>
        <ChoiceChips field="gender" legend={t("profile.fields.gender")} required options={GENDERS} group="gender" value={values.gender} error={errorFor("gender")} onChange={(gender) => set("gender", gender)} />
        <CitySelect error={errorFor("city")} value={values.city} onChange={(city) => set("city", city)} />
        <div className="field-row">
          {text("occupation")}
          {text("education")}
        </div>
        <div className="consents">
          {consent(
            "acceptTerms",
            <>
              {t("onboarding.basics.acceptTermsBefore")}{" "}
              <a href="/terms" target="_blank" rel="noopener">
                {t("onboarding.basics.terms")}
              </a>{" "}
              {t("onboarding.basics.and")}{" "}
              <a href="/privacy-policy" target="_blank" rel="noopener">
                {t("onboarding.basics.privacy")}
              </a>
              {t("onboarding.basics.acceptTermsAfter")}
            </>,
          )}
          {consent("confirmAdult", t("onboarding.basics.confirmAdult"))}
        </div>
      </>
    ),
    faith: (
      <>
        <div className="field-row">
          {select("denomination", DENOMINATIONS, "denomination", true)}
          {select("faithDuration", FAITH_DURATIONS_REGISTRATION, "faithDuration", true)}
        </div>
        <ChurchField
          required
          value={{ churchId: values.churchId, church: churchById(values.churchId) ?? null, churchName: values.churchName }}
          onChange={(next) => {
            // Picking a church answers the family too, unless the member chose one already.
            if (next.church !== null && values.denomination === "") set("denomination", next.church.family);
            set("churchId", next.churchId);
            set("churchName", next.churchName);
          }}
          error={errorFor("churchName") ?? errorFor("churchId")}
        />
        {text("faithTestimony", { required: true, multiline: true, hint: t("profile.hints.faithTestimonyCreate") })}
        {text("jesusChristMeaning", { multiline: true })}
        {text("ministryInvolvement")}
      </>
    ),
    about: (
      <>
        {text("bio", { required: true, multiline: true, hint: t("profile.hints.bioCreate") })}
        <PromptsField value={values.prompts} onChange={(next) => set("prompts", next)} error={errorFor("prompts")} />
        <InterestPicker value={values.interests} onChange={(next) => set("interests", next)} error={errorFor("interests")} />
      </>
    ),
    preferences: (
      <>
        <ChoiceChips field="relationshipGoals" legend={t("profile.fields.relationshipGoals")} options={RELATIONSHIP_GOALS} group="relationshipGoals" value={values.relationshipGoals} onChange={(goal) => set("relationshipGoals", goal)} />
        <fieldset className="field" aria-describedby={errorFor("preferences") ? "error-preferences" : undefined}>
          <legend id="field-preferences" tabIndex={-1}>
            {t("onboarding.preferences.ageRange")}
          </legend>
          <div className="field-row">
            {ageSelect("ageMin")}
            {ageSelect("ageMax")}
          </div>
          {errorFor("preferences") ? (
            <p className="field-error" id="error-preferences">
              {errorFor("preferences")}
            </p>
          ) : null}
        </fieldset>
        <DistanceSlider
          id="field-maxDistance"
          label={t("onboarding.preferences.distance")}
          valueText={<strong>{t("onboarding.preferences.km", { count: values.maxDistance })}</strong>}
          value={values.maxDistance}
          hint={t("onboarding.preferences.laterHint")}
          onChange={(km) => set("maxDistance", km)}
        />
      </>
    ),
  };

  const last = step === ONBOARDING_STEPS.length - 1;
  return (
    <form className="form profile-form onboarding" noValidate onSubmit={submit} onFocus={keepAboveTheBar} data-step={stepName}>
      <div className="onboarding-progress">
        <p className="onboarding-count" id="onboarding-count">
          {t("onboarding.stepOf", { step: step + 1, total: ONBOARDING_STEPS.length })}
        </p>
        <div className="progress-track" role="progressbar" aria-labelledby="onboarding-count" aria-valuemin={1} aria-valuemax={ONBOARDING_STEPS.length} aria-valuenow={step + 1}>
          <span className="progress-fill" style={{ width: `${((step + 1) / ONBOARDING_STEPS.length) * 100}%` }} />
        </div>
      </div>
      <header className="onboarding-header">
        <h1 className="page-title" tabIndex={-1} ref={headingRef}>
          {t(`onboarding.${stepName}.title`, { name: firstName })}
        </h1>
        <p className="muted">{t(`onboarding.${stepName}.lead`)}</p>
      </header>
      <div className="onboarding-fields">{steps[stepName]}</div>
      <div className="profile-form-actions onboarding-actions">
        {step > 0 ? (
          <button type="button" className="button button-outline" onClick={() => void goTo(step - 1)} disabled={busy}>
            {t("onboarding.back")}
          </button>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t("profile.saving") : last ? t("onboarding.finish") : t("onboarding.continue")}
        </button>
      </div>
    </form>
  );
}
