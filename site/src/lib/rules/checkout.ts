/**
 * The checkout's rules: the order summary (amounts exactly as the server
 * quotes them, in whole cents), the Express shipping rule, the address
 * step's gating and the checkout's own address rules (spec sections 4, 5, 9).
 */
import { ADDRESS_MSG } from "./address";

/** Express shipping is charged below this subtotal, free from it on. */
export const FREE_SHIPPING_FROM_CENTS = 227_602;
export const EXPRESS_SHIPPING_CENTS = 5_690;

export const CHECKOUT_MSG = {
  ...ADDRESS_MSG,
  country: "Please select your country.",
  noAddress: "Please select a shipping address before continuing.",
} as const;

export interface SummaryLine {
  quantity: number;
  price: number;
}

export interface Summary {
  /** Pieces in the bag (quantities added up). */
  count: number;
  subtotal: number;
  shippingfee: number;
  /** The tax rate in percent the shop announces with the client token, and its amount. */
  taxRate: number;
  tax: number;
  total: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (c: number) => c / 100;

export function lineTotal(line: SummaryLine): number {
  return dollars(cents(line.price) * line.quantity);
}

export function shippingFeeCents(subtotalCents: number): number {
  return subtotalCents < FREE_SHIPPING_FROM_CENTS ? EXPRESS_SHIPPING_CENTS : 0;
}

/** The tax on a subtotal, rounded half up to the cent as the server's quote rounds it. */
export function taxCents(subtotalCents: number, taxRate: number): number {
  const basisPoints = Math.round(taxRate * 100);
  return Math.floor((subtotalCents * basisPoints + 5_000) / 10_000);
}

/** Subtotal, shipping, tax and total of the bag, summed in cents so no float drift reaches the server's check. */
export function summarize(lines: SummaryLine[], taxRate = 0): Summary {
  const subtotal = lines.reduce((sum, l) => sum + cents(l.price) * l.quantity, 0);
  const shipping = lines.length === 0 ? 0 : shippingFeeCents(subtotal);
  const tax = taxCents(subtotal, taxRate);
  return {
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotal: dollars(subtotal),
    shippingfee: dollars(shipping),
    taxRate,
    tax: dollars(tax),
    total: dollars(subtotal + shipping + tax),
  };
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

export type StepEvent = { type: "choose"; choice: AddressChoice } | { type: "continue"; valid: boolean } | { type: "edit" };

export function stepReducer(state: StepState, event: StepEvent): StepState {
  switch (event.type) {
    case "choose":
      return { ...state, choice: event.choice };
    case "continue":
      return event.valid && state.choice.kind !== "none" ? { ...state, done: true } : state;
    case "edit":
      return { ...state, done: false, edited: true };
  }
}

export const continueLabel = (state: StepState) => (state.edited ? "Save Changes" : "Continue to payment");

/** The payment section shows only once the address step is done. */
export const paymentOpen = (state: StepState) => state.done;

/** Checkout phone: required only when both phone and code are empty; a given phone must be 6-20 of digits, + - ( ) and spaces. */
export function checkoutPhoneRule(phone: string, phoneCode: string): true | string {
  const p = phone.trim();
  if (!p && !phoneCode.trim()) return CHECKOUT_MSG.phoneRequired;
  if (!p) return true;
  return /^[0-9+\-() ]{6,20}$/.test(p) || CHECKOUT_MSG.phoneInvalid;
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

  /** The attempt got a final answer (declined or placed): the next payment is a new attempt. */
  finish(): void {
    this.current = null;
  }
}
