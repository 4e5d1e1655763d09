/**
 * The checkout's rules: a bag line's own cost, the withdrawn-product gate,
 * the confirming payment's polling schedule, the address step's gating and
 * the checkout's own address rules (spec sections 4, 5, 9). Every amount of
 * the order (subtotal, shipping, tax, total) is the server's quote.
 */
import { ADDRESS_MSG } from "./address";
import { PHONE, admits } from "@/lib/formats";
import { MESSAGES } from "@/lib/messages";

export const CHECKOUT_MSG = {
  ...ADDRESS_MSG,
  country: MESSAGES.checkout.COUNTRY_REQUIRED,
  noAddress: MESSAGES.checkout.ADDRESS_REQUIRED,
} as const;

/** What the bag and the checkout say of a line whose product was withdrawn. */
export const BAG_MSG = {
  unavailable: "No longer available",
  removeUnavailable: MESSAGES.checkout.ITEMS_UNAVAILABLE,
} as const;

/** A bag line as far as its own display goes: its unit price now and its quantity. */
export interface LineAmount {
  quantity: number;
  price: number;
}

/**
 * One line's cost as the bag shows it (price times quantity, in whole cents).
 * Only a line's display: subtotal, shipping, tax and total are the server's
 * quote, never added up here.
 */
export function lineTotal(line: LineAmount): number {
  return (Math.round(line.price * 100) * line.quantity) / 100;
}

/** A withdrawn product's line stays in the bag, outside the quote, until the shopper removes it; checkout waits for that. */
export const hasUnavailable = (lines: { available: boolean }[]) => lines.some((l) => !l.available);

/**
 * While a payment is being confirmed its status is asked every 2 s, every
 * 5 s after the first 30 s, and no more after 5 minutes (null): then the
 * shopper is told the order will appear in My Orders.
 */
export const CONFIRM_POLL = { fastMs: 2_000, slowMs: 5_000, slowAfterMs: 30_000, giveUpAfterMs: 300_000 } as const;

export function confirmationDelay(elapsedMs: number): number | null {
  if (elapsedMs >= CONFIRM_POLL.giveUpAfterMs) return null;
  return elapsedMs < CONFIRM_POLL.slowAfterMs ? CONFIRM_POLL.fastMs : CONFIRM_POLL.slowMs;
}

/** The address step: which saved address or whether the new-address form is the choice, and whether it is done. */
export type AddressChoice = { kind: "none" } | { kind: "saved"; id: string } | { kind: "new" };

export interface StepState {
  choice: AddressChoice;
  done: boolean;
  /** Set once the step was done and reopened with EDIT: the button then says Save Changes. */
  edited: boolean;
}

export const INITIAL_STEP: StepState = { choice: { kind: "none" }, done: false, edited: false };

export type StepEvent =
  { type: "choose"; choice: AddressChoice } | { type: "continue"; valid: boolean } | { type: "edit" } | { type: "show"; payment: boolean };

/** The step a kept draft reopens: the payment step only when asked for and an address was continued with. */
export const restoredStep = (choice: AddressChoice, shipped: boolean, atPayment: boolean): StepState => ({
  choice,
  done: atPayment && shipped && choice.kind !== "none",
  edited: false,
});

export function stepReducer(state: StepState, event: StepEvent): StepState {
  switch (event.type) {
    case "choose":
      return { ...state, choice: event.choice };
    case "continue":
      return event.valid && state.choice.kind !== "none" ? { ...state, done: true } : state;
    case "edit":
      return { ...state, done: false, edited: true };
    case "show":
      // Back and Forward between the steps: the address as it was chosen, the payment only once it was.
      return event.payment ? (state.choice.kind !== "none" ? { ...state, done: true } : state) : { ...state, done: false };
  }
}

export const continueLabel = (state: StepState) => (state.edited ? "Save Changes" : "Continue to payment");

/** The payment section shows only once the address step is done. */
export const paymentOpen = (state: StepState) => state.done;

/** Checkout phone: required only when both phone and code are empty; a given phone must have the API's format. */
export function checkoutPhoneRule(phone: string, phoneCode: string): true | string {
  const p = phone.trim();
  if (!p && !phoneCode.trim()) return CHECKOUT_MSG.phoneRequired;
  if (!p) return true;
  return admits(PHONE, p) || CHECKOUT_MSG.phoneInvalid;
}

/**
 * One idempotency key per payment attempt: the same key while that attempt
 * is retried (a double click, a network retry), a new one only after the
 * server gave a final answer.
 */
export class PaymentAttempt {
  private current: string | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  key(): string {
    this.current ??= this.newKey();
    return this.current;
  }

  /** The attempt got a final answer (declined, placed, refused before any charge): the next payment is a new attempt. */
  finish(): void {
    this.current = null;
  }
}
