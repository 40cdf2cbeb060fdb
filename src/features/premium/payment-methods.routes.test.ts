import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { Hono } from "hono";
import type { AppEnv } from "../../app-env";
import { requestContext } from "../../middleware/request-context";
import { settingsTestApp } from "../admin/settings/settings.test-support";
import { paymentMethodsRoutes } from "./payment-methods.routes";

setDefaultTimeout(30_000);

let app: Awaited<ReturnType<typeof settingsTestApp>>;
let methodsApi: Hono<AppEnv>;
beforeAll(async () => {
  app = await settingsTestApp();
  // The router as src/app.ts mounts it (under /api, after the request context).
  methodsApi = new Hono<AppEnv>().use(requestContext(app.deps)).route("/api", paymentMethodsRoutes(app.deps));
});
afterAll(() => app.close());

const methodsFor = async (cookie?: string) => {
  const response = await methodsApi.request("/api/payment/methods", { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, body: await response.json() };
};

describe("GET /api/payment/methods", () => {
  it("lists every method in the dialog's order while all switches are on", async () => {
    expect(await methodsFor(app.member.cookie)).toEqual({ status: 200, body: { methods: ["qris", "credit", "bank", "googlepay"] } });
  });

  it("drops a method the admin switches off, at once and without a restart, and brings it back when switched on", async () => {
    expect((await app.asAdmin("POST", "/api/admin/settings/payment_qris", { value: false })).status).toBe(200);
    expect(await methodsFor(app.member.cookie)).toEqual({ status: 200, body: { methods: ["credit", "bank", "googlepay"] } });
    await app.asAdmin("POST", "/api/admin/settings/payment_credit", { value: false });
    await app.asAdmin("POST", "/api/admin/settings/payment_bank", { value: false });
    // Google Pay has no switch in the spec: it stays, the dialog never ends up empty by accident.
    expect(await methodsFor(app.member.cookie)).toEqual({ status: 200, body: { methods: ["googlepay"] } });
    await app.asAdmin("POST", "/api/admin/settings/payment_qris", { value: true });
    expect(await methodsFor(app.member.cookie)).toEqual({ status: 200, body: { methods: ["qris", "googlepay"] } });
  });

  it("answers 401 to a visitor", async () => {
    expect(await methodsFor()).toEqual({ status: 401, body: { message: "Unauthorized" } });
  });
});
