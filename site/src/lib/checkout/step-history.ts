/**
 * The checkout's steps as history entries: `/checkout/` is the address step,
 * `/checkout/?step=payment` the payment step, so Back from payment returns to
 * the address (as typed) and Forward to payment. The entries are pushed with
 * the browser's own history (Next's router keeps its state in them); Back
 * and Forward are heard as `popstate`.
 */
import { useEffect } from "react";

const ADDRESS_PATH = "/checkout/";
const PAYMENT_PATH = "/checkout/?step=payment";

/** The address TRY AGAIN returns to: the payment step, the address as it was. */
export const RETRY_PATH = PAYMENT_PATH;

export const atPaymentStep = () => typeof window !== "undefined" && new URLSearchParams(window.location.search).get("step") === "payment";

/** Marks a payment entry pushed over the address step's (kept by Next's router beside its own state). */
const OVER_ADDRESS = "checkoutOverAddress";

/** Step 1 is done: the payment step is a new entry (unless the tab is on it already, e.g. after TRY AGAIN). */
export function enterPaymentStep(): void {
  if (!atPaymentStep()) window.history.pushState({ [OVER_ADDRESS]: true }, "", PAYMENT_PATH);
}

/** This entry is the address step (a payment step that cannot open: no address was kept). */
export function showAddressStep(): void {
  if (atPaymentStep()) window.history.replaceState(null, "", ADDRESS_PATH);
}

/**
 * Back to the address step (EDIT): the entry before when it is the address
 * step's, else this entry becomes it (a reload or TRY AGAIN on the payment
 * step), so the history holds no address step twice.
 */
export function returnToAddressStep(): void {
  if (!atPaymentStep()) return;
  if ((window.history.state as Record<string, unknown> | null)?.[OVER_ADDRESS]) window.history.back();
  else showAddressStep();
}

/** Calls `onStep` with the step the entry Back or Forward landed on. */
export function useStepHistory(onStep: (payment: boolean) => void): void {
  useEffect(() => {
    const onPop = () => onStep(atPaymentStep());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [onStep]);
}
