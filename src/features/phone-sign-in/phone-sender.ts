/**
 * Where a phone sign-in code goes (API.md 'Phone sign-in', docs/decisions/0136): WhatsApp through
 * Meta's Cloud API, SMS through Twilio, or, with neither configured, a file in $DATA_DIR/outbox
 * like the mail outbox, so a fresh machine works and the operator can read the code.
 */
import type { Config } from "../../config";
import type { Lang } from "../../i18n";
import { phoneOutbox } from "./phone-outbox";
import { twilioSms } from "./twilio-sms";
import { whatsappCloud } from "./whatsapp-cloud";

import { PHONE_CHANNELS, type PhoneChannel } from "./phone-channels";

export { PHONE_CHANNELS, type PhoneChannel };

/** One code to one number, in the language of the screen that asked for it. */
export interface PhoneCodeMessage {
  /** E.164, +62… */
  to: string;
  code: string;
  lang: Lang;
}

export interface PhoneSender {
  readonly channel: PhoneChannel;
  /** For logs ("whatsapp cloud", "outbox /data/outbox"). */
  readonly description: string;
  send(message: PhoneCodeMessage): Promise<void>;
}

/** A provider refused or failed; `detail` is for the log (never shown to the member). */
export class PhoneDeliveryError extends Error {
  constructor(
    message: string,
    readonly detail: unknown,
  ) {
    super(message);
  }
}

/** The code's minutes, said in the text (the outbox's and the SMS). */
export const PHONE_CODE_TTL_MINUTES = 5;

/** The SMS and outbox text: the code first, so a phone's one-time-code autofill finds it. */
export function phoneCodeText(code: string, lang: Lang): string {
  return lang === "id"
    ? `${code} adalah kode masuk Kasih kamu. Berlaku ${PHONE_CODE_TTL_MINUTES} menit. Jangan berikan kode ini kepada siapa pun.`
    : `${code} is your Kasih sign-in code. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Never share it with anyone.`;
}

/**
 * The senders this configuration offers, the preferred first: WhatsApp (what most Indonesians
 * read), then SMS; neither: the outbox, which writes what the member asked for.
 */
export function createPhoneSenders(config: Pick<Config, "phoneDelivery" | "dataDir">): { senders: PhoneSender[]; outbox: boolean } {
  const senders: PhoneSender[] = [];
  if (config.phoneDelivery.whatsapp) senders.push(whatsappCloud(config.phoneDelivery.whatsapp));
  if (config.phoneDelivery.sms) senders.push(twilioSms(config.phoneDelivery.sms));
  if (senders.length > 0) return { senders, outbox: false };
  return { senders: PHONE_CHANNELS.map((channel) => phoneOutbox(config.dataDir, channel)), outbox: true };
}

/** The sender for the channel asked for when it is offered, else the preferred one. */
export function senderFor(senders: PhoneSender[], asked: PhoneChannel | undefined): PhoneSender {
  return senders.find((sender) => sender.channel === asked) ?? senders[0]!;
}
