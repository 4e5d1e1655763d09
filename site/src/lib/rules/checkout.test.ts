import { describe, expect, it } from "vitest";
import {
  INITIAL_STEP,
  PaymentAttempt,
  checkoutPhoneRule,
  confirmationDelay,
  continueLabel,
  hasUnavailable,
  lineTotal,
  paymentOpen,
  restoredStep,
  stepReducer,
} from "./checkout";

describe("a bag line's cost", () => {
  it("is its current price times its quantity, in whole cents (a line's display, not a total)", () => {
    expect(lineTotal({ price: 0.1, quantity: 3 })).toBe(0.3);
    expect(lineTotal({ price: 1234.5, quantity: 2 })).toBe(2469);
  });
});

describe("withdrawn products", () => {
  it("hold the checkout back while one is in the bag", () => {
    expect(hasUnavailable([{ available: true }, { available: true }])).toBe(false);
    expect(hasUnavailable([{ available: true }, { available: false }])).toBe(true);
    expect(hasUnavailable([])).toBe(false);
  });
});

describe("confirming a payment", () => {
  it("asks every 2 s, every 5 s after 30 s, and stops after 5 minutes", () => {
    expect(confirmationDelay(0)).toBe(2_000);
    expect(confirmationDelay(29_999)).toBe(2_000);
    expect(confirmationDelay(30_000)).toBe(5_000);
    expect(confirmationDelay(299_999)).toBe(5_000);
    expect(confirmationDelay(300_000)).toBeNull();
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

  it("Back and Forward show the address as chosen, and the payment only once an address was chosen", () => {
    const paying = stepReducer(stepReducer(INITIAL_STEP, { type: "choose", choice: { kind: "new" } }), { type: "continue", valid: true });
    const back = stepReducer(paying, { type: "show", payment: false });
    expect(back).toEqual({ choice: { kind: "new" }, done: false, edited: false });
    expect(continueLabel(back)).toBe("Continue to payment");
    expect(paymentOpen(stepReducer(back, { type: "show", payment: true }))).toBe(true);
    expect(paymentOpen(stepReducer(INITIAL_STEP, { type: "show", payment: true }))).toBe(false);
  });

  it("a kept draft reopens the payment step only when asked for and an address was continued with", () => {
    const saved = { kind: "saved", id: "a1" } as const;
    expect(paymentOpen(restoredStep(saved, true, true))).toBe(true);
    expect(paymentOpen(restoredStep(saved, false, true))).toBe(false);
    expect(paymentOpen(restoredStep(saved, true, false))).toBe(false);
    expect(restoredStep({ kind: "none" }, true, true).done).toBe(false);
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
