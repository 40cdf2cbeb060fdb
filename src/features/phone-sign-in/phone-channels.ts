import type { Config } from "../../config";

/** How a code travels (API.md 'Phone sign-in'); kept apart from the senders so screens can import it. */
export const PHONE_CHANNELS = ["whatsapp", "sms"] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

/**
 * The channels the screens offer: those configured, WhatsApp first; with neither (the outbox),
 * both, since the outbox writes what the member chose.
 */
export function offeredChannels(config: Pick<Config, "phoneDelivery">): PhoneChannel[] {
  const configured = PHONE_CHANNELS.filter((channel) => config.phoneDelivery[channel] !== undefined);
  return configured.length > 0 ? configured : [...PHONE_CHANNELS];
}
