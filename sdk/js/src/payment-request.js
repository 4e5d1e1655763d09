// paymentRequest: the browser's Payment Request API (basic-card and Google
// Pay only) run inside a hidden frame on the assets host, which shows the
// sheet and tokenizes the card, so the card never reaches the merchant page.
import { load, rules } from "./wasm.js";
import { error, register } from "./errors.js";
import { errorAt } from "./catalogue.js";
import paymentRequestErrors from "../../src/errors/payment-request.txt";
import { VERSION, creator, wrap, attempt, convertMethodsToError, uuid, assetUrl, Emitter } from "./lib.js";
import { clientOf } from "./client.js";

register(paymentRequestErrors);

export { VERSION };

export const create = creator(build);

async function build(options) {
  await load();
  const client = await clientOf(options, "Payment Request");
  return new PaymentRequestComponent(client, options)._initialize();
}

class PaymentRequestComponent extends Emitter {
  constructor(client, options) {
    super();
    const given = options.enabledPaymentMethods || {};
    const enabled = (this._enabled = { basicCard: given.basicCard !== false, googlePay: given.googlePay !== false });
    this._client = client;
    this._channel = uuid();
    this._pending = {};
    this._options = { enabled, googlePayVersion: options.googlePayVersion };
    const gw = client.getConfiguration().gatewayConfiguration;
    const cards = gw.creditCards;
    // The methods themselves are the frame's to build (off this page's
    // download); whether there can be any is known now.
    this._possible = (enabled.basicCard && cards && cards.supportedCardTypes.length > 0) || (enabled.googlePay && gw.androidPay && gw.androidPay.enabled);
    this._origin = rules.originOf(gw.assetsUrl);
    const frame = (this._frame = document.createElement("iframe"));
    frame.name = frame.className = "braintree-payment-request-frame";
    frame.title = "Secure Payment Frame";
    frame.allow = "payment";
    frame.height = frame.width = "0";
    frame.style.cssText = "position:absolute;left:-9999px;border:0";
    this._onMessage = (e) => this._receive(e);
    /** Settles create once the frame says what it can make (set by _initialize). @type {(component: PaymentRequestComponent) => void} */
    this._ready = () => {};
  }

  _initialize() {
    if (!this._possible) return Promise.reject(error("PAYMENT_REQUEST_NO_VALID_SUPPORTED_PAYMENT_METHODS"));
    return new Promise((resolve) => {
      this._ready = resolve;
      window.addEventListener("message", this._onMessage);
      this._frame.src = assetUrl(this._client.getConfiguration().gatewayConfiguration.assetsUrl, "payment-request-frame") + "#" + this._channel;
      document.body.appendChild(this._frame);
    });
  }

  _post(message) {
    this._frame.contentWindow?.postMessage(Object.assign({ channel: this._channel }, message), this._origin);
  }

  /** Sends `type` with `data`; resolves the frame's reply ({payload}, or the error's catalogue line). */
  _ask(type, data) {
    const id = uuid();
    return new Promise((resolve) => {
      this._pending[id] = resolve;
      this._post({ type, id, data: JSON.parse(JSON.stringify(data)) });
    });
  }

  _receive(e) {
    const d = e.data;
    if (e.origin !== this._origin || e.source !== this._frame.contentWindow || !d || d.channel !== this._channel) return;
    if (d.type === "ready") {
      this._post({ type: "config", configuration: this._client.getConfiguration(), options: this._options });
    } else if (d.type === "canMakeRequests") {
      const methods = (this._supportedPaymentMethods = d.methods);
      this._defaultSupportedPaymentMethods = Object.keys(methods).map((k) => methods[k]);
      this._client._sendEvent("payment-request.initialized");
      this._ready(this);
    } else if (d.type === "reply" && this._pending[d.id]) {
      this._pending[d.id](d);
      delete this._pending[d.id];
    } else if (d.type === "shippingAddressChange" || d.type === "shippingOptionChange") {
      const prop = d.type === "shippingAddressChange" ? "shippingAddress" : "shippingOption";
      const event = { target: { [prop]: d.value }, updateWith: (details) => this._post({ type: "update", details: JSON.parse(JSON.stringify(details)) }) };
      this._emit(d.type, event);
      this._emit(d.type.toLowerCase(), event);
    }
  }

  createSupportedPaymentMethodsConfiguration(type, overrides) {
    if (!type) throw error("PAYMENT_REQUEST_CREATE_SUPPORTED_PAYMENT_METHODS_CONFIGURATION_MUST_INCLUDE_TYPE");
    if (!this._enabled[type]) throw error("PAYMENT_REQUEST_CREATE_SUPPORTED_PAYMENT_METHODS_CONFIGURATION_TYPE_NOT_ENABLED");
    const configuration = Object.assign({}, this._supportedPaymentMethods[type]);
    configuration.data = Object.assign({}, configuration.data, overrides);
    return configuration;
  }

  /**
   * Asks the frame with the merchant's methods or the defaults; its failure
   * as the catalogue's error (the frame maps it by the rules).
   */
  _run(type, configuration) {
    const c = configuration || {};
    return this._ask(type, {
      supportedPaymentMethods: c.supportedPaymentMethods || this._defaultSupportedPaymentMethods,
      details: c.details,
      options: c.options,
    }).then((r) => {
      if (r.line) throw errorAt(paymentRequestErrors, r.line, r.error && { originalError: r.error }, r.arg);
      return r.payload;
    });
  }

  canMakePayment(configuration, callback) {
    return wrap(
      attempt(() => (window.PaymentRequest ? this._run("canMakePayment", configuration) : false)),
      callback,
    );
  }

  /** The frame answers the result in its final shape. */
  tokenize(configuration, callback) {
    return wrap(
      attempt(() => this._run("tokenize", configuration)),
      callback,
    );
  }

  teardown(callback) {
    window.removeEventListener("message", this._onMessage);
    if (this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    convertMethodsToError(this, ["on", "off", "createSupportedPaymentMethodsConfiguration", "canMakePayment", "tokenize", "teardown"]);
    return wrap(Promise.resolve(), callback);
  }
}
