/**
 * The scam guard: Indonesia's most common dating harm is money. A message that asks for a transfer
 * or a loan, for a bank or e-wallet account, for gift cards or crypto, or that moves the chat to
 * WhatsApp or Telegram, shows its receiver a calm warning with 'Report' (the chat panel). Nothing is
 * blocked or hidden: a false alarm costs a line of text, a missed one can cost savings.
 *
 * Patterns in English and Indonesian (informal spellings included: tf, duit, minjem, norek, wa),
 * tested with real-looking phrases, and with ordinary talk about church, work and family that must
 * raise nothing (scam-guard.test.ts).
 */
export type Caution = "money" | "off_platform";

const AMOUNT = String.raw`(money|cash|funds?|dollars?|usd|\$\s?\d|rupiah|rp\.?\s?\d|idr|uang|duit|dana|\d+\s?(rb|ribu|jt|juta|k)\b)`;

const MONEY: RegExp[] = [
  // "send me money", "can you transfer 2 juta", "tolong tf 500rb", "kirimin duit dong"
  new RegExp(String.raw`\b(send|transfer|wire|lend|loan|borrow|pay for|kirim(in|kan)?|transfer(in|kan)?|tf|trf|pinjam(in|kan)?|minjem|pinjem(in)?|talangin)\b.{0,40}${AMOUNT}`, "i"),
  // "I need money for the hospital", "aku butuh uang buat", "lagi perlu dana"
  new RegExp(String.raw`\b(need|needs|short of|butuh|perlu|kekurangan)\b.{0,25}\b(money|cash|funds|a loan|uang|duit|dana|pinjaman|biaya)\b`, "i"),
  // accounts and numbers to pay into
  /\b(bank account|account number|routing number|iban|swift code|western union|moneygram|no\.?\s?rek(ening)?|nomor rekening|norek|rekening(mu| kamu| bank)?|nomor (ovo|dana|gopay|shopeepay)|e-?wallet|saldo (ovo|dana|gopay)|top ?up)\b/i,
  // gift cards, crypto and "investments"
  /\b(gift ?cards?|itunes cards?|google play (card|voucher)|steam (card|wallet)|voucher (game|google play)|bitcoin|btc|usdt|ethereum|crypto(currency)?|kripto|wallet address|binary option|forex|trading signal|investasi)\b/i,
  /\b(invest(ment)?|profit)\b.{0,30}\b(guaranteed|double|returns?|pasti untung)\b/i,
  /\b(pinjol|pinjaman online|utang|hutang)\b/i,
];

const OFF_PLATFORM: RegExp[] = [
  /\b(whats\s?app|whatsapp|telegram|tele gram|line id|signal app|wechat|kakao ?talk)\b/i,
  // "chat di wa aja", "add wa aku", "wa ku 0812…", "pindah ke wa"
  /\b(di|ke|add|save|simpan|nomor|no|chat)\s+wa\b|\bwa\s?(ku|aku|saya|gw|gue)\b/i,
  // an Indonesian mobile number: 08xx-xxxx-xxxx or +62 8xx…
  /(\+62[\s-]?|\b0)8\d{1,3}[\s.-]?\d{3,4}[\s.-]?\d{3,5}\b/,
];

/** The caution a receiver should see for this text, or null. Money weighs more than moving apps. */
export function scamCaution(content: string): Caution | null {
  if (MONEY.some((pattern) => pattern.test(content))) return "money";
  if (OFF_PLATFORM.some((pattern) => pattern.test(content))) return "off_platform";
  return null;
}
