/**
 * A QRIS payload (EMVCo merchant-presented QR, Bank Indonesia's QRIS profile) for the sandbox
 * gateway, so the demo's QR is a real, well-formed code: dynamic (point of initiation 12), IDR
 * (360), country ID, the amount, and a CRC-16/CCITT-FALSE checksum as tag 63.
 */
const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, "0")}${value}`;

export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

export function qrisPayload(input: { merchantName: string; city: string; amount: number; reference: string }): string {
  const merchantAccount = tlv("00", "ID.CO.QRIS.WWW") + tlv("01", "936000000000000000") + tlv("02", "ID1026000000000") + tlv("03", "UMI");
  const body =
    tlv("00", "01") +
    tlv("01", "12") +
    tlv("26", merchantAccount) +
    tlv("52", "7997") +
    tlv("53", "360") +
    tlv("54", String(input.amount)) +
    tlv("58", "ID") +
    tlv("59", input.merchantName.slice(0, 25)) +
    tlv("60", input.city.slice(0, 15)) +
    tlv("62", tlv("05", input.reference.slice(0, 25)));
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16Ccitt(withCrcTag);
}
