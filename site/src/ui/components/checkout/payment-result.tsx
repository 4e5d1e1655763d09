"use client";
/** /checkout/notify: the payment's result, from the status the checkout navigated with. */
import Link from "next/link";
import { useEffect, useState } from "react";
import { SessionGuard } from "@/ui/components/account/session-guard";
import "@/ui/styles/checkout.css";

export const PAYMENT_RESULT = {
  success: { title: "Payment Successful!", text: "Thank you for your order. Please check your email for the invoice." },
  fail: { title: "Payment Failed", text: "Your payment could not be completed. Please try again or use another payment method." },
} as const;

function Result() {
  const [status, setStatus] = useState<"success" | "fail" | null>(null);
  useEffect(() => {
    setStatus(new URLSearchParams(window.location.search).get("status") === "success" ? "success" : "fail");
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
      <div className="payment-result__actions">
        {status === "success" ? (
          <Link className="button" href="/me/orders/">
            VIEW MY ORDERS
          </Link>
        ) : (
          <Link className="button" href="/checkout/">
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
