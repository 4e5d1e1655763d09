// paypalCheckout: payment resources for the PayPal button (createPayment,
// tokenizePayment, updatePayment), vault-initiated checkout in a popup with a
// 0.7 backdrop, and loading the PayPal JS SDK script.
import { load, rules } from './wasm.js';
import { error } from './errors.js';
import { VERSION, wrap, attempt, convertMethodsToError, checkClient, loadScript, uuid } from './lib.js';
import { create as createClient } from './client.js';
import { openWindow, runFlow, createResource, tokenizeAccount, returnUrls } from './paypal-flow.js';

export { VERSION };

const PAYPAL_SDK_URL = 'https://www.paypal.com/sdk/js';
const METHODS = ['createPayment', 'tokenizePayment', 'updatePayment', 'startVaultInitiatedCheckout', 'loadPayPalSDK', 'getClientId', 'teardown'];

export function create(options, callback) {
  return wrap(attempt(() => build(options)), callback);
}

async function build(options) {
  const missing = checkClient(options, 'PayPal Checkout');
  if (missing) throw missing;
  await load();
  const client = options.client || await createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl });
  if (!rules.versionsMatch(client.getVersion())) throw error('INCOMPATIBLE_VERSIONS', undefined, client.getVersion());
  if (!client.getConfiguration().gatewayConfiguration.paypalEnabled) throw error('PAYPAL_NOT_ENABLED');
  return new PayPalCheckout(client, options);
}

class PayPalCheckout {
  constructor(client, options) {
    this._client = client;
    this._merchantAccountId = options.merchantAccountId;
    this._vicInProgress = false;
    this._flows = {};
  }

  getClientId(callback) {
    const gw = this._client.getConfiguration().gatewayConfiguration;
    return wrap(Promise.resolve(gw.paypal && gw.paypal.clientId), callback);
  }

  /** Resolves the payment id (EC token) for checkout or the billing token for vault. */
  createPayment(options, callback) {
    return wrap(attempt(async () => {
      options = Object.assign({ merchantAccountId: this._merchantAccountId }, options);
      if (!rules.isValidFlow(String(options.flow || ''))) throw error('PAYPAL_FLOW_OPTION_REQUIRED');
      if (options.shippingOptions && !currenciesMatch(options.currency || 'USD', options.shippingOptions)) {
        throw error('PAYPAL_INVALID_PAYMENT_OPTION', { invalidOption: 'shippingOptions' });
      }
      const gw = this._client.getConfiguration().gatewayConfiguration;
      const urls = returnUrls(gw.assetsUrl, uuid());
      const r = await createResource(this._client, options, urls, (s) => rules.flowErrorCode(s));
      this._flows[r.token] = options;
      this._client._sendEvent('paypal-checkout.createPayment', { context_type: rules.contextType(options.flow), context_id: r.token });
      return r.token;
    }), callback);
  }

  /** tokenizePayment({payerID, paymentID | billingToken}) */
  tokenizePayment(data, callback) {
    return wrap(attempt(() => {
      const token = data.billingToken || data.paymentID || data.orderID;
      const options = Object.assign({ merchantAccountId: this._merchantAccountId }, this._flows[token] || { flow: data.billingToken ? 'vault' : 'checkout' });
      return tokenizeAccount(this._client, { paymentToken: data.paymentID || data.orderID, billingToken: data.billingToken, payerId: data.payerID }, options);
    }), callback);
  }

  /** updatePayment: paymentId, currency, and amount or lineItems; shipping option currencies must match. */
  updatePayment(options, callback) {
    return wrap(attempt(async () => {
      options = options || {};
      const code = rules.updatePaymentError(Boolean(options.paymentId), Boolean(options.currency), options.amount != null, Array.isArray(options.lineItems) && options.lineItems.length > 0);
      if (code) throw error(code);
      if (options.shippingOptions && !currenciesMatch(options.currency, options.shippingOptions)) {
        throw error('PAYPAL_INVALID_PAYMENT_OPTION', { invalidOption: 'shippingOptions' });
      }
      const a = options.shippingAddress || {};
      const data = {
        merchantAccountId: this._merchantAccountId,
        paymentId: options.paymentId,
        currencyIsoCode: options.currency,
        amount: options.amount,
        lineItems: options.lineItems,
        shippingOptions: options.shippingOptions,
        amountBreakdown: options.amountBreakdown,
        line1: a.line1, line2: a.line2, city: a.city, state: a.state, postalCode: a.postalCode, countryCode: a.countryCode, phone: a.phone, recipientName: a.recipientName
      };
      try {
        await this._client.request({ method: 'post', endpoint: 'paypal_hermes/patch_payment_resource', data });
      } catch (e) {
        throw error(rules.flowErrorCode((e.details && e.details.httpStatus) || 0), { originalError: e });
      }
    }), callback);
  }

  /**
   * Vault-initiated checkout: amount, currency and
   * vaultInitiatedCheckoutPaymentMethodToken are required; a 0.7 backdrop
   * (unless optOutOfModalBackdrop) focuses the popup when clicked.
   */
  startVaultInitiatedCheckout(options, callback) {
    return wrap(attempt(() => this._startVic(options || {})), callback);
  }

  _startVic(options) {
    if (this._vicInProgress) throw error('PAYPAL_START_VAULT_INITIATED_CHECKOUT_IN_PROGRESS');
    const present = ['amount', 'currency', 'vaultInitiatedCheckoutPaymentMethodToken'].filter((k) => options[k] != null && options[k] !== '');
    const missing = rules.vaultInitiatedMissing(present.join(','));
    if (missing) throw error('PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED', undefined, missing);
    const gw = this._client.getConfiguration().gatewayConfiguration;
    const popup = window.open('', 'braintree_paypal_vic_' + uuid().slice(0, 8), 'popup=yes,width=450,height=535');
    if (!popup) throw error('PAYPAL_START_VAULT_INITIATED_CHECKOUT_POPUP_OPEN_FAILED');
    popup.location.href = gw.assetsUrl.replace(/\/$/, '') + '/web/' + VERSION + '/html/redirect-frame.html';
    const win = { win: popup, isClosed: () => popup.closed, close: () => popup.close(), focus: () => popup.focus(), navigate: (u) => { popup.location.href = u; } };
    this._vicInProgress = true;
    const backdrop = options.optOutOfModalBackdrop ? null : makeBackdrop(() => popup.focus());
    const flowOptions = Object.assign({ merchantAccountId: this._merchantAccountId }, options, { flow: 'checkout' });
    return runFlow(this._client, win, flowOptions, {
      closed: 'PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED',
      fail: () => 'PAYPAL_START_VAULT_INITIATED_CHECKOUT_SETUP_FAILED'
    }).finally(() => {
      this._vicInProgress = false;
      if (backdrop) backdrop.remove();
    });
  }

  /** Loads the PayPal JS SDK with client-id, components, intent, currency (and vault). */
  loadPayPalSDK(options, callback) {
    if (typeof options === 'function') { callback = options; options = {}; }
    return wrap(attempt(async () => {
      options = options || {};
      const config = this._client.getConfiguration();
      const gw = config.gatewayConfiguration;
      const base = config.sandboxUrl && gw.paypal && gw.paypal.sdkUrl ? gw.paypal.sdkUrl : PAYPAL_SDK_URL;
      if (!rules.isAllowedUrl(base, config.sandboxUrl || '')) throw error('PAYPAL_SDK_SCRIPT_LOAD_FAILED');
      const query = rules.sdkQuery(options['client-id'] || (gw.paypal && gw.paypal.clientId) || '', options.components || '',
        Boolean(options.vault), options.intent || '', options.currency || '');
      try {
        await loadScript(base + '?' + query, options.dataAttributes ? prefixData(options.dataAttributes) : undefined);
      } catch (_) {
        throw error('PAYPAL_SDK_SCRIPT_LOAD_FAILED');
      }
      return this;
    }), callback);
  }

  teardown(callback) {
    convertMethodsToError(this, METHODS);
    return wrap(Promise.resolve(), callback);
  }
}

function currenciesMatch(currency, shippingOptions) {
  const list = shippingOptions.map((o) => (o && o.amount && o.amount.currency) || '').join(',');
  return rules.shippingCurrenciesMatch(String(currency || ''), list);
}

function prefixData(attrs) {
  const out = {};
  for (const k in attrs) out['data-' + k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())] = attrs[k];
  return out;
}

/** The dark backdrop (opacity 0.7) behind the vault-initiated checkout popup. */
function makeBackdrop(onClick) {
  const el = document.createElement('div');
  el.setAttribute('data-braintree-paypal-backdrop', '');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', 'Return to the PayPal window');
  Object.assign(el.style, { position: 'fixed', inset: '0', background: '#000', opacity: '0.7', zIndex: '2147483000', cursor: 'pointer' });
  el.addEventListener('click', onClick);
  document.body.appendChild(el);
  return el;
}
