// The PayPal popup flow shared by paypal and paypalCheckout: a 450x535 popup
// (or a full-screen frame where popups are blocked), the payment resource,
// the approval page, the landing frame's report, and tokenization.
import { rules } from './wasm.js';
import { error } from './errors.js';
import { uuid, assetUrl } from './lib.js';

/** Opens the window synchronously (must run inside the user's click). */
export function openWindow(assetsUrl, onFrameClose) {
  const width = 450;
  const height = 535;
  const left = Math.max(0, (window.screenX || 0) + ((window.outerWidth || width) - width) / 2);
  const top = Math.max(0, (window.screenY || 0) + ((window.outerHeight || height) - height) / 2);
  const loading = assetUrl(assetsUrl, 'redirect-frame');
  const popup = window.open(loading, 'braintree_paypal_' + uuid().slice(0, 8),
    'popup=yes,width=' + width + ',height=' + height + ',left=' + left + ',top=' + top + ',resizable=yes,scrollbars=yes');
  if (popup) return { kind: 'popup', win: popup, isClosed: () => popup.closed, close: () => popup.close(), focus: () => popup.focus(), navigate: (u) => { popup.location.href = u; } };
  return openFrame(loading, onFrameClose);
}

/** Full-screen modal frame fallback. */
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

/** Return and cancel URLs on the assets host carrying this flow's channel. */
export function returnUrls(assetsUrl, channel) {
  const q = '?channel=' + encodeURIComponent(channel) + '&origin=' + encodeURIComponent(location.origin);
  return { returnUrl: assetUrl(assetsUrl, 'paypal-landing-frame') + q, cancelUrl: assetUrl(assetsUrl, 'cancel-frame') + q };
}

/** The create-payment-resource / setup-billing-agreement body. */
export function paymentResourceBody(options, gw, urls, client) {
  const vault = options.flow === 'vault';
  const profile = {
    brandName: options.displayName || (gw.paypal && gw.paypal.displayName),
    localeCode: options.locale,
    noShipping: String(!options.enableShippingAddress),
    addressOverride: options.shippingAddressEditable === false,
    landingPageType: options.landingPageType
  };
  if (options.useraction === 'commit') profile.userAction = 'commit';
  const body = { returnUrl: urls.returnUrl, cancelUrl: urls.cancelUrl, offerPaypalCredit: options.offerCredit === true, experienceProfile: profile, merchantAccountId: options.merchantAccountId };
  if (vault) {
    body.description = options.billingAgreementDescription;
    if (options.shippingAddressOverride) body.shippingAddress = options.shippingAddressOverride;
  } else {
    body.amount = options.amount;
    body.currencyIsoCode = options.currency || 'USD';
    body.intent = rules.mapIntent(options.intent || '');
    body.offerPayLater = options.offerPayLater === true;
    if (options.lineItems) body.lineItems = options.lineItems;
    if (options.shippingOptions) body.shippingOptions = options.shippingOptions;
    if (options.requestBillingAgreement) body.requestBillingAgreement = true;
    if (options.vaultInitiatedCheckoutPaymentMethodToken) body.vaultInitiatedCheckoutPaymentMethodToken = options.vaultInitiatedCheckoutPaymentMethodToken;
    const s = options.shippingAddressOverride;
    if (s) Object.assign(body, { line1: s.line1, line2: s.line2, city: s.city, state: s.state, postalCode: s.postalCode, countryCode: s.countryCode, phone: s.phone, recipientName: s.recipientName });
  }
  void client;
  return body;
}

/** Creates the payment resource; resolves {token, url} or rejects with `failCode(status)`. */
export async function createResource(client, options, urls, failCode) {
  const gw = client.getConfiguration().gatewayConfiguration;
  const vault = options.flow === 'vault';
  try {
    const res = await client.request({
      method: 'post',
      endpoint: 'paypal_hermes/' + (vault ? 'setup_billing_agreement' : 'create_payment_resource'),
      data: paymentResourceBody(options, gw, urls, client)
    });
    return vault
      ? { token: res.agreementSetup.tokenId, url: res.agreementSetup.approvalUrl }
      : { token: res.paymentResource.paymentToken, url: res.paymentResource.redirectUrl };
  } catch (e) {
    throw error(failCode((e.details && e.details.httpStatus) || 0), { originalError: e });
  }
}

/** Tokenizes an approved PayPal account. */
export async function tokenizeAccount(client, params, options) {
  const config = client.getConfiguration();
  const vault = options.flow === 'vault' || Boolean(params.billingToken);
  const account = {
    correlationId: params.billingToken || params.paymentToken,
    options: { validate: vault && config.authorizationType !== 'TOKENIZATION_KEY' },
    payerId: params.payerId,
    unilateral: Boolean(config.gatewayConfiguration.paypal && config.gatewayConfiguration.paypal.unvettedMerchant),
    intent: rules.mapIntent(options.intent || '')
  };
  if (params.billingToken) account.billingAgreementToken = params.billingToken;
  else account.paymentToken = params.paymentToken;
  try {
    const res = await client.request({ method: 'post', endpoint: 'payment_methods/paypal_accounts', data: { paypalAccount: account, merchantAccountId: options.merchantAccountId } });
    const a = res.paypalAccounts[0];
    return { nonce: a.nonce, type: a.type, details: a.details.payerInfo ? Object.assign({}, a.details.payerInfo) : a.details, creditFinancingOffered: a.details.creditFinancingOffered || undefined };
  } catch (e) {
    throw error('PAYPAL_ACCOUNT_TOKENIZATION_FAILED', { originalError: e });
  }
}

/**
 * Runs a flow in an already opened window: creates the resource, sends the
 * window to the approval page, waits for the landing frame (or the window
 * closing), then tokenizes. `codes` names the errors of the calling component.
 */
export function runFlow(client, win, options, codes) {
  const gw = client.getConfiguration().gatewayConfiguration;
  const assetsOrigin = rules.originOf(gw.assetsUrl);
  const channel = uuid();
  const urls = returnUrls(gw.assetsUrl, channel);
  return new Promise((resolve, reject) => {
    let done = false;
    let poll = null;
    const finish = (err, value) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      window.removeEventListener('message', onMessage);
      if (!win.isClosed()) win.close();
      if (err) reject(err); else resolve(value);
    };
    const onMessage = (event) => {
      if (event.origin !== assetsOrigin || event.source !== win.win) return;
      const d = event.data;
      if (!d || d.channel !== channel || !d.paypalLanding) return;
      const p = d.paypalLanding;
      if (p.cancel) return finish(error(codes.closed));
      tokenizeAccount(client, { paymentToken: p.token, billingToken: p.ba_token, payerId: p.PayerID }, options)
        .then((payload) => finish(null, payload), (e) => finish(e));
    };
    window.addEventListener('message', onMessage);
    poll = setInterval(() => { if (win.isClosed()) finish(error(codes.closed)); }, 100);
    win.onFrameClose = () => finish(error(codes.closed));
    createResource(client, options, urls, codes.fail).then((r) => {
      if (done) return;
      win.navigate(r.url);
    }, (e) => finish(e));
  });
}
