import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../app-env";
import { renderFragment, type RenderPage } from "../../views/render";
import { AdminShell, type AdminPlace } from "./admin-shell";
import { isHtmx } from "./htmx";

export interface AdminPageOptions {
  place: AdminPlace;
  title: string;
  lead?: string;
  actions?: ReactNode;
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
    { title: t("admin.pageTitle", { section: options.title }), entry: "admin", bodyClassName: "admin-body" },
    <AdminShell active={options.place} title={options.title} lead={options.lead} actions={options.actions}>
      {body}
    </AdminShell>,
  );
}
