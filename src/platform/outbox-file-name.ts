/**
 * The name of a file in an offline outbox (mails in $DATA_DIR/mail, phone codes in
 * $DATA_DIR/outbox): files sort by name in the order they were written — the time, then this
 * process's count (two written in the same millisecond, such as a resend, keep their order, so the
 * newest is the last file), then a random part so two instances never collide.
 */
import { newId } from "./ids";

let written = 0;

export function outboxFileName(now: Date, extension: string): string {
  written = (written + 1) % 1_000_000;
  return `${now.toISOString().replace(/[:.]/g, "-")}-${String(written).padStart(6, "0")}-${newId().slice(0, 8)}.${extension}`;
}
