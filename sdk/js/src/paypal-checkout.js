// paypalCheckout: payment resources for the PayPal button (createPayment,
// tokenizePayment, updatePayment), vault-initiated checkout in a popup with a
// 0.7 backdrop, and loading the PayPal JS SDK script.
import { rules } from "./wasm.js";
import { error, asBraintreeError } from "./errors.js";
import { VERSION, creator, wrap, attempt, convertMethodsToError } from "./lib.js";
import { BACKDROP_OPACITY_TENTHS } from "./constants.json";
import { paypalClient, experienceProfile, resourceError, accountPayload } from "./paypal-flow.js";
import { openWindow, runFlow } from "./frame-service.js";

export { VERSION };

const PAYPAL_SDK_URL = "https://www.paypal.com/sdk/js";
// create_payment_resource requires return URLs; the button flows never use them.
const PLACEHOLDER_RETURN_URL = "https://www.paypal.com/checkoutnow/error";
const SDK_INTEGRATION_SOURCE = "BRAINTREE_WEB_SDK";
const VIC_REQUIRED = ["amount", "currency", "vaultInitiatedCheckoutPaymentMethodToken"];
const PLAN_FIELDS = [
  "currencyIsoCode",
  "name",
  "oneTimeFeeAmount",
  "productDescription",
  "productPrice",
  "productQuantity",
  "shippingAmount",
  "taxAmount",
  "totalAmount",
];
const BILLING_CYCLE_FIELDS = ["billingFrequency", "billingFrequencyUnit", "numberOfExecutions", "sequence", "startDate", "trial", "pricingScheme"];
const METHODS = [
  "createPayment",
  "tokenizePayment",
  "updatePayment",
  "startVaultInitiatedCheckout",
  "closeVaultInitiatedCheckoutWindow",
  "focusVaultInitiatedCheckoutWindow",
  "loadPayPalSDK",
  "getClientId",
  "teardown",
];

const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

export const create = creator(build);

/** PayPal Checkout works in every browser. */
export function isSupported() {
  return true;
}

async function build(options) {
  const client = await paypalClient(options, "PayPal Checkout");
  const instance = new PayPalCheckout(client, options);
  const setupError = options.merchantAccountId ? null : configurationError(client.getConfiguration().gatewayConfiguration);
  // With a client the instance is refused; with only an authorization it is
  // created and its calls reject with the error, as the reference does.
  if (setupError && options.client) throw setupError;
  instance._setupError = setupError;
  return instance;
}

/** PayPal must be enabled, and in sandbox linked to a PayPal sandbox account. */
function configurationError(gw) {
  if (!gw.paypalEnabled) return error("PAYPAL_NOT_ENABLED");
  if (gw.paypal && gw.paypal.environmentNoNetwork === true) return error("PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED");
  return null;
}

class PayPalCheckout {
  constructor(client, options) {
    this._client = client;
    this._merchantAccountId = options.merchantAccountId;
    // Opt-in, as in the reference: set data-user-id-token on the PayPal
    // script and send the preload request.
    this._autoSetDataUserIdToken = Boolean(options.autoSetDataUserIdToken);
    this._setupError = null;
    this._flow = undefined;
    this._intentFromCreatePayment = undefined;
    this._vic = null;
    this._backdrop = null;
    this._script = null;
  }

  getClientId(callback) {
    return wrap(
      attempt(() => {
        if (this._setupError) throw this._setupError;
        const gw = this._client.getConfiguration().gatewayConfiguration;
        return gw.paypal && gw.paypal.clientId;
      }),
      callback,
    );
  }

  /** Resolves the EC token (from the approval URL) for checkout or the billing token for vault. */
  createPayment(options, callback) {
    return wrap(
      attempt(async () => {
        if (!options || !rules.isValidFlow(String(options.flow || ""))) throw error("PAYPAL_FLOW_OPTION_REQUIRED");
        const res = await this._createResource(options, {});
        const token =
          options.flow === "checkout" ? new URL(res.paymentResource.redirectUrl, location.href).searchParams.get("token") : res.agreementSetup.tokenId;
        this._contextId = token;
        this._client._sendEvent("paypal-checkout.createPayment", { context_type: rules.contextType(options.flow), context_id: token });
        return token;
      }),
      callback,
    );
  }

  async _createResource(options, urls) {
    this._flow = options.flow;
    this._intentFromCreatePayment = undefined;
    if (this._setupError) throw this._setupError;
    let res;
    try {
      res = await this._client.request({
        method: "post",
        endpoint: "paypal_hermes/" + (options.flow === "vault" ? "setup_billing_agreement" : "create_payment_resource"),
        data: this._resourceBody(options, urls),
      });
    } catch (e) {
      throw resourceError(e);
    }
    this._intentFromCreatePayment = options.intent;
    return res;
  }

  /** Every payment-resource field of the spec, as the merchant gave it. */
  _resourceBody(options, urls) {
    const gw = this._client.getConfiguration().gatewayConfiguration;
    const body = {
      returnUrl: urls.returnUrl || PLACEHOLDER_RETURN_URL,
      cancelUrl: urls.cancelUrl || PLACEHOLDER_RETURN_URL,
      offerPaypalCredit: options.offerCredit === true,
      merchantAccountId: this._merchantAccountId,
      experienceProfile: experienceProfile(options, gw),
      shippingOptions: options.shippingOptions,
      payer_email: options.userAuthenticationEmail,
    };
    for (const k of ["returnUrl", "cancelUrl", "appSwitchPreference", "shippingCallbackUrl", "paymentReadySessionId", "amountBreakdown"]) {
      if (has(options, k)) body[k] = options[k];
    }
    if (options.planType) body.planType = options.planType;
    if (options.planMetadata) body.planMetadata = planMetadata(options.planMetadata);
    if (options.flow === "checkout") checkoutFields(body, options);
    else vaultFields(body, options);
    // Kept for the tokenization that follows; a later call without one clears it.
    this._riskCorrelationId = options.riskCorrelationId;
    if (options.riskCorrelationId) body.correlationId = options.riskCorrelationId;
    return body;
  }

  /** tokenizePayment({payerID, paymentID | orderID | billingToken, paymentToken, intent, vault}) */
  tokenizePayment(data, callback) {
    return wrap(
      attempt(async () => {
        data = data || {};
        const options = { flow: this._flow, intent: data.intent || this._intentFromCreatePayment, vault: has(data, "vault") ? data.vault : true };
        const params = { ecToken: data.paymentToken, billingToken: data.billingToken, payerId: data.payerID, paymentId: data.paymentID, orderId: data.orderID };
        if (this._setupError) throw this._setupError;
        try {
          const res = await this._client.request({ method: "post", endpoint: "payment_methods/paypal_accounts", data: this._tokenizeBody(options, params) });
          return checkoutPayload(res);
        } catch (e) {
          throw asBraintreeError(e, "PAYPAL_ACCOUNT_TOKENIZATION_FAILED");
        }
      }),
      callback,
    );
  }

  _tokenizeBody(options, params) {
    const config = this._client.getConfiguration();
    // Without a flow (a new tab after an app switch) a payment id means checkout.
    const vault = options.flow === "vault" || (options.flow == null && !params.paymentId);
    const account = {
      correlationId: this._riskCorrelationId || params.billingToken || params.ecToken,
      options: { validate: vault && config.authorizationType !== "TOKENIZATION_KEY" && options.vault },
    };
    if (vault) {
      account.billingAgreementToken = params.billingToken;
    } else {
      account.paymentToken = params.paymentId || params.orderId;
      account.payerId = params.payerId;
      account.unilateral = config.gatewayConfiguration.paypal && config.gatewayConfiguration.paypal.unvettedMerchant;
      if (options.intent) account.intent = options.intent;
    }
    const body = { paypalAccount: account };
    if (this._merchantAccountId) body.merchantAccountId = this._merchantAccountId;
    return body;
  }

  /** updatePayment: paymentId, currency, and amount or lineItems; shipping option currencies must match. */
  updatePayment(options, callback) {
    return wrap(
      attempt(async () => {
        if (!options || hasMissingOption(options)) throw error("PAYPAL_MISSING_REQUIRED_OPTION");
        if (!consistentCurrency(options)) {
          throw error("PAYPAL_INVALID_PAYMENT_OPTION", { originalError: new Error("One or more shipping option currencies differ from checkout currency.") });
        }
        if (this._setupError) throw this._setupError;
        try {
          await this._client.request({ method: "post", endpoint: "paypal_hermes/patch_payment_resource", data: this._updateBody(options) });
        } catch (e) {
          throw resourceError(e);
        }
      }),
      callback,
    );
  }

  _updateBody(options) {
    const body = { merchantAccountId: this._merchantAccountId, paymentId: options.paymentId || options.orderId, currencyIsoCode: options.currency };
    for (const k of ["amount", "lineItems", "shippingOptions", "amountBreakdown"]) {
      if (has(options, k)) body[k] = options[k];
    }
    const a = options.shippingAddress;
    if (a) {
      Object.assign(body, { line1: a.line1, city: a.city, state: a.state, postalCode: a.postalCode, countryCode: a.countryCode });
      for (const k of ["line2", "phone", "recipientName"]) if (has(a, k)) body[k] = a[k];
    }
    return body;
  }

  /**
   * Vault-initiated checkout: amount, currency and
   * vaultInitiatedCheckoutPaymentMethodToken are required; a 0.7 backdrop
   * (unless optOutOfModalBackdrop) focuses the popup when clicked.
   */
  startVaultInitiatedCheckout(options, callback) {
    return wrap(
      attempt(() => this._startVic(options || {})),
      callback,
    );
  }

  _startVic(options) {
    if (this._vic) throw error("PAYPAL_START_VAULT_INITIATED_CHECKOUT_IN_PROGRESS");
    const present = VIC_REQUIRED.filter((k) => has(options, k));
    const missing = rules.vaultInitiatedMissing(present.join(","));
    if (missing) throw error("PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED", undefined, missing);
    this._addBackdrop(options);
    const gw = this._client.getConfiguration().gatewayConfiguration;
    const win = openWindow(gw.assetsUrl, { onFrameClose: () => win?.onFrameClose?.() });
    if (!win) {
      this._removeBackdrop();
      throw error("PAYPAL_START_VAULT_INITIATED_CHECKOUT_POPUP_OPEN_FAILED", { originalError: error("FRAME_SERVICE_FRAME_OPEN_FAILED") });
    }
    this._vic = win;
    const flowOptions = Object.assign({}, options, { flow: "checkout" });
    return runFlow(gw.assetsUrl, win, {
      closed: "PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED",
      start: (urls) => this._createResource(flowOptions, urls).then((res) => res.paymentResource.redirectUrl),
      tokenize: (p) => this.tokenizePayment({ paymentToken: p.token, payerID: p.PayerID, paymentID: p.paymentId || p.token, orderID: p.orderId }),
    }).finally(() => {
      this._vic = null;
      this._removeBackdrop();
    });
  }

  /** Closes the vault-initiated checkout window (the checkout then rejects as canceled). */
  closeVaultInitiatedCheckoutWindow(callback) {
    if (this._vic) this._vic.close();
    return wrap(Promise.resolve(), callback);
  }

  focusVaultInitiatedCheckoutWindow(callback) {
    if (this._vic) this._vic.focus();
    return wrap(Promise.resolve(), callback);
  }

  /** The dark backdrop (opacity 0.7) behind the popup; a click focuses the popup. */
  _addBackdrop(options) {
    if (options.optOutOfModalBackdrop) return;
    if (!this._backdrop) {
      const el = document.createElement("div");
      el.setAttribute("data-braintree-paypal-vault-initiated-checkout-modal", "true");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", "Return to the PayPal window");
      Object.assign(el.style, {
        position: "fixed",
        top: "0",
        bottom: "0",
        left: "0",
        right: "0",
        zIndex: "9999",
        background: "black",
        opacity: String(BACKDROP_OPACITY_TENTHS / 10),
        cursor: "pointer",
      });
      el.addEventListener("click", () => this.focusVaultInitiatedCheckoutWindow());
      this._backdrop = el;
    }
    document.body.appendChild(this._backdrop);
  }

  _removeBackdrop() {
    if (this._backdrop) this._backdrop.remove();
  }

  /**
   * Loads the PayPal JS SDK. Every option but dataAttributes is a query
   * parameter (components defaults to buttons; intent to tokenize for vault,
   * else authorize; currency to USD outside vault; client-id to the gateway's).
   */
  loadPayPalSDK(options, callback) {
    if (typeof options === "function") {
      callback = options;
      options = undefined;
    }
    return wrap(
      attempt(async () => {
        const config = this._client.getConfiguration();
        const gw = config.gatewayConfiguration;
        const base = config.sandboxUrl && gw.paypal && gw.paypal.sdkUrl ? gw.paypal.sdkUrl : PAYPAL_SDK_URL;
        if (!rules.isAllowedUrl(base, config.sandboxUrl || "")) throw error("PAYPAL_SDK_SCRIPT_LOAD_FAILED");
        const attrs = Object.assign({}, options && options.dataAttributes);
        // sdk/src/paypal.rs `user_id_token`: the merchant's, else the client token's fingerprint.
        const userIdToken = attrs["user-id-token"] || attrs["data-user-id-token"] || (config.authorizationFingerprint || "").split("?")[0];
        attrs["client-metadata-id"] = attrs["client-metadata-id"] || config.analyticsMetadata.sessionId;
        attrs["data-sdk-integration-source"] = SDK_INTEGRATION_SOURCE;
        // The merchant's parameters keep their order after components; the
        // defaulted intent and currency follow, then client-id.
        const query = Object.assign({ components: undefined }, options);
        delete query.dataAttributes;
        delete query.env;
        const [components, intent, currency] = rules
          .sdkScriptDefaults(Boolean(query.vault), String(query.components || ""), String(query.intent || ""), String(query.currency || ""))
          .split("\n");
        Object.assign(query, { components, intent });
        if (currency) query.currency = currency;
        if (!query["client-id"]) query["client-id"] = await this.getClientId();
        if (this._autoSetDataUserIdToken && userIdToken) {
          attrs["user-id-token"] = userIdToken;
          const params = {
            "client-id": query["client-id"],
            "user-id-token": userIdToken,
            amount: attrs.amount,
            currency: query.currency,
            "merchant-id": query["merchant-id"],
          };
          // Sent before the script, as the reference sends it; where its
          // module cannot load, only the preload is lost.
          await import("./paypal-preload.js").then(
            (m) => m.preload(config, params),
            () => {},
          );
        }
        try {
          this._script = await insertScript(base + "?" + queryString(query), attrs);
        } catch (_) {
          throw error("PAYPAL_SDK_SCRIPT_LOAD_FAILED");
        }
        return this;
      }),
      callback,
    );
  }

  teardown(callback) {
    if (this._vic) this._vic.close();
    if (this._script) this._script.remove();
    convertMethodsToError(this, METHODS);
    return wrap(Promise.resolve(), callback);
  }
}

function checkoutFields(body, options) {
  body.amount = options.amount;
  body.currencyIsoCode = options.currency;
  body.requestBillingAgreement = options.requestBillingAgreement;
  if (has(options, "userAction")) body.experienceProfile.userAction = options.userAction;
  // The provider's older API calls capture "sale".
  if (options.intent) body.intent = rules.mapIntent(options.intent);
  for (const k of ["lineItems", "vaultInitiatedCheckoutPaymentMethodToken", "shippingOptions"]) {
    if (has(options, k)) body[k] = options[k];
  }
  Object.assign(body, options.shippingAddressOverride);
  if (options.contactPreference) body.contactPreference = options.contactPreference;
  if (has(options, "billingAgreementDetails")) body.billingAgreementDetails = options.billingAgreementDetails;
}

function vaultFields(body, options) {
  body.shippingAddress = options.shippingAddressOverride;
  if (options.billingAgreementDescription) body.description = options.billingAgreementDescription;
  if (has(options, "userAction")) body.experienceProfile.userAction = options.userAction;
}

/** planMetadata with only the plan's and each billing cycle's known fields. */
function planMetadata(plan) {
  const out = { billingCycles: [] };
  if (has(plan, "billingCycles")) {
    out.billingCycles = plan.billingCycles.map((cycle) => pick(cycle, BILLING_CYCLE_FIELDS));
  }
  return Object.assign(out, pick(plan, PLAN_FIELDS));
}

function pick(source, keys) {
  const out = {};
  for (const k of keys) out[k] = source[k];
  return out;
}

/** The checkout tokenize payload: also the chosen shipping option and a co-branded card's label. */
function checkoutPayload(res) {
  const payload = accountPayload(res);
  const d = (res && res.paypalAccounts && res.paypalAccounts[0] && res.paypalAccounts[0].details) || {};
  if (d.shippingOptionId) payload.shippingOptionId = d.shippingOptionId;
  if (d.cobrandedCardLabel) payload.cobrandedCardLabel = d.cobrandedCardLabel;
  return payload;
}

/** updatePayment needs amount or lineItems, a paymentId and a currency (present, whatever their value). */
function hasMissingOption(options) {
  const present = (k) => has(options, k);
  const missing = rules.updatePaymentError(present("paymentId"), present("currency"), present("amount"), present("lineItems"));
  return missing !== "";
}

/** Every shipping option's currency must equal the checkout currency, ignoring case. */
function consistentCurrency(options) {
  if (!options.currency || !Array.isArray(options.shippingOptions)) return true;
  if (!options.shippingOptions.every((o) => o && o.amount && o.amount.currency)) return false;
  const list = options.shippingOptions.map((o) => o.amount.currency).join(",");
  return rules.shippingCurrenciesMatch(String(options.currency), list);
}

/** The library's query encoding: key=value pairs, nested objects as key[sub]. */
function queryString(params, namespace) {
  const parts = [];
  for (const p of Object.keys(params)) {
    const v = params[p];
    const k = namespace ? (Array.isArray(params) ? namespace + "[]" : namespace + "[" + p + "]") : p;
    if (typeof v === "object" && v !== null) parts.push(queryString(v, k));
    else parts.push(encodeURIComponent(k) + "=" + encodeURIComponent(v));
  }
  return parts.join("&");
}

/** Inserts the script first in <head> with data-* attributes; resolves it once loaded. */
function insertScript(src, attrs) {
  return new Promise((resolve, reject) => {
    const el = document.createElement("script");
    for (const k in attrs) el.setAttribute("data-" + k.replace(/^data-/, ""), attrs[k]);
    el.addEventListener("load", () => resolve(el));
    el.addEventListener("error", () => {
      el.remove();
      reject(new Error("load failed"));
    });
    el.src = src;
    document.head.insertBefore(el, document.head.firstElementChild);
  });
}
