import type { Config } from "../../config";
import type { CspSources } from "../../middleware/security-headers";

/**
 * Google Pay's script, its payment sheet (an iframe) and its calls come from pay.google.com (spec
 * point 7: the wallet script in test mode). Only allowed while a gateway may take a wallet token:
 * today the sandbox (docs/decisions/0088), so a live server's policy stays as tight as before.
 */
export function googlePayCspSources(config: Pick<Config, "payments">): CspSources {
  if (!config.payments.sandbox) return {};
  const google = ["https://pay.google.com"];
  return { script: google, frame: google, connect: google, img: ["https://www.gstatic.com"] };
}

/** Two sets of extra CSP sources as one. */
export function mergeCspSources(...sets: CspSources[]): CspSources {
  const merged: CspSources = {};
  for (const set of sets) {
    for (const [directive, sources] of Object.entries(set) as [keyof CspSources, string[] | undefined][]) {
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...(sources ?? [])])];
    }
  }
  return merged;
}
