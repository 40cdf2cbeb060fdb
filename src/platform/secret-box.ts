import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { readOrCreateSecret } from "./secrets";

/**
 * AES-256-GCM for secrets kept in the database (gateway keys, the Meta access token), under a key
 * that lives in $DATA_DIR/secrets/settings-encryption.key, never in the database: a copy of the
 * database alone reveals no key (SECURITY.md, docs/decisions/0084-admin-secrets.md).
 *
 * Stored form: "v1.<iv>.<tag>.<ciphertext>", each part base64url. The setting's key name is the
 * additional authenticated data, so a ciphertext moved to another setting does not decrypt.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** null when the value was not sealed with this key (tampered, or another DATA_DIR's key). */
  open(sealed: string, context: string): string | null;
}

const VERSION = "v1";

export function secretBoxFromKey(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error("secret box key must be 32 bytes");
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
    },
    open(sealed, context) {
      const [version, iv, tag, ciphertext] = sealed.split(".");
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

const boxes = new Map<string, SecretBox>();

/** The data directory's secret box; its key is generated on first use. */
export function secretBoxFor(dataDir: string): SecretBox {
  let box = boxes.get(dataDir);
  if (box === undefined) {
    box = secretBoxFromKey(readOrCreateSecret(dataDir, "settings-encryption"));
    boxes.set(dataDir, box);
  }
  return box;
}
