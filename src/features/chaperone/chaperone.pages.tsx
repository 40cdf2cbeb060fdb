/**
 * The chaperone's pages (MATCHING.md 'Chaperone', docs/decisions/0135), server-rendered and
 * without script (a chaperone only reads, and nothing here needs to move):
 * - /chaperone/accept?token=…: the mailed link; a form that sets a password (or signs in to an
 *   existing chaperone account) and signs the chaperone in.
 * - /chaperone: their home, the members who chose them and those members' matches' profiles.
 * - /chaperone/matches/{id}: a shared conversation, read-only: no composer, no call buttons.
 */
import { dateTimeText } from "../../../islands/runtime/clock-time";
import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import type { RenderPage } from "../../views/render";
import { AuthShell, LanguageSwitcher, Logo } from "../../views/components";
import { useI18n } from "../../../islands/runtime/i18n-context";
import { setSessionCookie } from "../../middleware/session";
import { createSession } from "../auth/session";
import { acceptInvitation, chaperoneConversation, chaperoneOverview, findInvitation, type ChaperoneConversation, type ChaperoneOverview, type InvitationView } from "./chaperone.service";
import { messageKey } from "../../../islands/runtime/messages";
import { MIN_PASSWORD_LENGTH } from "../../platform/constants";
import { acceptTriesFor } from "./chaperone.routes";

/** No React on the client: the landing entry runs only the language switcher (as /verify-email). */
const PAGE = { entry: "landing", hydrates: false } as const;

/** A day and time in Jakarta, in the app's one date-and-time format (docs/decisions/0137). */
function when(at: string, lang: "en" | "id"): string {
  return dateTimeText(new Date(at), lang);
}

function AcceptPage({ invitation, token, error }: { invitation: InvitationView | null; token: string; error: string | null }) {
  const { t } = useI18n();
  if (invitation === null || invitation.account === "member") {
    const invalid = invitation === null;
    return (
      <AuthShell>
        <div className="card auth-card reset-card">
          <section className="reset-state" data-state={invalid ? "invalid" : "member"} aria-labelledby="chaperone-heading">
            <h1 id="chaperone-heading" className="auth-title">
              {t(invalid ? "chaperone.accept.invalidTitle" : "chaperone.accept.memberTitle")}
            </h1>
            <p className="muted">{invalid ? t("chaperone.accept.invalidBody") : t("chaperone.accept.memberBody", { name: invitation.memberFirstName })}</p>
          </section>
        </div>
      </AuthShell>
    );
  }
  const existing = invitation.account === "chaperone";
  return (
    <AuthShell>
      <div className="card auth-card chaperone-accept">
        <h1 className="auth-title">{t("chaperone.accept.title", { name: invitation.memberFirstName })}</h1>
        <p className="muted">{t("chaperone.accept.intro", { name: invitation.memberFirstName })}</p>
        <form method="post" action="/chaperone/accept" className="form" data-testid="chaperone-accept">
          <input type="hidden" name="token" value={token} />
          <div className="field">
            <label htmlFor="chaperone-email">{t("chaperone.accept.email")}</label>
            <input id="chaperone-email" type="email" value={invitation.email} readOnly autoComplete="username" />
          </div>
          {existing ? (
            <p className="field-hint">{t("chaperone.accept.existingHint")}</p>
          ) : (
            <div className="field">
              <label htmlFor="chaperone-name">{t("chaperone.accept.name")}</label>
              <input id="chaperone-name" name="firstName" type="text" autoComplete="name" maxLength={50} required />
            </div>
          )}
          <div className="field">
            <label htmlFor="chaperone-password">{t(existing ? "chaperone.accept.existingPassword" : "chaperone.accept.password")}</label>
            <input id="chaperone-password" name="password" type="password" autoComplete={existing ? "current-password" : "new-password"} minLength={existing ? undefined : MIN_PASSWORD_LENGTH} required aria-describedby={existing ? undefined : "chaperone-password-hint"} />
            {existing ? null : (
              <p id="chaperone-password-hint" className="field-hint">
                {t("chaperone.accept.passwordHint")}
              </p>
            )}
          </div>
          {error !== null ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button button-primary button-block">
            {t("chaperone.accept.submit")}
          </button>
        </form>
      </div>
    </AuthShell>
  );
}

/** The chaperone's frame: the logo, the language, signing out; no tab bar (no member pages). */
function ChaperoneShell({ children }: { children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="chaperone-page">
      <header className="chaperone-top">
        <a href="/chaperone" className="logo-link" aria-label={t("chaperone.home.title")}>
          <Logo />
        </a>
        <a className="button button-ghost button-small" href="/api/logout">
          {t("chaperone.home.signOut")}
        </a>
      </header>
      <main id="main" className="chaperone-main">
        {children}
      </main>
      <footer className="chaperone-footer">
        <LanguageSwitcher />
      </footer>
    </div>
  );
}

function HomePage({ name, overview }: { name: string; overview: ChaperoneOverview }) {
  const { t, lang } = useI18n();
  return (
    <ChaperoneShell>
      <h1 className="page-title">{t("chaperone.home.heading", { name })}</h1>
      <p className="muted chaperone-intro">{t("chaperone.home.intro")}</p>
      {overview.members.length === 0 ? <p className="card chaperone-empty">{t("chaperone.home.noMembers")}</p> : null}
      {overview.members.map((member) => {
        const matches = overview.matches.filter((match) => match.memberId === member.id);
        return (
          <section key={member.id} className="chaperone-member" aria-labelledby={`member-${member.id}`} data-testid="chaperone-member">
            <h2 id={`member-${member.id}`} className="chaperone-member-title">
              {member.photo ? <img className="person-avatar person-avatar-sm" src={member.photo} alt="" width={40} height={40} /> : null}
              {t("chaperone.home.matchesOf", { name: member.firstName })}
            </h2>
            {matches.length === 0 ? <p className="muted">{t("chaperone.home.noMatches")}</p> : null}
            <ul className="chaperone-matches">
              {matches.map((match) => {
                const profile = match.profile;
                const church = [profile.church?.name, profile.churchName].filter((part) => part !== null && part !== undefined && part !== "").join(" · ");
                return (
                  <li key={match.id} className="card chaperone-match" data-testid="chaperone-match" data-shared={String(match.shared)}>
                    <div className="chaperone-match-head">
                      {profile.photo ? <img className="person-avatar" src={profile.photo} alt="" width={56} height={56} /> : <span className="person-avatar person-avatar-empty" aria-hidden="true" />}
                      <div>
                        <h3 className="chaperone-match-name">{profile.age === null ? profile.firstName : `${profile.firstName}, ${profile.age}`}</h3>
                        <p className="muted chaperone-match-facts">{[profile.denominationName, church, profile.city, profile.occupation].filter((part) => part !== null && part !== undefined && part !== "").join(" · ")}</p>
                      </div>
                    </div>
                    {profile.bio ? <p className="chaperone-match-bio">{profile.bio}</p> : null}
                    {profile.interestNames.length > 0 ? (
                      <ul className="chaperone-chips" aria-label="interests">
                        {profile.interestNames.map((interest) => (
                          <li key={interest} className="chip">
                            {interest}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {match.shared && match.sharedAt !== null ? (
                      <p className="chaperone-match-share">
                        <span className="chaperone-shared">{t("chaperone.home.shared", { date: when(match.sharedAt, lang) })}</span>
                        <a className="button button-primary button-small" href={`/chaperone/matches/${encodeURIComponent(match.id)}`}>
                          {t("chaperone.home.read")}
                        </a>
                      </p>
                    ) : (
                      <p className="muted chaperone-match-share">{t("chaperone.home.notShared")}</p>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </ChaperoneShell>
  );
}

function ConversationPage({ conversation }: { conversation: ChaperoneConversation | null }) {
  const { t, lang } = useI18n();
  if (conversation === null) {
    return (
      <ChaperoneShell>
        <section className="not-found">
          <h1>{t("chaperone.conversation.notFoundTitle")}</h1>
          <p className="muted">{t("chaperone.conversation.notFoundBody")}</p>
          <a className="button button-primary" href="/chaperone">
            {t("chaperone.conversation.back")}
          </a>
        </section>
      </ChaperoneShell>
    );
  }
  const { member, other } = conversation;
  return (
    <ChaperoneShell>
      <a className="button button-ghost button-small" href="/chaperone">
        {t("chaperone.conversation.back")}
      </a>
      <h1 className="page-title">{t("chaperone.conversation.title", { member: member.firstName, other: other.firstName })}</h1>
      <p className="chaperone-readonly" role="note">
        {t("chaperone.conversation.readOnly", { date: when(conversation.sharedAt, lang), member: member.firstName })}
      </p>
      <ol className="chaperone-messages" aria-label={t("chaperone.conversation.label")} data-testid="chaperone-messages">
        {conversation.messages.length === 0 ? <li className="chat-empty">{t("chaperone.conversation.empty")}</li> : null}
        {conversation.messages.map((message) => {
          if (message.kind !== "text") {
            return (
              <li key={message.id} className="chat-system">
                {t(message.kind === "missed_call" ? "chaperone.conversation.missedCall" : "chaperone.conversation.call")} · <time dateTime={message.createdAt}>{when(message.createdAt, lang)}</time>
              </li>
            );
          }
          const fromMember = message.senderId === member.id;
          return (
            <li key={message.id} className={`bubble ${fromMember ? "bubble-mine" : "bubble-theirs"}`} data-testid="chaperone-message">
              <p className="bubble-sender">{message.sender.firstName}</p>
              <p className="bubble-text">{message.content}</p>
              <p className="bubble-meta">
                <time dateTime={message.createdAt}>{when(message.createdAt, lang)}</time>
              </p>
            </li>
          );
        })}
      </ol>
    </ChaperoneShell>
  );
}

export function chaperonePages(deps: AppDeps, render: RenderPage) {
  const chaperoneOnly = (c: Context<AppEnv>) => {
    const user = c.get("user");
    if (user === null) return c.redirect("/auth", 302);
    if (user.role !== "chaperone") return c.redirect("/", 302);
    return null;
  };
  const acceptPage = (c: Context<AppEnv>, invitation: InvitationView | null, token: string, error: string | null, status: 200 | 400 | 404 = 200) => {
    const t = c.get("t");
    const title = invitation === null ? t("chaperone.accept.invalidTitle") : t("chaperone.accept.title", { name: invitation.memberFirstName });
    return render(c, { title, ...PAGE, status }, <AcceptPage invitation={invitation} token={token} error={error} />);
  };

  return new Hono<AppEnv>()
    .get("/chaperone/accept", async (c) => {
      const token = c.req.query("token") ?? "";
      const invitation = await findInvitation(deps, token);
      return acceptPage(c, invitation, token, null, invitation === null ? 404 : 200);
    })
    // A plain form post, so accepting works before (and without) any script.
    .post("/chaperone/accept", async (c) => {
      const form = await c.req.parseBody();
      const token = typeof form.token === "string" ? form.token : "";
      const password = typeof form.password === "string" ? form.password.slice(0, 1024) : "";
      const firstName = typeof form.firstName === "string" ? form.firstName.slice(0, 200) : undefined;
      const tries = acceptTriesFor(deps);
      if (tries.isLimited(token)) return acceptPage(c, await findInvitation(deps, token), token, c.get("t")("messages.too_many_attempts_please_try_again_later", { defaultValue: "Too many attempts. Please try again later" }), 400);
      const result = await acceptInvitation(deps, token, { password, firstName }, c.get("lang"));
      if (!result.ok) {
        if (result.status === 401) tries.hit(token);
        const t = c.get("t");
        const message = t(`chaperone.errors.${messageKey(result.message)}`, { defaultValue: t(`messages.${messageKey(result.message)}`, { defaultValue: result.message }) });
        return acceptPage(c, await findInvitation(deps, token), token, message, result.status === 404 ? 404 : 400);
      }
      const { token: sessionToken, session } = await createSession(deps.db, deps.clock, result.value.chaperoneId, false);
      setSessionCookie(c, deps.config, sessionToken, session.expiresAt);
      return c.redirect("/chaperone", 303);
    })
    .get("/chaperone", async (c) => {
      const refused = chaperoneOnly(c);
      if (refused !== null) return refused;
      const user = c.get("user")!;
      const overview = await chaperoneOverview(deps.db, user.id, c.get("lang"));
      return render(c, { title: c.get("t")("chaperone.home.title"), ...PAGE }, <HomePage name={user.firstName} overview={overview} />);
    })
    .get("/chaperone/matches/:matchId", async (c) => {
      const refused = chaperoneOnly(c);
      if (refused !== null) return refused;
      const conversation = await chaperoneConversation(deps.db, c.get("user")!.id, c.req.param("matchId").slice(0, 64));
      const t = c.get("t");
      const title = conversation === null ? t("chaperone.conversation.notFoundTitle") : t("chaperone.conversation.title", { member: conversation.member.firstName, other: conversation.other.firstName });
      return render(c, { title, ...PAGE, status: conversation === null ? 404 : 200 }, <ConversationPage conversation={conversation} />);
    });
}
