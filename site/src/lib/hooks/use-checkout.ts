/**
 * The checkout's calls to the payment API: the client token, the card
 * checkout and PayPal's create/capture, and what each answer means for the
 * page. Every amount sent is the server's quote as the page shows it; the
 * server charges only when it is still its quote of the bag, and answers
 * the new quote (409 quote_changed) when the catalogue moved.
 */
import useSWR from "swr";
import { ApiError, ok, shop } from "@/lib/api/client";
import type { PaymentAnswer, PaymentStatus, Quote } from "@/lib/api/types";
import type { AddressForm } from "@/lib/rules/address";
import { toQuote } from "./use-cart";

export interface PaymentSetup {
  clientToken: string;
  /** Percent, as the shop announces it: sent back with the payment, never used for arithmetic here. */
  taxRate: number;
}

async function fetchPaymentSetup(): Promise<PaymentSetup> {
  const body = await ok(shop.GET("/api/payment/client-token", { cache: "no-store" }));
  if (!body.clientToken) throw new Error("no client token");
  return { clientToken: body.clientToken, taxRate: body.taxRate };
}

/**
 * One client token per checkout visit, with the shop's tax rate: not
 * refetched on focus nor on reconnecting (a new token would rebuild the card
 * frames and lose what the shopper typed); a failed fetch is retried.
 */
export function usePaymentSetup() {
  const { data, error } = useSWR("/payment/client-token", fetchPaymentSetup, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });
  return { setup: data ?? null, failed: Boolean(error) };
}

/** The address as the payment API takes it: a copy with a lowercase `zipcode` added. */
export function shippingPayload(a: AddressForm) {
  const { title, firstName, lastName, street, city, state, country, zipCode, phoneCode, phone } = a;
  return { title, firstName, lastName, street, city, state, country, zipCode, zipcode: zipCode, phoneCode, phone };
}

export const NETWORK_RETRY = "We could not reach the payment service. Please try again.";

/**
 * What an answer of the payment API means for the page:
 * - `paid`: the order is placed (`pending` while PayPal completes the capture): the success page;
 * - `failed`: refused (declined): the failure page;
 * - `confirming`: the provider's answer was lost; the payment is being confirmed: never "failed", never pay again;
 * - `notCharged`: a confirmation ended without a charge: its message, and the shopper may pay again;
 * - `quoteChanged`: prices moved: the new quote is shown and the next payment sends it;
 * - `unavailable`: a product was withdrawn: the bag is asked again;
 * - `connectionLost`: the card payment went unanswered for the connection: it may have been charged,
 *   so the same payment is asked again (same key: the server replays its answer) once back online;
 * - `retry`: anything else (the same attempt may be retried).
 */
export type PaymentOutcome =
  | { kind: "paid"; pending: boolean }
  | { kind: "failed" }
  | { kind: "confirming"; paymentId: string; message: string }
  | { kind: "notCharged"; message: string }
  | { kind: "quoteChanged"; message: string; quote: Quote }
  | { kind: "unavailable"; message: string }
  | { kind: "connectionLost" }
  | { kind: "retry"; message: string };

/** A 2xx answer of the checkout or PayPal's capture: placed (201, 200 for a replay), or being confirmed (202). */
export function answerOf(body: PaymentAnswer): PaymentOutcome {
  if ("order" in body) return body.success ? { kind: "paid", pending: body.order.status === "pending" } : { kind: "failed" };
  return body.code === "payment_confirming" ? { kind: "confirming", paymentId: body.paymentId, message: body.message } : { kind: "failed" };
}

/** A refusal (409 `quote_changed` or `product_unavailable`, 422, 429, …): declines are final (the failure page); a changed quote or a withdrawn product is shown; anything else may be retried. */
export function outcomeOf(error: unknown): PaymentOutcome {
  if (!(error instanceof ApiError)) return { kind: "retry", message: NETWORK_RETRY };
  if (error.status === 422) return { kind: "failed" };
  if (error.status !== 409) return { kind: "retry", message: error.message };
  switch (error.code) {
    case "quote_changed": {
      // Without a readable quote the shopper is sent to the bag as it is now.
      const quote = toQuote(error.body && "quote" in error.body ? error.body.quote : null);
      return quote ? { kind: "quoteChanged", message: error.message, quote } : { kind: "unavailable", message: error.message };
    }
    case "product_unavailable":
      return { kind: "unavailable", message: error.message };
    default:
      return { kind: "retry", message: error.message };
  }
}

export interface CardPayment {
  nonce: string;
  /** The quote the page shows: `amount` is its total, `shippingfee` its shipping. */
  quote: Quote;
  taxRate: number;
  address: AddressForm;
  idempotencyKey: string;
}

export async function payByCard({ nonce, quote, taxRate, address, idempotencyKey }: CardPayment): Promise<PaymentOutcome> {
  try {
    const payment = {
      amount: quote.total,
      taxRate,
      shippingfee: quote.shippingfee,
      paymentMethodNonce: nonce,
      customerName: `${address.firstName} ${address.lastName}`.trim(),
      addresses: shippingPayload(address),
      idempotencyKey,
    };
    return answerOf(await ok(shop.POST("/api/payment/checkout", { body: payment })));
  } catch (error) {
    // No answer at all (fetch's TypeError): the connection, not a refusal.
    return error instanceof ApiError ? outcomeOf(error) : { kind: "connectionLost" };
  }
}

export const PAYPAL_UNAVAILABLE = "PayPal is unavailable right now. Please try again.";

/** PayPal's order for the quote shown, or why there is none (a changed quote, a withdrawn product, too many orders: 429). */
export async function createPayPalOrder(quote: Quote): Promise<{ kind: "created"; id: string } | PaymentOutcome> {
  try {
    const body = await ok(shop.POST("/api/payment/paypal/create-order", { body: { amount: quote.total, currency: "USD" } }));
    const id = body.order.id;
    return id ? { kind: "created", id } : { kind: "retry", message: PAYPAL_UNAVAILABLE };
  } catch (error) {
    return outcomeOf(error);
  }
}

export async function capturePayPalOrder(orderId: string, quote: Quote, taxRate: number, address: AddressForm): Promise<PaymentOutcome> {
  try {
    const capture = { orderId, shippingAddress: shippingPayload(address), taxRate, shippingfee: quote.shippingfee };
    return answerOf(await ok(shop.POST("/api/payment/paypal/capture-order", { body: capture })));
  } catch (error) {
    // After PayPal's approval anything but success (or a payment being confirmed) is the failure page (spec section 4).
    console.error("PayPal capture failed", error);
    return { kind: "failed" };
  }
}

/** A confirming payment's status; null when it could not be had this time (asked again at the next poll). */
export async function fetchPaymentStatus(paymentId: string): Promise<PaymentStatus | null> {
  try {
    return await ok(shop.GET("/api/payment/status/{id}", { params: { path: { id: paymentId } }, cache: "no-store" }));
  } catch (error) {
    console.warn("GET /payment/status failed; asking again", error);
    return null;
  }
}

/** What a status means: placed (the success page), failed (nothing was charged), or still confirming (null: ask again). */
export function statusOutcome(status: PaymentStatus | null): PaymentOutcome | null {
  switch (status?.status) {
    case "placed":
      return { kind: "paid", pending: status.order?.status === "pending" };
    case "failed":
      return { kind: "notCharged", message: status.message };
    default:
      return null;
  }
}
