// @couture/payment-sdk: the component namespaces, each with create(options)
// returning a Promise (and taking a Node-style callback). Importing has no
// side effects and touches no browser globals.
import * as client from "./client.js";
import * as hostedFields from "./hosted-fields.js";
import * as threeDSecure from "./three-d-secure.js";
import * as paypal from "./paypal.js";
import * as paypalCheckout from "./paypal-checkout.js";
import * as vaultManager from "./vault-manager.js";
import * as localPayment from "./local-payment.js";
import * as unionpay from "./unionpay.js";
import * as paymentRequest from "./payment-request.js";
import * as sepa from "./sepa.js";
import * as masterpass from "./masterpass.js";
import * as paymentReady from "./payment-ready.js";
import * as preferredPaymentMethods from "./preferred-payment-methods.js";
import * as usBankAccount from "./us-bank-account.js";
import * as venmo from "./venmo.js";

import { BraintreeError, setWasmUrl, VERSION } from "./package.js";

export {
  client,
  hostedFields,
  threeDSecure,
  paypal,
  paypalCheckout,
  vaultManager,
  localPayment,
  unionpay,
  paymentRequest,
  sepa,
  masterpass,
  paymentReady,
  preferredPaymentMethods,
  usBankAccount,
  venmo,
  BraintreeError,
  setWasmUrl,
  VERSION,
};

// Internal: the rules module itself (benchmarks and diagnostics).
export { _loadRules } from "./package.js";

/** `import braintree from '@couture/payment-sdk'`, as the reference's default export. */
export default {
  client,
  hostedFields,
  threeDSecure,
  paypal,
  paypalCheckout,
  vaultManager,
  localPayment,
  unionpay,
  paymentRequest,
  sepa,
  masterpass,
  paymentReady,
  preferredPaymentMethods,
  usBankAccount,
  venmo,
  BraintreeError,
  setWasmUrl,
  VERSION,
};
