import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../app-env";
import { renderFragment, type RenderPage } from "../../views/render";
import { AdminShell, type AdminPlace } from "./admin-shell";
import { isHtmx } from "./htmx";
import { EmptyState } from "./admin-ui";
import { translateMessage } from "../../../islands/runtime/messages";

export interface AdminPageOptions {
  place: AdminPlace;
  title: string;
  lead?: string;
  actions?: ReactNode;
  status?: 200 | 400 | 403 | 404;
}

/**
 * One route, two sizes (STYLE.md, hypermedia): htmx asking for a list gets `fragment`, anything
 * else the whole page around `body`, so every search, filter and page has a real URL.
 */
export function renderAdmin(c: Context<AppEnv>, render: RenderPage, options: AdminPageOptions, body: ReactNode, fragment?: ReactNode) {
  if (fragment !== undefined && isHtmx(c)) return renderFragment(c, fragment);
  const t = c.get("t");
  c.header("Vary", "HX-Request");
  return render(
    c,
    { title: t("admin.pageTitle", { section: options.title }), entry: "admin", bodyClassName: "admin-body", status: options.status },
    <AdminShell active={options.place} title={options.title} lead={options.lead} actions={options.actions} role={c.get("user")?.role}>
      {body}
    </AdminShell>,
  );
}

/**
 * A list page asked for a page, limit or filter that is not valid: 400 like its JSON call
 * (ADMIN.md: never silently corrected). htmx (only a hand-made URL gets there) receives the JSON
 * message, which the panel toasts; a browser gets the panel with the problem said plainly and a
 * way back to the first page.
 */
export function invalidListPage(c: Context<AppEnv>, render: RenderPage, options: AdminPageOptions, message: string, resetHref: string) {
  if (isHtmx(c)) return c.json({ message }, 400);
  const t = c.get("t");
  return renderAdmin(
    c,
    render,
    { ...options, status: 400 },
    <EmptyState
      title={translateMessage(t, message)}
      body={t("admin.listError.body")}
      action={
        <a className="button button-outline button-small" href={resetHref}>
          {t("admin.listError.reset")}
        </a>
      }
    />,
  );
}
