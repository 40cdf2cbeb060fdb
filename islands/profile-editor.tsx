import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useI18n } from "./runtime/i18n-context";
import { api, ApiError } from "./runtime/api";
import { toast, toastOnNextPage } from "./runtime/toast";
import { errorText, translateMessage } from "./runtime/messages";
import { LoadingScreen } from "./components/loading-screen";
import { CitySelect, Control, OptionSelect, TextField } from "./components/form-control";
import { PromptsField, type PromptValue } from "./components/prompts-field";
import { PhotosField, type GridPhoto } from "./components/photo-grid";
import { ChurchField, type ChurchChoice } from "./components/church-field";
import { InterestPicker, interestKeysOf } from "./components/interest-picker";
import { DENOMINATIONS, editFaithDurations, GENDERS, RELATIONSHIP_GOALS, validateProfile } from "../src/features/profile/profile.schemas";
import { ageOn, earliestBirthDate, latestAdultBirthDate } from "../src/features/profile/birth-date";
import { jakartaDayOf } from "../src/platform/clock";

export interface ProfileFormValues {
  /** Filled in only by a profile made before birth dates (it must give one); otherwise "" and not sent. */
  birthDate: string;
  gender: string;
  denomination: string;
  /** A directory church's id, or "" (churchName is then the church, written freely). */
  churchId: string;
  churchName: string;
  faithTestimony: string;
  faithDuration: string;
  bio: string;
  ministryInvolvement: string;
  relationshipGoals: string;
  jesusChristMeaning: string;
  occupation: string;
  education: string;
  interests: string;
  city: string;
}

export interface ProfileEditorProps {
  initial: ProfileFormValues;
  prompts: PromptValue[];
  /** The stored birth date; null for a profile made before birth dates. */
  storedBirthDate: string | null;
  photos: GridPhoto[];
  /** The directory church of initial.churchId, to show its name. */
  church: ChurchChoice | null;
}

type Field = keyof ProfileFormValues | "photos" | "prompts";

/**
 * 'Edit Profile' of spec point 4 (edit rules, PATCH, then /profile); a new member gets onboarding
 * instead (islands/onboarding). The messages come live from the same schema the API uses. The
 * age shows from the birth date and is not editable (docs/decisions/0096).
 */
export function ProfileEditor({ initial, prompts: initialPrompts, storedBirthDate, photos: initialPhotos, church: initialChurch }: ProfileEditorProps) {
  const { t, lang } = useI18n();
  const mode = "edit";
  const today = jakartaDayOf(new Date());
  const [values, setValues] = useState(initial);
  const [church, setChurch] = useState(initialChurch);
  const [prompts, setPrompts] = useState(initialPrompts);
  const [photos, setPhotos] = useState(initialPhotos);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const body = (current: ProfileFormValues, currentPhotos: GridPhoto[], currentPrompts: PromptValue[]) => ({
    ...current,
    birthDate: storedBirthDate === null ? current.birthDate : undefined,
    churchId: current.churchId === "" ? null : current.churchId,
    photos: currentPhotos.map((photo) => photo.id),
    interests: interestKeysOf(current.interests),
    prompts: currentPrompts,
  });

  const validation = useMemo(
    () => validateProfile(mode, body(values, photos, prompts), { today, keptFaithDuration: initial.faithDuration, storedBirthDate }),
    [values, photos, prompts, initial.faithDuration, storedBirthDate, today],
  );
  const errors: Record<string, string> = validation.ok ? {} : validation.errors;

  const errorFor = (field: Field) => {
    const message = (submitted || touched[field]) && errors[field] ? errors[field] : serverErrors[field];
    return message ? translateMessage(t, message) : undefined;
  };

  const set = (field: keyof ProfileFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };
  const touch = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!validation.ok) {
      const first = Object.keys(validation.errors)[0];
      document.getElementById(`field-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await api("PATCH", "/api/profile", body(values, photos, prompts));
      toastOnNextPage({ title: t("profile.updated"), variant: "success" });
      setLeaving(true);
      window.location.assign("/profile");
    } catch (caught) {
      setServerErrors(caught instanceof ApiError ? (caught.errors ?? {}) : {});
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
      setSaving(false);
    }
  };

  if (leaving) return <LoadingScreen fullscreen />;

  const durations = editFaithDurations(initial.faithDuration);
  const select = (field: keyof ProfileFormValues, options: readonly string[], group: string, required: boolean) => (
    <OptionSelect field={field} label={t(`profile.fields.${field}`)} error={errorFor(field)} required={required} value={values[field]} options={options} group={group} placeholder={t("profile.choose")} onChange={set(field)} onBlur={touch(field)} />
  );
  const text = (field: keyof ProfileFormValues, required: boolean, multiline = false, hint?: string) => (
    <TextField field={field} label={t(`profile.fields.${field}`)} error={errorFor(field)} required={required} hint={hint} multiline={multiline} value={values[field]} placeholder={t(`profile.placeholders.${field}`)} onChange={set(field)} onBlur={touch(field)} />
  );

  const photoError = errorFor("photos");

  const fields: Record<string, ReactNode> = {
    birthDate:
      storedBirthDate === null ? (
        <Control field="birthDate" label={t("onboarding.basics.birthDate")} error={errorFor("birthDate")} required hint={t("onboarding.basics.birthDateHint")}>
          {(props) => <input {...props} type="date" min={earliestBirthDate(today)} max={latestAdultBirthDate(today)} value={values.birthDate} onChange={(event) => set("birthDate")(event.target.value)} onBlur={touch("birthDate")} />}
        </Control>
      ) : (
        <div className="field">
          <span className="field-label">{t("profile.fields.age")}</span>
          <p className="field-static" data-testid="age-from-birth-date">
            {t("profile.ageFromBirthDate", { age: ageOn(storedBirthDate, today), date: new Date(`${storedBirthDate}T00:00:00Z`).toLocaleDateString(lang === "id" ? "id-ID" : "en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }) })}
          </p>
          <p className="field-hint">{t("profile.hints.birthDateLocked")}</p>
        </div>
      ),
    gender: select("gender", GENDERS, "gender", true),
    denomination: select("denomination", DENOMINATIONS, "denomination", true),
    churchName: (
      <ChurchField
        required
        value={{ churchId: values.churchId, church, churchName: values.churchName }}
        onChange={(next) => {
          setChurch(next.church);
          // Picking a church answers the family too, unless the member chose one already.
          if (next.church !== null && values.denomination === "") set("denomination")(next.church.family);
          set("churchId")(next.churchId);
          set("churchName")(next.churchName);
        }}
        onBlur={touch("churchName")}
        error={errorFor("churchName") ?? errorFor("churchId")}
      />
    ),
    faithTestimony: text("faithTestimony", true, true, t("profile.hints.faithTestimonyEdit")),
    faithDuration: select("faithDuration", durations, "faithDuration", true),
    bio: text("bio", true, true, t("profile.hints.bioEdit")),
    ministryInvolvement: text("ministryInvolvement", false),
    relationshipGoals: select("relationshipGoals", RELATIONSHIP_GOALS, "relationshipGoals", true),
    jesusChristMeaning: text("jesusChristMeaning", true, true, t("profile.hints.jesusChristMeaning")),
    prompts: (
      <PromptsField
        value={prompts}
        onChange={(next) => {
          setPrompts(next);
          setServerErrors(({ prompts: _removed, ...rest }) => rest);
        }}
        onBlur={touch("prompts")}
        error={errorFor("prompts")}
      />
    ),
  };
  const order = ["gender", "bio", "prompts", "denomination", "churchName", "faithDuration", "faithTestimony", "jesusChristMeaning", "relationshipGoals", "ministryInvolvement"];

  return (
    <form className="form profile-form" noValidate onSubmit={submit}>
      <PhotosField
        photos={photos}
        onChange={(next) => {
          setPhotos(next);
          setTouched((current) => ({ ...current, photos: true }));
        }}
        error={photoError}
      />

      <section className="profile-form-section" aria-labelledby="section-about">
        <h2 id="section-about" className="profile-form-heading">
          {t("profile.sections.aboutYou")}
        </h2>
        <div className="field-row">
          {fields.birthDate}
          {fields.gender}
        </div>
        {order.filter((field) => field !== "gender").map((field) => (
          <div key={field}>{fields[field]}</div>
        ))}
      </section>

      <section className="profile-form-section" aria-labelledby="section-more">
        <h2 id="section-more" className="profile-form-heading">
          {t("profile.sections.more")}
        </h2>
        <div className="field-row">
          {text("occupation", false)}
          {text("education", false)}
        </div>
        <InterestPicker value={values.interests} onChange={set("interests")} error={errorFor("interests")} />
        <CitySelect error={errorFor("city")} value={values.city} onChange={set("city")} onBlur={touch("city")} />
      </section>

      <div className="profile-form-actions">
        <a className="button button-outline" href="/profile">
          {t("common.cancel")}
        </a>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? t("profile.saving") : t("profile.saveChanges")}
        </button>
      </div>
    </form>
  );
}

