// What paypal and paypalCheckout share beyond the window flow
// (frame-service.js): how create() gets its client, the payment resource's
// experience profile, and how failures and accounts become results.
import { error, asBraintreeError, register } from "./errors.js";
import paypalErrors from "../../src/errors/paypal.txt";
import { load, rules } from "./wasm.js";
import { clientOf } from "./client.js";

register(paypalErrors);

/**
 * How the PayPal components' create() starts, in the reference's order: the
 * rules load (create may be a page's first call), the client check, then the
 * client, created from the authorization when none is given.
 */
export async function paypalClient(options, name) {
  await load();
  return clientOf(options, name);
}

/** The payment resource's experienceProfile from the merchant's options. */
export function experienceProfile(options, gw) {
  return {
    brandName: options.displayName || (gw.paypal && gw.paypal.displayName),
    localeCode: options.locale,
    noShipping: String(!options.enableShippingAddress),
    addressOverride: options.shippingAddressEditable === false,
    landingPageType: options.landingPageType,
  };
}

/** A failed create or patch call: 422 is the merchant's options, else the flow failed. */
export function resourceError(e) {
  const code = rules.flowErrorCode((e && e.details && e.details.httpStatus) || 0);
  return code === "PAYPAL_INVALID_PAYMENT_OPTION" ? error(code, { originalError: e }) : asBraintreeError(e, code);
}

/** The first paypalAccounts entry as a tokenize payload (details: the payer info). */
export function accountPayload(res) {
  const a = (res && res.paypalAccounts && res.paypalAccounts[0]) || {};
  const d = a.details || {};
  const payload = { nonce: a.nonce, details: d.payerInfo || {}, type: a.type };
  if (d.creditFinancingOffered) payload.creditFinancingOffered = d.creditFinancingOffered;
  return payload;
}
