"use client";
/**
 * /checkout/notify: the payment's result, from the status the checkout
 * navigated with (`payment=pending` when PayPal is still completing the
 * capture: the order is placed and shows as Payment pending). It stands in
 * the payment step's history entry, and TRY AGAIN takes it back: the payment
 * step with the address kept, so Back never returns to an older result.
 */
import Link from "next/link";
import { useEffect, useState } from "react";
import { RETRY_PATH } from "@/lib/checkout/step-history";
import { SessionGuard } from "@/ui/components/account/session-guard";
import "./checkout.css";

export const PAYMENT_RESULT = {
  success: { title: "Payment Successful!", text: "Thank you for your order. Please check your email for the invoice." },
  fail: { title: "Payment Failed", text: "Your payment could not be completed. Please try again or use another payment method." },
} as const;

export const PAYMENT_PENDING_TEXT =
  "Payment pending: PayPal is still completing your payment. Your order shows as Payment pending in My Orders until it is complete.";

function Result() {
  const [status, setStatus] = useState<"success" | "fail" | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    setStatus(query.get("status") === "success" ? "success" : "fail");
    setPending(query.get("payment") === "pending");
  }, []);
  if (!status) return null;
  const { title, text } = PAYMENT_RESULT[status];
  return (
    <div className={`container section payment-result payment-result--${status}`}>
      <span className="payment-result__mark" aria-hidden="true">
        {status === "success" ? "✓" : "✕"}
      </span>
      <h1 className="payment-result__title">{title}</h1>
      <p>{text}</p>
      {status === "success" && pending && (
        <p className="payment-result__pending" data-testid="payment-pending">
          {PAYMENT_PENDING_TEXT}
        </p>
      )}
      <div className="payment-result__actions">
        {status === "success" ? (
          <Link className="button" href="/me/orders/">
            VIEW MY ORDERS
          </Link>
        ) : (
          <Link className="button" href={RETRY_PATH} replace>
            TRY AGAIN
          </Link>
        )}
        <Link className="button button--outline" href="/shop/">
          CONTINUE SHOPPING
        </Link>
      </div>
    </div>
  );
}

export function PaymentResult() {
  return (
    <SessionGuard>
      <Result />
    </SessionGuard>
  );
}
