import { Hono } from "hono";
import * as z from "zod";
import type { AppDeps, AppEnv } from "../../app-env";
import { describeRoutes, type ApiOperation } from "../api-docs/describe-routes";
import { DENOMINATION_KEYS } from "../profile/denominations";
import { INTERESTS } from "../profile/interests";
import { searchChurches } from "./church-directory";

const churchSchema = z.object({ id: z.string(), name: z.string(), abbreviation: z.string().optional(), family: z.enum(DENOMINATION_KEYS) });
const churchesQuerySchema = z.object({ q: z.string().max(100).optional() });

/** The lists a profile form chooses from (docs/decisions/0132): public, the same for everyone but the language. */
const faithListsApiDocs: Record<string, ApiOperation> = {
  "GET /churches": {
    tag: "Profile",
    access: "public",
    summary: "Search the church directory",
    description: "Synods, church networks and Catholic dioceses kept in the repository, matched on name, abbreviation and other common names, case and accents ignored; best matches first, at most 20. Without q, the first 20.",
    query: churchesQuerySchema,
    success: { description: "The churches, each with its denomination family key.", schema: z.object({ churches: z.array(churchSchema) }) },
    refusals: { 400: "q longer than 100 characters." },
  },
  "GET /interests": {
    tag: "Profile",
    access: "public",
    summary: "The interests a profile picks from",
    description: "About 60, each a key and its name in the request's language (the language setting or cookie, else Accept-Language). A profile keeps up to 10 keys.",
    success: { description: "The interests.", schema: z.object({ interests: z.array(z.object({ key: z.string(), name: z.string() })) }) },
  },
};

export function churchesRoutes(_deps: AppDeps) {
  const routes = new Hono<AppEnv>()
    .get("/churches", (c) => {
      const q = c.req.query("q") ?? "";
      if (q.length > 100) return c.json({ message: "The search is too long" }, 400);
      const churches = searchChurches(q).map(({ id, name, abbreviation, family }) => ({ id, name, ...(abbreviation === undefined ? {} : { abbreviation }), family }));
      c.header("Cache-Control", "public, max-age=3600");
      return c.json({ churches });
    })
    .get("/interests", (c) => {
      const lang = c.get("lang");
      c.header("Cache-Control", "private, max-age=3600");
      c.header("Vary", "Cookie, Accept-Language");
      return c.json({ interests: INTERESTS.map((interest) => ({ key: interest.key, name: interest[lang] })) });
    });
  return describeRoutes(routes, faithListsApiDocs);
}
