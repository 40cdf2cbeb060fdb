import { useEffect } from "react";
import { PAYMENT_POLL_MS } from "../../src/platform/constants";
import type { PaymentJson, PaymentStatus } from "../../src/features/payments/payments.schemas";
import { api } from "../runtime/api";
import { realtime } from "../runtime/realtime";

export type PaymentOutcome = Exclude<PaymentStatus, "pending">;

/**
 * How the payment dialog learns the outcome of the payment on screen (PAYMENTS.md): the
 * `premium_activated` frame on the page's live connection, within a second of the gateway's
 * confirmation, and — for the times the socket is down, and for declines, which have no frame —
 * GET /api/payment/{id} every few seconds. The first final status wins; `onOutcome` is called once.
 * (A frame for another payment of the member is the dialog's own concern: usePremiumActivated.)
 */
export function usePaymentOutcome(paymentId: string | null, onOutcome: (outcome: PaymentOutcome) => void) {
  useEffect(() => {
    if (paymentId === null) return;
    let done = false;
    const finish = (outcome: PaymentOutcome) => {
      if (done) return;
      done = true;
      onOutcome(outcome);
    };
    realtime.start();
    const off = realtime.on("premium_activated", (frame) => {
      if (frame.paymentId === paymentId) finish("paid");
    });
    const poll = async () => {
      try {
        const payment = await api<PaymentJson>("GET", `/api/payment/${encodeURIComponent(paymentId)}`);
        if (payment.status !== "pending") finish(payment.status);
      } catch {
        // A failed poll is retried at the next tick; the live connection may still answer.
      }
    };
    const timer = setInterval(() => void poll(), PAYMENT_POLL_MS);
    // After a reconnect the frame may have been missed: ask at once.
    const offReconnect = realtime.onLifecycle("reconnected", () => void poll());
    return () => {
      done = true;
      off();
      offReconnect();
      clearInterval(timer);
    };
  }, [paymentId]);
}

/** Any payment of the member became paid (one shown earlier, or made on another device). */
export function usePremiumActivated(active: boolean, onActivated: () => void) {
  useEffect(() => {
    if (!active) return;
    realtime.start();
    return realtime.on("premium_activated", () => onActivated());
  }, [active]);
}
