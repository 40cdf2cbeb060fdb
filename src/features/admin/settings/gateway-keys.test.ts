import { afterEach, beforeEach, describe, expect, it, setDefaultTimeout } from "bun:test";
import { like } from "drizzle-orm";
import { adminActions, settings } from "../../../../db/schema";
import { consoleOutputOf, publicKeyPem, settingsTestApp } from "./settings.test-support";

setDefaultTimeout(30_000);

// A fresh app per test: "nothing stored" must mean nothing at all.
let app: Awaited<ReturnType<typeof settingsTestApp>>;
beforeEach(async () => {
  app = await settingsTestApp();
});
afterEach(() => app.close());

const saveKeys = (body: unknown, headers?: Record<string, string>) => app.asAdmin("POST", "/api/admin/payment-config", body, headers);
const storedKeys = async (gateway: string) => (await app.deps.db.select().from(settings).where(like(settings.key, `${gateway}_%`))).map((row) => row.key).sort();
const gatewayLogs = async () => app.deps.db.select().from(adminActions);

async function expectRefused(body: unknown, message: string) {
  const response = await saveKeys(body);
  expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { message } });
}

describe("POST /api/admin/payment-config: checks (spec point 5), nothing stored on a 400", () => {
  it("refuses Midtrans without a Server Key", async () => {
    await expectRefused({ gateway: "midtrans", config: { clientKey: "SB-Mid-client-abcdefgh" } }, "Server Key is required");
    await expectRefused({ gateway: "midtrans", config: { serverKey: "   " } }, "Server Key is required");
    expect(await storedKeys("midtrans")).toEqual([]);
  });

  it("refuses Xendit without a Secret Key", async () => {
    await expectRefused({ gateway: "xendit", config: { public_key: "xnd_public_development_abc" } }, "Secret Key is required");
    expect(await storedKeys("xendit")).toEqual([]);
  });

  it("refuses DOKU without both keys, with a secret not starting SK-, or a public key that is not a PEM block", async () => {
    const pem = publicKeyPem();
    await expectRefused({ gateway: "doku", config: { secretKey: "SK-abcdefghijklmnop" } }, "Both Secret Key and Public Key are required");
    await expectRefused({ gateway: "doku", config: { publicKey: pem } }, "Both Secret Key and Public Key are required");
    await expectRefused({ gateway: "doku", config: { secretKey: "abcdefghijklmnop", publicKey: pem, clientId: "BRN-0001-1234567890" } }, "DOKU Secret Key must start with SK-");
    await expectRefused({ gateway: "doku", config: { secretKey: "SK-abcdefghijklmnop", publicKey: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" } }, "DOKU Public Key must be a PEM block");
    await expectRefused({ gateway: "doku", config: { secretKey: "SK-abcdefghijklmnop", publicKey: "-----BEGIN PUBLIC KEY-----\nnot base64 at all!\n-----END PUBLIC KEY-----" } }, "DOKU Public Key must be a PEM block");
    await expectRefused({ gateway: "doku", config: { secretKey: "SK-abcdefghijklmnop", publicKey: "-----BEGIN PUBLIC KEY-----\nQUJDRA==\n-----END PUBLIC KEY-----" } }, "DOKU Public Key must be a PEM block");
    expect(await storedKeys("doku")).toEqual([]);
  });

  it("refuses iPaymu without both the VA and the API key", async () => {
    await expectRefused({ gateway: "ipaymu", config: { va: "1179000899" } }, "Both VA and API Key are required");
    await expectRefused({ gateway: "ipaymu", config: { api_key: "QbGcoO0Qds9sQFDmY0MWg1Tq.xtuh1" } }, "Both VA and API Key are required");
    expect(await storedKeys("ipaymu")).toEqual([]);
  });

  it("refuses an unknown gateway, a config that is not an object and a key that is not text", async () => {
    await expectRefused({ gateway: "paypal", config: { secretKey: "x" } }, "Unknown payment gateway");
    await expectRefused({ config: { secretKey: "x" } }, "Unknown payment gateway");
    await expectRefused({ gateway: "xendit", config: "xnd_development_abc" }, "Invalid gateway config");
    await expectRefused({ gateway: "xendit", config: { secretKey: { nested: true } } }, "Invalid gateway config");
    await expectRefused(["xendit"], "Invalid gateway config");
    expect(await app.deps.db.select().from(settings)).toEqual([]);
    expect(await gatewayLogs()).toEqual([]);
  });
});

describe("POST /api/admin/payment-config: saving", () => {
  it("saves DOKU's three fields at once (snake_case from the spec's client too), sealed, with one log row naming the gateway", async () => {
    const pem = publicKeyPem();
    const secret = "SK-doku-secret-0123456789-LAST";
    const response = await saveKeys({ gateway: "doku", config: { secret_key: secret, public_key: pem.replace(/\n/g, "\r\n"), client_id: "BRN-0001-1234567890" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      gateway: "doku",
      keys: { clientId: { set: true, last4: null }, secretKey: { set: true, last4: "LAST" }, publicKey: { set: true, last4: null } },
    });
    const rows = await app.deps.db.select().from(settings);
    expect(rows.map((row) => [row.key, row.isSecret]).sort()).toEqual([
      ["doku_client_id", false],
      ["doku_public_key", false],
      ["doku_secret_key", true],
    ]);
    expect(rows.find((row) => row.key === "doku_public_key")?.value).toBe(pem.trim());
    expect(JSON.stringify(rows)).not.toContain(secret);
    const logs = await gatewayLogs();
    expect(logs.map((row) => [row.action, row.targetName, row.reason])).toEqual([["gateway_keys", "doku", "doku_client_id, doku_secret_key, doku_public_key"]]);
  });

  it("takes the panel's flat form ({gateway, serverKey, clientKey}) and keeps a stored key when its field is left blank", async () => {
    expect((await saveKeys({ gateway: "midtrans", serverKey: "SB-Mid-server-first-0001", clientKey: "SB-Mid-client-first-0001" })).status).toBe(200);
    const response = await saveKeys({ gateway: "midtrans", serverKey: "", clientKey: "SB-Mid-client-second-0002" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ gateway: "midtrans", keys: { serverKey: { set: true, last4: "0001" }, clientKey: { set: true, last4: "0002" } } });
    expect((await gatewayLogs()).map((row) => row.reason)).toEqual(["midtrans_server_key, midtrans_client_key", "midtrans_client_key"]);
  });

  it("lets the gateway be switched on once its keys are saved", async () => {
    expect((await app.asAdmin("POST", "/api/admin/settings/ipaymu_gateway", { value: { enabled: true } })).status).toBe(400);
    expect((await saveKeys({ gateway: "ipaymu", config: { va: 1179000899, apiKey: "QbGcoO0Qds9sQFDmY0MWg1Tq.xtuh1" } })).status).toBe(200);
    expect((await app.asAdmin("POST", "/api/admin/settings/ipaymu_gateway", { value: { enabled: true } })).status).toBe(200);
  });

  it("answers each gateway's toast when htmx made the call", async () => {
    const titles: [unknown, string][] = [
      [{ gateway: "midtrans", serverKey: "SB-Mid-server-abcdefgh" }, "Midtrans Config Saved"],
      [{ gateway: "xendit", secretKey: "xnd_development_abcdefgh", callbackToken: "callback-token-abcdefgh" }, "Xendit Config Saved"],
      [{ gateway: "doku", secretKey: "SK-abcdefghijkl", publicKey: publicKeyPem() }, "DOKU Config Saved"],
      [{ gateway: "ipaymu", va: "1179000899", apiKey: "QbGcoO0Qds9sQFDmY0MWg1Tq.xtuh1" }, "iPaymu Config Saved"],
    ];
    for (const [body, title] of titles) {
      const response = await saveKeys(body, { "HX-Request": "true" });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.headers.get("HX-Trigger") ?? "{}")).toEqual({ "kasih:toast": { variant: "success", title }, "kasih:refresh-settings": true });
    }
  });
});

describe("gateway secrets never leave the server", () => {
  it("appear in no response, no page, no admin log row and no console output; only their last 4", async () => {
    const secrets = {
      serverKey: "SB-Mid-server-PLAINTEXT-aaaa1111",
      clientKey: "SB-Mid-client-PLAINTEXT-bbbb2222",
      xendit: "xnd_development_PLAINTEXT_cccc3333",
      callback: "xendit-callback-PLAINTEXT-dddd4444",
      doku: "SK-PLAINTEXT-doku-eeee5555",
      va: "PLAINTEXT-VA-ffff6666",
      apiKey: "PLAINTEXT-ipaymu-gggg7777",
      meta: "EAAG-PLAINTEXT-meta-hhhh8888",
    };
    const bodies: string[] = [];
    const keep = async (response: Response) => {
      bodies.push(`${response.status} ${JSON.stringify([...response.headers])} ${await response.text()}`);
    };
    const output = await consoleOutputOf(async () => {
      await keep(await saveKeys({ gateway: "midtrans", config: { serverKey: secrets.serverKey, clientKey: secrets.clientKey } }, { "HX-Request": "true" }));
      await keep(await saveKeys({ gateway: "xendit", config: { secretKey: secrets.xendit, callbackToken: secrets.callback } }));
      await keep(await saveKeys({ gateway: "doku", config: { secretKey: secrets.doku, publicKey: publicKeyPem(), clientId: "BRN-0001" } }));
      await keep(await saveKeys({ gateway: "ipaymu", config: { va: secrets.va, apiKey: secrets.apiKey } }));
      // A refused save echoes nothing either.
      await keep(await saveKeys({ gateway: "doku", config: { secretKey: "PLAINTEXT-not-SK", publicKey: "PLAINTEXT-not-a-pem" } }));
      await keep(await app.asAdmin("POST", "/api/admin/ad-configs", { platform: "meta", appId: "123456789", placementId: "123_456", accessToken: secrets.meta }, { "HX-Request": "true" }));
      for (const key of ["midtrans_server_key", "midtrans_client_key", "xendit_secret_key", "xendit_callback_token", "doku_secret_key", "ipaymu_va", "ipaymu_api_key"]) {
        await keep(await app.asAdmin("GET", `/api/admin/settings/${key}`));
      }
      await keep(await app.asAdmin("GET", "/api/admin/ad-configs"));
      await keep(await app.asAdmin("GET", "/admin/settings"));
      await keep(await app.asAdmin("GET", "/admin/settings/gateway-keys", undefined, { "HX-Request": "true" }));
      await keep(await app.asAdmin("GET", "/admin/settings/ad-forms?form=meta-region", undefined, { "HX-Request": "true" }));
      await keep(await app.asAdmin("GET", "/admin/moderation?view=actions"));
      await keep(await app.asAdmin("GET", "/api/admin/actions"));
    });
    const everything = [...bodies, output, JSON.stringify(await gatewayLogs())].join("\n");
    for (const [name, secret] of Object.entries(secrets)) expect({ name, leaked: everything.includes(secret) }).toEqual({ name, leaked: false });
    expect(everything).not.toContain("PLAINTEXT-not");
    // What the admin does see: the last 4 characters.
    expect(await (await app.asAdmin("GET", "/api/admin/settings/midtrans_server_key")).json()).toEqual({ key: "midtrans_server_key", value: { set: true, last4: "1111" } });
    const page = bodies.find((body) => body.includes("admin-gateway-keys"))!;
    expect(page).toContain("••••1111");
    expect(page).toContain("••••8888");
    // Sealed in the database.
    const stored = JSON.stringify(await app.deps.db.select().from(settings));
    for (const secret of Object.values(secrets)) expect(stored).not.toContain(secret);
  });
});
