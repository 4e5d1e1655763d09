"use client";
/**
 * /checkout, inside the session guard: who is checking out, step 1 (the
 * shipping address), step 2 (payment, only once step 1 is done) and the
 * order summary. An empty bag says so and links back to the shop.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useReducer, useState } from "react";
import { revalidateBag, useCheckoutBag, usePaymentSetup } from "@/lib/hooks/use-checkout";
import { useSession } from "@/lib/hooks/use-session";
import type { AddressForm } from "@/lib/rules/address";
import { INITIAL_STEP, paymentOpen, stepReducer, summarize } from "@/lib/rules/checkout";
import { SessionGuard } from "@/ui/components/account/session-guard";
import "@/ui/styles/checkout.css";
import { AddressStep } from "./address-step";
import { OrderSummary } from "./order-summary";
import { PaymentStep } from "./payment-step";

export const EMPTY_BAG_TEXT = "Your shopping bag is empty.";

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

function CheckoutSteps() {
  const router = useRouter();
  // Behind the session guard, which has just asked: this reads its answer.
  const { profile } = useSession({ ask: true });
  const { lines, isLoading } = useCheckoutBag();
  const [step, dispatch] = useReducer(stepReducer, INITIAL_STEP);
  const [shipping, setShipping] = useState<AddressForm | null>(null);
  const [result, setResult] = useState<"success" | "fail" | null>(null);
  const { setup, failed: tokenFailed } = usePaymentSetup();
  const summary = summarize(lines, setup?.taxRate ?? 0);

  const onOutcome = (outcome: "success" | "fail") => {
    setResult(outcome);
    router.push(`/checkout/notify/?status=${outcome}`);
    // The server emptied the bag on success; on failure it is as it was.
    void revalidateBag();
  };

  if (isLoading) return null;
  return (
    <div className="container section checkout">
      <h1 className="checkout__title">CHECKOUT</h1>
      <p className="checkout__who">
        You are checking out as <strong>{profile?.email}</strong>
      </p>
      {lines.length === 0 && !result ? (
        <EmptyBag />
      ) : (
        <div className="checkout__grid">
          <div className="checkout__steps">
            <AddressStep step={step} dispatch={dispatch} shippingfee={summary.shippingfee} shipping={shipping} onShipping={setShipping} />
            <section className="checkout-step" aria-labelledby="step-payment">
              <h2 id="step-payment" className="checkout-step__title">
                2. PAYMENT
              </h2>
              {paymentOpen(step) && shipping ? <PaymentStep clientToken={setup?.clientToken ?? null} tokenFailed={tokenFailed} summary={summary} address={shipping} onOutcome={onOutcome} /> : <p className="muted">Complete your shipping address to continue.</p>}
            </section>
          </div>
          <OrderSummary lines={lines} summary={summary} />
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
