import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";

export function tempUsersApi(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
