// localPayment: redirect-based local methods in a 1282x720 popup (opened
// inside the click, then sent to the created payment's redirectUrl), a
// full-page redirect flow when create() gets a redirectUrl, and the seamless
// types (BLIK level_0/oneClick, pay upon invoice, MB WAY, BANCOMAT Pay) that
// open no window. The option rules and error mappings are the wasm module's.
import { load, rules } from "./apm-wasm.js";
import { error, asBraintreeError, register } from "./errors.js";
import localPaymentErrors from "../../src/errors/local-payment.txt";
import { VERSION, creator, wrap, attempt, convertMethodsToError, uuid } from "./lib.js";
import { clientOf } from "./client.js";
import { WindowFlow, openWindow, runFlow, returnUrls, withQuery } from "./frame-service.js";
import { LOCAL_PAYMENT_WIDTH, LOCAL_PAYMENT_HEIGHT } from "./constants.json";

register(localPaymentErrors);

const LANDING = "local-payment-landing-frame";

export { VERSION };

export const create = creator(build);

async function build(options) {
  await load();
  const client = await clientOf(options, "Local Payment");
  if (client.getConfiguration().gatewayConfiguration.paypalEnabled !== true) throw error("LOCAL_PAYMENT_NOT_ENABLED");
  client._sendEvent("local-payment.initialized");
  const lp = new LocalPayment(client, options);
  // The full-page flow's return: this page, with the provider's query.
  const params = query();
  if (options.redirectUrl && rules.localPaymentQueryCheck(truthyKeys(params))[1] === "1") {
    try {
      lp.tokenizePayload = await lp.tokenize(params);
    } catch (e) {
      console.log("Error while tokenizing: ", e);
    }
  }
  return lp;
}

const query = () => Object.fromEntries(new URL(location.href).searchParams);

/** The parameters with a truthy value, one per line, marked as the rules read them. */
const truthyKeys = (p) =>
  Object.keys(p)
    .filter((k) => p[k])
    .map((k) => k + "!")
    .join("\n");

/**
 * The options' own properties as the rules read them: one path per line
 * (two levels deep), `!` when truthy, `lineItems[]` before each line item.
 */
function optionKeys(o, prefix = "", out = []) {
  for (const k of Object.keys(o)) {
    const v = o[k];
    out.push(prefix + k + (v ? "!" : ""));
    if (Array.isArray(v)) {
      for (const item of v) {
        out.push(prefix + k + "[]");
        if (item && typeof item === "object") optionKeys(item, prefix + k + ".", out);
      }
    } else if (v && typeof v === "object" && prefix.split(".").length < 3) {
      optionKeys(v, prefix + k + ".", out);
    }
  }
  return out;
}

class LocalPayment extends WindowFlow {
  constructor(client, options) {
    super();
    this._client = client;
    this._merchantAccountId = options.merchantAccountId;
    this._redirectUrl = options.redirectUrl;
    this._busy = false;
    /** The full-page flow's payload, when create ran on the provider's return. @type {object | undefined} */
    this.tokenizePayload = undefined;
  }

  startPayment(options, callback) {
    return wrap(
      attempt(() => this._start(options)),
      callback,
    );
  }

  async _start(o) {
    if (!o) throw error("LOCAL_PAYMENT_START_PAYMENT_MISSING_REQUIRED_OPTION");
    const redirect = this._redirectUrl;
    if (redirect) o.redirectUrl = redirect;
    const type = typeof o.paymentType === "string" ? o.paymentType : "";
    const keys = optionKeys(o).join("\n");
    const check = rules.localPaymentStartCheck(type, keys, o.recurrent === true);
    if (check.length > 1) throw error("LOCAL_PAYMENT_START_PAYMENT_MISSING_REQUIRED_OPTION", check.slice(1));
    if (this._busy && !redirect) throw error("LOCAL_PAYMENT_ALREADY_IN_PROGRESS");
    const deferred = check[0] === "1";
    const body = createBody(o, this._merchantAccountId);
    const paymentStart = (res, go) => o.onPaymentStart({ paymentId: res.paymentToken }, go);
    const assetsUrl = this._client.getConfiguration().gatewayConfiguration.assetsUrl;
    this._busy = true;
    try {
      if (deferred || redirect) {
        setReturnUrls(body, o, redirect ? null : returnUrls(assetsUrl, uuid(), LANDING), redirect);
        const res = await this._create(body);
        if (deferred) {
          // Seamless: the payment completes outside this session.
          if (typeof res.redirectUrl === "string" && res.redirectUrl) throw error("LOCAL_PAYMENT_START_PAYMENT_DEFERRED_PAYMENT_FAILED");
          await paymentStart(res);
          return;
        }
        if (typeof o.onPaymentStart === "function") await paymentStart(res, () => {});
        (window.top || window).location.href = res.redirectUrl;
        return;
      }
      return await this._popup(assetsUrl, o, body, paymentStart);
    } finally {
      this._busy = false;
    }
  }

  /** The popup flow: the window opens first (inside the click), then the create call. */
  _popup(assetsUrl, o, body, paymentStart) {
    const size = o.windowOptions || {};
    const win = openWindow(assetsUrl, {
      width: size.width || LOCAL_PAYMENT_WIDTH,
      height: size.height || LOCAL_PAYMENT_HEIGHT,
      loading: "local-payment-redirect-frame",
      title: "Local Payment",
      onFrameClose: () => win?.onFrameClose?.(),
    });
    if (!win) throw error("LOCAL_PAYMENT_WINDOW_OPEN_FAILED", { originalError: error("FRAME_SERVICE_FRAME_OPEN_FAILED") });
    this._win = win;
    return runFlow(assetsUrl, win, {
      landing: LANDING,
      closed: "LOCAL_PAYMENT_WINDOW_CLOSED",
      start: async (urls) => {
        setReturnUrls(body, o, urls);
        const res = await this._create(body);
        return new Promise((go) => paymentStart(res, () => go(res.redirectUrl)));
      },
      tokenize: (params) => this.tokenize(params),
    }).finally(() => {
      this._win = null;
    });
  }

  async _create(body) {
    try {
      const res = await this._client.request({ method: "post", endpoint: "local_payments/create", data: body });
      return res.paymentResource;
    } catch (e) {
      const code = rules.localPaymentCreateErrorCode((e && e.details && e.details.httpStatus) || 0);
      throw code === "LOCAL_PAYMENT_INVALID_PAYMENT_OPTION" ? error(code, { originalError: e }) : asBraintreeError(e, code);
    }
  }

  /** Tokenizes a return's query (this page's by default). */
  tokenize(params, callback) {
    if (typeof params === "function") {
      callback = params;
      params = null;
    }
    return wrap(
      attempt(async () => {
        let p = params || query();
        if (p.queryItems) p = p.queryItems;
        const code = rules.localPaymentQueryCheck(truthyKeys(p)).slice(2);
        if (code) throw error(code, { originalError: { errorcode: p.errorcode, token: p.btLpToken } });
        const gw = this._client.getConfiguration().gatewayConfiguration;
        const paypalAccount = {
          correlationId: p.btLpToken || p.token,
          paymentToken: p.btLpPaymentId || p.paymentId,
          payerId: p.btLpPayerId || p.PayerID,
          unilateral: (gw.paypal || {}).unvettedMerchant,
          intent: "sale",
        };
        let res;
        try {
          res = await this._client.request({
            method: "post",
            endpoint: "payment_methods/paypal_accounts",
            data: { merchantAccountId: this._merchantAccountId, paypalAccount },
          });
        } catch (e) {
          throw asBraintreeError(e, "LOCAL_PAYMENT_TOKENIZATION_FAILED");
        }
        const a = (res.paypalAccounts && res.paypalAccounts[0]) || {};
        const d = a.details || {};
        const payload = { nonce: a.nonce, details: d.payerInfo || {}, type: a.type };
        if (d.correlationId) payload.correlationId = d.correlationId;
        return payload;
      }),
      callback,
    );
  }

  hasTokenizationParams() {
    return rules.localPaymentQueryCheck(truthyKeys(query()))[0] === "1";
  }

  teardown(callback) {
    this.closeWindow();
    convertMethodsToError(this, ["startPayment", "tokenize", "hasTokenizationParams", "closeWindow", "focusWindow", "teardown"]);
    return wrap(Promise.resolve(), callback);
  }
}

/**
 * Where the provider sends the customer back: in the full-page flow the
 * merchant's redirectUrl (wasCanceled marks a cancel); otherwise the return
 * page on the flow's channel, with the fallback link for a window that lost
 * its opener (r, t) and the cancel marker (c).
 */
function setReturnUrls(body, o, urls, redirect) {
  const f = o.fallback || {};
  // A seamless payment needs no fallback: what it lacks is left out, never
  // sent as the text "undefined".
  const given = (p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null));
  if (redirect) {
    body.returnUrl = redirect;
    body.cancelUrl = withQuery(redirect, { wasCanceled: true });
  } else {
    body.returnUrl = withQuery(urls.returnUrl, given({ r: f.url, t: f.buttonText }));
    body.cancelUrl = window.popupBridge
      ? urls.cancelUrl
      : withQuery(urls.returnUrl, given({ r: f.cancelUrl || f.url, t: f.cancelButtonText || f.buttonText, c: 1 }));
  }
}

/** The local_payments/create body (spec section 3, the reference's names). */
function createBody(o, merchantAccountId) {
  const a = o.address || {};
  const b = o.billingAddress || {};
  return {
    amount: o.amount,
    billingAddress: {
      line1: b.streetAddress,
      line2: b.extendedAddress,
      city: b.locality,
      state: b.region,
      postalCode: b.postalCode,
      countryCode: b.countryCode,
    },
    birthDate: o.birthDate,
    blikOptions: o.blikOptions,
    city: a.locality,
    correlationId: o.correlationId,
    countryCode: a.countryCode,
    currencyIsoCode: o.currencyCode,
    discountAmount: o.discountAmount,
    experienceProfile: {
      brandName: o.displayName,
      customerServiceInstructions: o.customerServiceInstructions,
      locale: o.locale,
      noShipping: !o.shippingAddressRequired,
    },
    firstName: o.givenName,
    fundingSource: o.paymentType,
    intent: "sale",
    lastName: o.surname,
    line1: a.streetAddress,
    line2: a.extendedAddress,
    lineItems: o.lineItems,
    merchantAccountId,
    merchantOrPartnerCustomerId: o.customerId,
    payerEmail: o.email,
    paymentTypeCountryCode: o.paymentTypeCountryCode,
    phone: o.phone,
    phoneCountryCode: o.phoneCountryCode,
    postalCode: a.postalCode,
    recurrent: o.recurrent,
    shippingAmount: o.shippingAmount,
    state: a.region,
  };
}
