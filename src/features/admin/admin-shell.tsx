import type { ReactNode } from "react";
import { useT } from "../../../islands/runtime/i18n-context";
import { ArrowLeftIcon } from "../../../islands/components/icons";
import { LanguageSwitcher, Logo } from "../../views/components";
import { CountersListener, SectionCounter } from "./admin-counters";
import type { Role } from "../../../db/schema";
import { roleMay, type StaffPermission } from "./staff-permissions";

/** The four tabs of spec point 2 and the sections reachable without a tab. */
export type AdminTab = "overview" | "ads" | "users" | "settings";
export type AdminSection = "moderation" | "matches" | "payments" | "temp-users";
export type AdminPlace = AdminTab | AdminSection;

/** Each tab and section names the permission it needs: a moderator sees only what they may open (ADMIN.md 'Who'). */
export const ADMIN_TABS: { id: AdminTab; href: string; label: string; permission: StaffPermission }[] = [
  { id: "overview", href: "/admin", label: "admin.tabs.overview", permission: "overview" },
  { id: "ads", href: "/admin/ads", label: "admin.tabs.ads", permission: "ads" },
  { id: "users", href: "/admin/users", label: "admin.tabs.users", permission: "users" },
  { id: "settings", href: "/admin/settings", label: "admin.tabs.settings", permission: "settings" },
];

export const ADMIN_SECTIONS: { id: AdminSection; href: string; label: string; permission: StaffPermission }[] = [
  { id: "moderation", href: "/admin/moderation", label: "admin.sections.moderation", permission: "reports" },
  { id: "matches", href: "/admin/matches", label: "admin.sections.matches", permission: "matches" },
  { id: "payments", href: "/admin/payments", label: "admin.sections.payments", permission: "payments" },
  { id: "temp-users", href: "/admin/temp-users", label: "admin.sections.tempUsers", permission: "temp-users" },
];

/**
 * The admin panel's frame (spec point 2): back to /profile, the title, the four tabs, then the
 * sections without a tab. Server HTML: links work without JavaScript; htmx only swaps lists.
 */
export function AdminShell({ active, title, lead, actions, role = "admin", children }: { active: AdminPlace; title: string; lead?: string; actions?: ReactNode; role?: Role; children: ReactNode }) {
  const t = useT();
  const tabs = ADMIN_TABS.filter((tab) => roleMay(role, tab.permission));
  const sections = ADMIN_SECTIONS.filter((section) => roleMay(role, section.permission));
  return (
    <div className="admin">
      <header className="admin-header">
        <div className="admin-header-row">
          <a className="button button-ghost button-small admin-back" href="/profile">
            <ArrowLeftIcon size={16} /> {t("admin.backToProfile")}
          </a>
          <span className="admin-brand">
            <Logo /> <span className="admin-brand-label">{t("admin.title")}</span>
          </span>
          <LanguageSwitcher />
        </div>
        <nav className="admin-tabs" aria-label={t("admin.tabsLabel")}>
          {tabs.map((tab) => (
            // Phones show the short label (all four tabs fit); the link is named by the full one.
            <a key={tab.id} href={tab.href} className="admin-tab" aria-current={tab.id === active ? "page" : undefined} aria-label={t(tab.label)}>
              <span className="admin-tab-full">{t(tab.label)}</span>
              <span className="admin-tab-short">{t(`${tab.label}Short`)}</span>
            </a>
          ))}
        </nav>
        <nav className="admin-sections" aria-label={t("admin.sectionsLabel")}>
          {sections.map((section) => (
            <a key={section.id} href={section.href} className="admin-section-link" aria-current={section.id === active ? "page" : undefined}>
              {t(section.label)}
              <SectionCounter section={section.id} />
            </a>
          ))}
        </nav>
      </header>
      <main id="main" className="admin-main">
        <div className="admin-page-head">
          <div>
            <h1 className="admin-page-title">{title}</h1>
            {lead ? <p className="muted admin-page-lead">{lead}</p> : null}
          </div>
          {actions ? <div className="admin-page-actions">{actions}</div> : null}
        </div>
        {children}
      </main>
      {/* Server-rendered dialogs (ban, delete, placement) are swapped in here and opened by the admin entry. */}
      <div id="admin-dialog-slot" />
      <CountersListener />
    </div>
  );
}
