/**
 * The checkout's data and its calls to the payment API: the bag (with its
 * loading state), the client token, the card checkout and PayPal's
 * create/capture. Every amount sent is the summary the page shows; the
 * server charges only when it equals its own quote.
 */
import useSWR, { mutate } from "swr";
import { ApiError, api, unwrapList } from "@/lib/api/client";
import type { CartLine } from "@/lib/api/types";
import type { AddressForm } from "@/lib/rules/address";
import type { Summary } from "@/lib/rules/checkout";
import { CART_KEY } from "./use-cart";

/** The bag at checkout; unlike the panel's, it tells loading from empty. */
export function useCheckoutBag() {
  const { data, isLoading } = useSWR(CART_KEY, async () => unwrapList<CartLine>(await api.get(CART_KEY)), { revalidateOnFocus: false });
  return { lines: data ?? [], isLoading: isLoading && data === undefined };
}

/** The server empties the bag when it places the order; the header's bag follows. */
export const revalidateBag = () => mutate(CART_KEY);

export interface PaymentSetup {
  clientToken: string;
  /** Percent; the summary adds it so the amount sent is the amount charged. */
  taxRate: number;
}

async function fetchPaymentSetup(): Promise<PaymentSetup> {
  const body = await api.get<{ clientToken?: string; taxRate?: number }>("/payment/client-token", true);
  if (!body?.clientToken) throw new Error("no client token");
  return { clientToken: body.clientToken, taxRate: Number(body.taxRate ?? 0) };
}

/** One client token per checkout visit (not refetched on focus), with the shop's tax rate. */
export function usePaymentSetup() {
  const { data, error } = useSWR("/payment/client-token", fetchPaymentSetup, { revalidateOnFocus: false, revalidateIfStale: false });
  return { setup: data ?? null, failed: Boolean(error) };
}

/** The address as the payment API takes it: a copy with a lowercase `zipcode` added. */
export function shippingPayload(a: AddressForm) {
  const { title, firstName, lastName, street, city, state, country, zipCode, phoneCode, phone } = a;
  return { title, firstName, lastName, street, city, state, country, zipCode, zipcode: zipCode, phoneCode, phone };
}

export type PaymentOutcome = { kind: "paid" } | { kind: "failed" } | { kind: "retry"; message: string };

/** Declines and refusals are final (the failure page); anything else may be retried with the same attempt. */
export function outcomeOf(error: unknown): PaymentOutcome {
  if (error instanceof ApiError && error.status === 422) return { kind: "failed" };
  if (error instanceof ApiError) return { kind: "retry", message: error.message };
  return { kind: "retry", message: "We could not reach the payment service. Please try again." };
}

export interface CardCheckout {
  nonce: string;
  summary: Summary;
  address: AddressForm;
  idempotencyKey: string;
}

export async function payByCard({ nonce, summary, address, idempotencyKey }: CardCheckout): Promise<PaymentOutcome> {
  try {
    const body = await api.post<{ success?: boolean }>("/payment/checkout", {
      amount: summary.total,
      taxRate: summary.taxRate,
      shippingfee: summary.shippingfee,
      paymentMethodNonce: nonce,
      customerName: `${address.firstName} ${address.lastName}`.trim(),
      addresses: shippingPayload(address),
      idempotencyKey,
    });
    return body?.success === false ? { kind: "failed" } : { kind: "paid" };
  } catch (error) {
    return outcomeOf(error);
  }
}

export async function createPayPalOrder(summary: Summary): Promise<string> {
  const body = await api.post<{ order?: { id?: string } }>("/payment/paypal/create-order", { amount: summary.total, currency: "USD" });
  if (!body?.order?.id) throw new Error("PayPal order without id");
  return body.order.id;
}

export async function capturePayPalOrder(orderId: string, summary: Summary, address: AddressForm): Promise<PaymentOutcome> {
  try {
    const body = await api.post<{ success?: boolean }>("/payment/paypal/capture-order", { orderId, shippingAddress: shippingPayload(address), taxRate: summary.taxRate, shippingfee: summary.shippingfee });
    return body?.success ? { kind: "paid" } : { kind: "failed" };
  } catch (error) {
    // After PayPal's approval anything but success is the failure page (spec section 4).
    console.error("PayPal capture failed", error);
    return { kind: "failed" };
  }
}
