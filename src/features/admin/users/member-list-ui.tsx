import type { ReactNode } from "react";
import { useT } from "../../../../islands/runtime/i18n-context";
import { ADMIN_PAGE_SIZE } from "../../../platform/constants";
import { regionLink } from "../admin-ui";

/** `limit` in a list URL only when it is not the default page size (spec point 9: 10). */
export const limitParam = (limit: number) => (limit === ADMIN_PAGE_SIZE ? undefined : limit);

/**
 * The search form above a list: a plain GET form (works without JavaScript: Enter or the button
 * submits it) that htmx submits as you type or pick a chip, replacing the list region and
 * pushing the URL (docs/decisions/0082).
 */
export function SearchForm({ id, action, regionId, searchId, label, placeholder, search, children, hidden }: {
  /** The form's id: the list region's sort and size inputs belong to it (list-table.tsx ListHead). */
  id?: string;
  action: string;
  regionId: string;
  searchId: string;
  label: string;
  placeholder: string;
  search: string | undefined;
  /** Filter chips, after the search field. */
  children?: ReactNode;
  /** Query values the form keeps (a non-default page size). */
  hidden?: Record<string, string | number | undefined>;
}) {
  const t = useT();
  return (
    <form
      id={id}
      className="admin-toolbar admin-search"
      role="search"
      action={action}
      method="get"
      hx-get={action}
      // Radio chips fire "input" as well, so "change" is not needed: it would only repeat the last
      // request when the search field loses focus. The newest request wins (replace): an older
      // answer swapped after it would show a list that no longer matches the form.
      hx-trigger="input changed delay:300ms, submit"
      hx-sync="this:replace"
      {...regionLink(regionId)}
    >
      <div className="field admin-search-field">
        <label htmlFor={searchId}>{label}</label>
        <div className="admin-search-row">
          <input id={searchId} type="search" name="search" defaultValue={search ?? ""} placeholder={placeholder} maxLength={100} autoComplete="off" spellCheck={false} />
          <button type="submit" className="button button-outline admin-search-submit">
            {t("admin.search")}
          </button>
        </div>
      </div>
      {Object.entries(hidden ?? {}).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={String(value)} />))}
      {children}
    </form>
  );
}

/** Filter chips as radio buttons of the search form: the checked one is the list's filter, no script needed. */
export function FilterChips<T extends string>({ legend, name, options, current }: { legend: string; name: string; options: { value: T; label: string }[]; current: T }) {
  return (
    <fieldset className="admin-filter-chips admin-chip-set">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="admin-chip admin-chip-radio">
          <input className="visually-hidden" type="radio" name={name} value={option.value} defaultChecked={option.value === current} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** A member's own admin page (docs/decisions/0128). */
export const memberPageHref = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/**
 * A member in a table cell: the name, then the email (and phone) in small print. With `id` the
 * name links to the member's page, where every action on them is.
 */
export function PersonCell({ id, firstName, lastName, email, extra }: { id?: string; firstName: string; lastName: string; email: string | null; extra?: ReactNode }) {
  const name = `${firstName} ${lastName}`.trim();
  return (
    <span className="admin-person">
      {id === undefined ? <span className="admin-person-name">{name}</span> : <a className="admin-person-name" href={memberPageHref(id)}>{name || email || id}</a>}
      <span className="admin-person-sub">{email}</span>
      {extra}
    </span>
  );
}

/** An action button whose accessible name says whom it acts on ("Ban Maria Santoso"). */
export function ActionLabel({ action, target }: { action: string; target: string }) {
  return (
    <>
      {action}
      <span className="visually-hidden"> {target}</span>
    </>
  );
}
