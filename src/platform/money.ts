/**
 * One way to write an amount of rupiah, everywhere (docs/decisions/0138): "Rp 49.000" in
 * Indonesian, with a no-break space so a line never ends between the sign and the number, and
 * "Rp49,000" in English. A number's own separators are never break points.
 */
const NO_BREAK_SPACE = "\u00a0";

const formats = { id: new Intl.NumberFormat("id-ID"), en: new Intl.NumberFormat("en-US") };

export function formatRupiah(amount: number, lang: string): string {
  return lang === "id" ? `Rp${NO_BREAK_SPACE}${formats.id.format(amount)}` : `Rp${formats.en.format(amount)}`;
}
