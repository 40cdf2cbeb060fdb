import { churchLabel } from "../churches/church-label";
import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { CrownIcon, HeartIcon, ShieldCheckIcon, UserIcon } from "../../../islands/components/icons";
import { ProfileEditor, type ProfileEditorProps } from "../../../islands/profile-editor";
import { Onboarding, type OnboardingProps } from "../../../islands/onboarding/onboarding";
import { PromptAnswers } from "../../../islands/components/prompts-field";
import { thumbOf } from "../../../islands/components/photo-url";
import { draftOf } from "./onboarding-draft";
import { ProfilePictureDialog } from "../../../islands/profile-picture-dialog";
import { SettingsPanel, type SettingsPanelProps } from "../../../islands/settings-panel";
import { PhoneNumberSetting } from "../../../islands/components/phone-number-setting";
import { provenPhone } from "../payments/payer-phone";
import { offeredChannels, type PhoneChannel } from "../phone-sign-in/phone-channels";
import { chaperoneStatusOf } from "../chaperone/chaperone.service";
import { settingsOf } from "../settings/settings.service";
import { accountHasPassword } from "../account/delete-own-account";
import { currentUser, requirePage } from "../../middleware/guards";
import { DEFAULT_LOCATION_TEXT, MAX_PROFILE_PHOTOS, SEARCH_DISTANCE_KM } from "../../platform/constants";
import { AppShell, Logo, PageHeader } from "../../views/components";
import { Island } from "../../views/island";
import type { RenderPage } from "../../views/render";
import { effectivePlan, isPremiumActive, type SessionUser } from "../auth/session";
import { PlanSummary, type PlanSummaryProps } from "../payments/plan-summary";
import { planHistoryOf } from "../payments/plan-history";
import { findCity } from "./cities";
import { loadOwnProfile, photoUrl, type ProfileJson } from "./profile-json";
import { listPhotos } from "./profile.service";
import { optionText, type OptionGroup } from "../../../islands/components/option-text";
import { EmailReminder, reminderStatus, type ReminderStatus } from "../auth/email-verification.pages";
import { verificationState, type VerificationState } from "../auth/email-verification.service";
import { verificationStateOf } from "../verification/verification.service";
import type { VerificationState as PhotoVerificationState } from "../verification/poses";
import { VerifiedBadge } from "../../../islands/components/verified-badge";
import { isStaffRole } from "../admin/staff-permissions";
import { VouchBadge } from "../../../islands/vouches/vouch-badge";
import { vouchesFor, type CardVouches } from "../vouches/vouch-counts";

/** Where Go Premium and Premium Features lead: the plan dialog of the Discover page (decision 0052). */
export const PREMIUM_HREF = "/swipe?plans=1";

const namespaces = ["profile", "options", "prompts"];

function EditorPage({ props }: { props: ProfileEditorProps }) {
  const t = useT();
  return (
    <AppShell active="profile">
      <div className="profile-editor-page">
        <PageHeader title={t("profile.editTitle")} back="/profile" />
        <div className="card profile-editor-card">
          <Island name="profile-editor" component={ProfileEditor} props={props} />
        </div>
      </div>
    </AppShell>
  );
}

/** A new member can only complete the profile: no tab bar leading to pages they cannot open yet. */
function OnboardingPage({ props }: { props: OnboardingProps }) {
  const t = useT();
  return (
    <div className="app-shell app-shell-bare">
      <header className="bare-top">
        <Logo />
        <a className="button button-ghost button-small" href="/api/logout">
          {t("profile.signOut")}
        </a>
      </header>
      <main id="main" className="app-main">
        <div className="profile-editor-page onboarding-page">
          <div className="card profile-editor-card">
            <Island name="onboarding" component={Onboarding} props={props} />
          </div>
        </div>
      </main>
    </div>
  );
}

function formValues(profile: ProfileJson): ProfileEditorProps["initial"] {
  return {
    birthDate: "",
    gender: profile.gender,
    denomination: profile.denomination,
    churchId: profile.churchId ?? "",
    churchName: profile.churchName,
    faithTestimony: profile.faithTestimony,
    faithDuration: profile.faithDuration,
    bio: profile.bio,
    ministryInvolvement: profile.ministryInvolvement ?? "",
    relationshipGoals: profile.relationshipGoals ?? "",
    jesusChristMeaning: profile.jesusChristMeaning ?? "",
    occupation: profile.occupation ?? "",
    education: profile.education ?? "",
    interests: profile.interests.join(", "),
    city: profile.city ?? "",
  };
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="profile-detail">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The unproven address's reminder (docs/decisions/0083): shown above the profile, never blocking it. */
interface Reminder {
  state: VerificationState;
  status: ReminderStatus | null;
}

/** The Verified badge, or the way to it (src/features/verification). */
function PhotoVerificationCard({ state }: { state: PhotoVerificationState }) {
  const t = useT();
  if (state.status === "approved") return null;
  const pending = state.status === "pending";
  return (
    <section className="card profile-verify" aria-labelledby="verify-title" data-testid="profile-verify">
      <span className="verify-icon" aria-hidden="true">
        <ShieldCheckIcon size={22} />
      </span>
      <div>
        <h2 id="verify-title">{pending ? t("profile.verify.pendingTitle") : t("profile.verify.title")}</h2>
        <p className="muted">
          {pending
            ? t("profile.verify.pendingBody")
            : state.status === "none" && state.withdrawn
              ? t(state.withdrawn === "reverify" ? "verification.withdrawnReverify" : "verification.withdrawnPhotos")
              : t("profile.verify.body")}
        </p>
      </div>
      {pending ? null : (
        <a className="button button-outline button-small" href="/verify">
          {t("profile.verify.action")}
        </a>
      )}
    </section>
  );
}

function ProfilePage({ user, profile, premium, reminder, photoVerification, vouches }: { user: SessionUser; profile: ProfileJson; premium: boolean; reminder: Reminder; photoVerification: PhotoVerificationState; vouches: CardVouches | null }) {
  const t = useT();
  const city = profile.city ? findCity(profile.city) : undefined;
  const location = city ? `${city.name}, ${city.province}` : DEFAULT_LOCATION_TEXT;
  const initials = `${user.firstName[0] ?? ""}${user.lastName[0] ?? ""}`.toUpperCase();
  const option = (group: OptionGroup, value: string | null) => (value ? optionText(t, group, value) : null);
  return (
    <AppShell active="profile">
      <div className="profile-page">
        {reminder.state.verified || user.email === null ? null : <EmailReminder email={user.email} linkPending={reminder.state.linkPending} status={reminder.status} />}
        <section className="card profile-hero">
          <Island name="profile-picture" component={ProfilePictureDialog} props={{ imageUrl: user.profileImageUrl, fallbackUrl: profile.photos[0] ?? null, initials }} />
          <div className="profile-hero-text">
            <h1 className="profile-name">
              {user.firstName} {user.lastName}
              {profile.age ? <span className="profile-age">, {profile.age}</span> : null}
            </h1>
            <p className="muted profile-location">{location}</p>
            <p className="profile-badges">
              {premium ? (
                <span className="badge badge-premium">
                  <CrownIcon size={12} /> {t("profile.premiumMember")}
                </span>
              ) : (
                <span className="badge">{t("profile.freeMember")}</span>
              )}
              {profile.denomination ? <span className="badge badge-primary">{option("denomination", profile.denomination)}</span> : null}
              {photoVerification.status === "approved" ? <VerifiedBadge /> : null}
            </p>
            <VouchBadge vouches={vouches} />
          </div>
          <div className="profile-hero-actions">
            <a className="button button-primary" href="/profile/edit">
              {t("profile.editProfile")}
            </a>
            {premium ? null : (
              <a className="button button-gold" href={PREMIUM_HREF}>
                <CrownIcon size={16} /> {t("profile.goPremium")}
              </a>
            )}
          </div>
        </section>

        <PhotoVerificationCard state={photoVerification} />

        <section className="card profile-section" aria-labelledby="about-title">
          <h2 id="about-title">{t("profile.aboutMe")}</h2>
          <p className="profile-prose">{profile.bio}</p>
          <PromptAnswers prompts={profile.prompts} />
          <dl className="profile-details">
            <Detail label={t("profile.church.label")} value={churchLabel(profile.church, profile.churchName)} />
            <Detail label={t("profile.fields.relationshipGoals")} value={option("relationshipGoals", profile.relationshipGoals)} />
            <Detail label={t("profile.fields.occupation")} value={profile.occupation} />
            <Detail label={t("profile.fields.education")} value={profile.education} />
          </dl>
          {profile.interests.length > 0 ? (
            <ul className="interest-chips" aria-label={t("profile.fields.interests")}>
              {profile.interests.map((interest, index) => (
                <li key={interest}>{profile.interestNames[index] ?? interest}</li>
              ))}
            </ul>
          ) : null}
        </section>

        <section className="card profile-section" aria-labelledby="photos-title">
          <h2 id="photos-title">
            {t("profile.myPhotos")} <span className="muted profile-count">{t("profile.photoCount", { count: profile.photos.length, max: MAX_PROFILE_PHOTOS })}</span>
          </h2>
          <ul className="profile-photos">
            {profile.photos.map((url, index) => (
              <li key={url}>
                <img src={thumbOf(url)} alt={t("profile.photos.alt", { number: index + 1 })} loading="lazy" />
                {index === 0 ? <span className="badge badge-primary photo-main-badge">{t("profile.photos.main")}</span> : null}
              </li>
            ))}
          </ul>
        </section>

        <section className="card profile-section" aria-labelledby="jesus-title">
          <h2 id="jesus-title">
            <HeartIcon size={18} /> {t("profile.jesusTitle")}
          </h2>
          <p className="profile-prose">{profile.jesusChristMeaning || <span className="muted">{t("profile.jesusEmpty")}</span>}</p>
        </section>

        <section className="card profile-section" aria-labelledby="faith-title">
          <h2 id="faith-title">
            <ShieldCheckIcon size={18} /> {t("profile.faithJourney")}
          </h2>
          <dl className="profile-details">
            <Detail label={t("profile.fields.faithDuration")} value={option("faithDuration", profile.faithDuration)} />
            <Detail label={t("profile.fields.ministryInvolvement")} value={profile.ministryInvolvement} />
          </dl>
          <p className="profile-prose">{profile.faithTestimony}</p>
        </section>

        <nav className="card profile-section profile-links" aria-label={t("profile.account")}>
          <h2>{t("profile.account")}</h2>
          <ul>
            <li>
              <a href="/profile/questions">{t("profile.values.link")}</a>
            </li>
            <li>
              <a href="/profile/vouches">{t("profile.vouches.link")}</a>
            </li>
            <li>
              <a href="/settings">{t("profile.settings")}</a>
            </li>
            <li>
              <a href={PREMIUM_HREF}>{t("profile.premiumFeatures")}</a>
            </li>
            {/* Admins and moderators (ADMIN.md 'Who') open the panel from here. */}
            {isStaffRole(user.role) ? (
              <li>
                <a href="/admin">{t("profile.adminPanel")}</a>
              </li>
            ) : null}
            <li>
              <a href="/api/logout" className="profile-signout">
                <UserIcon size={16} /> {t("profile.signOut")}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </AppShell>
  );
}

function SettingsPage({ panel, plan, phone }: { panel: SettingsPanelProps; plan: PlanSummaryProps; phone: { number: string | null; channels: PhoneChannel[] } }) {
  const t = useT();
  return (
    <AppShell active="profile">
      <div className="settings-page">
        <PageHeader title={t("settings.title")} back="/profile" />
        <PlanSummary {...plan} />
        <Island name="settings-panel" component={SettingsPanel} props={panel} />
        {/* Add or change the number phone sign-in uses (docs/decisions/0136). */}
        <Island name="phone-number-setting" component={PhoneNumberSetting} props={phone} />
      </div>
    </AppShell>
  );
}

/**
 * Pages of the profile area (spec point 2). The editor opens for any signed-in user (without a
 * photo it is the only page); /profile and /settings need a photo, like the rest of the app
 * (decision 0051).
 */
export function profilePages(deps: AppDeps, render: RenderPage) {
  const editor = async (c: Context<AppEnv>) => {
    const user = currentUser(c);
    const profile = await loadOwnProfile(deps.db, user.id, c.get("lang"));
    // Before the first save the grid shows what was already uploaded (it counts towards the 6).
    const photos = profile === null ? (await listPhotos(deps, user.id)).map((photo) => ({ id: photo.id, url: photoUrl(photo.fileName) })) : profile.photoIds.map((id, index) => ({ id, url: profile.photos[index]! }));
    const t = c.get("t");
    // A profile with no photos counts as new (spec point 4): onboarding, resumed at its saved step.
    if (profile === null || photos.length === 0) {
      const draft = (await draftOf(deps.db, user.id)) ?? { step: 0, values: {} };
      return render(c, { title: t("profile.completeTitle"), entry: "onboarding", namespaces: [...namespaces, "onboarding"] }, <OnboardingPage props={{ firstName: user.firstName, photos, draft }} />);
    }
    return render(
      c,
      { title: t("profile.editTitle"), entry: "profile-editor", namespaces: [...namespaces, "onboarding"] },
      <EditorPage props={{ initial: formValues(profile), prompts: profile.prompts, storedBirthDate: profile.birthDate, photos, church: profile.church }} />,
    );
  };

  return new Hono<AppEnv>()
    .get("/edit-profile", requirePage("signedIn"), editor)
    .get("/profile/edit", requirePage("signedIn"), editor)
    .get("/profile", requirePage("withPhoto"), async (c) => {
      const user = currentUser(c);
      const profile = await loadOwnProfile(deps.db, user.id, c.get("lang"));
      // Photos uploaded but the form never saved: finish the profile first.
      if (profile === null) return c.redirect("/edit-profile", 302);
      const now = deps.clock.now();
      const [emailState, photoVerification, vouches] = await Promise.all([
        verificationState(deps.db, now, user.id),
        verificationStateOf(deps, user.id),
        // The member's own church vouches, as their card shows them (docs/decisions/0134).
        vouchesFor(deps.db, [{ id: user.id, churchId: profile.churchId, churchName: profile.churchName }]),
      ]);
      const reminder = { state: emailState, status: reminderStatus(c.req.query("verification")) };
      return render(c, { title: c.get("t")("profile.title"), entry: "profile", namespaces }, <ProfilePage user={user} profile={profile} premium={isPremiumActive(user, now)} reminder={reminder} photoVerification={photoVerification} vouches={vouches.get(user.id) ?? null} />);
    })
    .get("/settings", requirePage("withPhoto"), async (c) => {
      const user = currentUser(c);
      const profile = await loadOwnProfile(deps.db, user.id);
      if (profile === null) return c.redirect("/edit-profile", 302);
      const now = deps.clock.now();
      const plan: PlanSummaryProps = { plan: effectivePlan(user, now), planExpiresAt: user.planExpiresAt, payments: await planHistoryOf(deps, user.id), lang: c.get("lang"), plansHref: PREMIUM_HREF };
      const [settings, hasPassword, chaperone] = await Promise.all([settingsOf(deps.db, user.id), accountHasPassword(deps.db, user.id), chaperoneStatusOf(deps.db, user.id)]);
      if (settings === null) return c.redirect("/auth", 302);
      const panel: SettingsPanelProps = { searchDistance: profile.searchDistance ?? SEARCH_DISTANCE_KM.default, settings, hasPassword, chaperone };
      return render(c, { title: c.get("t")("settings.title"), entry: "settings", namespaces: ["settings", "phoneSignIn", "chaperone"] }, <SettingsPage panel={panel} plan={plan} phone={{ number: await provenPhone(deps, user.id), channels: offeredChannels(deps.config) }} />);
    });
}
