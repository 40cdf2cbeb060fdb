/**
 * describeRoutes() and the documenting zValidator add nothing to a request (docs/decisions/0119):
 * the routes keep exactly their handlers, and the description lives on the handler function.
 */
import { describe, expect, it } from "bun:test";
import { Hono } from "hono";
import { uniqueSymbol } from "hono-openapi";
import * as z from "zod";
import { describeRoutes, type ApiOperation } from "./describe-routes";
import { zValidator } from "./documented-validator";

const op: ApiOperation = { tag: "Discover", access: "member", summary: "A test call", success: { description: "OK" } };

describe("describeRoutes", () => {
  it("keeps each route's handlers as they were: no middleware is added", async () => {
    const validator = zValidator("json", z.object({ a: z.number() }));
    const handler = (c: { json: (body: unknown) => Response }) => c.json({ ok: true });
    const app = new Hono().post("/x/:id", validator, handler as never);
    const before = app.routes.map((route) => [route.method, route.path, route.handler]);
    expect(describeRoutes(app, { "POST /x/{id}": op })).toBe(app);
    expect(app.routes.map((route) => [route.method, route.path, route.handler])).toEqual(before);
    // The marks are properties of the functions the routes already had.
    expect(uniqueSymbol in handler).toBe(true);
    expect(uniqueSymbol in validator).toBe(true);
    // And the route answers as before: the validator still validates.
    expect((await app.request("/x/1", { method: "POST", body: JSON.stringify({ a: 1 }), headers: { "Content-Type": "application/json" } })).status).toBe(200);
    expect((await app.request("/x/1", { method: "POST", body: JSON.stringify({ a: "no" }), headers: { "Content-Type": "application/json" } })).status).toBe(400);
  });

  it("refuses a description that names no route, so a renamed route cannot keep a stale one", () => {
    const app = new Hono().get("/y", (c) => c.text("y"));
    expect(() => describeRoutes(app, { "GET /z": op })).toThrow('"GET /z" names no route');
  });

  it("refuses one handler shared by two described routes (each would get the other's description)", () => {
    const shared = (c: { text: (body: string) => Response }) => c.text("s");
    const app = new Hono().get("/a", shared as never).get("/b", shared as never);
    expect(() => describeRoutes(app, { "GET /a": op, "GET /b": { ...op, summary: "Another" } })).toThrow("shares its handler");
  });
});
