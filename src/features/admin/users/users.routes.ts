import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";

export function usersApi(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
