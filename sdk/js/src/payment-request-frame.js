// The hidden payment-request frame (assets host): runs the browser's
// PaymentRequest for the page's paymentRequest component, tokenizes a
// basic-card response through the client API or reads the Google Pay token,
// and answers with the result only (the card details stay here).
import { load, rules } from "./wasm.js";
import { Client } from "./client.js";
import { VERSION } from "./lib.js";

const channel = location.hash.slice(1);
let parentOrigin = null;
let client = null;
/** Resolves the open shipping change's updateWith. */
let update = null;

const toParent = (message) => window.parent.postMessage(Object.assign({ channel }, message), parentOrigin);
const clone = (v) => JSON.parse(JSON.stringify(v));
const plain = (e) => ({ code: e.code, name: e.name, message: e.message });

/** Google Pay's method data for the gateway configuration (API version 1 or 2). */
function googlePayData(configuration, requested) {
  const gw = configuration.gatewayConfiguration;
  const ap = gw.androidPay;
  const [version, environment, merchantId, authMethods] = [5, 4, 6, 7].map((r, i) => rules.paymentRequestRule(r, String(i ? gw.environment : requested)));
  const m = configuration.analyticsMetadata || {};
  const parameters = (extra) =>
    Object.assign(
      {
        gateway: "braintree",
        "braintree:merchantId": gw.merchantId,
        "braintree:apiVersion": "v1",
        "braintree:sdkVersion": VERSION,
        "braintree:metadata": JSON.stringify({ source: m.source, integration: m.integration, sessionId: m.sessionId, version: VERSION, platform: m.platform }),
      },
      extra,
    );
  const fingerprint = { "braintree:authorizationFingerprint": ap.googleAuthorizationFingerprint };
  const allowedCardNetworks = ap.supportedNetworks.map((n) => n.toUpperCase());
  if (version === "2") {
    /** @type {object[]} */
    const methods = [
      {
        type: "CARD",
        parameters: { allowedAuthMethods: authMethods.split(","), allowedCardNetworks },
        tokenizationSpecification: { type: "PAYMENT_GATEWAY", parameters: parameters(fingerprint) },
      },
    ];
    if (ap.paypalClientId) {
      methods.push({
        type: "PAYPAL",
        parameters: { purchase_context: { purchase_units: [{ payee: { client_id: ap.paypalClientId }, recurring_payment: true }] } },
        tokenizationSpecification: { type: "PAYMENT_GATEWAY", parameters: parameters({ "braintree:paypalClientId": ap.paypalClientId }) },
      });
    }
    return { apiVersion: 2, apiVersionMinor: 0, environment, allowedPaymentMethods: methods, merchantInfo: { merchantId } };
  }
  const tokenization = parameters(fingerprint);
  if (configuration.authorizationType === "TOKENIZATION_KEY") tokenization["braintree:clientKey"] = configuration.authorization;
  return {
    environment,
    allowedPaymentMethods: ["CARD", "TOKENIZED_CARD"],
    paymentMethodTokenizationParameters: { tokenizationType: "PAYMENT_GATEWAY", parameters: tokenization },
    cardRequirements: { allowedCardNetworks },
    merchantId,
    apiVersion: 1,
  };
}

/** The default supported methods of the configuration and the component's options. */
function supportedMethods(configuration, options) {
  const gw = configuration.gatewayConfiguration;
  const cards = gw.creditCards;
  const methods = {};
  if (options.enabled.basicCard && cards && cards.supportedCardTypes.length > 0) {
    methods.basicCard = {
      supportedMethods: "basic-card",
      data: { supportedNetworks: cards.supportedCardTypes.map((t) => rules.paymentRequestRule(0, t)).filter(Boolean) },
    };
  }
  if (options.enabled.googlePay && gw.androidPay && gw.androidPay.enabled) {
    methods.googlePay = { supportedMethods: "https://google.com/pay", data: googlePayData(configuration, options.googlePayVersion) };
  }
  return methods;
}

function paymentRequest(d) {
  try {
    return new PaymentRequest(d.supportedPaymentMethods, d.details, d.options);
  } catch (e) {
    throw { name: "PAYMENT_REQUEST_INITIALIZATION_FAILED", message: e.message, code: e.code };
  }
}

/** The card's nonce: a basic-card response tokenized, or the Google Pay token's card. */
async function tokenizeResponse(response) {
  const d = response.details;
  if (response.methodName === "basic-card") {
    const creditCard = {
      number: d.cardNumber,
      cardholderName: d.cardholderName,
      expirationMonth: d.expiryMonth,
      expirationYear: d.expiryYear,
      cvv: d.cardSecurityCode,
    };
    const b = d.billingAddress;
    if (b) {
      creditCard.billingAddress = {
        company: b.organization,
        locality: b.city,
        region: b.region,
        postalCode: b.postalCode,
        streetAddress: b.addressLine[0],
        extendedAddress: b.addressLine[1],
        countryCodeAlpha2: b.country,
      };
    }
    return (await client.request({ endpoint: "payment_methods/credit_cards", method: "post", data: { creditCard } })).creditCards[0];
  }
  if (response.methodName === "https://google.com/pay") {
    let parsed;
    let card;
    try {
      parsed = JSON.parse(d.paymentMethodToken.token);
      card = parsed.error || parsed.androidPayCards[0];
    } catch (error) {
      throw { name: "BRAINTREE_GATEWAY_GOOGLE_PAYMENT_PARSING_ERROR", error };
    }
    if (parsed.error) throw { name: "BRAINTREE_GATEWAY_GOOGLE_PAYMENT_TOKENIZATION_ERROR", error: parsed.error };
    return card;
  }
  throw { name: "UNSUPPORTED_METHOD_NAME" };
}

/** A failure's reply: the error's catalogue line by the rules (0 tokenize, 1 canMakePayment). */
const fail = (id, kind, e) => toParent({ type: "reply", id, line: rules.paymentRequestError(kind, String(e.name)), error: plain(e) });

async function canMakePayment(id, d) {
  // The reference names the last method it does not take.
  let unsupported;
  for (const m of d.supportedPaymentMethods) if (rules.paymentRequestError(2, String(m.supportedMethods))) unsupported = String(m.supportedMethods);
  if (unsupported) return toParent({ type: "reply", id, line: rules.paymentRequestError(2, unsupported), arg: unsupported });
  try {
    toParent({ type: "reply", id, payload: await paymentRequest(d).canMakePayment() });
  } catch (e) {
    fail(id, 1, e);
  }
}

async function tokenize(id, d) {
  let response;
  try {
    const request = paymentRequest(d);
    if (d.options && d.options.requestShipping) {
      for (const [type, prop] of [
        ["shippingAddressChange", "shippingAddress"],
        ["shippingOptionChange", "shippingOption"],
      ]) {
        request.addEventListener(type.toLowerCase(), (/** @type {any} the update event of its type */ e) => {
          e.updateWith(
            new Promise((resolve) => {
              update = resolve;
            }),
          );
          toParent({ type, value: clone(/** @type {any} */ (request)[prop]) });
        });
      }
    }
    response = await request.show();
    const payload = await tokenizeResponse(response);
    const raw = clone(response);
    const details = raw.details || {};
    // The card's details are not the merchant page's: only the address and name go back.
    raw.details = {};
    if (details.billingAddress) raw.details.billingAddress = details.billingAddress;
    if (details.cardholderName) raw.details.cardholderName = details.cardholderName;
    const card = payload.details || {};
    toParent({
      type: "reply",
      id,
      payload: {
        nonce: payload.nonce,
        type: payload.type,
        description: payload.description,
        details: { rawPaymentResponse: raw, cardType: card.cardType, lastFour: card.lastFour, lastTwo: card.lastTwo },
        binData: payload.binData,
      },
    });
  } catch (e) {
    fail(id, 0, e);
  }
  update = null;
  if (response) response.complete();
}

window.addEventListener("message", (event) => {
  const d = event.data;
  if (event.source !== window.parent || !d || d.channel !== channel) return;
  if (parentOrigin === null) {
    if (d.type !== "config") return;
    parentOrigin = event.origin;
    client = new Client(d.configuration);
    return toParent({ type: "canMakeRequests", methods: supportedMethods(d.configuration, d.options) });
  }
  if (event.origin !== parentOrigin) return;
  if (d.type === "canMakePayment") canMakePayment(d.id, d.data);
  else if (d.type === "tokenize") tokenize(d.id, d.data);
  else if (d.type === "update" && update) update(d.details);
});

load().then(() => window.parent.postMessage({ channel, type: "ready" }, "*"));
