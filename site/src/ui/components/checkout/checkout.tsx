"use client";
/**
 * /checkout, inside the session guard: who is checking out, step 1 (the
 * shipping address), step 2 (payment, only once step 1 is done) and the
 * order summary with the server's quote. An empty bag says so and links
 * back to the shop; a withdrawn product's line holds the payment back until
 * it is removed; a payment being confirmed keeps the page as it is.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useReducer, useState } from "react";
import { useCheckoutBag } from "@/lib/hooks/use-cart";
import { usePaymentSetup } from "@/lib/hooks/use-checkout";
import { useSession } from "@/lib/hooks/use-session";
import type { AddressForm } from "@/lib/rules/address";
import { INITIAL_STEP, hasUnavailable, paymentOpen, stepReducer } from "@/lib/rules/checkout";
import { SessionGuard } from "@/ui/components/account/session-guard";
import "@/ui/styles/checkout.css";
import { AddressStep } from "./address-step";
import { OrderSummary } from "./order-summary";
import { PaymentStep } from "./payment-step";
import { MESSAGES } from "@/lib/messages";

export const EMPTY_BAG_TEXT = MESSAGES.checkout.EMPTY_BAG;

function EmptyBag() {
  return (
    <div className="checkout-empty">
      <p>{EMPTY_BAG_TEXT}</p>
      <Link className="button" href="/shop/">
        CONTINUE SHOPPING
      </Link>
    </div>
  );
}

/** Where a payment's outcome leads: the result page, told when PayPal is still completing the capture. */
export const notifyPath = (outcome: "success" | "fail", pending = false) => `/checkout/notify/?status=${outcome}${outcome === "success" && pending ? "&payment=pending" : ""}`;

function CheckoutSteps() {
  const router = useRouter();
  // Behind the session guard, which has just asked: this reads its answer.
  const { profile } = useSession({ ask: true });
  const { cart, isLoading, remove, showQuote, reload } = useCheckoutBag();
  const [step, dispatch] = useReducer(stepReducer, INITIAL_STEP);
  const [shipping, setShipping] = useState<AddressForm | null>(null);
  const [result, setResult] = useState<"success" | "fail" | null>(null);
  // While a payment is being confirmed the page stays (the bag may empty when it is placed).
  const [confirming, setConfirming] = useState(false);
  const { setup, failed: tokenFailed } = usePaymentSetup();
  const { lines, quote } = cart;
  const blocked = hasUnavailable(lines);

  const onOutcome = (outcome: "success" | "fail", pending: boolean) => {
    setResult(outcome);
    router.push(notifyPath(outcome, pending));
    // The server emptied the bag on success; on failure it is as it was.
    void reload();
  };

  const payment = () => {
    if (!paymentOpen(step) || !shipping) return <p className="muted">Complete your shipping address to continue.</p>;
    return (
      <PaymentStep
        clientToken={setup?.clientToken ?? null}
        tokenFailed={tokenFailed}
        quote={quote}
        taxRate={setup?.taxRate ?? 0}
        blocked={blocked}
        address={shipping}
        onOutcome={onOutcome}
        onQuote={(q) => void showQuote(q)}
        onBagChanged={() => void reload()}
        onConfirming={setConfirming}
      />
    );
  };

  if (isLoading) return null;
  return (
    <div className="container section checkout">
      <h1 className="checkout__title">CHECKOUT</h1>
      <p className="checkout__who">
        You are checking out as <strong>{profile?.email}</strong>
      </p>
      {lines.length === 0 && !result && !confirming ? (
        <EmptyBag />
      ) : (
        <div className="checkout__grid">
          <div className="checkout__steps">
            <AddressStep step={step} dispatch={dispatch} shippingfee={quote?.shippingfee ?? null} shipping={shipping} onShipping={setShipping} />
            <section className="checkout-step" aria-labelledby="step-payment">
              <h2 id="step-payment" className="checkout-step__title">
                2. PAYMENT
              </h2>
              {payment()}
            </section>
          </div>
          <OrderSummary cart={cart} onRemove={(id) => void remove(id)} />
        </div>
      )}
    </div>
  );
}

export function Checkout() {
  return (
    <SessionGuard>
      <CheckoutSteps />
    </SessionGuard>
  );
}
