import type { Hono } from "hono";
import { findTargetHandler } from "hono/utils/handler";
import { resolver, uniqueSymbol, type DescribeRouteOptions } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import * as z from "zod";

/** A zod schema (zod or zod/mini): hono-openapi turns it into the document's JSON Schema. */
export type ZodSchema = Parameters<typeof resolver>[0] & z.core.$ZodType;

/** The areas of the API, in the order the reference lists them. */
export const API_TAGS = [
  { name: "Auth", description: "Registration, sign-in (password, Google, Facebook, Firebase), sign-out, password reset and email verification." },
  { name: "Profile", description: "The member's own profile, photos and onboarding draft." },
  { name: "Discover", description: "The deck of suggested people, swipes, boosts and who liked you." },
  { name: "Matches", description: "Matches, unread counts and unmatching." },
  { name: "Chat", description: "The messages of a match. New messages, receipts and calls also arrive over the WebSocket at /ws." },
  { name: "Safety", description: "Blocking and reporting members." },
  { name: "Settings", description: "Privacy and notification settings." },
  { name: "Chaperone", description: "A member's family chaperone: the invitation, sharing a match's conversation, and the chaperone's read-only calls." },
  { name: "Account", description: "Data export and account deletion." },
  { name: "Verification", description: "Photo verification with a pose selfie." },
  { name: "Push", description: "Web push subscriptions (the Android wrapper uses web push too)." },
  { name: "Ads", description: "The ad slots shown to free members and their events." },
  { name: "Payments", description: "Premium plans, payments and the payment gateways' notifications." },
  { name: "Admin", description: "The admin panel's calls: every one needs an admin session." },
  { name: "Documentation", description: "This document and its rendered reference." },
] as const;
export type ApiTag = (typeof API_TAGS)[number]["name"];

/** Who may call: anyone, a signed-in member (the session cookie), or an admin. */
export type ApiAccess = "public" | "member" | "admin";

/** The refusals the API answers, always as {message}. */
export type Refusal = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

export interface ApiOperation {
  summary: string;
  description?: string;
  tag: ApiTag;
  access: ApiAccess;
  /**
   * The JSON body of a route whose handler checks it itself. A route validated with zValidator
   * (documented-validator.ts) needs none: its validator tells the document.
   */
  body?: ZodSchema;
  /** The query of a route whose handler checks it itself. */
  query?: ZodSchema;
  /** A body that is not JSON (photos, a selfie, a gateway's form post). */
  requestBody?: OpenAPIV3_1.RequestBodyObject;
  success: { status?: 200 | 201 | 204 | 302; description: string; schema?: ZodSchema | OpenAPIV3_1.SchemaObject; media?: string };
  /** The refusals the route itself answers, with what each means there. */
  refusals?: Partial<Record<Refusal, string>>;
}

/** The answer of calls that only confirm: {message}. */
export const messageSchema = z.object({ message: z.string() });

/** The name of the session cookie's security scheme in the document. */
export const SESSION_SCHEME = "session";
export const ERROR_SCHEMA_REF = "#/components/schemas/Error";

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refusals that come from the app's middleware rather than from the route (src/app.ts): the
 * session guards, the Origin rule, the body limit, the flood guard and a database that cannot
 * be written. Listed per route so the document says what each call can really answer.
 */
function middlewareRefusals(method: string, op: ApiOperation, gatewayCall: boolean): Partial<Record<Refusal, string>> {
  const refusals: Partial<Record<Refusal, string>> = {};
  const add = (status: Refusal, text: string) => (refusals[status] = refusals[status] === undefined ? text : `${refusals[status]} ${text}`);
  if (op.access !== "public") add(401, "Not signed in: no valid session cookie.");
  if (op.access === "admin") add(403, "Signed in, but not an admin or a moderator whose role allows the call (Forbidden), or no second factor proven in this session (Second factor required).");
  if (stateChanging.has(method)) {
    if (!gatewayCall) add(403, "The Origin header is not APP_ORIGIN (every state-changing call must come from the app's own origin).");
    add(413, "The body is larger than the call accepts.");
    add(503, "The database cannot be written (disk full or read-only); Retry-After says when to try again.");
  }
  add(429, "Too many requests from this address (the API's flood guard); Retry-After says when to try again.");
  return refusals;
}

function isZodSchema(schema: unknown): schema is ZodSchema {
  return typeof schema === "object" && schema !== null && "~standard" in schema;
}

/** The query parameters of a schema the handler checks itself, as hono-openapi lists a validator's. */
function queryParameters(schema: ZodSchema): OpenAPIV3_1.ParameterObject[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, OpenAPIV3_1.SchemaObject>; required?: string[] };
  // openapi-types gives a parameter the 3.0 schema type; the document is 3.1 throughout.
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({ in: "query", name, required: json.required?.includes(name) === true, schema: property as OpenAPIV3_1.ParameterObject["schema"] }));
}

function operationSpec(method: string, path: string, op: ApiOperation): DescribeRouteOptions {
  const success = op.success;
  const media = success.media ?? "application/json";
  const responses: NonNullable<DescribeRouteOptions["responses"]> = {
    [success.status ?? 200]: {
      description: success.description,
      ...(success.schema === undefined ? {} : { content: { [media]: { schema: isZodSchema(success.schema) ? resolver(success.schema) : success.schema } } }),
    },
  };
  const own = op.refusals ?? {};
  const common = middlewareRefusals(method, op, path.includes("/payment/notify/"));
  const statuses = [...new Set([...Object.keys(own), ...Object.keys(common)].map(Number) as Refusal[])].sort((a, b) => a - b);
  for (const status of statuses) {
    const description = [own[status], common[status]].filter((text) => text !== undefined).join(" ");
    responses[status] = { description, content: { "application/json": { schema: { $ref: ERROR_SCHEMA_REF } } } };
  }
  return {
    summary: op.summary,
    ...(op.description === undefined ? {} : { description: op.description }),
    tags: [op.tag],
    security: op.access === "public" ? [] : [{ [SESSION_SCHEME]: [] }],
    ...(op.access === "admin" ? { "x-kasih-access": "admin" } : {}),
    ...(op.query === undefined ? {} : { parameters: queryParameters(op.query) }),
    ...(op.body !== undefined
      ? { requestBody: { required: true, content: { "application/json": { schema: resolver(op.body) } } } }
      : op.requestBody !== undefined
        ? { requestBody: op.requestBody }
        : {}),
    responses,
  };
}

/**
 * Gives each route of a sub-app its description for the OpenAPI document (docs/decisions/0119),
 * keyed "METHOD /path" as the sub-app names the route (path parameters as {id}). The description is hung on the route's
 * final handler under hono-openapi's marker, the way its describeResponse() does: a property of
 * the function, built only when the document is, so requests run exactly as before (its
 * describeRoute() would add a middleware to every call). A key naming no route is a mistake and
 * stops the app at start; a route left without a description fails openapi-document.test.ts.
 */
export function describeRoutes<T extends Hono<any, any, any>>(app: T, operations: Record<string, ApiOperation>): T {
  const finalHandlers = new Map<string, object>();
  // Keys name path parameters as the document does ({id}); hono names them :id.
  for (const route of app.routes) if (route.method !== "ALL") finalHandlers.set(`${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`, findTargetHandler(route.handler));
  for (const [key, op] of Object.entries(operations)) {
    const handler = finalHandlers.get(key);
    if (handler === undefined) throw new Error(`The API description "${key}" names no route`);
    // A handler made once per module is met again by each app built in the same process.
    const existing = (handler as { [uniqueSymbol]?: { op?: ApiOperation } })[uniqueSymbol];
    if (existing?.op === op) continue;
    if (existing !== undefined) throw new Error(`The route "${key}" shares its handler with another described route`);
    const [method = "", path = ""] = key.split(" ");
    let spec: DescribeRouteOptions | undefined;
    Object.defineProperty(handler, uniqueSymbol, { value: { op, get spec() { return (spec ??= operationSpec(method, path, op)); } } });
  }
  return app;
}
