/**
 * Where a page's copy script (src/i18n/copy-script.ts) leaves the language and the copy for the
 * page's islands; it runs before the page's entry module (both deferred, in document order).
 */
export const COPY_GLOBAL = "__kasihCopy";
