import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";

export function adminMatchesApi(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
