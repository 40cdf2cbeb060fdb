import { useT } from "../../../islands/runtime/i18n-context";
import { ADMIN_PAGE_SIZE } from "../../platform/constants";
import { listHref, regionLink } from "./admin-ui";
import { PAGE_SIZES, parseSort } from "./list-query";

/**
 * The controls every admin list shares (ADMIN.md 'Lists'; docs/decisions/0131): headings that
 * sort, the rows-per-page choice and the CSV link. Each list describes its URL once (ListUrls);
 * these read it, so a heading, the size choice and the export always carry the list's filters.
 */

type Params = Record<string, string | number | undefined | null>;

export interface ListUrls {
  /** The page's path ("/admin/users"). */
  path: string;
  /** The JSON call whose CSV is every matching row ("/api/admin/users"). */
  api: string;
  /** The list region the controls replace. */
  regionId: string;
  /** The list's filters and search as they are now (no page, limit or sort). */
  filters: Params;
  /** What only the page's URL carries, never the JSON call's (Moderation's `view`). */
  pageParams?: Params;
  sort: string;
  defaultSort: string;
  limit: number;
  /** The toolbar form above the region (search, filters), which must keep the sort and size. */
  formId?: string;
}

/** The sort and size as URL values: defaults left out so URLs stay short. */
const controlParams = (urls: Pick<ListUrls, "sort" | "defaultSort" | "limit">) => ({
  sort: urls.sort === urls.defaultSort ? undefined : urls.sort,
  limit: urls.limit === ADMIN_PAGE_SIZE ? undefined : urls.limit,
});

/** The page's URL for these filters, sort and size at `page`. */
export const pageHref = (urls: ListUrls, page = 1, change: Partial<Pick<ListUrls, "sort" | "limit">> = {}) =>
  listHref(urls.path, { ...urls.pageParams, ...urls.filters, ...controlParams({ ...urls, ...change }), page });

/** The same rows as CSV: every matching row, so no page or size. */
export const csvHref = (urls: ListUrls) => listHref(urls.api, { ...urls.filters, sort: controlParams(urls).sort, format: "csv" });

function sortState(urls: ListUrls, column: string) {
  const current = parseSort(urls.sort);
  const direction = current.column === column ? (current.descending ? "descending" : "ascending") : null;
  // Ascending first, then descending; a time column's first press shows the newest first.
  return { direction, next: direction === "ascending" ? `-${column}` : direction === "descending" ? column : null } as const;
}

/** A column heading that sorts by it; aria-sort says how the list is sorted now. */
export function SortHeader({ urls, column, label, numeric, firstDescending }: { urls: ListUrls; column: string; label: string; numeric?: boolean; firstDescending?: boolean }) {
  const t = useT();
  const { direction, next } = sortState(urls, column);
  const href = pageHref(urls, 1, { sort: next ?? (firstDescending ? `-${column}` : column) });
  return (
    <th scope="col" className={numeric ? "admin-num" : undefined} aria-sort={direction ?? undefined}>
      <a className="admin-sort" href={href} hx-get={href} {...regionLink(urls.regionId)}>
        {label}
        <span className="admin-sort-mark" aria-hidden="true">
          {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
        </span>
        <span className="visually-hidden"> {direction === null ? t("admin.lists.sortBy", { column: label }) : t(direction === "ascending" ? "admin.lists.sortedAscending" : "admin.lists.sortedDescending")}</span>
      </a>
    </th>
  );
}

/**
 * The sort of a list shown as cards (reports, selfies): the same links as a table's headings, in
 * a row above the cards; the current one is marked (aria-current) and says its direction.
 */
export function SortBar({ urls, columns }: { urls: ListUrls; columns: { column: string; label: string; firstDescending?: boolean }[] }) {
  const t = useT();
  return (
    <nav className="admin-sort-bar" aria-label={t("admin.lists.sortLabel")}>
      <span className="admin-sort-bar-label" aria-hidden="true">
        {t("admin.lists.sortLabel")}
      </span>
      {columns.map(({ column, label, firstDescending }) => {
        const { direction, next } = sortState(urls, column);
        const href = pageHref(urls, 1, { sort: next ?? (firstDescending ? `-${column}` : column) });
        return (
          <a key={column} className="admin-chip admin-sort" href={href} hx-get={href} {...regionLink(urls.regionId)} aria-current={direction === null ? undefined : "true"} data-sort={direction ?? undefined}>
            {label}
            <span className="admin-sort-mark" aria-hidden="true">
              {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
            </span>
            <span className="visually-hidden"> {direction === null ? t("admin.lists.sortBy", { column: label }) : t(direction === "ascending" ? "admin.lists.sortedAscending" : "admin.lists.sortedDescending")}</span>
          </a>
        );
      })}
    </nav>
  );
}

/**
 * Above a list: rows per page (10, 25 or 100) and the CSV of every matching row. The size is a
 * small GET form of its own (it carries the filters and the sort); the toolbar's form above the
 * region receives the sort and size as inputs owned by it (form attribute), so a new search
 * keeps them, and they are replaced with the region whenever a heading re-sorts.
 */
export function ListHead({ urls, exportHint, sortOptions }: { urls: ListUrls; exportHint?: string; sortOptions?: { column: string; label: string }[] }) {
  const t = useT();
  const sizeId = `${urls.regionId}-limit`;
  const sortId = `${urls.regionId}-sort`;
  const hintId = `${urls.regionId}-export-hint`;
  const { sort, limit } = controlParams(urls);
  // A table's headings are hidden on a phone (its rows become cards), and some columns have no
  // heading of their own (a member's last activity): the sort is also a select, at every width.
  return (
    <div className="admin-list-head">
      <form className="admin-list-size" action={urls.path} method="get" hx-get={urls.path} hx-trigger="change" {...regionLink(urls.regionId)}>
        {Object.entries({ ...urls.pageParams, ...urls.filters, sort: sortOptions === undefined ? sort : undefined }).map(([name, value]) =>
          value === undefined || value === null || value === "" ? null : <input key={name} type="hidden" name={name} value={String(value)} />,
        )}
        {sortOptions === undefined ? null : (
          <span className="admin-list-sort">
            <label htmlFor={sortId}>{t("admin.lists.sortLabel")}</label>
            <select id={sortId} name="sort" defaultValue={urls.sort}>
              {sortOptions.flatMap(({ column, label }) => [
                <option key={column} value={column}>
                  {t("admin.lists.sortOption", { column: label, direction: t("admin.lists.ascending") })}
                </option>,
                <option key={`-${column}`} value={`-${column}`}>
                  {t("admin.lists.sortOption", { column: label, direction: t("admin.lists.descending") })}
                </option>,
              ])}
            </select>
          </span>
        )}
        <label htmlFor={sizeId}>{t("admin.lists.rows")}</label>
        <select id={sizeId} name="limit" defaultValue={String(urls.limit)}>
          {[...new Set([...PAGE_SIZES, urls.limit])].sort((a, b) => a - b).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </form>
      <a className="button button-outline button-small" href={csvHref(urls)} download="" aria-describedby={hintId}>
        {t("admin.lists.export")}
      </a>
      <span id={hintId} className="field-hint">
        {exportHint ?? t("admin.lists.exportHint")}
      </span>
      {urls.formId === undefined ? null : (
        <>
          {sort === undefined ? null : <input type="hidden" form={urls.formId} name="sort" value={sort} />}
          {limit === undefined ? null : <input type="hidden" form={urls.formId} name="limit" value={String(limit)} />}
        </>
      )}
    </div>
  );
}
