import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useT } from "./runtime/i18n-context";
import { api, ApiError } from "./runtime/api";
import { toast, toastOnNextPage } from "./runtime/toast";
import { errorText, translateMessage } from "./runtime/messages";
import { LoadingScreen } from "./components/loading-screen";
import { PhotoGrid, type GridPhoto } from "./components/photo-grid";
import { CITIES } from "../src/features/profile/cities";
import {
  DENOMINATIONS,
  editFaithDurations,
  FAITH_DURATIONS_REGISTRATION,
  GENDERS,
  RELATIONSHIP_GOALS,
  splitInterests,
  validateProfile,
  type ProfileMode,
} from "../src/features/profile/profile.schemas";
import { MAX_AGE, MIN_AGE, PROFILE_CREATED_REDIRECT_MS } from "../src/platform/constants";

export interface ProfileFormValues {
  age: string;
  gender: string;
  denomination: string;
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
  mode: ProfileMode;
  initial: ProfileFormValues;
  photos: GridPhoto[];
}

type Field = keyof ProfileFormValues | "photos";

/**
 * The profile editor of spec point 4, in two modes: 'Complete Your Profile' (registration rules,
 * POST, then /swipe after 1 second) and 'Edit Profile' (edit rules, PATCH, then /profile). The
 * messages come live from the same schema the API uses.
 */
export function ProfileEditor({ mode, initial, photos: initialPhotos }: ProfileEditorProps) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const [photos, setPhotos] = useState(initialPhotos);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const body = (current: ProfileFormValues, currentPhotos: GridPhoto[]) => ({
    ...current,
    age: current.age,
    photos: currentPhotos.map((photo) => photo.id),
    interests: splitInterests(current.interests),
    relationshipGoals: current.relationshipGoals,
  });

  const validation = useMemo(() => validateProfile(mode, body(values, photos), initial.faithDuration), [mode, values, photos, initial.faithDuration]);
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
      await api(mode === "create" ? "POST" : "PATCH", "/api/profile", body(values, photos));
      if (mode === "create") {
        toast({ title: t("profile.created"), description: t("profile.createdBody"), variant: "success" });
        setTimeout(() => {
          setLeaving(true);
          window.location.assign("/swipe");
        }, PROFILE_CREATED_REDIRECT_MS);
      } else {
        toastOnNextPage({ title: t("profile.updated"), variant: "success" });
        setLeaving(true);
        window.location.assign("/profile");
      }
    } catch (caught) {
      setServerErrors(caught instanceof ApiError ? (caught.errors ?? {}) : {});
      toast({ title: t("toast.error"), description: errorText(t, caught), variant: "destructive" });
      setSaving(false);
    }
  };

  if (leaving) return <LoadingScreen fullscreen />;

  const durations = mode === "create" ? FAITH_DURATIONS_REGISTRATION : editFaithDurations(initial.faithDuration);
  const select = (field: keyof ProfileFormValues, options: readonly string[], group: string, required: boolean) => (
    <Control field={field} label={t(`profile.fields.${field}`)} error={errorFor(field)} required={required}>
      {(props) => (
        <select {...props} value={values[field]} onChange={(event) => set(field)(event.target.value)} onBlur={touch(field)}>
          <option value="">{t("profile.choose")}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`options.${group}.${option}`)}
            </option>
          ))}
        </select>
      )}
    </Control>
  );
  const text = (field: keyof ProfileFormValues, required: boolean, multiline = false, hint?: string) => (
    <Control field={field} label={t(`profile.fields.${field}`)} error={errorFor(field)} required={required} hint={hint}>
      {(props) =>
        multiline ? (
          <textarea {...props} rows={4} value={values[field]} onChange={(event) => set(field)(event.target.value)} onBlur={touch(field)} placeholder={t(`profile.placeholders.${field}`)} />
        ) : (
          <input {...props} type="text" value={values[field]} onChange={(event) => set(field)(event.target.value)} onBlur={touch(field)} placeholder={t(`profile.placeholders.${field}`)} />
        )
      }
    </Control>
  );

  const photoError = errorFor("photos");
  const isCreate = mode === "create";

  const fields: Record<string, ReactNode> = {
    age: (
      <Control field="age" label={t("profile.fields.age")} error={errorFor("age")} required>
        {(props) => <input {...props} type="number" inputMode="numeric" min={MIN_AGE} max={MAX_AGE} value={values.age} onChange={(event) => set("age")(event.target.value)} onBlur={touch("age")} />}
      </Control>
    ),
    gender: select("gender", GENDERS, "gender", true),
    denomination: select("denomination", DENOMINATIONS, "denomination", true),
    churchName: text("churchName", true),
    faithTestimony: text("faithTestimony", true, true, t(isCreate ? "profile.hints.faithTestimonyCreate" : "profile.hints.faithTestimonyEdit")),
    faithDuration: select("faithDuration", durations, "faithDuration", true),
    bio: text("bio", true, true, t(isCreate ? "profile.hints.bioCreate" : "profile.hints.bioEdit")),
    ministryInvolvement: text("ministryInvolvement", false),
    relationshipGoals: select("relationshipGoals", RELATIONSHIP_GOALS, "relationshipGoals", !isCreate),
    jesusChristMeaning: text("jesusChristMeaning", !isCreate, true, isCreate ? undefined : t("profile.hints.jesusChristMeaning")),
  };
  const order = isCreate
    ? ["age", "gender", "denomination", "churchName", "faithTestimony", "faithDuration", "bio", "ministryInvolvement", "relationshipGoals", "jesusChristMeaning"]
    : ["age", "gender", "bio", "denomination", "churchName", "faithDuration", "faithTestimony", "jesusChristMeaning", "relationshipGoals", "ministryInvolvement"];

  return (
    <form className="form profile-form" noValidate onSubmit={submit}>
      <fieldset className="field profile-photos-field" aria-describedby={photoError ? "error-photos" : undefined}>
        <legend id="field-photos" tabIndex={-1}>
          {t("profile.fields.photos")} <span className="required-mark">*</span>
        </legend>
        <PhotoGrid
          photos={photos}
          onChange={(next) => {
            setPhotos(next);
            setTouched((current) => ({ ...current, photos: true }));
          }}
          error={photoError}
          describedBy={photoError ? "error-photos" : undefined}
        />
        {photoError ? (
          <p className="field-error" id="error-photos" role="alert">
            {photoError}
          </p>
        ) : null}
      </fieldset>

      <section className="profile-form-section" aria-labelledby="section-about">
        <h2 id="section-about" className="profile-form-heading">
          {t("profile.sections.aboutYou")}
        </h2>
        <div className="field-row">
          {fields.age}
          {fields.gender}
        </div>
        {order.filter((field) => field !== "age" && field !== "gender").map((field) => (
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
        {text("interests", false, false, t("profile.hints.interests"))}
        <Control field="city" label={t("profile.fields.city")} error={errorFor("city")} hint={t("profile.hints.city")}>
          {(props) => (
            <select {...props} value={values.city} onChange={(event) => set("city")(event.target.value)} onBlur={touch("city")}>
              <option value="">{t("profile.noCity")}</option>
              {CITIES.map((city) => (
                <option key={city.id} value={city.id}>
                  {city.name}, {city.province}
                </option>
              ))}
            </select>
          )}
        </Control>
      </section>

      <div className="profile-form-actions">
        {isCreate ? null : (
          <a className="button button-outline" href="/profile">
            {t("common.cancel")}
          </a>
        )}
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? t("profile.saving") : isCreate ? t("profile.completeSubmit") : t("profile.saveChanges")}
        </button>
      </div>
    </form>
  );
}

/** One labelled control with its hint and live error, wired for screen readers. */
function Control({
  field,
  label,
  error,
  hint,
  required = false,
  children,
}: {
  field: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string; "aria-required": boolean }) => ReactNode;
}) {
  const describedBy = [hint ? `hint-${field}` : null, error ? `error-${field}` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={`field-${field}`}>
        {label}
        {required ? <span className="required-mark"> *</span> : null}
      </label>
      {children({ id: `field-${field}`, name: field, "aria-invalid": error !== undefined, "aria-describedby": describedBy, "aria-required": required })}
      {hint ? (
        <p className="field-hint" id={`hint-${field}`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`error-${field}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
