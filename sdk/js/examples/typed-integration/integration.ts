// An example typed integration, written as the reference library's documentation
// shows it: default, named and per-component imports, promises and
// callbacks. `tsc --strict` must accept it (package.test.mjs compiles it).
import braintree from "@couture/payment-sdk";
import { hostedFields, BraintreeError } from "@couture/payment-sdk";
import type { HostedFieldsTokenizePayload, ThreeDSecureVerifyPayload } from "@couture/payment-sdk";
import { create as createClient } from "@couture/payment-sdk/client";
import { create as createHostedFields, supportsInputFormatting } from "@couture/payment-sdk/hosted-fields";
import { create as createThreeDSecure } from "@couture/payment-sdk/three-d-secure";
import { create as createPayPalCheckout } from "@couture/payment-sdk/paypal-checkout";
import { create as createPayPal, isSupported } from "@couture/payment-sdk/paypal";
import { create as createVaultManager } from "@couture/payment-sdk/vault-manager";
import { create as createVenmo, isBrowserSupported as venmoSupported } from "@couture/payment-sdk/venmo";

declare const CLIENT_AUTHORIZATION: string;

export async function checkout(amount: string): Promise<string> {
  const client = await createClient({ authorization: CLIENT_AUTHORIZATION });
  const canFormat: boolean = supportsInputFormatting();
  const fields = await createHostedFields({
    client,
    styles: { input: { "font-size": "14px" }, ".invalid": { color: "red" } },
    fields: {
      number: { container: "#card-number", placeholder: "4111 1111 1111 1111", rejectUnsupportedCards: true },
      cvv: { container: "#cvv", type: "password" },
      expirationDate: canFormat ? { container: "#expiration-date" } : undefined,
      postalCode: { container: "#postal-code", maxlength: 8 },
    },
  });
  fields.on("cardTypeChange", (event) => {
    const card = event.cards.length === 1 ? event.cards[0] : null;
    if (card && card.code.size === 4) void fields.setAttribute({ field: "cvv", attribute: "placeholder", value: "1234" });
  });
  fields.on("validityChange", (event) => {
    const state = event.fields[event.emittedBy];
    if (state && !state.isPotentiallyValid) void fields.addClass(event.emittedBy, "invalid");
  });
  fields.on("binAvailable", ({ bin }) => console.log(bin.length));
  const payload: HostedFieldsTokenizePayload = await fields.tokenize({ billingAddress: { streetAddress: "1 Main St", postalCode: "60606" } });
  const threeDS = await createThreeDSecure({ client, version: 2 });
  threeDS.on("lookup-complete", (data, next) => {
    if (data.requiresUserAuthentication) console.log(data.lookup.threeDSecureVersion);
    next();
  });
  const verified: ThreeDSecureVerifyPayload = await threeDS.verifyCard({
    amount,
    nonce: payload.nonce,
    bin: payload.details.bin,
    email: "ada@example.com",
    billingAddress: { givenName: "Ada", surname: "Lovelace", postalCode: "60606", countryCodeAlpha2: "US" },
    collectDeviceData: true,
  });
  return verified.threeDSecureInfo.liabilityShifted ? verified.nonce : payload.nonce;
}

export function withCallbacks(): void {
  braintree.client.create({ authorization: CLIENT_AUTHORIZATION }, (err, client) => {
    if (err || !client) {
      if (err instanceof BraintreeError && err.code === "CLIENT_AUTHORIZATION_INVALID") console.log(err.type === "MERCHANT");
      return;
    }
    client.request({ endpoint: "payment_methods", method: "get" }, (requestErr, data, status) => {
      console.log(requestErr ? requestErr.message : data && data._httpStatus, status);
    });
    hostedFields.create({ client, fields: { number: { selector: "#n" } } }, (createErr, instance) => {
      if (createErr || !instance) return;
      instance.tokenize((tokenizeErr, result) => console.log(tokenizeErr ? tokenizeErr.code : result && result.nonce));
    });
  });
}

export async function wallets(): Promise<void> {
  const client = await braintree.client.create({ authorization: CLIENT_AUTHORIZATION });
  const checkoutInstance = await createPayPalCheckout({ client });
  await checkoutInstance.loadPayPalSDK({ currency: "USD", intent: "capture", "enable-funding": "paylater" });
  const token: string = await checkoutInstance.createPayment({
    flow: "checkout",
    amount: "10.00",
    currency: "USD",
    intent: "capture",
    lineItems: [{ quantity: "1", unitAmount: "10.00", name: "Scarf", kind: "debit" }],
    amountBreakdown: { itemTotal: "10.00" },
    contactPreference: "NO_CONTACT_INFO",
  });
  const approved = await checkoutInstance.tokenizePayment({ payerID: "P1", paymentID: token });
  console.log(approved.details.email, approved.shippingOptionId);
  await checkoutInstance.closeVaultInitiatedCheckoutWindow();
  if (isSupported()) {
    const pp = await createPayPal({ client });
    const handle = pp.tokenize({ flow: "vault" }, (err, result) => console.log(err ? err.code : result && result.nonce));
    handle.focus();
    handle.close();
  }
  const vault = await createVaultManager({ client });
  const methods = await vault.fetchPaymentMethods({ defaultFirst: true });
  if (methods.length && !methods[0].hasSubscription) await vault.deletePaymentMethod(methods[0].nonce);
}

export async function payWithVenmo(): Promise<string | null> {
  const client = await createClient({ authorization: CLIENT_AUTHORIZATION });
  if (!venmoSupported({ allowDesktop: true })) return null;
  const venmo = await createVenmo({ client, allowDesktop: true, paymentMethodUsage: "single_use", totalAmount: "10.00" });
  if (venmo.hasTokenizationResult()) return (await venmo.tokenize()).nonce;
  try {
    const payload = await venmo.tokenize({ processResultsDelay: 500 });
    return payload.details.username + " " + payload.nonce;
  } catch (err) {
    if (err instanceof BraintreeError && err.code === "VENMO_DESKTOP_CANCELED") return null;
    throw err;
  } finally {
    await braintree.venmo.create({ client }).then((v) => v.teardown());
  }
}
