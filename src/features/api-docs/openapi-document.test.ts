/**
 * The OpenAPI document (docs/decisions/0119): every route under /api/ of the real app is in it,
 * it has the shape of an OpenAPI 3.1 document, and it carries the routes' own zod schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { OpenAPIV3_1 } from "openapi-types";
import { createTestApp } from "../../testing/test-app";
import type { OpenApiDocument } from "./openapi-document";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.request("GET", "/api/openapi.json");
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
});
afterAll(() => t.close());

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

/** "POST /api/matches/{matchId}/read" for each operation of the document. */
function documentedCalls(doc: OpenApiDocument): Set<string> {
  const calls = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) for (const method of METHODS) if (item?.[method] !== undefined) calls.add(`${method.toUpperCase()} ${path}`);
  return calls;
}

/** The same for every route the app registered under /api/, middleware (app.use: method ALL) left out. */
function registeredCalls(app: TestApp["app"]): Set<string> {
  const calls = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    calls.add(`${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`);
  }
  return calls;
}

/** Every {"$ref": ...} anywhere in the document. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") found.push(child);
      else refsIn(child, found);
    }
  }
  return found;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined), doc);
}

function operation(path: string, method: (typeof METHODS)[number]): OpenAPIV3_1.OperationObject {
  const found = document.paths?.[path]?.[method];
  if (found === undefined) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
}

function jsonSchemaOf(body: OpenAPIV3_1.RequestBodyObject | OpenAPIV3_1.ReferenceObject | OpenAPIV3_1.ResponseObject | undefined): OpenAPIV3_1.SchemaObject {
  if (body === undefined || "$ref" in body) throw new Error("no inline body");
  const schema = body.content?.["application/json"]?.schema;
  if (schema === undefined || "$ref" in schema) throw new Error("no inline JSON schema");
  return schema;
}

describe("the OpenAPI document", () => {
  it("has every route registered under /api/, and nothing else", () => {
    const registered = registeredCalls(t.app);
    const documented = documentedCalls(document);
    // The walk itself sees the routes (a broken walk would compare two empty sets).
    expect(registered.size).toBeGreaterThanOrEqual(90);
    expect(registered).toContain("POST /api/swipe");
    expect([...registered].filter((call) => !documented.has(call)).sort()).toEqual([]);
    expect([...documented].filter((call) => !registered.has(call)).sort()).toEqual([]);
  });

  it("is an OpenAPI 3.1 document: info, paths, an operation's responses each described, every $ref resolving", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe("Kasih API");
    expect(typeof document.info.version).toBe("string");
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      expect(path.startsWith("/api/")).toBe(true);
      expect(path).not.toContain(":");
      for (const method of METHODS) {
        const op = item?.[method];
        if (op === undefined) continue;
        const label = `${method} ${path}`;
        expect({ label, summary: typeof op.summary }).toEqual({ label, summary: "string" });
        expect({ label, tags: op.tags?.length }).toEqual({ label, tags: 1 });
        const responses = Object.entries(op.responses ?? {});
        expect({ label, responses: responses.length > 0 }).toEqual({ label, responses: true });
        for (const [status, response] of responses) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          if (!("$ref" in response)) expect({ label, status, description: typeof response.description }).toEqual({ label, status, description: "string" });
        }
        // Every path parameter of the path is declared, as OpenAPI requires.
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          const declared = (op.parameters ?? []).some((parameter) => !("$ref" in parameter) && parameter.in === "path" && parameter.name === name.slice(1, -1) && parameter.required === true);
          expect({ label, name, declared }).toEqual({ label, name, declared: true });
        }
      }
    }
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect({ ref, resolves: resolvePointer(document, ref) !== undefined }).toEqual({ ref, resolves: true });
    const tagNames = new Set((document.tags ?? []).map((tag) => tag.name));
    for (const call of documentedCalls(document)) {
      const [method, path] = call.split(" ") as [string, string];
      expect(tagNames.has(operation(path, method.toLowerCase() as "get").tags![0]!)).toBe(true);
    }
  });

  it("validates against the OpenAPI 3.1 specification's own JSON Schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(validator.version).toBe("3.1");
    expect(result).toEqual({ valid: true });
  });

  it("describes the session cookie and the Origin rule", () => {
    const scheme = document.components?.securitySchemes?.session as OpenAPIV3_1.ApiKeySecurityScheme;
    expect(scheme).toMatchObject({ type: "apiKey", in: "cookie", name: "kasih_session" });
    expect(document.info.description).toContain("Origin header equal to APP_ORIGIN (http://localhost:3000)");
    expect(operation("/api/swipe", "post").security).toEqual([{ session: [] }]);
    expect(operation("/api/auth/login", "post").security).toEqual([]);
    // The refusals the middleware gives: 401 for a member's call, 403 for the Origin rule.
    expect(Object.keys(operation("/api/swipe", "post").responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404", "413", "429", "503"]));
    expect(Object.keys(operation("/api/admin/users", "get").responses ?? {})).toEqual(expect.arrayContaining(["401", "403"]));
    // Gateways post without our Origin: no 403 for that rule there.
    expect(operation("/api/payment/notify/{gateway}", "post").responses?.["403"]).toBeUndefined();
  });

  it("carries the zod schemas the routes validate with", () => {
    // POST /api/swipe: the handler's own swipeBodySchema.
    const swipe = jsonSchemaOf(operation("/api/swipe", "post").requestBody);
    expect(Object.keys(swipe.properties ?? {})).toEqual(["swipedId", "isLike", "isSuperLike"]);
    expect(swipe.required).toEqual(["swipedId", "isLike"]);
    expect(swipe.properties?.isLike).toMatchObject({ type: "boolean" });
    // A zValidator body (zod/mini): the registration form, its fields with their limits.
    const register = jsonSchemaOf(operation("/api/auth/register", "post").requestBody);
    expect(register.properties?.email).toMatchObject({ type: "string", maxLength: 254 });
    expect(Object.keys(register.properties ?? {})).toEqual(expect.arrayContaining(["email", "password", "firstName", "lastName", "captchaToken"]));
    // A zValidator query and path parameter.
    const messages = operation("/api/matches/{matchId}/messages", "get");
    const parameters = (messages.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    expect(parameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(expect.arrayContaining(["path matchId", "query before", "query limit"]));
    expect(parameters.find((parameter) => parameter.name === "matchId")?.schema).toMatchObject({ type: "string", maxLength: 64 });
    // A query the handler checks itself: Discover's limit with its bounds.
    const discovery = (operation("/api/discovery", "get").parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    expect(discovery.find((parameter) => parameter.name === "limit")?.schema).toMatchObject({ type: "integer", minimum: 1 });
    // The error shape every refusal shares.
    expect(operation("/api/swipe", "post").responses?.["429"]).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
    expect(document.components?.schemas?.Error).toMatchObject({ type: "object", required: ["message"] });
  });

  it("is served public and cacheable as JSON, the same document each time", async () => {
    const first = await t.request("GET", "/api/openapi.json");
    expect(first.headers.get("Content-Type")).toStartWith("application/json");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const second = await t.request("GET", "/api/openapi.json");
    expect(await second.text()).toBe(await first.text());
  });
});
