/**
 * A payment being confirmed (the checkout's 202): its status is asked every
 * 2 s, every 5 s after 30 s, until it is placed or failed; after 5 minutes
 * the page stops asking (`timedOut`) and the shopper is sent to My Orders,
 * where the order appears once the reconciler has confirmed it.
 */
import { useEffect, useRef, useState } from "react";
import { confirmationDelay } from "@/lib/rules/checkout";
import { fetchPaymentStatus, statusOutcome, type PaymentOutcome } from "./use-checkout";

export interface Confirmation {
  /** The server's latest word on it (the 202's message, then each `confirming` status's). */
  message: string;
  /** Five minutes went by without a final status: no more asking. */
  timedOut: boolean;
}

/** Polls while `paymentId` is set; `onSettled` hears the final outcome (paid or notCharged) once. */
export function usePaymentConfirmation(paymentId: string | null, initialMessage: string, onSettled: (outcome: PaymentOutcome) => void): Confirmation {
  const [state, setState] = useState<Confirmation>({ message: initialMessage, timedOut: false });
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    if (!paymentId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    setState({ message: initialMessage, timedOut: false });
    const schedule = () => {
      const delay = confirmationDelay(Date.now() - started);
      if (delay === null) setState((s) => ({ ...s, timedOut: true }));
      else timer = setTimeout(() => void ask(), delay);
    };
    const ask = async () => {
      const status = await fetchPaymentStatus(paymentId);
      if (!live) return;
      const outcome = statusOutcome(status);
      if (outcome) return settled.current(outcome);
      if (status?.status === "confirming" && status.message) setState((s) => ({ ...s, message: status.message }));
      schedule();
    };
    schedule();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [paymentId, initialMessage]);

  return state;
}
