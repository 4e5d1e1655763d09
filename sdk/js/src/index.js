// @couture/payment-sdk: the component namespaces, each with create(options)
// returning a Promise (and taking a Node-style callback). Importing has no
// side effects and touches no browser globals.
import * as self from "./index.js";

export * as client from "./client.js";
export * as hostedFields from "./hosted-fields.js";
export * as threeDSecure from "./three-d-secure.js";
export * as paypal from "./paypal.js";
export * as paypalCheckout from "./paypal-checkout.js";
export * as vaultManager from "./vault-manager.js";
export * as localPayment from "./local-payment.js";
export * as unionpay from "./unionpay.js";
export * as paymentRequest from "./payment-request.js";
export * as sepa from "./sepa.js";
export * as masterpass from "./masterpass.js";
export * as paymentReady from "./payment-ready.js";
export * as preferredPaymentMethods from "./preferred-payment-methods.js";
export * as usBankAccount from "./us-bank-account.js";
export * as venmo from "./venmo.js";
export { BraintreeError, setWasmUrl, VERSION } from "./package.js";

// Internal: the rules module itself (benchmarks and diagnostics).
export { _loadRules } from "./package.js";

/**
 * `import braintree from '@couture/payment-sdk'`, as the reference's default
 * export: the public named exports above, as a plain object. Read by key
 * (Reflect.ownKeys), never through `default` itself, which this very
 * statement is still initialising.
 * @type {Record<string, any>}
 */
const braintree = {};
for (const name of Reflect.ownKeys(self)) if (typeof name === "string" && name !== "default" && !name.startsWith("_")) braintree[name] = self[name];
export default braintree;
