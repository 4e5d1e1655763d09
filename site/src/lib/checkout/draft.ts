/**
 * The checkout's draft, kept for the tab (sessionStorage) so the shipping
 * address survives a reload, Back and Forward and TRY AGAIN after a declined
 * card: the address choice, the New Address form as typed, the address the
 * shopper continued with, and whether to keep it in the address book. One
 * draft per shopper (another shopper signing in on the tab starts afresh);
 * cleared once an order is placed.
 */
import { EMPTY_ADDRESS, type AddressForm } from "@/lib/rules/address";
import type { AddressChoice } from "@/lib/rules/checkout";

export interface CheckoutDraft {
  choice: AddressChoice;
  /** The New Address form as the shopper typed it. */
  form: AddressForm;
  /** The address step's result: what the payment ships to (null until Continue). */
  shipping: AddressForm | null;
  /** Keep a new address in the address book (on by default). */
  keepAddress: boolean;
}

export const EMPTY_DRAFT: CheckoutDraft = { choice: { kind: "none" }, form: EMPTY_ADDRESS, shipping: null, keepAddress: true };

const keyOf = (owner: string) => `checkout-draft:${owner}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage refused (privacy settings): the checkout works without a draft
  }
}

/** The shopper's draft on this tab, or the empty one (none kept, or unreadable). */
export function loadDraft(owner: string): CheckoutDraft {
  try {
    const kept = JSON.parse(storage()?.getItem(keyOf(owner)) ?? "null") as Partial<CheckoutDraft> | null;
    if (!kept || typeof kept !== "object") return EMPTY_DRAFT;
    return { ...EMPTY_DRAFT, ...kept, form: { ...EMPTY_ADDRESS, ...kept.form } };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** Changes part of the draft, keeping the rest. */
export function updateDraft(owner: string, change: Partial<CheckoutDraft>): void {
  try {
    storage()?.setItem(keyOf(owner), JSON.stringify({ ...loadDraft(owner), ...change }));
  } catch {
    /* storage full or refused: the draft is a convenience */
  }
}

export function clearDraft(owner: string): void {
  storage()?.removeItem(keyOf(owner));
}
