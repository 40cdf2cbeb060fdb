import { useI18n, useT } from "../../islands/runtime/i18n-context";
import { ArrowLeftIcon, CompassIcon, CrossIcon, GlobeIcon, HeartIcon, MessageIcon, UserIcon } from "../../islands/components/icons";
export { LoadingScreen } from "../../islands/components/loading-screen";

/** The language switcher of the landing and sign-in screens; islands/runtime/language-switch.ts binds it. */
export function LanguageSwitcher() {
  const { t, lang } = useI18n();
  return (
    <div className="language-switcher" role="group" aria-label={t("common.language")}>
      <GlobeIcon size={16} />
      {(["en", "id"] as const).map((code) => (
        <button key={code} type="button" data-set-language={code} aria-pressed={lang === code} className="language-option">
          {code === "en" ? "English" : "Bahasa Indonesia"}
        </button>
      ))}
    </div>
  );
}

export function Logo({ size = "md" }: { size?: "md" | "lg" }) {
  const t = useT();
  return (
    <span className={`logo logo-${size}`}>
      <span className="logo-mark" aria-hidden="true">
        <HeartIcon size={size === "lg" ? 28 : 20} />
        <CrossIcon size={size === "lg" ? 14 : 10} className="logo-cross" />
      </span>
      <span className="logo-name">{t("common.appName")}</span>
    </span>
  );
}

export type Tab = "discover" | "matches" | "chats" | "profile";

/** The bottom tab bar of signed-in pages (spec point 2); Chats opens /matches showing the conversations (decision 0081). */
export function TabBar({ active }: { active?: Tab }) {
  const t = useT();
  const tabs: { id: Tab; href: string; label: string; icon: React.ReactNode }[] = [
    { id: "discover", href: "/swipe", label: t("nav.discover"), icon: <CompassIcon /> },
    { id: "matches", href: "/matches", label: t("nav.matches"), icon: <HeartIcon /> },
    { id: "chats", href: "/matches?view=chats", label: t("nav.chats"), icon: <MessageIcon /> },
    { id: "profile", href: "/profile", label: t("nav.profile"), icon: <UserIcon /> },
  ];
  return (
    <nav className="tab-bar" aria-label={t("nav.label")}>
      {tabs.map((tab) => (
        <a key={tab.id} href={tab.href} className="tab" aria-current={tab.id === active ? "page" : undefined}>
          {tab.icon}
          <span>{tab.label}</span>
          {/* Unread messages: filled and kept live by the realtime notices (islands/components/incoming-call.tsx). */}
          {tab.id === "chats" ? <span className="tab-badge" data-unread-badge="" hidden /> : null}
          {tab.id === "matches" ? <span className="tab-dot" data-new-matches-dot="" hidden /> : null}
        </a>
      ))}
    </nav>
  );
}

/** Layout of a signed-in page: content column and the tab bar. */
export function AppShell({ active, children, header }: { active?: Tab; children: React.ReactNode; header?: React.ReactNode }) {
  return (
    <div className="app-shell">
      {header}
      <main id="main" className="app-main">
        {children}
      </main>
      <TabBar active={active} />
    </div>
  );
}

/** The frame of the signed-out account pages (/auth, /reset-password): logo home link, language switcher, centred card column. */
export function AuthShell({ children }: { children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="auth-page">
      <header className="auth-top">
        <a href="/" className="logo-link" aria-label={t("common.home")}>
          <Logo />
        </a>
        <LanguageSwitcher />
      </header>
      <main id="main" className="auth-main">
        {children}
      </main>
    </div>
  );
}

/** A page's title with an optional back link (Settings, Verify). */
export function PageHeader({ title, back }: { title: string; back?: string }) {
  const t = useT();
  return (
    <header className="page-header">
      {back ? (
        <a className="button button-ghost button-small page-back" href={back}>
          <ArrowLeftIcon size={16} /> {t("common.back")}
        </a>
      ) : null}
      <h1 className="page-title">{title}</h1>
    </header>
  );
}
