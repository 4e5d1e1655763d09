// The PayPal window flow shared by paypal and paypalCheckout: a 450x535 popup
// (a full-screen frame where the browser cannot open popups, the app's popup
// bridge where one exists), the payment resource, the approval page, the
// landing frame's report, and tokenization.
import { error, BraintreeError, register } from './errors.js';
import paypalErrors from '../../src/errors/paypal.txt';
import { load, rules } from './wasm.js';
import { uuid, assetUrl, checkClient } from './lib.js';
import { create as createClient } from './client.js';
import { POPUP_HEIGHT, POPUP_POLL_INTERVAL, POPUP_WIDTH } from './constants.json';

register(paypalErrors);


/**
 * Browsers whose popups cannot report back (in-app web views, Opera Mini,
 * Firefox on iOS): the flow uses a full-screen frame there instead.
 */
export function supportsPopups(ua = navigator.userAgent) {
  const ios = /iPhone|iPad|iPod/i.test(ua);
  const iosWebview = ios && !/Safari\//.test(ua);
  const androidWebview = /Android/i.test(ua) && /Version\/[\d.]+/i.test(ua) && !/Opera Mini|DuckDuckGo/i.test(ua);
  return !(iosWebview || (ios && /FxiOS/.test(ua)) || androidWebview || /Opera Mini/.test(ua));
}

/**
 * How the PayPal components' create() starts, in the reference's order: the
 * rules load (create may be a page's first call), the client check, then the
 * client, created from the authorization when none is given.
 */
export async function paypalClient(options, name) {
  await load();
  const missing = checkClient(options, name);
  if (missing) throw missing;
  return options.client || createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl });
}

/** The payment resource's experienceProfile from the merchant's options. */
export function experienceProfile(options, gw) {
  return {
    brandName: options.displayName || (gw.paypal && gw.paypal.displayName),
    localeCode: options.locale,
    noShipping: String(!options.enableShippingAddress),
    addressOverride: options.shippingAddressEditable === false,
    landingPageType: options.landingPageType
  };
}

/**
 * Opens the flow's window synchronously (inside the user's click): the popup
 * bridge, a popup, or the full-screen frame. Returns null when the browser
 * blocked the popup.
 */
export function openWindow(assetsUrl, onFrameClose) {
  if (window.popupBridge) return bridgeWindow();
  const loading = assetUrl(assetsUrl, 'redirect-frame');
  if (!supportsPopups()) return openFrame(loading, onFrameClose);
  const width = POPUP_WIDTH;
  const height = POPUP_HEIGHT;
  const left = Math.max(0, (window.screenX || 0) + ((window.outerWidth || width) - width) / 2);
  const top = Math.max(0, (window.screenY || 0) + ((window.outerHeight || height) - height) / 2);
  const popup = window.open(loading, 'braintree_paypal_' + uuid().slice(0, 8),
    'resizable,scrollbars,height=' + height + ',width=' + width + ',top=' + top + ',left=' + left);
  if (!popup || popup.closed) return null;
  return { kind: 'popup', win: popup, isClosed: () => popup.closed, close: () => { if (!popup.closed) popup.close(); }, focus: () => popup.focus(), navigate: (u) => { popup.location.href = u; } };
}

/** The native app's popup bridge: it opens the URL itself and calls onComplete. */
function bridgeWindow() {
  let closed = false;
  return {
    kind: 'bridge',
    win: null,
    isClosed: () => closed,
    close: () => {},
    focus: () => {},
    navigate: (u) => { window.popupBridge.open(u); },
    markClosed: () => { closed = true; }
  };
}

/** Full-screen modal frame where popups are unsupported. */
function openFrame(src, onClose) {
  const wrap = document.createElement('div');
  wrap.setAttribute('data-braintree-paypal-frame', '');
  wrap.setAttribute('role', 'dialog');
  wrap.setAttribute('aria-modal', 'true');
  Object.assign(wrap.style, { position: 'fixed', inset: '0', zIndex: '2147483000', background: '#fff' });
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = 'PayPal';
  Object.assign(frame.style, { width: '100%', height: '100%', border: 'none' });
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '\u00d7';
  close.setAttribute('aria-label', 'Close PayPal');
  Object.assign(close.style, { position: 'absolute', top: '8px', right: '12px', fontSize: '24px', background: 'none', border: '0', cursor: 'pointer' });
  let closed = false;
  const doClose = () => { if (!closed) { closed = true; wrap.remove(); } };
  close.addEventListener('click', () => { doClose(); if (onClose) onClose(); });
  wrap.append(frame, close);
  document.body.appendChild(wrap);
  return { kind: 'frame', win: frame.contentWindow, isClosed: () => closed, close: doClose, focus: () => frame.focus(), navigate: (u) => { frame.src = u; } };
}

/**
 * Return and cancel URLs: the popup bridge's own scheme in an app, else pages
 * on the assets host carrying this flow's channel.
 */
export function returnUrls(assetsUrl, channel) {
  const bridge = window.popupBridge;
  if (bridge && typeof bridge.getReturnUrlPrefix === 'function') {
    return { returnUrl: bridge.getReturnUrlPrefix() + 'return', cancelUrl: bridge.getReturnUrlPrefix() + 'cancel' };
  }
  const q = '?channel=' + encodeURIComponent(channel) + '&origin=' + encodeURIComponent(location.origin);
  return { returnUrl: assetUrl(assetsUrl, 'paypal-landing-frame') + q, cancelUrl: assetUrl(assetsUrl, 'cancel-frame') + q };
}

/** The library's errors pass through unchanged; anything else becomes `code`. */
export function asBraintreeError(e, code) {
  return e instanceof BraintreeError ? e : error(code, { originalError: e });
}

/** A failed create or patch call: 422 is the merchant's options, else the flow failed. */
export function resourceError(e) {
  const code = rules.flowErrorCode((e && e.details && e.details.httpStatus) || 0);
  return code === 'PAYPAL_INVALID_PAYMENT_OPTION' ? error(code, { originalError: e }) : asBraintreeError(e, code);
}

/** The first paypalAccounts entry as a tokenize payload (details: the payer info). */
export function accountPayload(res) {
  const a = (res && res.paypalAccounts && res.paypalAccounts[0]) || {};
  const d = a.details || {};
  const payload = { nonce: a.nonce, details: d.payerInfo || {}, type: a.type };
  if (d.creditFinancingOffered) payload.creditFinancingOffered = d.creditFinancingOffered;
  return payload;
}

/** Appends query parameters to a URL (the library's encoding). */
export function withQuery(url, params) {
  const q = Object.keys(params).map((k) => encodeURIComponent(k) + '=' + encodeURIComponent(params[k])).join('&');
  if (!q) return url;
  return url + (url.indexOf('?') < 0 ? '?' : '') + (url.indexOf('=') >= 0 ? '&' : '') + q;
}

/**
 * Runs a flow in an already opened window. `flow.start(urls)` creates the
 * payment resource and resolves the approval URL; the window goes there and
 * the landing frame (or the popup bridge) reports back; `flow.tokenize(params)`
 * turns the approval into a payload. A window closed first rejects with
 * `flow.closed`.
 */
export function runFlow(assetsUrl, win, flow) {
  const channel = uuid();
  const urls = returnUrls(assetsUrl, channel);
  const assetsOrigin = new URL(assetsUrl).origin;
  return new Promise((resolve, reject) => {
    let done = false;
    let poll = null;
    const finish = (err, value) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      window.removeEventListener('message', onMessage);
      if (win.kind === 'bridge') win.markClosed();
      if (!win.isClosed()) win.close();
      if (err) reject(err); else resolve(value);
    };
    const approved = (params) => flow.tokenize(params).then((payload) => finish(null, payload), (e) => finish(e));
    const onMessage = (event) => {
      if (event.origin !== assetsOrigin || event.source !== win.win) return;
      const d = event.data;
      if (!d || d.channel !== channel || !d.paypalLanding) return;
      if (d.paypalLanding.cancel) finish(error(flow.closed));
      else approved(d.paypalLanding);
    };
    if (win.kind === 'bridge') {
      // The app reports the return URL's path and query; "Done" gives no payload.
      window.popupBridge.onComplete = (err, payload) => {
        const canceled = payload && payload.path && payload.path.substring(0, 7) === '/cancel';
        if (err || !payload || canceled) finish(error(flow.closed));
        else approved(payload.queryItems || {});
      };
    } else {
      window.addEventListener('message', onMessage);
      poll = setInterval(() => { if (win.isClosed()) finish(error(flow.closed)); }, POPUP_POLL_INTERVAL);
    }
    win.onFrameClose = () => finish(error(flow.closed));
    flow.start(urls).then((url) => { if (!done) win.navigate(url); }, (e) => finish(e));
  });
}
