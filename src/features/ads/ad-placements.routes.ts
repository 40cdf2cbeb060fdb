import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../app-env";

export function adPlacementsApi(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
