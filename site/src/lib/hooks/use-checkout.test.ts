import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/client";
import { EMPTY_ADDRESS } from "@/lib/rules/address";
import { confirming, order, paid, quoteChanged, refusal } from "@/test/answers";
import { fakeFetch } from "@/test/fake-fetch";
import { NETWORK_RETRY, answerOf, createPayPalOrder, fetchPaymentStatus, outcomeOf, payByCard, shippingPayload, statusOutcome } from "./use-checkout";

afterEach(() => vi.unstubAllGlobals());

const quote = { subtotal: 1750.5, shippingfee: 56.9, tax: 144.42, total: 1951.82 };
const newQuote = { subtotal: 1800, shippingfee: 56.9, tax: 148.5, total: 2005.4 };

describe("shippingPayload", () => {
  it("copies the address and adds the lowercase zipcode, without the account-only fields", () => {
    const body = shippingPayload({ ...EMPTY_ADDRESS, firstName: "Lan", zipCode: "700000", isDefault: true });
    expect(body).toMatchObject({ firstName: "Lan", zipCode: "700000", zipcode: "700000", phoneCode: "+84" });
    expect(body).not.toHaveProperty("isDefault");
  });
});

describe("outcomeOf", () => {
  it("makes a refused payment final and anything else retryable with its message", () => {
    expect(outcomeOf(new ApiError(422, "Your card was declined."))).toEqual({ kind: "failed" });
    expect(outcomeOf(new ApiError(400, "Your bag is empty."))).toEqual({ kind: "retry", message: "Your bag is empty." });
    expect(outcomeOf(new ApiError(429, "Too many PayPal orders. Please wait a moment."))).toEqual({
      kind: "retry",
      message: "Too many PayPal orders. Please wait a moment.",
    });
    expect(outcomeOf(new TypeError("Failed to fetch"))).toEqual({ kind: "retry", message: NETWORK_RETRY });
  });

  it("reads a changed quote's new figures and a withdrawn product from a 409", () => {
    const changed = quoteChanged("Prices have changed.", newQuote);
    expect(outcomeOf(new ApiError(409, changed.message, changed.code, {}, changed))).toEqual({
      kind: "quoteChanged",
      message: "Prices have changed.",
      quote: newQuote,
    });
    expect(outcomeOf(new ApiError(409, "A product is no longer available.", "product_unavailable"))).toEqual({
      kind: "unavailable",
      message: "A product is no longer available.",
    });
    // A quote_changed without a quote still sends the shopper to the bag as it is now.
    const unquoted = quoteChanged("Prices have changed.", null);
    expect(outcomeOf(new ApiError(409, unquoted.message, unquoted.code, {}, unquoted))).toEqual({ kind: "unavailable", message: "Prices have changed." });
    // Another 409 (the bag changed while paying: given back) may be retried.
    expect(outcomeOf(new ApiError(409, "Your bag changed.", "conflict"))).toEqual({ kind: "retry", message: "Your bag changed." });
  });
});

describe("answerOf", () => {
  it("tells a placed order (pending while PayPal completes) from a payment being confirmed", () => {
    expect(answerOf(paid("awaiting_confirmation"))).toEqual({ kind: "paid", pending: false });
    expect(answerOf(paid("pending"))).toEqual({ kind: "paid", pending: true });
    expect(answerOf(confirming("pay_1", "We are confirming your payment."))).toEqual({
      kind: "confirming",
      paymentId: "pay_1",
      message: "We are confirming your payment.",
    });
  });
});

describe("payByCard", () => {
  it("sends the server's quote as shown: its total as the amount, its shipping, the announced tax rate and the key", async () => {
    const { calls } = fakeFetch({ "POST /api/payment/checkout": () => ({ status: 201, body: paid() }) });
    const outcome = await payByCard({
      nonce: "n1",
      quote,
      taxRate: 8.25,
      address: { ...EMPTY_ADDRESS, firstName: "Lan", lastName: "Tran" },
      idempotencyKey: "k1",
    });
    expect(outcome).toEqual({ kind: "paid", pending: false });
    expect(calls[0]?.body).toMatchObject({
      amount: 1951.82,
      shippingfee: 56.9,
      taxRate: 8.25,
      paymentMethodNonce: "n1",
      customerName: "Lan Tran",
      idempotencyKey: "k1",
    });
  });

  it("hears a 202 as a payment being confirmed, and a 409 quote_changed with its new quote", async () => {
    let answer: { status: number; body: unknown } = { status: 202, body: confirming("pay_9", "Confirming.") };
    fakeFetch({ "POST /api/payment/checkout": () => answer });
    const args = { nonce: "n1", quote, taxRate: 0, address: EMPTY_ADDRESS, idempotencyKey: "k1" };
    expect(await payByCard(args)).toEqual({ kind: "confirming", paymentId: "pay_9", message: "Confirming." });
    answer = { status: 409, body: quoteChanged("Prices changed.", newQuote) };
    expect(await payByCard(args)).toEqual({ kind: "quoteChanged", message: "Prices changed.", quote: newQuote });
  });

  it("hears no answer at all (the connection) as a lost answer, not a refusal", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await payByCard({ nonce: "n1", quote, taxRate: 0, address: EMPTY_ADDRESS, idempotencyKey: "k1" })).toEqual({ kind: "connectionLost" });
  });
});

describe("createPayPalOrder", () => {
  it("asks for the quote's total and answers PayPal's order id, or why there is none", async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { order: { id: "PP-1" } } };
    const { calls } = fakeFetch({ "POST /api/payment/paypal/create-order": () => answer });
    expect(await createPayPalOrder(quote)).toEqual({ kind: "created", id: "PP-1" });
    expect(calls[0]?.body).toEqual({ amount: 1951.82, currency: "USD" });
    answer = { status: 409, body: refusal("product_unavailable", "Gone.", { success: false }) };
    expect(await createPayPalOrder(quote)).toEqual({ kind: "unavailable", message: "Gone." });
    answer = { status: 429, body: refusal("too_many_requests", "Too many PayPal orders.") };
    expect(await createPayPalOrder(quote)).toEqual({ kind: "retry", message: "Too many PayPal orders." });
  });
});

describe("payment status", () => {
  it("asks the status route without the HTTP cache; a failed ask is asked again later (null)", async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { status: "confirming", message: "Still confirming." } };
    const { fn } = fakeFetch({ "GET /api/payment/status/pay%201": () => answer });
    expect(await fetchPaymentStatus("pay 1")).toEqual({ status: "confirming", message: "Still confirming." });
    expect(fn.mock.calls[0]?.[1]?.cache).toBe("no-store");
    vi.spyOn(console, "warn").mockImplementation(() => {});
    answer = { status: 503, body: refusal("internal", "down") };
    expect(await fetchPaymentStatus("pay 1")).toBeNull();
  });

  it("means placed (pending for PayPal), not charged, or ask again", () => {
    expect(statusOutcome({ status: "placed", order: order({ status: "awaiting_confirmation" }) })).toEqual({ kind: "paid", pending: false });
    expect(statusOutcome({ status: "placed", order: order({ status: "pending" }) })).toEqual({ kind: "paid", pending: true });
    expect(statusOutcome({ status: "failed", message: "Nothing was charged." })).toEqual({ kind: "notCharged", message: "Nothing was charged." });
    expect(statusOutcome({ status: "confirming", message: "…" })).toBeNull();
    expect(statusOutcome(null)).toBeNull();
  });
});
