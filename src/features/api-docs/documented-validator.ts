import { zValidator as zodValidator } from "@hono/zod-validator";
import { resolver, uniqueSymbol } from "hono-openapi";

/**
 * @hono/zod-validator's zValidator, the very same middleware at request time, which also tells the
 * OpenAPI document (openapi-document.ts) what it validates: the schema and where it reads it
 * (json body, query, path). hono-openapi finds that under its marker symbol when it walks the
 * app's routes, the extension point it offers for custom middleware (docs/decisions/0119). The
 * mark is a property of the function object: nothing runs per request.
 */
export const zValidator: typeof zodValidator = ((...args: Parameters<typeof zodValidator>) => {
  const [target, schema] = args;
  return Object.assign(zodValidator(...args), { [uniqueSymbol]: { target, ...resolver(schema as Parameters<typeof resolver>[0]) } });
}) as typeof zodValidator;
