import { describe, expect, it } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import en from "../../src/i18n/en.json";
import id from "../../src/i18n/id.json";
import type { PaymentCreatedJson } from "../../src/features/payments/payments.schemas";
import { I18nProvider, type Lang } from "../runtime/i18n-context";
import { createTranslator } from "../runtime/translate";
import { openHostedPage, PaymentInstructions } from "./payment-instructions";

const resources = { en, id } as const;

function payment(fields: Partial<PaymentCreatedJson>): PaymentCreatedJson {
  return {
    paymentId: "pay1",
    status: "pending",
    paymentUrl: null,
    qrCode: null,
    googlePayToken: null,
    bankInstructions: null,
    bankOptions: null,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    plan: "premium",
    amount: 49000,
    method: "qris",
    gateway: "sandbox",
    wallet: null,
    walletUrl: null,
    ...fields,
  };
}

function render(value: PaymentCreatedJson, options: { lang?: Lang; phoneInHand?: boolean } = {}): string {
  const lang = options.lang ?? "en";
  return renderToStaticMarkup(
    <I18nProvider value={{ t: createTranslator(lang, resources[lang] as Record<string, unknown>), lang }}>
      <PaymentInstructions payment={value} phoneInHand={options.phoneInHand} onRetry={() => undefined} />
    </I18nProvider>,
  );
}

/** A browser's window.open and location, counting what opens where. */
function fakeBrowser(popup: "opens" | "refused") {
  const opened: string[] = [];
  const assigned: string[] = [];
  const handle = { opener: {} as unknown };
  const browser = {
    open: (url: string) => {
      opened.push(url);
      return popup === "opens" ? (handle as unknown as Window) : null;
    },
    location: { assign: (url: string) => void assigned.push(url) } as unknown as Location,
  };
  return { browser, opened, assigned, handle };
}

describe("openHostedPage: the card page opens once", () => {
  it("opens one popup and leaves the Kasih tab where it is, its opener cut", () => {
    const { browser, opened, assigned, handle } = fakeBrowser("opens");
    openHostedPage("https://gateway.example/card", {}, browser);
    expect(opened).toEqual(["https://gateway.example/card"]);
    expect(assigned).toEqual([]);
    expect(handle.opener).toBeNull();
  });

  it("uses this tab alone when the popup is refused, or on a phone", () => {
    const refused = fakeBrowser("refused");
    openHostedPage("https://gateway.example/card", {}, refused.browser);
    expect(refused.opened.length + refused.assigned.length).toBe(2);
    expect(refused.assigned).toEqual(["https://gateway.example/card"]);
    const phone = fakeBrowser("opens");
    openHostedPage("https://gateway.example/card", { sameTab: true }, phone.browser);
    expect(phone.opened).toEqual([]);
    expect(phone.assigned).toEqual(["https://gateway.example/card"]);
  });
});

describe("PaymentInstructions on the phone in hand", () => {
  it("opens an e-wallet's app link in this tab, named by its brand, without a second payment page link", () => {
    const html = render(payment({ method: "ewallet", wallet: "gopay", walletUrl: "gojek://gopay/merchanttransfer?tref=1", paymentUrl: "/pay/sandbox/pay1" }));
    expect(html).toContain('<a class="button button-primary button-block payment-wallet-open" href="gojek://gopay/merchanttransfer?tref=1">Open GoPay</a>');
    expect(html).not.toContain('target="_blank"');
    expect(html).not.toContain("/pay/sandbox/pay1");
    expect(render(payment({ method: "ewallet", wallet: "shopeepay", walletUrl: "/pay/sandbox/pay1" }), { lang: "id" })).toContain(">Buka ShopeePay</a>");
    // A gateway that gave only its page: the page opens the wallet.
    expect(render(payment({ method: "ewallet", wallet: "dana", walletUrl: null, paymentUrl: "https://pay.example/dana" }))).toContain('href="https://pay.example/dana">Open DANA</a>');
  });

  it("tells an OVO payer to open OVO to confirm, with the time left and no link when OVO pushes", () => {
    const html = render(payment({ method: "ewallet", wallet: "ovo", walletUrl: null }));
    expect(html).toContain("Open OVO to confirm");
    expect(html).toContain('role="timer"');
    expect(html).not.toContain("payment-wallet-open");
    expect(render(payment({ method: "ewallet", wallet: "ovo", walletUrl: null }), { lang: "id" })).toContain("Buka OVO untuk konfirmasi");
  });

  it("offers 'Save QR image' with a QRIS code, and on a phone the hint to pay from another phone", () => {
    const qris = payment({ qrCode: "00020101021226", paymentUrl: "/pay/sandbox/pay1" });
    const desktop = render(qris);
    expect(desktop).toContain('href="/api/payment/pay1/qr.png" download="kasih-qris-pay1.png">Save QR image</a>');
    expect(desktop).not.toContain("another phone");
    expect(render(qris, { phoneInHand: true })).toContain("or scan the code from another phone");
    const indonesian = render(qris, { lang: "id", phoneInHand: true });
    expect(indonesian).toContain(">Simpan gambar QR</a>");
    expect(indonesian).toContain("dari HP lain");
  });
});
