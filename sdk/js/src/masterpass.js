// masterpass: digital-wallet checkout in a 450x660 popup opened inside the
// click on the Masterpass loading page, sent on to Masterpass with a request
// token; Masterpass returns to masterpass-landing-frame with the OAuth
// verifier, token and checkout resource URL, which become a card nonce.
import { load, rules } from './wasm.js';
import { error, asBraintreeError, register } from './errors.js';
import masterpassErrors from '../../src/errors/masterpass.txt';
import { VERSION, wrap, attempt, checkClient, convertMethodsToError, assetUrl } from './lib.js';
import { create as createClient } from './client.js';
import { openWindow, runFlow, supportsPopups, withQuery } from './frame-service.js';
import { MASTERPASS_POPUP_WIDTH, MASTERPASS_POPUP_HEIGHT, MASTERPASS_VERSION } from './constants.json';

register(masterpassErrors);

export { VERSION };

/** Masterpass needs a popup that can report back, or the app's popup bridge. */
export function isSupported() {
  return Boolean(window.popupBridge || supportsPopups());
}

export function create(options, callback) {
  return wrap(attempt(() => build(options)), callback);
}

async function build(options) {
  await load();
  const missing = checkClient(options, 'Masterpass');
  if (missing) throw missing;
  if (!isSupported()) throw error('MASTERPASS_BROWSER_NOT_SUPPORTED');
  const client = options.client || await createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl });
  if (!client.getConfiguration().gatewayConfiguration.masterpass) throw error('MASTERPASS_NOT_ENABLED');
  return instance(client);
}

function instance(client) {
  const config = client.getConfiguration();
  const gw = config.gatewayConfiguration;
  let win = null;

  /** POST masterpass/request_token; resolves the Masterpass page the popup goes to. */
  async function checkoutUrl(options, callbackUrl) {
    let res;
    try {
      res = await client.request({
        method: 'post',
        endpoint: 'masterpass/request_token',
        data: { requestToken: { originUrl: location.protocol + '//' + location.hostname, subtotal: options.subtotal, currencyCode: options.currencyCode, callbackUrl } }
      });
    } catch (e) {
      const code = rules.walletRule(4, String(e && e.details && e.details.httpStatus));
      throw code === 'MASTERPASS_FLOW_FAILED' ? asBraintreeError(e, code) : error(code, { originalError: e });
    }
    const query = {
      environment: gw.environment,
      requestToken: res.requestToken,
      callbackUrl,
      merchantCheckoutId: gw.masterpass.merchantCheckoutId,
      allowedCardTypes: gw.masterpass.supportedNetworks,
      version: MASTERPASS_VERSION
    };
    const extra = options.config || {};
    for (const k in extra) if (typeof extra[k] !== 'function') query[k] = extra[k];
    const sandbox = config.sandboxUrl || '';
    const path = rules.walletRule(6, sandbox);
    return withQuery(path ? sandbox + path : assetUrl(gw.assetsUrl, 'masterpass-loading-frame'), query);
  }

  /** The popup's return as the first card of POST payment_methods/masterpass_cards. */
  async function tokenizeCard(p) {
    const invalid = rules.walletRule(5, [p.mpstatus, p.oauth_verifier, p.oauth_token, p.checkout_resource_url].join('\n'));
    if (invalid) throw error(invalid);
    try {
      const res = await client.request({
        method: 'post',
        endpoint: 'payment_methods/masterpass_cards',
        data: { masterpassCard: { checkoutResourceUrl: p.checkout_resource_url, requestToken: p.oauth_token, verifierToken: p.oauth_verifier } }
      });
      return res.masterpassCards[0];
    } catch (e) {
      throw asBraintreeError(e, 'MASTERPASS_ACCOUNT_TOKENIZATION_FAILED');
    }
  }

  function tokenize(options) {
    const invalid = rules.walletRule(3, (options ? Object.keys(options).join() : '') + '\n' + (win ? 1 : ''));
    if (invalid) throw error(invalid);
    const frame = options.frameOptions || {};
    const opened = openWindow(gw.assetsUrl, {
      loading: 'masterpass-loading-frame',
      width: frame.width || MASTERPASS_POPUP_WIDTH,
      height: frame.height || MASTERPASS_POPUP_HEIGHT,
      top: frame.top,
      left: frame.left,
      title: 'Masterpass',
      onFrameClose: () => opened && opened.onFrameClose && opened.onFrameClose()
    });
    if (!opened) throw error('MASTERPASS_POPUP_OPEN_FAILED', { originalError: error('FRAME_SERVICE_FRAME_OPEN_FAILED') });
    win = opened;
    return runFlow(gw.assetsUrl, opened, {
      landing: 'masterpass-landing-frame',
      closed: 'MASTERPASS_POPUP_CLOSED',
      start: (urls) => checkoutUrl(options, urls.returnUrl),
      tokenize: tokenizeCard
    }).finally(() => { win = null; });
  }

  const self = {
    tokenize(options, callback) {
      return wrap(attempt(() => tokenize(options)), callback);
    },
    teardown(callback) {
      if (win) win.close();
      convertMethodsToError(self, ['tokenize', 'teardown']);
      return wrap(Promise.resolve(), callback);
    }
  };
  return self;
}
