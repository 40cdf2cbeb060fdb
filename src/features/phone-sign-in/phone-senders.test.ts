/**
 * The WhatsApp and SMS clients against local stand-ins written from Meta's and Twilio's
 * documentation (whatsapp-cloud.stand-in.ts, twilio-sms.stand-in.ts), and the start call through
 * each: the member's phone gets the code that verifies.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, sessionCookieFrom, type TestApp } from "../../testing/test-app";
import { PhoneDeliveryError } from "./phone-sender";
import { twilioSms } from "./twilio-sms";
import { startTwilioStandIn } from "./twilio-sms.stand-in";
import { whatsappCloud } from "./whatsapp-cloud";
import { startWhatsappStandIn } from "./whatsapp-cloud.stand-in";
import { outboxFiles } from "./phone-sign-in.test-support";

const META = { token: "EAAJB-test-token", phoneNumberId: "106540352242922", templates: { kasih_code: ["en", "id"] } };
const TWILIO = { accountSid: "AC" + "a".repeat(32), authToken: "twilio-auth-token" };

let meta: ReturnType<typeof startWhatsappStandIn>;
let twilio: ReturnType<typeof startTwilioStandIn>;
beforeAll(() => {
  meta = startWhatsappStandIn(META);
  twilio = startTwilioStandIn(TWILIO);
});
afterAll(() => {
  meta.stop();
  twilio.stop();
});

const whatsapp = (overrides: Partial<{ token: string; template: string }> = {}) =>
  whatsappCloud({ token: overrides.token ?? META.token, phoneNumberId: META.phoneNumberId, template: overrides.template ?? "kasih_code", apiUrl: meta.apiUrl });
const sms = (overrides: Partial<{ authToken: string }> = {}) => twilioSms({ accountSid: TWILIO.accountSid, authToken: overrides.authToken ?? TWILIO.authToken, from: "+15005550006", apiUrl: twilio.url });

describe("WhatsApp Cloud API client", () => {
  test("sends the authentication template with the code in the body and the copy-code button, in the member's language", async () => {
    await whatsapp().send({ to: "+6281234567890", code: "402718", lang: "id" });
    expect(meta.delivered.at(-1)).toMatchObject({ to: "+6281234567890", code: "402718", language: "id" });
    const sent = meta.requests.at(-1)!;
    expect(sent.path).toBe(`/v24.0/${META.phoneNumberId}/messages`);
    expect(sent.body).toMatchObject({ messaging_product: "whatsapp", to: "+6281234567890", type: "template", template: { name: "kasih_code", language: { code: "id" } } });
  });

  test("Meta's error object becomes a delivery error naming its code: a bad token (190), an unknown template (132001), a recipient outside the allowed list (131030)", async () => {
    await expect(whatsapp({ token: "wrong" }).send({ to: "+6281234567890", code: "111111", lang: "en" })).rejects.toThrow(/401, code 190/);
    await expect(whatsapp({ template: "missing" }).send({ to: "+6281234567890", code: "111111", lang: "en" })).rejects.toThrow(/code 132001/);
    const limited = startWhatsappStandIn({ ...META, allowedRecipients: ["+6281111111111"] });
    try {
      const client = whatsappCloud({ ...META, template: "kasih_code", apiUrl: limited.apiUrl });
      const failure = await client.send({ to: "+6281234567890", code: "111111", lang: "en" }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PhoneDeliveryError);
      expect((failure as PhoneDeliveryError).message).toContain("(#131030) Recipient phone number not in allowed list");
      expect((failure as PhoneDeliveryError).detail).toMatchObject({ error: { code: 131030, type: "OAuthException", fbtrace_id: expect.any(String) } });
    } finally {
      limited.stop();
    }
  });

  test("an outage is a delivery error, not a success", async () => {
    meta.failNext("500");
    await expect(whatsapp().send({ to: "+6281234567890", code: "111111", lang: "en" })).rejects.toBeInstanceOf(PhoneDeliveryError);
  });
});

describe("Twilio Messages API client", () => {
  test("posts To, From and Body form-encoded with Basic auth; the body holds the code", async () => {
    await sms().send({ to: "+6281234567890", code: "907152", lang: "en" });
    expect(twilio.delivered.at(-1)).toMatchObject({ to: "+6281234567890", from: "+15005550006" });
    expect(twilio.delivered.at(-1)!.body).toStartWith("907152 is your Kasih sign-in code.");
    expect(twilio.requests.at(-1)!.path).toBe(`/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`);
  });

  test("Twilio's 400 with code 21211 and its 401 with 20003 become delivery errors", async () => {
    const invalid = await sms().send({ to: "6281234567890", code: "111111", lang: "en" }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(PhoneDeliveryError);
    expect((invalid as PhoneDeliveryError).message).toContain("400, code 21211");
    expect((invalid as PhoneDeliveryError).detail).toMatchObject({ code: 21211, status: 400, more_info: "https://www.twilio.com/docs/errors/21211" });
    await expect(sms({ authToken: "wrong" }).send({ to: "+6281234567890", code: "111111", lang: "en" })).rejects.toThrow(/401, code 20003/);
  });
});

describe("the start call by configuration", () => {
  let app: TestApp;
  afterEach(() => app.close());
  const env = () => ({
    WHATSAPP_TOKEN: META.token,
    WHATSAPP_PHONE_NUMBER_ID: META.phoneNumberId,
    WHATSAPP_TEMPLATE: "kasih_code",
    WHATSAPP_API_URL: meta.apiUrl,
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_FROM: "+15005550006",
    TWILIO_API_URL: twilio.url,
  });

  test("with both configured: WhatsApp by default, SMS when asked; the delivered code signs in; nothing goes to the outbox", async () => {
    app = await createTestApp({ env: env() });
    expect((await app.request("POST", "/api/auth/phone/start", { body: { phone: "0812 3456 7890" } })).status).toBe(200);
    const byWhatsapp = meta.delivered.at(-1)!;
    expect(byWhatsapp.to).toBe("+6281234567890");
    const signedIn = await app.request("POST", "/api/auth/phone/verify", { body: { phone: "0812 3456 7890", code: byWhatsapp.code } });
    expect(signedIn.status).toBe(200);
    sessionCookieFrom(signedIn);

    expect((await app.request("POST", "/api/auth/phone/start", { body: { phone: "081234567891", channel: "sms" } })).status).toBe(200);
    const bySms = /^(\d{6}) /.exec(twilio.delivered.at(-1)!.body)![1]!;
    expect((await app.request("POST", "/api/auth/phone/verify", { body: { phone: "081234567891", code: bySms } })).status).toBe(200);
    expect(outboxFiles(app.dataDir)).toEqual([]);
  });

  test("the sign-in screen offers the configured channels: WhatsApp alone without a choice, both with the outbox", async () => {
    const { TWILIO_ACCOUNT_SID: _sid, ...whatsappOnly } = env();
    app = await createTestApp({ env: whatsappOnly });
    expect(await (await app.request("GET", "/auth")).text()).toContain('"phoneChannels":["whatsapp"]');
    await app.close();
    app = await createTestApp();
    expect(await (await app.request("GET", "/auth")).text()).toContain('"phoneChannels":["whatsapp","sms"]');
  });

  test("a provider in trouble answers 502 with a message, and the member may ask again", async () => {
    const { TWILIO_ACCOUNT_SID: _sid, ...whatsappOnly } = env();
    app = await createTestApp({ env: whatsappOnly });
    meta.failNext("500");
    const failed = await app.request("POST", "/api/auth/phone/start", { body: { phone: "081234567892" } });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ message: "The code could not be sent. Please try again" });
    expect((await app.request("POST", "/api/auth/phone/start", { body: { phone: "081234567892" } })).status).toBe(200);
  });
});
