import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { lt } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client";
import { usedCaptchas } from "../../../db/schema";

/**
 * Self-hosted ALTCHA proof of work: no third-party call, works offline. The server picks a
 * random counter the browser must find; the HMAC over the derived key makes checking cheap.
 */
export interface CaptchaOptions {
  hmacSecret: string;
  /** The browser tries counters from 0: this bounds the work (about 0.5 s at 50,000). */
  maxCounter: number;
  ttlMs: number;
}

export const defaultCaptchaOptions = { maxCounter: 50_000, ttlMs: 10 * 60_000 } as const;

// altcha-lib checks expiry against the real clock, so challenges use it too (not the app's Clock).
export async function createCaptchaChallenge(options: CaptchaOptions): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(options.maxCounter),
    deriveKey,
    expiresAt: new Date(Date.now() + options.ttlMs),
    hmacSignatureSecret: options.hmacSecret,
    hmacKeySignatureSecret: options.hmacSecret,
  });
}

const payloadSchema = z.object({
  challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().min(1) }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().min(1) }),
});

function decodePayload(token: string): Payload | null {
  try {
    const json = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? (parsed.data as unknown as Payload) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token is a correct, unexpired solution that was never accepted before.
 * The signature is recorded in the same statement that checks it, so two requests racing
 * with one solution cannot both pass.
 */
export async function consumeCaptcha(db: Database, options: CaptchaOptions, token: string | undefined): Promise<boolean> {
  if (token === undefined || token.length === 0 || token.length > 4096) return false;
  const payload = decodePayload(token);
  if (payload === null) return false;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: options.hmacSecret,
    hmacKeySignatureSecret: options.hmacSecret,
  });
  if (!result.verified || result.expired) return false;
  const expiresAt = payload.challenge.parameters.expiresAt;
  const now = new Date();
  if (typeof expiresAt === "number" && expiresAt * 1000 <= now.getTime()) return false;
  const inserted = await db
    .insert(usedCaptchas)
    .values({ signature: payload.challenge.signature ?? "", expiresAt: new Date(now.getTime() + options.ttlMs) })
    .onConflictDoNothing()
    .returning({ signature: usedCaptchas.signature });
  // Forget solutions whose challenge has expired anyway; they could not pass again.
  await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now));
  return inserted.length === 1;
}
