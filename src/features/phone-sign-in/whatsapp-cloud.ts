/**
 * WhatsApp through Meta's Cloud API (docs/decisions/0136), as Meta documents sending an
 * authentication template with a copy-code button (developers.facebook.com, WhatsApp Business
 * Platform > Templates > Authentication templates > Copy code; Messages API reference):
 * POST {api}/{phone-number-id}/messages with a Bearer token and
 *   {messaging_product: "whatsapp", recipient_type: "individual", to, type: "template",
 *    template: {name, language: {code}, components: [
 *      {type: "body", parameters: [{type: "text", text: CODE}]},
 *      {type: "button", sub_type: "url", index: "0", parameters: [{type: "text", text: CODE}]}]}}
 * A copy-code button is created as type OTP and kept as a URL button, which is why the code goes
 * in a "url" button parameter. Success: 200 with messages[0].id ("wamid…"); a refusal: a 4xx with
 * Graph's error object {error: {message, type, code, error_data?, fbtrace_id}}.
 */
import { PhoneDeliveryError, type PhoneSender } from "./phone-sender";

export interface WhatsappSettings {
  token: string;
  phoneNumberId: string;
  template: string;
  /** With the version, e.g. https://graph.facebook.com/v24.0 */
  apiUrl: string;
}

/** How long Meta may take before the member is better off asking again. */
const REQUEST_TIMEOUT_MS = 10_000;

/** The template's language as created in WhatsApp Manager: the app's two. */
const TEMPLATE_LANGUAGE = { en: "en", id: "id" } as const;

export function whatsappCloud(settings: WhatsappSettings): PhoneSender {
  return {
    channel: "whatsapp",
    description: "whatsapp cloud api",
    async send({ to, code, lang }) {
      const response = await fetch(`${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${settings.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to,
          type: "template",
          template: {
            name: settings.template,
            language: { code: TEMPLATE_LANGUAGE[lang] },
            components: [
              { type: "body", parameters: [{ type: "text", text: code }] },
              { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
            ],
          },
        }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => null)) as { messages?: { id?: string }[]; error?: { message?: string; code?: number } } | null;
      if (!response.ok || typeof body?.messages?.[0]?.id !== "string") {
        const error = body?.error;
        throw new PhoneDeliveryError(`WhatsApp refused the message (${response.status}${error?.code === undefined ? "" : `, code ${error.code}`}): ${error?.message ?? "no message id"}`, body);
      }
    },
  };
}
