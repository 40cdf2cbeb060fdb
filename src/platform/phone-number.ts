/**
 * Indonesian mobile numbers in E.164 (API.md 'Phone sign-in': "numbers normalised to E.164
 * +62…"). People write them as 0812-3456-7890, 62812…, +62 812 3456 7890; all become
 * +6281234567890. Only mobile numbers (8 after the country code) count: e-wallets, WhatsApp and
 * SMS all reach a mobile. A national number is 9 to 12 digits after the leading 0.
 */
const SEPARATORS = /[\s\-.()]/g;
const NATIONAL_MOBILE = /^8\d{8,11}$/;

/** The number in E.164 (+628…), or null when it is not an Indonesian mobile number. */
export function indonesianMobileE164(input: string): string | null {
  const compact = input.replace(SEPARATORS, "");
  const national = compact.startsWith("+62") ? compact.slice(3) : compact.startsWith("62") ? compact.slice(2) : compact.startsWith("0") ? compact.slice(1) : null;
  return national !== null && NATIONAL_MOBILE.test(national) ? `+62${national}` : null;
}
