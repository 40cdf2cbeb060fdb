import type { OpenAPIV3_1 } from "openapi-types";
import { useT } from "../../../islands/runtime/i18n-context";
import { DevtoolsLayout } from "../devtools/devtools.components";
import type { OpenApiDocument } from "./openapi-document";

/**
 * /api/docs: the OpenAPI document as a plain server-rendered page in the app's own style, for the
 * Android wrapper's and integrators' developers (docs/decisions/0119). No script of its own and
 * nothing from another origin, so it works offline and within the pages' CSP.
 */

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;
type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;
type Response = OpenAPIV3_1.ResponseObject;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface Entry {
  method: (typeof METHODS)[number];
  path: string;
  operation: Operation;
}

/** The operations of the document grouped by their first tag, in the document's tag order. */
function byTag(document: OpenApiDocument): { tag: OpenAPIV3_1.TagObject; entries: Entry[] }[] {
  const groups = new Map<string, Entry[]>((document.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation === undefined) continue;
      const tag = operation.tags?.[0] ?? "";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, operation });
    }
  }
  return [...groups].filter(([, entries]) => entries.length > 0).map(([name, entries]) => ({ tag: document.tags?.find((tag) => tag.name === name) ?? { name }, entries }));
}

/** The document's text with its `code` spans shown as code (the only markup its descriptions use). */
function Prose({ text }: { text: string }) {
  return <>{text.split("`").map((part, index) => (index % 2 === 1 ? <code key={index} className="mono">{part}</code> : part))}</>;
}

const anchor = (entry: Entry) => `${entry.method}-${entry.path.replace(/[^a-zA-Z0-9]+/g, "-")}`;
const tagAnchor = (name: string) => `tag-${name.toLowerCase()}`;

/** A schema's type in a few words: "string", "integer 1–20", "array of string", "one of a | b". */
function typeOf(schema: Schema | undefined): string {
  if (schema === undefined) return "any";
  if ("$ref" in schema) return schema.$ref.split("/").pop() ?? schema.$ref;
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeOf(variant)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  if (type === "array" && "items" in schema) return `array of ${typeOf(schema.items)}`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** The limits a schema sets, as the reader needs them. */
function limitsOf(schema: Schema | undefined): string {
  if (schema === undefined || "$ref" in schema) return "";
  const parts: string[] = [];
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.multipleOf !== undefined) parts.push(`× ${schema.multipleOf}`);
  if (schema.minLength !== undefined) parts.push(`min ${schema.minLength} chars`);
  if (schema.maxLength !== undefined) parts.push(`max ${schema.maxLength} chars`);
  if (schema.maxItems !== undefined) parts.push(`max ${schema.maxItems} items`);
  if (schema.pattern !== undefined) parts.push(`/${schema.pattern}/`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}

/** An object schema as a table of its fields (nested objects indented); anything else as its type. */
function SchemaView({ schema }: { schema: Schema }) {
  const t = useT();
  const rows: { name: string; depth: number; schema: Schema; required: boolean }[] = [];
  const walk = (current: Schema, depth: number) => {
    if ("$ref" in current || current.type !== "object" || current.properties === undefined) return;
    for (const [name, property] of Object.entries(current.properties)) {
      rows.push({ name, depth, schema: property, required: current.required?.includes(name) === true });
      if (depth < 3) walk(property, depth + 1);
      if (!("$ref" in property) && property.type === "array" && "items" in property && property.items !== undefined && depth < 3) walk(property.items, depth + 1);
    }
  };
  walk(schema, 0);
  if (rows.length === 0) return <p className="api-type mono">{typeOf(schema)}</p>;
  return (
    <table className="api-table">
      <thead>
        <tr>
          <th scope="col">{t("apiDocs.field")}</th>
          <th scope="col">{t("apiDocs.type")}</th>
          <th scope="col">{t("apiDocs.required")}</th>
          <th scope="col">{t("apiDocs.notes")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <td className={`mono api-depth-${row.depth}`}>
              {row.name}
            </td>
            <td className="mono">{typeOf(row.schema)}</td>
            <td>{row.required ? t("apiDocs.yes") : t("apiDocs.no")}</td>
            <td>{[limitsOf(row.schema), "$ref" in row.schema ? "" : (row.schema.description ?? "")].filter(Boolean).join(" · ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Content({ content }: { content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined }) {
  if (content === undefined) return null;
  return (
    <>
      {Object.entries(content).map(([media, body]) => (
        <div key={media} className="api-media">
          <p className="api-media-type mono">{media}</p>
          {body.schema === undefined ? null : <SchemaView schema={body.schema} />}
        </div>
      ))}
    </>
  );
}

function OperationView({ entry }: { entry: Entry }) {
  const t = useT();
  const { operation } = entry;
  const parameters = (operation.parameters ?? []).filter((parameter): parameter is Parameter => !("$ref" in parameter));
  const body = operation.requestBody !== undefined && !("$ref" in operation.requestBody) ? operation.requestBody : undefined;
  const access = operation["x-kasih-access" as keyof Operation] === "admin" ? "admin" : (operation.security?.length ?? 0) > 0 ? "member" : "public";
  return (
    <article id={anchor(entry)} className="card api-operation" aria-labelledby={`${anchor(entry)}-title`}>
      <h3 id={`${anchor(entry)}-title`} className="api-operation-title">
        <span className={`api-method api-method-${entry.method}`}>{entry.method.toUpperCase()}</span> <code className="mono">{entry.path}</code>
      </h3>
      <p className="api-summary">
        {operation.summary} <span className={`badge api-access-${access}`}>{t(`apiDocs.access.${access}`)}</span>
      </p>
      {operation.description ? (
        <p className="api-description">
          <Prose text={operation.description} />
        </p>
      ) : null}
      {parameters.length > 0 ? (
        <>
          <h4>{t("apiDocs.parameters")}</h4>
          <table className="api-table">
            <thead>
              <tr>
                <th scope="col">{t("apiDocs.name")}</th>
                <th scope="col">{t("apiDocs.in")}</th>
                <th scope="col">{t("apiDocs.type")}</th>
                <th scope="col">{t("apiDocs.required")}</th>
                <th scope="col">{t("apiDocs.notes")}</th>
              </tr>
            </thead>
            <tbody>
              {parameters.map((parameter) => (
                <tr key={`${parameter.in}-${parameter.name}`}>
                  <td className="mono">{parameter.name}</td>
                  <td>{parameter.in}</td>
                  <td className="mono">{typeOf(parameter.schema)}</td>
                  <td>{parameter.required ? t("apiDocs.yes") : t("apiDocs.no")}</td>
                  <td>{[limitsOf(parameter.schema), parameter.description ?? ""].filter(Boolean).join(" · ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {body ? (
        <>
          <h4>{t("apiDocs.requestBody")}</h4>
          <Content content={body.content} />
        </>
      ) : null}
      <h4>{t("apiDocs.responses")}</h4>
      <dl className="api-responses">
        {Object.entries(operation.responses ?? {}).map(([status, response]) => (
          <div key={status} className="api-response">
            <dt className={`mono api-status api-status-${status.charAt(0)}xx`}>{status}</dt>
            <dd>
              <Prose text={"$ref" in response ? response.$ref : (response as Response).description} />
              {"$ref" in response || (response as Response).content === undefined || status.startsWith("4") || status.startsWith("5") ? null : <Content content={(response as Response).content} />}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/**
 * The reference itself: about a hundred calls with their tables, too much to render per request
 * (about 150 ms), so api-docs.routes.tsx renders it once per language and keeps the HTML. It holds
 * no script and nothing that differs between requests.
 */
export function ApiReference({ document }: { document: OpenApiDocument }) {
  const t = useT();
  const groups = byTag(document);
  return (
    <>
      <p className="api-links">
        <a className="button button-outline" href="/api/openapi.json" download="kasih-openapi.json">
          {t("apiDocs.download")}
        </a>{" "}
        <span className="api-version mono">
          OpenAPI {document.openapi} · {document.info.title} {document.info.version}
        </span>
      </p>
      <p className="api-language-note">{t("apiDocs.englishNote")}</p>
      <section className="card api-intro" aria-labelledby="api-intro-title">
        <h2 id="api-intro-title">{t("apiDocs.overview")}</h2>
        {(document.info.description ?? "").split("\n\n").map((paragraph, index) => (
          <p key={index}>
            <Prose text={paragraph} />
          </p>
        ))}
      </section>
      <nav className="card api-toc" aria-label={t("devtools.contents")}>
        <h2>{t("devtools.contents")}</h2>
        <ol>
          {groups.map(({ tag, entries }) => (
            <li key={tag.name}>
              <a href={`#${tagAnchor(tag.name)}`}>{tag.name}</a> <span className="api-count">{t("apiDocs.calls", { count: entries.length })}</span>
            </li>
          ))}
        </ol>
      </nav>
      {groups.map(({ tag, entries }) => (
        <section key={tag.name} id={tagAnchor(tag.name)} className="api-tag" aria-labelledby={`${tagAnchor(tag.name)}-title`}>
          <h2 id={`${tagAnchor(tag.name)}-title`}>{tag.name}</h2>
          {tag.description ? <p className="api-tag-description">{tag.description}</p> : null}
          <ul className="api-index">
            {entries.map((entry) => (
              <li key={anchor(entry)}>
                <a href={`#${anchor(entry)}`}>
                  <span className={`api-method api-method-${entry.method}`}>{entry.method.toUpperCase()}</span> <code className="mono">{entry.path}</code>
                </a>{" "}
                {entry.operation.summary}
              </li>
            ))}
          </ul>
          {entries.map((entry) => (
            <OperationView key={anchor(entry)} entry={entry} />
          ))}
        </section>
      ))}
    </>
  );
}

/** The page around the reference: the operator pages' frame, rendered per request (language switcher, banner). */
export function ApiReferencePage({ referenceHtml }: { referenceHtml: string }) {
  const t = useT();
  return (
    <DevtoolsLayout title={t("apiDocs.title")} lead={t("apiDocs.lead")} back={{ href: "/", label: t("devtools.backHome") }}>
      {/* Our own server-rendered markup (React-escaped), kept per language: see ApiReference. */}
      <div className="api-reference" dangerouslySetInnerHTML={{ __html: referenceHtml }} />
    </DevtoolsLayout>
  );
}
