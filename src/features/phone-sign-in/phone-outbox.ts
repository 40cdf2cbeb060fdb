/**
 * Without WhatsApp or SMS configured, each code is written to $DATA_DIR/outbox/ as one JSON file
 * `{to, channel, text, createdAt}` (API.md 'Phone sign-in'), mode 0600 in a 0700 folder like the
 * server's other files (SECURITY.md 'Privacy and abuse'): it holds a live sign-in code.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { outboxFileName } from "../../platform/outbox-file-name";
import { phoneCodeText, type PhoneChannel, type PhoneSender } from "./phone-sender";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "../../operations/file-modes";

export interface OutboxMessage {
  to: string;
  channel: PhoneChannel;
  text: string;
  createdAt: string;
}

export function phoneOutboxFolder(dataDir: string): string {
  return join(dataDir, "outbox");
}

export function phoneOutbox(dataDir: string, channel: PhoneChannel): PhoneSender {
  const folder = phoneOutboxFolder(dataDir);
  return {
    channel,
    description: `outbox ${folder}`,
    async send({ to, code, lang }) {
      const now = new Date();
      const message: OutboxMessage = { to, channel, text: phoneCodeText(code, lang), createdAt: now.toISOString() };
      mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const name = outboxFileName(now, "json");
      writeFileSync(join(folder, name), `${JSON.stringify(message, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
    },
  };
}
