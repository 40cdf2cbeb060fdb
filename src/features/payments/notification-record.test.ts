import { describe, expect, it } from "bun:test";
import { REDACTED, redactNotificationBody } from "./notification-record";

describe("redactNotificationBody", () => {
  it("removes signatures, tokens and keys by name, at any depth, and keeps the rest", () => {
    const body = JSON.stringify({
      order_id: "p1",
      gross_amount: "49000.00",
      signature_key: "abc",
      Signature: "HMACSHA256=xyz",
      saved_token_id: "481111-1114-token",
      payment: { token: "t", "x-callback-token": "cb", masked_card: "481111-1114" },
      list: [{ card_number: "4811111111111114" }],
    });
    expect(JSON.parse(redactNotificationBody(body))).toEqual({
      order_id: "p1",
      gross_amount: "49000.00",
      signature_key: REDACTED,
      Signature: REDACTED,
      saved_token_id: REDACTED,
      payment: { token: REDACTED, "x-callback-token": REDACTED, masked_card: "481111-1114" },
      list: [{ card_number: REDACTED }],
    });
  });

  it("removes card numbers (Luhn-valid) wherever they appear, leaving other long numbers", () => {
    const body = JSON.stringify({ note: "card 4811 1111 1111 1114 used", va: "39358000000012345", amount: "49000" });
    const kept = JSON.parse(redactNotificationBody(body));
    expect(kept.note).toBe(`card ${REDACTED} used`);
    // A virtual account number that is not a card number stays readable for the operator.
    expect(kept.va).toBe("39358000000012345");
  });

  it("keeps a form body (iPaymu) as its fields, without its signature, and plain text without card numbers", () => {
    expect(JSON.parse(redactNotificationBody("trx_id=123&status=berhasil&reference_id=p1&signature=deadbeef"))).toEqual({ trx_id: "123", status: "berhasil", reference_id: "p1", signature: REDACTED });
    expect(redactNotificationBody("not json 4111111111111111")).toBe(`not json ${REDACTED}`);
  });
});
