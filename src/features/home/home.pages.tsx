import { Hono, type Context } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";
import { useT } from "../../../islands/runtime/i18n-context";
import { CrossIcon, CrownIcon, HeartIcon, ShieldCheckIcon } from "../../../islands/components/icons";
import { AppShell, LanguageSwitcher, Logo } from "../../views/components";
import type { RenderPage } from "../../views/render";
import { isSuperAdminEmail } from "../auth/auth.service";
import { VerifiedBadge } from "../../../islands/components/verified-badge";
import { EXAMPLE_MEMBERS, examplePortrait, examplePortraitPath } from "./example-members";

/**
 * Drawn example profiles (example-members.ts), labelled as examples: the landing shows the kind
 * of people and cards a member meets without presenting anyone as a real member nearby
 * (docs/decisions/0139).
 */
function ExampleMembers() {
  const t = useT();
  return (
    <section className="examples" aria-labelledby="examples-title">
      <h2 id="examples-title" className="section-title">
        {t("landing.examples.title")}
      </h2>
      <p className="examples-note">{t("landing.examples.note")}</p>
      <ul className="example-grid">
        {EXAMPLE_MEMBERS.map((member, index) => (
          <li key={member.name} className="example-card" data-testid="example-member">
            <span className="example-photo">
              <img src={examplePortraitPath(index)} alt="" width={400} height={500} loading="lazy" decoding="async" />
              <span className="example-tag">{t("landing.examples.tag")}</span>
            </span>
            <span className="example-text">
              <strong>
                {member.name}, {member.age}
              </strong>
              <span className="example-place">
                {member.city} · {member.church}
              </span>
              {member.verified ? <VerifiedBadge /> : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Landing() {
  const t = useT();
  const reasons = [
    { icon: <ShieldCheckIcon size={28} />, title: t("landing.why.faith.title"), body: t("landing.why.faith.body") },
    { icon: <HeartIcon size={28} />, title: t("landing.why.meaningful.title"), body: t("landing.why.meaningful.body") },
    { icon: <CrownIcon size={28} />, title: t("landing.why.premium.title"), body: t("landing.why.premium.body") },
  ];
  return (
    <div className="landing">
      <header className="landing-top">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main id="main">
        <section className="hero">
          {/* The name is already in the header: the hero carries only the mark. */}
          <span className="hero-mark logo-mark" aria-hidden="true">
            <HeartIcon size={44} />
            <CrossIcon size={20} className="logo-cross" />
          </span>
          <h1 className="hero-title">{t("landing.tagline")}</h1>
          <p className="hero-lead">{t("landing.lead")}</p>
          <div className="hero-actions">
            <a className="button button-primary button-large" href="/auth?tab=register">
              {t("landing.register")}
            </a>
            <a className="button button-outline button-large" href="/auth">
              {t("landing.signIn")}
            </a>
          </div>
          <p className="hero-note">
            <ShieldCheckIcon size={16} />
            <span>{t("landing.verifiedNote")}</span>
          </p>
        </section>
        <ExampleMembers />
        <section className="why" aria-labelledby="why-title">
          <h2 id="why-title" className="section-title">
            {t("landing.why.title")}
          </h2>
          <ul className="why-grid">
            {reasons.map((reason) => (
              <li key={reason.title} className="card why-card">
                <span className="why-icon">{reason.icon}</span>
                <h3>{reason.title}</h3>
                <p>{reason.body}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="landing-footer">
        <a href="/privacy-policy">{t("landing.privacy")}</a>
        <span aria-hidden="true">·</span>
        <a href="/terms">{t("legal.terms.link")}</a>
        <span aria-hidden="true">·</span>
        <a href="/data-deletion">{t("landing.dataDeletion")}</a>
        <span aria-hidden="true">·</span>
        <span>{t("common.version")}</span>
      </footer>
    </div>
  );
}

function NotFound() {
  const t = useT();
  return (
    <section className="not-found">
      <h1 className="page-title">{t("notFound.title")}</h1>
      <p className="muted">{t("notFound.body")}</p>
      <a className="button button-primary" href="/">
        {t("notFound.home")}
      </a>
    </section>
  );
}

export function homePages(deps: AppDeps, render: RenderPage) {
  return new Hono<AppEnv>()
    .get("/landing/:file{example-[0-9]+\\.jpg}", (c) => {
      const bytes = examplePortrait(Number(c.req.param("file").replace(/\D/g, "")));
      if (bytes === null) return c.json({ message: "Not found" }, 404);
      // Drawn from a fixed seed, the same bytes every time: cacheable for a day.
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=86400" });
    })
    .get("/", (c) => {
      const user = c.get("user");
      if (user === null) {
        return render(c, { title: c.get("t")("landing.title"), entry: "landing", hydrates: false, description: c.get("t")("landing.lead") }, <Landing />);
      }
      // A chaperone has no profile to make: their home lists the members they chaperone (0135).
      if (user.role === "chaperone") return c.redirect("/chaperone", 302);
      if (!user.hasPhoto) return c.redirect("/edit-profile", 302);
      // The super-admin's home is the panel, once the address is proven and the account is an
      // admin (docs/decisions/0083); before that it is a member like any other.
      if (user.isAdmin && isSuperAdminEmail(deps.config, user.email)) return c.redirect("/admin", 302);
      return c.redirect("/swipe", 302);
    });
}

/** Unknown paths (spec point 2): landing when signed out, the editor without a photo, else 404. */
export function notFoundPage(_deps: AppDeps, render: RenderPage) {
  return (c: Context<AppEnv>) => {
    const user = c.get("user");
    if (user === null) return c.redirect("/", 302);
    // Never answer /edit-profile with a redirect to itself (a loop) if the editor is not mounted.
    if (!user.hasPhoto && c.req.path !== "/edit-profile") return c.redirect("/edit-profile", 302);
    return render(
      c,
      // The shell entry: the live connection's toasts reach a member on this page too (issue 6).
      { title: c.get("t")("notFound.title"), status: 404, entry: "shell" },
      <AppShell>
        <NotFound />
      </AppShell>,
    );
  };
}
