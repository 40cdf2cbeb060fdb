import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../app-env";
import type { RenderPage } from "../../../views/render";

export function usersPages(_deps: AppDeps, _render: RenderPage) {
  return new Hono<AppEnv>();
}
