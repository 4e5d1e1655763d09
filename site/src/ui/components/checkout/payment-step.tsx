"use client";
/**
 * Step 2, Payment: the card's hosted fields (number, expiration date, CVV)
 * and the PayPal button, both from our SDK and the client token. Paying
 * tokenizes the card, verifies it with 3-D Secure when the gateway asks for
 * it and sends the nonce with this attempt's idempotency key; the Pay button
 * is disabled while paying so a double click is one payment.
 */
import { useEffect, useRef, useState } from "react";
import { capturePayPalOrder, createPayPalOrder, payByCard, revalidateBag, type PaymentOutcome } from "@/lib/hooks/use-checkout";
import { startPayments, type Payments } from "@/lib/payments/sdk";
import type { AddressForm } from "@/lib/rules/address";
import { PaymentAttempt, type Summary } from "@/lib/rules/checkout";
import { formatPrice } from "@/lib/rules/format";

export const PAYPAL_SCRIPT_FAILED = "Failed to load the PayPal JS SDK script.";
const CARD_UNAVAILABLE = "Card payment is unavailable right now. Please try again later.";
const CARD_INCOMPLETE = "Please check your card details.";
const PAYPAL_CANCELED = "The PayPal payment was canceled.";

const FIELDS = { number: "#checkout-card-number", expirationDate: "#checkout-card-expiration", cvv: "#checkout-card-cvv" };

/** The SDK, started with the checkout's client token once the step shows; torn down when it goes. */
function usePayments(clientToken: string | null) {
  const [payments, setPayments] = useState<Payments | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let started: Payments | null = null;
    if (!clientToken) return;
    startPayments(clientToken, FIELDS)
      .then((p) => {
        started = p;
        if (live) setPayments(p);
        else void p.teardown();
      })
      .catch((error) => {
        console.error("payment SDK failed to start", error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      void started?.teardown();
    };
  }, [clientToken]);
  return { payments, failed };
}

interface Props {
  /** The checkout's client token: null while it loads. */
  clientToken: string | null;
  /** The client token could not be had: card and PayPal are unavailable. */
  tokenFailed: boolean;
  summary: Summary;
  address: AddressForm;
  onOutcome: (outcome: "success" | "fail") => void;
}

export function PaymentStep({ clientToken, tokenFailed, summary, address, onOutcome }: Props) {
  const { payments, failed: sdkFailed } = usePayments(clientToken);
  const failed = tokenFailed || sdkFailed;
  const attempt = useRef(new PaymentAttempt());
  const busy = useRef(false);
  const [paying, setPaying] = useState(false);
  const [message, setMessage] = useState("");
  const paypalBox = useRef<HTMLDivElement>(null);
  // The PayPal callbacks are created once; they read the latest amounts and address.
  const latest = useRef({ summary, address, onOutcome });
  latest.current = { summary, address, onOutcome };

  const settle = (outcome: PaymentOutcome) => {
    if (outcome.kind === "retry") {
      // The server's quote may have moved (the bag changed elsewhere): show the amounts it will charge.
      void revalidateBag();
      return setMessage(outcome.message);
    }
    attempt.current.finish();
    latest.current.onOutcome(outcome.kind === "paid" ? "success" : "fail");
  };

  const payWithCard = async () => {
    if (!payments || busy.current) return;
    busy.current = true;
    setPaying(true);
    setMessage("");
    try {
      const payload = await payments.fields.tokenize().catch(() => null);
      if (!payload) return setMessage(CARD_INCOMPLETE);
      const nonce = await payments.verify(payload, summary.total.toFixed(2)).catch((error: unknown) => {
        console.error("3-D Secure verification failed", error);
        return null;
      });
      if (!nonce) return settle({ kind: "failed" });
      settle(await payByCard({ nonce, summary, address, idempotencyKey: attempt.current.key() }));
    } finally {
      busy.current = false;
      setPaying(false);
    }
  };

  useEffect(() => {
    const box = paypalBox.current;
    if (!payments || !box) return;
    payments
      .renderPayPal(box, {
        createOrder: () => createPayPalOrder(latest.current.summary),
        onApprove: async ({ orderID }) => settle(await capturePayPalOrder(orderID, latest.current.summary, latest.current.address)),
        onCancel: () => setMessage(PAYPAL_CANCELED),
        onError: (error) => {
          console.error("PayPal failed", error);
          setMessage("PayPal is unavailable right now. Please try again.");
        },
      })
      .catch(() => setMessage(PAYPAL_SCRIPT_FAILED));
  }, [payments]);

  return (
    <div className="checkout-payment">
      <div className="checkout-payment__paypal" ref={paypalBox} data-testid="paypal-button" />
      <p className="checkout-payment__or">or pay by card</p>
      <div className="form-grid" aria-busy={!payments}>
        <div className="field field--wide">
          <label className="field__label" htmlFor="checkout-card-number">
            Card number *
          </label>
          <div id="checkout-card-number" className="hosted-field" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="checkout-card-expiration">
            Expiration date *
          </label>
          <div id="checkout-card-expiration" className="hosted-field" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="checkout-card-cvv">
            CVV *
          </label>
          <div id="checkout-card-cvv" className="hosted-field" />
        </div>
      </div>
      {(message || failed) && (
        <p className="field__error" role="alert">
          {message || CARD_UNAVAILABLE}
        </p>
      )}
      <button type="button" className="button button--block" disabled={!payments || paying} onClick={payWithCard}>
        {paying ? "Processing..." : `PAY ${formatPrice(summary.total)}`}
      </button>
    </div>
  );
}
