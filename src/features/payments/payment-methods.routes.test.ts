import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { settingsTestApp } from "../admin/settings/settings.test-support";

setDefaultTimeout(30_000);

let app: Awaited<ReturnType<typeof settingsTestApp>>;
beforeAll(async () => {
  // The sandbox gateway takes every method, so the list is the admin's switches alone.
  app = await settingsTestApp({ env: { PAYMENT_SANDBOX: "1" } });
});
afterAll(() => app.close());

const methodsFor = async (cookie?: string) => {
  // Through the whole app, as src/app.ts mounts it.
  const response = await app.request("GET", "/api/payment/methods", { cookie });
  return { status: response.status, body: await response.json() };
};

describe("GET /api/payment/methods", () => {
  it("lists every method in the dialog's order while all switches are on", async () => {
    expect(await methodsFor(app.member.cookie)).toMatchObject({ status: 200, body: { methods: ["qris", "credit", "bank", "googlepay", "ewallet"] } });
  });

  it("drops a method the admin switches off, at once and without a restart, and brings it back when switched on", async () => {
    expect((await app.asAdmin("POST", "/api/admin/settings/payment_qris", { value: false })).status).toBe(200);
    expect(await methodsFor(app.member.cookie)).toMatchObject({ status: 200, body: { methods: ["credit", "bank", "googlepay", "ewallet"] } });
    await app.asAdmin("POST", "/api/admin/settings/payment_credit", { value: false });
    await app.asAdmin("POST", "/api/admin/settings/payment_bank", { value: false });
    // Google Pay and the e-wallets have no switch in the spec: they stay while a gateway takes them.
    expect(await methodsFor(app.member.cookie)).toMatchObject({ status: 200, body: { methods: ["googlepay", "ewallet"] } });
    await app.asAdmin("POST", "/api/admin/settings/payment_qris", { value: true });
    expect(await methodsFor(app.member.cookie)).toMatchObject({ status: 200, body: { methods: ["qris", "googlepay", "ewallet"] } });
  });

  it("answers 401 to a visitor", async () => {
    expect(await methodsFor()).toEqual({ status: 401, body: { message: "Unauthorized" } });
  });
});
