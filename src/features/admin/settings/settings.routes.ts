import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";

export function settingsApi(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
