import { describe, expect, it } from "vitest";
import { INITIAL_STEP, PaymentAttempt, checkoutPhoneRule, continueLabel, lineTotal, paymentOpen, stepReducer, summarize } from "./checkout";

describe("order summary", () => {
  it("adds real quantities and line totals, then Express shipping below 2276.02", () => {
    const s = summarize([
      { price: 420.1, quantity: 2 },
      { price: 0.1, quantity: 3 },
    ]);
    expect(s).toEqual({ count: 5, subtotal: 840.5, shippingfee: 56.9, taxRate: 0, tax: 0, total: 897.4 });
    expect(lineTotal({ price: 0.1, quantity: 3 })).toBe(0.3);
  });

  it("ships free from exactly 2276.02", () => {
    expect(summarize([{ price: 2276.01, quantity: 1 }]).shippingfee).toBe(56.9);
    expect(summarize([{ price: 2276.02, quantity: 1 }])).toMatchObject({ shippingfee: 0, total: 2276.02 });
    expect(summarize([{ price: 1138.01, quantity: 2 }]).shippingfee).toBe(0);
  });

  it("charges nothing for an empty bag", () => {
    expect(summarize([])).toEqual({ count: 0, subtotal: 0, shippingfee: 0, taxRate: 0, tax: 0, total: 0 });
  });
});

describe("address step gating", () => {
  it("continues only with a choice that validates, and EDIT reopens it as Save Changes", () => {
    let s = stepReducer(INITIAL_STEP, { type: "continue", valid: true });
    expect(paymentOpen(s)).toBe(false);
    s = stepReducer(s, { type: "choose", choice: { kind: "new" } });
    s = stepReducer(s, { type: "continue", valid: false });
    expect(paymentOpen(s)).toBe(false);
    expect(continueLabel(s)).toBe("Continue to payment");
    s = stepReducer(s, { type: "continue", valid: true });
    expect(paymentOpen(s)).toBe(true);
    s = stepReducer(s, { type: "edit" });
    expect(paymentOpen(s)).toBe(false);
    expect(continueLabel(s)).toBe("Save Changes");
    s = stepReducer(s, { type: "choose", choice: { kind: "saved", id: "a1" } });
    expect(paymentOpen(stepReducer(s, { type: "continue", valid: true }))).toBe(true);
  });
});

describe("checkout phone rule", () => {
  it("requires a phone only when phone and code are both empty", () => {
    expect(checkoutPhoneRule("", "")).toBe("Please enter phone number.");
    expect(checkoutPhoneRule("", "+84")).toBe(true);
    expect(checkoutPhoneRule("12ab", "+84")).toBe("Please enter a valid phone number.");
    expect(checkoutPhoneRule("(028) 3822-6868", "+84")).toBe(true);
  });
});

describe("payment attempt", () => {
  it("keeps one key while an attempt is retried and makes a new one after a final answer", () => {
    let n = 0;
    const attempt = new PaymentAttempt(() => `key-${(n += 1)}`);
    expect(attempt.key()).toBe("key-1");
    expect(attempt.key()).toBe("key-1");
    attempt.finish();
    expect(attempt.key()).toBe("key-2");
  });

  it("uses random UUIDs by default", () => {
    const a = new PaymentAttempt().key();
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(new PaymentAttempt().key()).not.toBe(a);
  });
});

describe("tax", () => {
  it("adds the announced rate, rounded half up to the cent like the server's quote", () => {
    // 1750.50 at 8.25% is 144.41625: 144.42, as the API test charges.
    expect(summarize([{ price: 800, quantity: 2 }, { price: 150.5, quantity: 1 }], 8.25)).toMatchObject({ tax: 144.42, total: 1951.82, taxRate: 8.25 });
    expect(summarize([{ price: 0.1, quantity: 1 }], 5)).toMatchObject({ tax: 0.01 });
    expect(summarize([{ price: 100, quantity: 1 }])).toMatchObject({ tax: 0, total: 156.9 });
  });
});
