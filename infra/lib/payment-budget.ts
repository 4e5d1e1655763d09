// The checkout's time budget, in one place (shared/payment-budget.json, read
// by the Rust side too): the payment function's Lambda timeout, the
// reconciler's timeout and how often it runs all come from it, so a provider
// timeout can never outgrow the function that waits on it.
import { readFileSync } from "node:fs";

export interface PaymentBudget {
  /** Each provider request gives up on connecting after this. */
  readonly providerConnectMs: number;
  /** Each provider request (connect included) gives up after this: about a third of functionTimeoutSeconds. */
  readonly providerRequestMs: number;
  readonly replayWaitMs: number;
  /** The payment function's Lambda timeout. */
  readonly functionTimeoutSeconds: number;
  readonly chargingDeadlineSeconds: number;
  readonly unknownSettleSeconds: number;
  readonly paypalApprovalHours: number;
  /** How often the reconciler runs (its EventBridge schedule). */
  readonly reconcileEveryMinutes: number;
  /** The reconciler's Lambda timeout. */
  readonly reconcileTimeoutSeconds: number;
  /** How long a run holds the reconciler's lease and each claim it takes: longer than its timeout. */
  readonly reconcileLeaseSeconds: number;
}

const FIELDS: readonly (keyof PaymentBudget)[] = [
  "providerConnectMs",
  "providerRequestMs",
  "replayWaitMs",
  "functionTimeoutSeconds",
  "chargingDeadlineSeconds",
  "unknownSettleSeconds",
  "paypalApprovalHours",
  "reconcileEveryMinutes",
  "reconcileTimeoutSeconds",
  "reconcileLeaseSeconds",
];

/** The budget of a JSON text; refuses a missing, non-numeric or non-positive field (a typo must not become a 0 s timeout). */
export function parsePaymentBudget(text: string, file = "shared/payment-budget.json"): PaymentBudget {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  for (const field of FIELDS) {
    const value = parsed[field];
    if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
      throw new Error(`${file}: ${field} must be a positive whole number, not ${JSON.stringify(value)}`);
    }
  }
  return parsed as unknown as PaymentBudget;
}

export const PAYMENT_BUDGET_URL = new URL("../../shared/payment-budget.json", import.meta.url);

export const PAYMENT_BUDGET: PaymentBudget = parsePaymentBudget(readFileSync(PAYMENT_BUDGET_URL, "utf8"));
