import { afterAll, beforeAll, describe, expect, it, setDefaultTimeout } from "bun:test";
import { TEST_ORIGIN } from "../../../testing/test-app";
import { settingsTestApp } from "./settings.test-support";

setDefaultTimeout(30_000);

let app: Awaited<ReturnType<typeof settingsTestApp>>;
beforeAll(async () => {
  app = await settingsTestApp();
});
afterAll(() => app.close());

const page = async (path = "/admin/settings", headers: Record<string, string> = {}) => {
  const response = await app.asAdmin("GET", path, undefined, headers);
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
};

/** The attributes of the element whose id is given (a quick look without a DOM). */
const tagOf = (html: string, id: string) => html.match(new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`))?.[0] ?? "";

describe("GET /admin/settings", () => {
  it("shows the AdMob form, the switches, the four gateway key forms, the Meta form and the instructions", async () => {
    const { status, html } = await page();
    expect(status).toBe(200);
    for (const id of ["admob-form", "admin-toggles", "ipaymu-keys", "midtrans-keys", "xendit-keys", "doku-keys", "meta-form", "settings-instructions-title"]) expect({ id, found: html.includes(`id="${id}"`) }).toEqual({ id, found: true });
    // Spec point 2's order.
    const order = ["admob-form", "admin-toggles", "admin-gateway-keys", "meta-form", "settings-instructions-title"].map((id) => html.indexOf(`id="${id}"`));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("posts each gateway form as JSON to /api/admin/payment-config with fields named as the API's", async () => {
    const { html } = await page();
    const form = tagOf(html, "doku-keys");
    expect(form).toContain('hx-post="/api/admin/payment-config"');
    expect(form).toContain('hx-vals="{&quot;gateway&quot;:&quot;doku&quot;}"');
    expect(form).toContain('hx-swap="none"');
    expect(form).toContain('data-error-title="Error"');
    expect(form).toContain('method="post"');
    for (const [id, name] of [
      ["ipaymu-va", "va"],
      ["ipaymu-apiKey", "apiKey"],
      ["midtrans-serverKey", "serverKey"],
      ["midtrans-clientKey", "clientKey"],
      ["xendit-secretKey", "secretKey"],
      ["xendit-callbackToken", "callbackToken"],
      ["doku-secretKey", "secretKey"],
    ]) {
      const input = tagOf(html, id!);
      expect({ id, input }).toEqual({ id, input: expect.stringContaining(`name="${name}"`) });
      expect(input).toContain('type="password"');
      expect(input).toContain('autoComplete="new-password"');
      expect(input).not.toContain("value=");
      // A label for every input.
      expect(html).toContain(`for="${id}"`);
    }
    expect(tagOf(html, "doku-publicKey")).toContain('name="publicKey"');
    expect(tagOf(html, "doku-clientId")).toContain('name="clientId"');
    expect(tagOf(html, "meta-form")).toContain('hx-vals="{&quot;platform&quot;:&quot;meta&quot;}"');
    expect(tagOf(html, "admob-form")).toContain('data-error-title="Error saving AdMob config"');
    expect(html).toContain("Not set");
  });

  it("says where each gateway's notifications go and where the encryption key lives", async () => {
    const { html } = await page();
    const text = html.replace(/<[^>]+>/g, "");
    for (const gateway of ["ipaymu", "midtrans", "xendit", "doku"]) expect(text).toContain(`${TEST_ORIGIN}/api/payment/notify/${gateway}`);
    expect(html).toContain(`${app.dataDir}/secrets`);
  });

  it("shows a stored key by its last 4 and when it was saved, and the ad ids as saved", async () => {
    await app.asAdmin("POST", "/api/admin/payment-config", { gateway: "xendit", config: { secretKey: "xnd_development_abcdefgh9876" } });
    await app.asAdmin("POST", "/api/admin/ad-configs", { platform: "admob", appId: "ca-app-pub-5~5", rewardedAdUnitId: "ca-app-pub-5/7" });
    const { html } = await page();
    expect(html).toMatch(/Stored: ••••9876 \(updated [^)]+\)/);
    expect(tagOf(html, "admob-app-id")).toContain('value="ca-app-pub-5~5"');
    expect(tagOf(html, "admob-rewarded")).toContain('value="ca-app-pub-5/7"');
  });

  it("speaks Indonesian with the app-language cookie", async () => {
    const response = await app.request("GET", "/admin/settings", { headers: { Cookie: `${app.admin.cookie}; app-language=id` } });
    const html = await response.text();
    expect(html).toContain("Kunci gateway pembayaran");
    expect(html).toContain("Simpan kunci Midtrans");
    expect(html).toContain("Belum diisi");
  });

  it("sends a member to /profile", async () => {
    const response = await app.request("GET", "/admin/settings", { cookie: app.member.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile");
  });
});

describe("the Settings tab's reloadable regions", () => {
  it("answer htmx with just their fragment, and a person with the whole tab", async () => {
    for (const [path, id] of [
      ["/admin/settings/toggles", "admin-toggles"],
      ["/admin/settings/gateway-keys", "admin-gateway-keys"],
      ["/admin/settings/ad-forms?form=admob-region", "admob-region"],
      ["/admin/settings/ad-forms?form=meta-region", "meta-region"],
    ] as const) {
      const fragment = await page(path, { "HX-Request": "true" });
      expect({ path, status: fragment.status, starts: fragment.html.startsWith(`<`) && !fragment.html.includes("<html"), hasId: fragment.html.includes(`id="${id}"`) }).toEqual({ path, status: 200, starts: true, hasId: true });
      const plain = await page(path);
      expect({ path, status: plain.status, location: plain.location }).toEqual({ path, status: 302, location: "/admin/settings" });
    }
  });
});
