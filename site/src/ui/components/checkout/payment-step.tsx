"use client";
/**
 * Step 2, Payment: the card's hosted fields (number, expiration date, CVV)
 * and the PayPal button, both from our SDK and the client token. Paying
 * tokenizes the card, verifies it with 3-D Secure when the gateway asks for
 * it and sends the nonce and the server's quote with this attempt's
 * idempotency key; the Pay button is disabled while paying so a double click
 * is one payment. A changed quote (409) is shown and the next Pay sends it;
 * a payment whose answer was lost (202) is confirmed, never paid again.
 * Offline, Pay says so (the connection, not the card) and the typed card is
 * kept; a payment whose answer the connection lost is asked again with the
 * same key once back online (the server replays its answer: charged once).
 */
import { useEffect, useRef, useState } from "react";
import type { Quote } from "@/lib/api/types";
import { PAYPAL_UNAVAILABLE, capturePayPalOrder, createPayPalOrder, payByCard, type PaymentOutcome } from "@/lib/hooks/use-checkout";
import { startPayments, type Payments } from "@/lib/payments/sdk";
import type { AddressForm } from "@/lib/rules/address";
import { BAG_MSG, PaymentAttempt } from "@/lib/rules/checkout";
import { formatPrice } from "@/lib/rules/format";
import { PaymentConfirming } from "./payment-confirming";

export const PAYPAL_SCRIPT_FAILED = "Failed to load the PayPal JS SDK script.";
const CARD_UNAVAILABLE = "Card payment is unavailable right now. Please try again later.";
const CARD_INCOMPLETE = "Please check your card details.";
const PAYPAL_CANCELED = "The PayPal payment was canceled.";
export const CONNECTION_MSG = {
  offline: "You are offline. Please check your internet connection, then press Pay again. Your card details are kept.",
  // Pay stays: pressed, it asks about this same payment (its key), never a second charge.
  answerLost:
    "The connection was lost before your payment's answer arrived. As soon as you are back online we ask about this same payment again: it is never charged twice.",
} as const;

/** A tokenization that failed for the connection (offline, or the SDK's NETWORK error), not for the card. */
const isConnectionError = (error: unknown) => !navigator.onLine || (error as { type?: unknown } | null)?.type === "NETWORK";

/** The card's hosted fields: where each frame goes and its label; the SDK is given their selectors. */
const HOSTED_FIELDS = [
  { name: "number", id: "checkout-card-number", label: "Card number *", wide: true },
  { name: "expirationDate", id: "checkout-card-expiration", label: "Expiration date *", wide: false },
  { name: "cvv", id: "checkout-card-cvv", label: "CVV *", wide: false },
] as const;
const FIELDS = Object.fromEntries(HOSTED_FIELDS.map((f) => [f.name, `#${f.id}`])) as Record<(typeof HOSTED_FIELDS)[number]["name"], string>;

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

/** PayPal's createOrder refused and the page already says why: PayPal is not opened and its onError adds nothing. */
class RefusalShown extends Error {
  constructor() {
    super("PayPal order refused");
    this.name = "RefusalShown";
  }
}

interface Props {
  /** The checkout's client token: null while it loads. */
  clientToken: string | null;
  /** The client token could not be had: card and PayPal are unavailable. */
  tokenFailed: boolean;
  /** The server's quote as the page shows it (null while the bag has no available line): what is sent and charged. */
  quote: Quote | null;
  /** The shop's tax rate from the client token, sent back as it came. */
  taxRate: number;
  /** A withdrawn product's line is in the bag: no payment until it is removed. */
  blocked: boolean;
  address: AddressForm;
  /** The order is placed (`pending` while PayPal completes the capture) or the payment refused. */
  onOutcome: (outcome: "success" | "fail", pending: boolean) => void;
  /** A 409 quote_changed's new quote: the summary shows it at once and the bag is asked again. */
  onQuote: (quote: Quote) => void;
  /** The bag may have changed (a withdrawn product, a retryable refusal): ask it again. */
  onBagChanged: () => void;
  /** A payment is being confirmed (or no longer): the checkout keeps this step while it is. */
  onConfirming: (confirming: boolean) => void;
}

export function PaymentStep({ clientToken, tokenFailed, quote, taxRate, blocked, address, onOutcome, onQuote, onBagChanged, onConfirming }: Props) {
  const { payments, failed: sdkFailed } = usePayments(clientToken);
  const failed = tokenFailed || sdkFailed;
  const attempt = useRef(new PaymentAttempt());
  const busy = useRef(false);
  const [paying, setPaying] = useState(false);
  const [message, setMessage] = useState("");
  const [confirming, setConfirming] = useState<{ paymentId: string; message: string } | null>(null);
  const confirmingNow = useRef(false);
  const paypalBox = useRef<HTMLDivElement>(null);
  // The card payment whose answer the connection lost: sent again as it was once back online.
  const unanswered = useRef<(() => Promise<PaymentOutcome>) | null>(null);
  // The PayPal callbacks are created once; they read the latest quote, address and callbacks.
  const latest = useRef({ quote, taxRate, address, onOutcome, onQuote, onBagChanged, onConfirming });
  latest.current = { quote, taxRate, address, onOutcome, onQuote, onBagChanged, onConfirming };

  /** What an answer means on this page; reads only refs and setters, so the PayPal callbacks may call it. */
  const settle = (outcome: PaymentOutcome) => {
    const now = latest.current;
    const confirm = (next: { paymentId: string; message: string } | null) => {
      confirmingNow.current = next !== null;
      setConfirming(next);
      now.onConfirming(next !== null);
    };
    switch (outcome.kind) {
      case "paid":
      case "failed":
        attempt.current.finish();
        return now.onOutcome(outcome.kind === "paid" ? "success" : "fail", outcome.kind === "paid" && outcome.pending);
      case "confirming":
        // The charge may have happened: the same attempt, no Pay button, until the status is known.
        setMessage("");
        return confirm({ paymentId: outcome.paymentId, message: outcome.message });
      case "notCharged":
        attempt.current.finish();
        confirm(null);
        return setMessage(outcome.message);
      case "quoteChanged":
        // Refused before any charge: the new quote shows now and the next Pay is a new attempt at it.
        attempt.current.finish();
        now.onQuote(outcome.quote);
        return setMessage(outcome.message);
      case "unavailable":
        attempt.current.finish();
        now.onBagChanged();
        return setMessage(outcome.message);
      case "connectionLost":
        // It may have been placed (the bag then empties on reconnecting): the page stays until it is asked again.
        now.onConfirming(true);
        return setMessage(CONNECTION_MSG.answerLost);
      case "retry":
        // The server's quote may have moved (the bag changed elsewhere): show the amounts it will charge.
        now.onBagChanged();
        return setMessage(outcome.message);
    }
  };

  /** Sends a card payment; one the connection left unanswered is kept to be sent again. */
  const send = async (payment: () => Promise<PaymentOutcome>) => {
    const outcome = await payment();
    unanswered.current = outcome.kind === "connectionLost" ? payment : null;
    settle(outcome);
  };

  /** Runs one payment action at a time, the Pay button busy meanwhile. */
  const whileBusy = async (action: () => Promise<void>) => {
    busy.current = true;
    setPaying(true);
    setMessage("");
    try {
      await action();
    } finally {
      busy.current = false;
      setPaying(false);
    }
  };

  const payWithCard = async () => {
    if (!payments || !quote || blocked || busy.current || confirmingNow.current) return;
    if (!navigator.onLine) return setMessage(CONNECTION_MSG.offline);
    const lost = unanswered.current;
    if (lost) return whileBusy(() => send(lost));
    await whileBusy(async () => {
      const tokenized = await payments.fields.tokenize().then(
        (payload) => ({ payload, error: null }),
        (error: unknown) => ({ payload: null, error }),
      );
      if (!tokenized.payload) return setMessage(isConnectionError(tokenized.error) ? CONNECTION_MSG.offline : CARD_INCOMPLETE);
      const nonce = await payments.verify(tokenized.payload, quote.total.toFixed(2)).catch((error: unknown) => {
        console.error("3-D Secure verification failed", error);
        return null;
      });
      if (!nonce) return settle(navigator.onLine ? { kind: "failed" } : { kind: "retry", message: CONNECTION_MSG.offline });
      const payment = { nonce, quote, taxRate, address, idempotencyKey: attempt.current.key() };
      await send(() => payByCard(payment));
    });
  };

  // Back online: "You are offline" no longer holds, and the payment whose answer was lost is asked
  // again (the page shows its real outcome).
  useEffect(() => {
    const onOnline = () => {
      setMessage((shown) => (shown === CONNECTION_MSG.offline ? "" : shown));
      const lost = unanswered.current;
      if (lost && !busy.current) void whileBusy(() => send(lost));
    };
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  });

  useEffect(() => {
    const box = paypalBox.current;
    if (!payments || !box) return;
    payments
      .renderPayPal(box, {
        createOrder: async () => {
          const { quote: shown } = latest.current;
          if (confirmingNow.current) throw new RefusalShown();
          if (!shown) {
            setMessage(PAYPAL_UNAVAILABLE);
            throw new RefusalShown();
          }
          setMessage("");
          const created = await createPayPalOrder(shown);
          if (created.kind === "created") return created.id;
          settle(created);
          throw new RefusalShown();
        },
        onApprove: async ({ orderID }) => {
          const { quote: shown, taxRate: rate, address: to } = latest.current;
          settle(shown ? await capturePayPalOrder(orderID, shown, rate, to) : { kind: "failed" });
        },
        onCancel: () => setMessage(PAYPAL_CANCELED),
        onError: (error) => {
          if (error instanceof RefusalShown) return;
          console.error("PayPal failed", error);
          setMessage(PAYPAL_UNAVAILABLE);
        },
      })
      .catch(() => setMessage(PAYPAL_SCRIPT_FAILED));
  }, [payments]);

  return (
    <>
      {/* A live region from the start, so the confirming state is announced when it comes. */}
      <div role="status" aria-live="polite">
        {confirming && <PaymentConfirming paymentId={confirming.paymentId} message={confirming.message} onSettled={settle} />}
      </div>
      {blocked && !confirming && (
        <div className="field__error" role="alert">
          {message && message !== BAG_MSG.removeUnavailable && <p>{message}</p>}
          <p>{BAG_MSG.removeUnavailable}</p>
        </div>
      )}
      {/* Kept while hidden: the hosted fields live in it, ready again once the bag allows paying. */}
      <div className="checkout-payment" hidden={confirming !== null || blocked}>
        <div className="checkout-payment__paypal" ref={paypalBox} data-testid="paypal-button" />
        <p className="checkout-payment__or">or pay by card</p>
        <div className="form-grid" aria-busy={!payments}>
          {HOSTED_FIELDS.map((field) => (
            <div key={field.id} className={field.wide ? "field field--wide" : "field"}>
              <label className="field__label" htmlFor={field.id}>
                {field.label}
              </label>
              <div id={field.id} className="hosted-field" />
            </div>
          ))}
        </div>
        {(message || failed) && (
          <p className="field__error" role="alert">
            {message || CARD_UNAVAILABLE}
          </p>
        )}
        {/* Busy while paying, not disabled: a disabled button drops the keyboard's focus (a second press is ignored by `busy`). */}
        <button
          type="button"
          className="button button--block"
          disabled={!payments || !quote || blocked || confirming !== null}
          aria-disabled={paying || undefined}
          onClick={payWithCard}
        >
          {paying ? "Processing..." : quote ? `PAY ${formatPrice(quote.total)}` : "PAY"}
        </button>
      </div>
    </>
  );
}
