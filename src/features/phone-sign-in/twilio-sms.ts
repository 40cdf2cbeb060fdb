/**
 * SMS through Twilio's Messages API (docs/decisions/0136), as Twilio documents it
 * (twilio.com/docs/messaging/api/message-resource#create-a-message-resource; twilio-node's
 * rest/api/v2010/account/message.ts): POST {api}/2010-04-01/Accounts/{AccountSid}/Messages.json,
 * HTTP Basic with the Account SID and Auth Token, form-encoded To, From and Body. Success: 201
 * with the Message resource (sid "SM…", status "queued"); a refusal: a 4xx with
 * {code, message, more_info, status}, e.g. 400 and code 21211 for a 'To' that is not a valid number.
 */
import { PhoneDeliveryError, phoneCodeText, type PhoneSender } from "./phone-sender";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164, or an alphanumeric sender ID where the country allows one. */
  from: string;
  apiUrl: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

export function twilioSms(settings: TwilioSettings): PhoneSender {
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  return {
    channel: "sms",
    description: "twilio sms",
    async send({ to, code, lang }) {
      const response = await fetch(`${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({ To: to, From: settings.from, Body: phoneCodeText(code, lang) }).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => null)) as { sid?: string; code?: number; message?: string } | null;
      if (!response.ok || typeof body?.sid !== "string") {
        throw new PhoneDeliveryError(`Twilio refused the message (${response.status}${body?.code === undefined ? "" : `, code ${body.code}`}): ${body?.message ?? "no message sid"}`, body);
      }
    },
  };
}
