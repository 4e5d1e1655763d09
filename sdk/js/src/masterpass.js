// masterpass: digital-wallet checkout in a 450x660 popup opened inside the
// click on the Masterpass loading page, which, once given the request token,
// starts Masterpass's checkout script (masterpass-loading-frame.js);
// Masterpass returns to masterpass-landing-frame with the OAuth verifier,
// token and checkout resource URL, which become a card nonce. The rules are
// those of sdk/src/masterpass.rs.
import { load, rules } from "./wasm.js";
import { error, asBraintreeError, register } from "./errors.js";
import masterpassErrors from "../../src/errors/masterpass.txt";
import { VERSION, creator, wrap, attempt, checkClient, convertMethodsToError, assetUrl } from "./lib.js";
import { create as createClient } from "./client.js";
import { openWindow, runFlow, supportsPopups, withQuery } from "./frame-service.js";

import { MASTERPASS_POPUP_HEIGHT as HEIGHT, MASTERPASS_VERSION as VERSION_PARAM } from "./constants.json";

register(masterpassErrors);

// The table of sdk/src/masterpass.rs, whose tests check this copy (its
// popup's width is the frame service's default).
const REQUIRED_OPTIONS = "subtotal,currencyCode";

export { VERSION };

/** Masterpass needs a popup that can report back, or the app's popup bridge. */
export function isSupported() {
  return Boolean(window.popupBridge || supportsPopups());
}

export const create = creator(build);

async function build(options) {
  await load();
  const missing = checkClient(options, "Masterpass");
  if (missing) throw missing;
  if (!isSupported()) throw error("MASTERPASS_BROWSER_NOT_SUPPORTED");
  const client = options.client || (await createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl }));
  if (!client.getConfiguration().gatewayConfiguration.masterpass) throw error("MASTERPASS_NOT_ENABLED");
  return instance(client);
}

function instance(client) {
  const config = client.getConfiguration();
  const gw = config.gatewayConfiguration;
  let win = null;

  /** POST masterpass/request_token; resolves the loading page, with the checkout's options, the popup goes to. */
  async function checkoutUrl(options, callbackUrl) {
    let res;
    try {
      res = await client.request({
        method: "post",
        endpoint: "masterpass/request_token",
        data: {
          requestToken: {
            originUrl: location.protocol + "//" + location.hostname,
            subtotal: options.subtotal,
            currencyCode: options.currencyCode,
            callbackUrl,
          },
        },
      });
    } catch (e) {
      throw e && e.details && e.details.httpStatus === 422
        ? error("MASTERPASS_INVALID_PAYMENT_OPTION", { originalError: e })
        : asBraintreeError(e, "MASTERPASS_FLOW_FAILED");
    }
    const query = {
      environment: gw.environment,
      requestToken: res.requestToken,
      callbackUrl,
      merchantCheckoutId: gw.masterpass.merchantCheckoutId,
      allowedCardTypes: gw.masterpass.supportedNetworks,
      version: VERSION_PARAM,
    };
    const extra = options.config || {};
    for (const k in extra) if (typeof extra[k] !== "function") query[k] = extra[k];
    // In sandbox mode the loading page loads the sandbox's stand-in for
    // Masterpass's script (the configuration names it).
    const script = gw.masterpass.scriptUrl;
    if (config.sandboxUrl && script && rules.isAllowedUrl(script, config.sandboxUrl)) query.scriptUrl = script;
    return withQuery(assetUrl(gw.assetsUrl, "masterpass-loading-frame"), query);
  }

  /** The popup's return as the first card of POST payment_methods/masterpass_cards. */
  async function tokenizeCard(p) {
    if (p.mpstatus !== "success") throw error("MASTERPASS_POPUP_CLOSED");
    if ([p.oauth_verifier, p.oauth_token, p.checkout_resource_url].some((v) => !v || v === "null")) {
      throw error("MASTERPASS_POPUP_MISSING_REQUIRED_PARAMETERS");
    }
    try {
      const res = await client.request({
        method: "post",
        endpoint: "payment_methods/masterpass_cards",
        data: { masterpassCard: { checkoutResourceUrl: p.checkout_resource_url, requestToken: p.oauth_token, verifierToken: p.oauth_verifier } },
      });
      return res.masterpassCards[0];
    } catch (e) {
      throw asBraintreeError(e, "MASTERPASS_ACCOUNT_TOKENIZATION_FAILED");
    }
  }

  function tokenize(options) {
    const given = Object.keys(options || {});
    if (REQUIRED_OPTIONS.split(",").some((k) => !given.includes(k))) throw error("MASTERPASS_TOKENIZE_MISSING_REQUIRED_OPTION");
    if (win) throw error("MASTERPASS_TOKENIZATION_ALREADY_IN_PROGRESS");
    const frame = options.frameOptions || {};
    const opened = openWindow(gw.assetsUrl, {
      loading: "masterpass-loading-frame",
      width: frame.width,
      height: frame.height || HEIGHT,
      top: frame.top,
      left: frame.left,
      title: "Masterpass",
      onFrameClose: () => opened && opened.onFrameClose && opened.onFrameClose(),
    });
    if (!opened) throw error("MASTERPASS_POPUP_OPEN_FAILED", { originalError: error("FRAME_SERVICE_FRAME_OPEN_FAILED") });
    win = opened;
    return runFlow(gw.assetsUrl, opened, {
      landing: "masterpass-landing-frame",
      closed: "MASTERPASS_POPUP_CLOSED",
      start: (urls) => checkoutUrl(options, urls.returnUrl),
      tokenize: tokenizeCard,
    }).finally(() => {
      win = null;
    });
  }

  const self = {
    tokenize(options, callback) {
      return wrap(
        attempt(() => tokenize(options)),
        callback,
      );
    },
    teardown(callback) {
      if (win) win.close();
      convertMethodsToError(self, ["tokenize", "teardown"]);
      return wrap(Promise.resolve(), callback);
    },
  };
  return self;
}
