import { Hono } from "hono";
import { renderToString } from "react-dom/server";
import type { AppDeps, AppEnv } from "../../app-env";
import type { Lang } from "../../i18n";
import type { RenderPage } from "../../views/render";
import { I18nProvider } from "../../../islands/runtime/i18n-context";
import { ApiReference, ApiReferencePage } from "./api-reference.page";
import { describeRoutes, type ApiOperation } from "./describe-routes";
import { openApiDocument, type OpenApiDocument } from "./openapi-document";

/** The document changes only with a new release: browsers and proxies may keep it a while. */
const DOCUMENT_CACHE = "public, max-age=3600";

const apiDocsApiDocs: Record<string, ApiOperation> = {
  "GET /openapi.json": {
    tag: "Documentation",
    access: "public",
    summary: "This OpenAPI 3.1 document",
    success: { description: "The document." },
  },
  "GET /docs": {
    tag: "Documentation",
    access: "public",
    summary: "The API reference as a page",
    description: "This document rendered as HTML by the server, in English or Indonesian (the page's own texts).",
    success: { description: "The page.", media: "text/html" },
  },
};

/**
 * GET /api/openapi.json and GET /api/docs (docs/decisions/0119), for anyone. `app` is the whole
 * app: the document is generated from its routes on the first call, after every route exists,
 * and kept (as its JSON text) for the life of the process.
 */
export function apiDocsRoutes(app: Hono<any, any, any>, deps: AppDeps, render: RenderPage) {
  let built: Promise<{ document: OpenApiDocument; json: string }> | undefined;
  const documented = () => {
    built ??= openApiDocument(app, deps.config).then((document) => ({ document, json: JSON.stringify(document) }));
    // A failed build is tried again on the next call rather than kept.
    built.catch(() => (built = undefined));
    return built;
  };
  // The reference's HTML per language, rendered once (ApiReference says why).
  const references = new Map<Lang, string>();
  const routes = new Hono<AppEnv>()
    .get("/openapi.json", async (c) => {
      const { json } = await documented();
      return c.body(json, 200, { "Content-Type": "application/json; charset=UTF-8", "Cache-Control": DOCUMENT_CACHE });
    })
    .get("/docs", async (c) => {
      const { document } = await documented();
      const lang = c.get("lang");
      let referenceHtml = references.get(lang);
      if (referenceHtml === undefined) {
        referenceHtml = renderToString(
          <I18nProvider value={{ t: c.get("t"), lang }}>
            <ApiReference document={document} />
          </I18nProvider>,
        );
        references.set(lang, referenceHtml);
      }
      return render(c, { title: c.get("t")("apiDocs.title"), entry: "landing", hydrates: false, description: c.get("t")("apiDocs.lead") }, <ApiReferencePage referenceHtml={referenceHtml} />);
    });
  return describeRoutes(routes, apiDocsApiDocs);
}
