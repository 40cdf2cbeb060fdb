/**
 * Whether the member is paying on a phone (docs/decisions/0126): a QRIS code shown on this screen
 * cannot be scanned by this same device, so the e-wallets come first and QRIS offers its image.
 * True inside the Android wrapper (its bridge, window.KasihAndroid, islands/runtime/ads.ts; a
 * plain WebView also says "; wv" in an Android user agent, a Trusted Web Activity is Chrome on
 * Android), when the browser says it is a mobile one (User-Agent Client Hints, else its user
 * agent), or on a touch-only screen. Read in the browser only: the server renders the desktop order.
 */
const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;

export function isPhoneInHand(): boolean {
  if (typeof window === "undefined") return false;
  if (window.KasihAndroid !== undefined) return true;
  const hints = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (hints?.mobile === true) return true;
  if (MOBILE_USER_AGENT.test(navigator.userAgent)) return true;
  return typeof window.matchMedia === "function" && window.matchMedia("(pointer: coarse) and (hover: none)").matches;
}
