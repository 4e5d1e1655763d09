// The reference's namespaces (braintree-web 3.130.0's src/index.js, in its
// order, less the components this library does not implement: American
// Express, Apple Pay, data collector, Fastlane, Google Payment, Visa
// Checkout), each with the synchronous functions it has beside create and
// VERSION. Plain data: build.mjs reads it in Node too.
export const NAMESPACES = [
  ["client"],
  ["hostedFields", "supportsInputFormatting"],
  ["localPayment"],
  ["masterpass", "isSupported"],
  ["paymentRequest"],
  ["paymentReady"],
  ["paypal", "isSupported"],
  ["paypalCheckout", "isSupported"],
  ["threeDSecure"],
  ["unionpay"],
  ["usBankAccount"],
  ["vaultManager"],
  ["venmo", "isBrowserSupported"],
  ["sepa"],
  ["preferredPaymentMethods"],
];

/** A namespace's module and file name (components.json's), from which the reference's build derives the namespace: hosted-fields for hostedFields. */
export function fileOf(name) {
  return name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}
