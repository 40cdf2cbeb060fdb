import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";

export function statsApi(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
