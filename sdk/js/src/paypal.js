// paypal: checkout and vault flows in a 450x535 popup (a full-screen frame
// where popups are unsupported, the app's popup bridge where one exists), one
// authorization at a time.
import { rules } from "./wasm.js";
import { error, asBraintreeError } from "./errors.js";
import { VERSION, creator, wrap, attempt, convertMethodsToError } from "./lib.js";
import { paypalClient, experienceProfile, resourceError, accountPayload } from "./paypal-flow.js";
import { WindowFlow, openWindow, runFlow, withQuery } from "./frame-service.js";

export { VERSION };

export const create = creator(build);

/** The PayPal component works in every browser (popup, frame or bridge). */
export function isSupported() {
  return true;
}

async function build(options) {
  const client = await paypalClient(options, "PayPal");
  if (client.getConfiguration().gatewayConfiguration.paypalEnabled !== true) throw error("PAYPAL_NOT_ENABLED");
  return new PayPal(client);
}

const NOOP_HANDLE = { close() {}, focus() {} };

class PayPal extends WindowFlow {
  constructor(client) {
    super();
    this._client = client;
  }

  /**
   * tokenize(options) resolves the payload; tokenize(options, callback)
   * calls back and returns a {close, focus} handle on the flow's window.
   */
  tokenize(options, callback) {
    if (!options || !rules.isValidFlow(String(options.flow || ""))) {
      const invalid = error("PAYPAL_FLOW_OPTION_REQUIRED");
      if (typeof callback !== "function") return Promise.reject(invalid);
      setTimeout(() => callback(invalid), 0);
      return NOOP_HANDLE;
    }
    const result = attempt(() => this._tokenize(options));
    if (typeof callback !== "function") return result;
    result.then(
      (payload) => callback(null, payload),
      (e) => callback(e),
    );
    return { close: () => this.closeWindow(), focus: () => this.focusWindow() };
  }

  _tokenize(options) {
    if (this._win) throw error("PAYPAL_TOKENIZATION_REQUEST_ACTIVE");
    const gw = this._client.getConfiguration().gatewayConfiguration;
    const win = openWindow(gw.assetsUrl, { onFrameClose: () => win?.onFrameClose?.() });
    if (!win) throw error("PAYPAL_POPUP_OPEN_FAILED", { originalError: error("FRAME_SERVICE_FRAME_OPEN_FAILED") });
    this._win = win;
    this._client._sendEvent("paypal.tokenization.started", { context_type: rules.contextType(options.flow) });
    return runFlow(gw.assetsUrl, win, {
      closed: "PAYPAL_POPUP_CLOSED",
      start: (urls) => this._approvalUrl(options, urls),
      tokenize: (params) => this._tokenizeAccount(options, params),
    }).finally(() => {
      this._win = null;
    });
  }

  /** Creates the payment resource (checkout) or billing agreement (vault); resolves its approval URL. */
  async _approvalUrl(options, urls) {
    const vault = options.flow === "vault";
    let res;
    try {
      res = await this._client.request({
        method: "post",
        endpoint: "paypal_hermes/" + (vault ? "setup_billing_agreement" : "create_payment_resource"),
        data: resourceBody(options, this._client.getConfiguration().gatewayConfiguration, urls),
      });
    } catch (e) {
      throw resourceError(e);
    }
    const url = vault ? res.agreementSetup.approvalUrl : res.paymentResource.redirectUrl;
    return options.useraction === "commit" ? withQuery(url, { useraction: "commit" }) : url;
  }

  async _tokenizeAccount(options, params) {
    const config = this._client.getConfiguration();
    const account = {
      correlationId: params.ba_token || params.token,
      options: { validate: options.flow === "vault" && config.authorizationType !== "TOKENIZATION_KEY" },
    };
    if (params.ba_token) {
      account.billingAgreementToken = params.ba_token;
    } else {
      account.paymentToken = params.paymentId || params.token;
      account.payerId = params.PayerID;
      account.unilateral = config.gatewayConfiguration.paypal && config.gatewayConfiguration.paypal.unvettedMerchant;
      if (Object.prototype.hasOwnProperty.call(options, "intent")) account.intent = options.intent;
    }
    try {
      const res = await this._client.request({ method: "post", endpoint: "payment_methods/paypal_accounts", data: { paypalAccount: account } });
      return accountPayload(res);
    } catch (e) {
      throw asBraintreeError(e, "PAYPAL_ACCOUNT_TOKENIZATION_FAILED");
    }
  }

  teardown(callback) {
    this.closeWindow();
    convertMethodsToError(this, ["tokenize", "closeWindow", "focusWindow", "teardown"]);
    return wrap(Promise.resolve(), callback);
  }
}

/** The create_payment_resource / setup_billing_agreement body of the PayPal component. */
function resourceBody(options, gw, urls) {
  const body = {
    returnUrl: urls.returnUrl,
    cancelUrl: urls.cancelUrl,
    offerPaypalCredit: options.offerCredit === true,
    offerPayLater: options.offerPayLater === true,
    experienceProfile: experienceProfile(options, gw),
  };
  if (options.flow === "checkout") {
    body.amount = options.amount;
    body.currencyIsoCode = options.currency;
    if (Object.prototype.hasOwnProperty.call(options, "intent")) body.intent = options.intent;
    Object.assign(body, options.shippingAddressOverride);
  } else {
    body.shippingAddress = options.shippingAddressOverride;
    if (options.billingAgreementDescription) body.description = options.billingAgreementDescription;
  }
  return body;
}
