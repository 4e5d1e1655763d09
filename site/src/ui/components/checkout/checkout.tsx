"use client";
/**
 * /checkout, inside the session guard: who is checking out, step 1 (the
 * shipping address), step 2 (payment, only once step 1 is done) and the
 * order summary with the server's quote. An empty bag says so and links
 * back to the shop; a withdrawn product's line holds the payment back until
 * it is removed; a payment being confirmed keeps the page as it is. The
 * steps are history entries and the address a draft kept for the tab, so
 * Back, Forward, a reload and TRY AGAIN keep the shopper's place; the result
 * page replaces the payment step's entry.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useReducer, useState } from "react";
import { clearDraft, loadDraft, updateDraft } from "@/lib/checkout/draft";
import { atPaymentStep, enterPaymentStep, returnToAddressStep, showAddressStep, useStepHistory } from "@/lib/checkout/step-history";
import { useCheckoutBag } from "@/lib/hooks/use-cart";
import { usePaymentSetup } from "@/lib/hooks/use-checkout";
import { useSession } from "@/lib/hooks/use-session";
import type { AddressForm } from "@/lib/rules/address";
import { hasUnavailable, paymentOpen, restoredStep, stepReducer } from "@/lib/rules/checkout";
import { SessionGuard } from "@/ui/components/account/session-guard";
import "./checkout.css";
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
export const notifyPath = (outcome: "success" | "fail", pending = false) =>
  `/checkout/notify/?status=${outcome}${outcome === "success" && pending ? "&payment=pending" : ""}`;

/** The checkout of the signed-in shopper `owner` (their email), whose draft it keeps. */
function CheckoutSteps({ owner }: { owner: string }) {
  const router = useRouter();
  const { cart, isLoading, remove, showQuote, reload } = useCheckoutBag();
  const [draft] = useState(() => loadDraft(owner));
  const [opening] = useState(() => restoredStep(draft.choice, draft.shipping !== null, atPaymentStep()));
  const [step, dispatch] = useReducer(stepReducer, opening);
  const [shipping, setShipping] = useState<AddressForm | null>(draft.shipping);
  const [result, setResult] = useState<"success" | "fail" | null>(null);
  // While a payment is being confirmed the page stays (the bag may empty when it is placed).
  const [confirming, setConfirming] = useState(false);
  const { setup, failed: tokenFailed } = usePaymentSetup();
  const { lines, quote } = cart;
  const blocked = hasUnavailable(lines);

  // A payment step asked for with no address kept (a new tab's reload) is the address step.
  useEffect(() => {
    if (!opening.done) showAddressStep();
  }, [opening]);
  useEffect(() => updateDraft(owner, { choice: step.choice, shipping }), [owner, step.choice, shipping]);
  useStepHistory(useCallback((payment: boolean) => dispatch({ type: "show", payment }), []));

  const onShipping = (address: AddressForm) => {
    setShipping(address);
    enterPaymentStep();
  };
  const onEdit = () => {
    dispatch({ type: "edit" });
    returnToAddressStep();
  };

  const onOutcome = (outcome: "success" | "fail", pending: boolean) => {
    setResult(outcome);
    // The order is placed: the next checkout starts afresh (the address book offers the address).
    if (outcome === "success") clearDraft(owner);
    // In place of the payment step: Back from the result never shows an older one.
    router.replace(notifyPath(outcome, pending));
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
        You are checking out as <strong>{owner}</strong>
      </p>
      {lines.length === 0 && !result && !confirming ? (
        <EmptyBag />
      ) : (
        <div className="checkout__grid">
          <div className="checkout__steps">
            <AddressStep
              owner={owner}
              draft={draft}
              step={step}
              dispatch={dispatch}
              shippingfee={quote?.shippingfee ?? null}
              shipping={shipping}
              onShipping={onShipping}
              onEdit={onEdit}
            />
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

/** Behind the session guard, which has just asked: this reads its answer. */
function ShopperCheckout() {
  const { profile } = useSession({ ask: true });
  return profile ? <CheckoutSteps owner={profile.email} /> : null;
}

export function Checkout() {
  return (
    <SessionGuard>
      <ShopperCheckout />
    </SessionGuard>
  );
}
