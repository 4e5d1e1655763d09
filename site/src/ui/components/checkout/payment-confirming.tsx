"use client";
/**
 * "Confirming your payment…": the provider's answer to a charge was lost
 * (202 payment_confirming). Nothing here says the payment failed and nothing
 * lets the shopper pay again; the status is polled until the payment is
 * placed (the success page) or known not charged (pay again). After 5
 * minutes the shopper is sent to My Orders, where the order will appear.
 * It shows inside the payment step's live region (role="status"), which is
 * there before it, so screen readers announce it.
 */
import Link from "next/link";
import type { PaymentOutcome } from "@/lib/hooks/use-checkout";
import { usePaymentConfirmation } from "@/lib/hooks/use-payment-status";

export const CONFIRMING_TITLE = "Confirming your payment…";
export const CONFIRMING_TIMED_OUT =
  "This is taking longer than usual. Your order will appear in My Orders as soon as your payment is confirmed. Please do not pay again.";

interface Props {
  paymentId: string;
  /** The server's message with the 202. */
  message: string;
  onSettled: (outcome: PaymentOutcome) => void;
}

export function PaymentConfirming({ paymentId, message, onSettled }: Props) {
  const { message: latest, timedOut } = usePaymentConfirmation(paymentId, message, onSettled);
  return (
    <div className="checkout-confirming" data-testid="payment-confirming">
      {!timedOut && <span className="checkout-confirming__spinner" aria-hidden="true" />}
      <p className="checkout-confirming__title">{CONFIRMING_TITLE}</p>
      {latest && <p>{latest}</p>}
      {timedOut && (
        <>
          <p>{CONFIRMING_TIMED_OUT}</p>
          <Link className="button" href="/me/orders/">
            GO TO MY ORDERS
          </Link>
        </>
      )}
    </div>
  );
}
