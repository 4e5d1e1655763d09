// venmo: pay with Venmo. On mobile the page switches to the Venmo app and
// learns the outcome from the hash the app returns with (or by polling the
// payment context when it cannot return: in a frame, or with
// requireManualReturn); on desktop a full-screen QR code the customer scans
// (polling the context), or web login in a 400x570 popup. The decisions are
// the Rust rules'; this module is the DOM, timers and requests.
import { load, rules } from './wasm.js';
import { error, register } from './errors.js';
import venmoErrors from '../../src/errors/venmo.txt';
import { VERSION, wrap, attempt, convertMethodsToError, checkClient, assetUrl, uuid } from './lib.js';
import { create as createClient } from './client.js';
import { openWindow, runFlow, withQuery } from './frame-service.js';
import {
  VENMO_MOBILE_POLL, VENMO_EXPIRY, VENMO_DESKTOP_POLL, VENMO_COMPLETION_DELAY, VENMO_MAX_RETRIES,
  VENMO_VISIBILITY_DELAY, VENMO_RESULTS_DELAY, VENMO_POPUP_WIDTH, VENMO_POPUP_HEIGHT
} from './constants.json';

register(venmoErrors);

export { VERSION };

const inIframe = () => window.parent !== window;
const touch = () => 'ontouchend' in document;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const notString = (v) => Boolean(v) && typeof v !== 'string';

/**
 * Whether this browser can pay with Venmo (section 5). It needs the rules
 * module: call it once the client (or any component) is created; before,
 * it starts loading them and answers false.
 */
export function isBrowserSupported(options) {
  const o = options || {};
  try {
    return rules.venmoSupported(navigator.userAgent, touch(), inIframe(), o.allowNewBrowserTab !== false,
      o.allowWebviews !== false, (o.allowDesktopWebLogin || o.allowDesktop) === true);
  } catch (e) {
    load().catch(() => {});
    return false;
  }
}

export function create(options, callback) {
  return wrap(attempt(() => build(options || {})), callback);
}

async function build(options) {
  await load();
  const bad = checkClient(options, 'Venmo');
  if (bad) throw bad;
  const code = rules.venmoOptionError(notString(options.profileId), notString(options.deepLinkReturnUrl));
  if (code) throw error(code);
  const client = await (options.client || createClient({ authorization: options.authorization, sandboxUrl: options.sandboxUrl }));
  if (!client.getConfiguration().gatewayConfiguration.payWithVenmo) throw error('VENMO_NOT_ENABLED');
  const instance = venmo(client, options);
  await instance._ready;
  delete instance._ready;
  return instance;
}

// The GraphQL operations: `Q` is "QRCode" for the legacy (no
// paymentMethodUsage) payment context, "" for the current one.
const ADDRESS = '{ fullName addressLine1 addressLine2 adminArea1 adminArea2 postalCode countryCode }';
const createQuery = (Q) => `mutation CreateVenmo${Q}PaymentContext($input: CreateVenmo${Q}PaymentContextInput!) { createVenmo${Q}PaymentContext(input: $input) { clientMutationId venmo${Q}PaymentContext { id merchantId createdAt expiresAt } } }`;
const updateQuery = (Q) => {
  const name = Q ? 'VenmoQRCodePaymentContext' : 'VenmoPaymentContextStatus';
  return `mutation Update${name}($input: Update${name}Input!) { update${name}(input: $input) { clientMutationId } }`;
};
const statusQuery = (Q) => `query PaymentContext($id: ID!) { node(id: $id) { ... on Venmo${Q}PaymentContext { status paymentMethodId userName${Q ? '' : ` payerInfo { firstName lastName phoneNumber email externalId userName billingAddress ${ADDRESS} shippingAddress ${ADDRESS} }`} } } }`;

/** The hash's key/value pairs: keys stripped of non-word characters and camel-cased, values decoded. */
function hashParams(hash) {
  const p = {};
  for (const pair of (hash || location.hash.slice(1)).split('&')) {
    const [k, v] = pair.split('=');
    const key = decodeURIComponent(k).replace(/\W/g, '').replace(/_(.)/g, (m, c) => c.toUpperCase());
    p[key] = decodeURIComponent(v);
  }
  if (p.resourceId) p.id = p.resourceId;
  return p;
}

function payload(p) {
  const out = { nonce: p.paymentMethodNonce, type: 'VenmoAccount', details: { username: rules.venmoUsername(p.username || ''), paymentContextId: p.id } };
  if (p.payerInfo) {
    out.details.payerInfo = p.payerInfo;
    p.payerInfo.userName = rules.venmoUsername(p.payerInfo.userName || '');
  }
  return out;
}

function venmo(client, o) {
  const config = client.getConfiguration();
  const gw = config.gatewayConfiguration;
  const usage = (o.paymentMethodUsage || '').toUpperCase();
  const Q = usage ? '' : 'QRCode';
  const ua = navigator.userAgent;
  let mode = rules.venmoMode(ua, touch(), o.allowDesktop === true, o.allowDesktopWebLogin === true, inIframe(),
    o.requireManualReturn === true, !usage, Boolean(o.deepLinkReturnUrl));
  const flow = () => mode & 3;
  // The payment context: its id and last status seen, the refresh timer.
  let ctxId, status, refresh;
  // The tokenization in progress: its settle functions, the window the app
  // switch opened, when manual-return polling gives up.
  let busy = false, pending = null, venmoWin = null, expiresAt;
  let onHash, onVisible;
  let desktop = null;

  const gql = (query, variables) => client.request({ api: 'graphQLApi', data: { query, variables } }).then((r) => r.data);
  const nodePayload = (n) => ({ paymentMethodNonce: n.paymentMethodId, username: n.userName, payerInfo: n.payerInfo, id: ctxId });
  const deferred = () => {
    let settle;
    const promise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    promise.catch(() => {});
    return Object.assign(promise, settle);
  };

  /** Creates the payment context (manual return, and the paymentMethodUsage flow) and schedules its refresh. */
  async function newContext(onlyIfIdle) {
    if (!(mode & 4)) return;
    let ctx;
    if (!usage) {
      ctx = (await gql(createQuery(Q), { input: { environment: gw.environment.toUpperCase(), intent: 'PAY_FROM_APP' } }))
        .createVenmoQRCodePaymentContext.venmoQRCodePaymentContext;
    } else {
      const code = rules.venmoContextError(Boolean(o.collectCustomerBillingAddress || o.collectCustomerShippingAddress),
        Boolean(gw.payWithVenmo.enrichedCustomerDataEnabled));
      if (code) throw error(code);
      if (o.lineItems) o.lineItems.forEach((item) => { item.unitTaxAmount = item.unitTaxAmount || '0'; });
      const details = { subTotalAmount: o.subTotalAmount, discountAmount: o.discountAmount, taxAmount: o.taxAmount,
        shippingAmount: o.shippingAmount, totalAmount: o.totalAmount, lineItems: o.lineItems };
      ctx = (await gql(createQuery(''), { input: {
        paymentMethodUsage: usage, intent: 'CONTINUE', customerClient: flow() === 2 ? 'NATIVE_WEB' : 'MOBILE_WEB',
        isFinalAmount: o.isFinalAmount || false, displayName: o.displayName,
        paysheetDetails: {
          collectCustomerBillingAddress: o.collectCustomerBillingAddress || false,
          collectCustomerShippingAddress: o.collectCustomerShippingAddress || false,
          transactionDetails: Object.values(details).some((v) => v !== undefined) ? details : undefined
        }
      } })).createVenmoPaymentContext.venmoPaymentContext;
    }
    clearTimeout(refresh);
    const lifetime = Math.max(0, Math.min(Date.parse(ctx.expiresAt) - Date.parse(ctx.createdAt), 4e9)) || 0;
    refresh = setTimeout(() => { if (!busy) newContext(true).catch(() => {}); }, rules.venmoRefreshDelay(lifetime));
    if (onlyIfIdle && busy) return;
    status = ctx.status;
    ctxId = ctx.id;
  }

  const queryStatus = () => gql(statusQuery(Q), { id: ctxId }).then((d) => d.node);
  const cancelContext = () => (ctxId ? gql(updateQuery(Q), { input: { id: ctxId, status: 'CANCELED' } }) : Promise.resolve());

  /** Mobile polling (manual return, and the paymentMethodUsage return). */
  async function poll() {
    if (!ctxId) throw error('VENMO_MOBILE_POLLING_TOKENIZATION_NO_CONTEXT_ID');
    if (Date.now() > expiresAt) throw error('VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT');
    if (venmoWin && venmoWin.closed && status === 'CREATED') {
      cancelContext().catch(() => {});
      throw error('VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED');
    }
    let node;
    try {
      node = await queryStatus();
    } catch (e) {
      throw error('VENMO_MOBILE_POLLING_TOKENIZATION_NETWORK_ERROR', { originalError: e });
    }
    if (node.status !== status) {
      status = node.status;
      const outcome = rules.venmoStatus(0, status);
      if (outcome === 'APPROVED') return node;
      if (outcome) throw error(outcome);
    }
    await sleep(VENMO_MOBILE_POLL);
    return poll();
  }

  /** The web-login status check: up to three lookups for a new status. */
  async function checkStatus(tries) {
    let node;
    try {
      node = await queryStatus();
    } catch (e) {
      throw error('VENMO_NETWORK_ERROR', e);
    }
    if (node.status !== status) {
      status = node.status;
      const outcome = rules.venmoStatus(1, status);
      if (outcome === 'APPROVED') return node;
      if (outcome) throw error(outcome);
    }
    if (tries < VENMO_MAX_RETRIES) return checkStatus(tries + 1);
    throw error('VENMO_TOKENIZATION_FAILED');
  }

  function hasResult(hash) {
    const p = hashParams(hash);
    const resource = new URLSearchParams(location.search).get('resource_id');
    if (resource) ctxId = resource;
    else if (p.id) ctxId = p.id;
    return (p.venmoSuccess || p.venmoError || p.venmoCancel) !== undefined;
  }

  /** The Venmo URL the app switch (or the web-login popup) opens. */
  function venmoUrl(returnPage) {
    const vc = gw.payWithVenmo;
    const meta = config.analyticsMetadata || {};
    let token = vc.accessToken;
    let current = (o.deepLinkReturnUrl || location.href.replace(location.hash, '')).replace(/#*$/, '');
    const p = {};
    if (ctxId) {
      if (usage) p.resource_id = ctxId;
      else token += '|pcid:' + ctxId;
    }
    for (const [key, marker] of [['x-success', 'Success'], ['x-cancel', 'Cancel'], ['x-error', 'Error']]) {
      p[key] = returnPage || mode & 8 ? (returnPage || current) + '#venmo' + marker + '=1' : 'NOOP';
    }
    p.allowAndroidRecreation = o.allowAndroidRecreation === false ? 0 : 1;
    p.ua = ua;
    p.braintree_merchant_id = o.profileId || vc.merchantId;
    p.braintree_access_token = token;
    p.braintree_environment = vc.environment;
    p.braintree_sdk_data = btoa(JSON.stringify({ _meta: { version: VERSION, integration: 'custom', platform: 'web', sessionId: meta.sessionId } }));
    return withQuery(rules.venmoUrl(flow() === 2, o.mobileWebFallBack === true, config.sandboxUrl || ''), p);
  }

  function appSwitch(url) {
    const bridge = window.popupBridge && typeof window.popupBridge.open === 'function';
    const installed = Boolean(window.popupBridge && ((window.parent.popupBridge || {}).isVenmoInstalled || window.popupBridge.isVenmoInstalled));
    const how = rules.venmoAppSwitch(ua, touch(), navigator.platform || '', Boolean(o.deepLinkReturnUrl), o.mobileWebFallBack === true,
      o.useRedirectForIOS === true, inIframe(), Boolean(bridge), installed);
    if (how === 3) window.popupBridge.open(url);
    else if (how === 2) window.top.location.href = url;
    else if (how === 1) location.href = url;
    else venmoWin = window.open(url);
  }

  function clearHash() {
    if (!o.ignoreHistoryChanges && location.hash) history.pushState({}, '', location.href.slice(0, location.href.indexOf('#')));
  }

  /** A return from the app: the context's status (paymentMethodUsage), else the hash markers. */
  function processResults(hash) {
    const p = hashParams(hash);
    let result;
    if (usage) {
      result = poll().then(nodePayload, (e) => {
        if (e.code === 'VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED') throw e;
        return p;
      });
    } else {
      const code = rules.venmoReturn(Boolean(p.venmoSuccess), Boolean(p.venmoError), Boolean(p.venmoCancel));
      result = code === 'VENMO_APP_FAILED' ? Promise.reject(error(code, { originalError: { message: p.errorMessage, code: p.errorCode } }))
        : code ? Promise.reject(error(code)) : Promise.resolve(p);
    }
    clearHash();
    return result;
  }

  function removeListeners() {
    window.removeEventListener('hashchange', onHash);
    document.removeEventListener('visibilitychange', onVisible);
  }

  /** The app switch returning to this page: by hash change, or noticed when the page is visible again. */
  function hashFlow(options) {
    if (hasResult()) return processResults();
    const previousHash = location.hash;
    const result = deferred();
    pending = result;
    let processing = false, timer;
    const complete = (hash) => {
      processResults(hash).then((v) => [null, v], (e) => [e]).then(([e, v]) => {
        if (!o.ignoreHistoryChanges && location.hash !== previousHash) location.hash = previousHash;
        removeListeners();
        if (e) result.reject(e); else result.resolve(v);
      });
    };
    onHash = (event) => {
      const hash = event.newURL.split('#')[1];
      if (!hasResult(hash)) return;
      processing = true;
      clearTimeout(timer);
      complete(hash);
    };
    onVisible = () => {
      if (document.hidden) return;
      if (venmoWin && !venmoWin.closed) venmoWin.close();
      if (!processing) timer = setTimeout(complete, options.processResultsDelay || VENMO_RESULTS_DELAY);
    };
    window.addEventListener('hashchange', onHash);
    appSwitch(venmoUrl());
    setTimeout(() => document.addEventListener('visibilitychange', onVisible), VENMO_VISIBILITY_DELAY);
    return result;
  }

  /** Manual return: poll the context until the customer approves in the app, for at most five minutes. */
  function manualFlow() {
    expiresAt = Date.now() + VENMO_EXPIRY;
    const result = deferred();
    pending = result;
    poll().then((n) => result.resolve(nodePayload(n)), (e) => result.reject(e));
    appSwitch(venmoUrl());
    return result;
  }

  /** Desktop web login: a popup over a backdrop offering to continue (refocus) or cancel. */
  function webLoginFlow() {
    const result = deferred();
    pending = result;
    const win = openWindow(gw.assetsUrl, { width: VENMO_POPUP_WIDTH, height: VENMO_POPUP_HEIGHT, title: 'Venmo', onFrameClose: () => win.onFrameClose && win.onFrameClose() });
    if (!win) return Promise.reject(error('FRAME_SERVICE_FRAME_OPEN_FAILED'));
    const hide = showBackdrop(o.styleCspNonce, () => win.focus(), () => { win.close(); instance.cancelTokenization().catch(() => {}); hide(); });
    runFlow(gw.assetsUrl, win, {
      landing: 'venmo-landing-frame',
      closed: 'FRAME_SERVICE_FRAME_CLOSED',
      start: (urls) => Promise.resolve(venmoUrl(urls.returnUrl)),
      // The popup may close before it could mark a cancel: a context still
      // CREATED was canceled by the customer.
      tokenize: () => checkStatus(1).catch((e) => queryStatus().then((n) => {
        throw n.status === 'CREATED' ? error('VENMO_CUSTOMER_CANCELED') : e;
      }, () => { throw e; }))
    }).then((n) => result.resolve(nodePayload(n)), (e) => result.reject(e)).finally(hide);
    return result;
  }

  function qrFlow() {
    const result = deferred();
    pending = result;
    desktop.launch().then((p) => { desktop.hide(); result.resolve(p); }, (e) => {
      desktop.hide();
      result.reject(e && e.reason === 'CUSTOMER_CANCELED' ? error('VENMO_DESKTOP_CANCELED')
        : error('VENMO_DESKTOP_UNKNOWN_ERROR', { originalError: e }));
    });
    return result;
  }

  const instance = {
    isBrowserSupported: () => isBrowserSupported(o),
    hasTokenizationResult: () => hasResult(),
    tokenize(options, callback) {
      if (typeof options === 'function') { callback = options; options = {}; }
      return wrap(attempt(() => {
        if (busy) throw error('VENMO_TOKENIZATION_REQUEST_ACTIVE');
        busy = true;
        const f = flow();
        const run = attempt(() => (f === 1 ? qrFlow() : f === 2 ? webLoginFlow() : f === 3 ? manualFlow() : hashFlow(options || {})));
        // Each tokenization uses its context up: the next one gets a new one.
        const done = () => { busy = false; venmoWin = null; pending = null; };
        return run.then((p) => newContext().then(() => { done(); return payload(p); }),
          (e) => newContext().then(() => { done(); throw e; }));
      }), callback);
    },
    cancelTokenization(callback) {
      return wrap(attempt(() => {
        if (!busy) throw error('VENMO_TOKENIZATION_REQUEST_NOT_ACTIVE');
        removeListeners();
        if (pending) pending.reject(error('VENMO_TOKENIZATION_CANCELED_BY_MERCHANT'));
        return Promise.all([cancelContext(), desktop && desktop.update('CANCELED')]).then(() => undefined);
      }), callback);
    },
    teardown(callback) {
      removeListeners();
      if (desktop) desktop.teardown();
      clearTimeout(refresh);
      cancelContext().catch(() => {});
      convertMethodsToError(instance, ['isBrowserSupported', 'hasTokenizationResult', 'tokenize', 'cancelTokenization', 'teardown']);
      return wrap(Promise.resolve(), callback);
    }
  };

  client._sendEvent('venmo.initialized');
  if (hasResult()) {
    instance._ready = Promise.resolve();
  } else if (flow() === 1) {
    desktop = qrDesktop(gw, o, usage, gql);
    instance._ready = desktop.ready.catch(() => {
      // No QR code: the page falls back to the mobile flows.
      desktop = null;
      mode = rules.venmoMode(ua, touch(), false, false, inIframe(), o.requireManualReturn === true, !usage, Boolean(o.deepLinkReturnUrl));
    });
  } else {
    instance._ready = newContext().catch((e) => {
      const first = e.details && Array.isArray(e.details.originalError) && e.details.originalError[0];
      const validation = first && first.extensions && first.extensions.errorClass === 'VALIDATION' && first.extensions.errorType === 'user_error';
      throw error('VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED', { originalError: e }, undefined, validation ? first.message : undefined);
    });
  }
  return instance;
}

/**
 * The web-login backdrop (section 2 texts). Returns the function hiding it.
 */
function showBackdrop(nonce, onContinue, onCancel) {
  let el = document.getElementById('venmo-desktop-web-backdrop');
  if (!el) {
    el = document.createElement('div');
    el.id = 'venmo-desktop-web-backdrop';
    el.style.cssText = 'position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.8);color:#fff;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;font:16px Helvetica,Arial,sans-serif';
    el.innerHTML = '<div id="venmo-message" style="font-size:24px">What would you like to do?</div>' +
      '<div id="venmo-instructions" style="max-width:400px;margin:16px">Tap cancel payment to cancel and return to the business. Continue payment will relaunch the payment window.</div>' +
      '<button id="venmo-popup-continue-button" type="button" style="width:400px;height:50px;border:0;border-radius:24px;background:#0074de;color:#fff;font-weight:700">Continue payment</button>' +
      '<button id="venmo-popup-cancel-button" type="button" style="margin-top:28px;border:0;background:none;color:#fff;font-weight:700">Cancel payment</button>';
    if (nonce) el.setAttribute('nonce', nonce);
    document.body.appendChild(el);
  }
  el.hidden = false;
  el.style.display = 'flex';
  const [cont, cancel] = el.querySelectorAll('button');
  cont.onclick = onContinue;
  cancel.onclick = onCancel;
  return () => { el.style.display = 'none'; el.hidden = true; };
}

/**
 * The desktop QR code: a hidden full-screen frame on the assets host that
 * shows the code and the status views, an alert region for screen readers,
 * and the desktop payment context polled each second.
 */
function qrDesktop(gw, o, usage, gql) {
  const id = uuid();
  const Q = usage ? '' : 'QRCode';
  const env = gw.environment === 'production' ? 'PRODUCTION' : 'SANDBOX';
  const origin = new URL(gw.assetsUrl).origin;
  const profileId = o.profileId || gw.payWithVenmo.merchantId;
  const frame = document.createElement('iframe');
  frame.name = 'venmo-desktop-iframe';
  frame.title = 'Venmo Desktop';
  frame.src = assetUrl(gw.assetsUrl, 'venmo-desktop-frame') + '?origin=' + encodeURIComponent(location.origin) + '#' + env + '_' + id;
  frame.style.cssText = 'display:none;position:fixed;inset:0;width:100%;height:100%;border:0;z-index:9999999';
  const alertBox = document.createElement('div');
  alertBox.setAttribute('data-venmo-desktop-id', id);
  alertBox.setAttribute('role', 'alert');
  alertBox.style.cssText = 'position:fixed;display:none;height:1px;width:1px;overflow:hidden;z-index:0';
  let hidden = true, ctxId, done, fail, onReady;
  const setAlert = (text) => { alertBox.style.display = text ? 'block' : 'none'; alertBox.textContent = text; };
  const post = (event, data) => frame.contentWindow && frame.contentWindow.postMessage({ venmoDesktop: id, event, data }, origin);
  // A view of the QR frame, announced in the alert region.
  const view = (event, step, data) => {
    if (hidden) return;
    const text = rules.venmoAlert(step);
    post(event, Object.assign({ text }, data));
    setAlert(text);
  };
  const update = (s) => (ctxId ? gql(updateQuery(Q), { input: { id: ctxId, status: s } }).then(() => undefined) : Promise.resolve());
  const lookup = () => (ctxId ? gql(statusQuery(Q), { id: ctxId }).then((d) => d.node) : Promise.resolve());

  async function pollStatus(status, expires) {
    if (!ctxId) return null;
    if (Date.now() > expires) {
      await update('EXPIRED');
      view('error', 'ERROR');
      throw { ui: true, reason: 'TIMEOUT' };
    }
    const node = await lookup();
    if (!ctxId || !node) return null;
    if (node.status !== status) {
      status = node.status;
      const outcome = rules.venmoStatus(2, status);
      if (outcome === 'APPROVED') { view('authorized', status); return node; }
      if (outcome) { view('error', status); throw { ui: true, reason: status }; }
      if (status === 'SCANNED') view('authorizing', status);
    }
    await sleep(VENMO_DESKTOP_POLL);
    return pollStatus(status, expires);
  }

  async function start() {
    try {
      const input = usage ? { intent: 'PAY_FROM_APP', paymentMethodUsage: usage, customerClient: 'DESKTOP' } : { environment: env, intent: 'PAY_FROM_APP' };
      if (usage && o.profileId) input.merchantProfileId = o.profileId;
      if (usage && o.displayName) input.displayName = o.displayName;
      const data = await gql(createQuery(Q), { input });
      const ctx = data['createVenmo' + Q + 'PaymentContext']['venmo' + Q + 'PaymentContext'];
      ctxId = ctx.id;
      const expires = Date.now() + (Date.parse(ctx.expiresAt) - Date.parse(ctx.createdAt));
      view('qr', 'QR', { id: ctx.id, merchantId: profileId || ctx.merchantId });
      const node = await pollStatus(ctx.status, expires);
      if (!node || hidden) return;
      const result = { paymentMethodNonce: node.paymentMethodId, username: rules.venmoUsername(node.userName || ''), payerInfo: node.payerInfo, id: ctxId || '' };
      setTimeout(() => { if (done) done(result); }, VENMO_COMPLETION_DELAY);
    } catch (e) {
      if (!e.ui && fail) fail(e);
    }
  }

  const onMessage = (event) => {
    const d = event.data;
    if (event.origin !== origin || event.source !== frame.contentWindow || !d || d.venmoDesktop !== id) return;
    if (d.event === 'ready' && onReady) onReady();
    else if (d.event === 'new-qr') start();
    else if (d.event === 'canceled' && fail) { update('CANCELED').catch(() => {}); fail({ reason: 'CUSTOMER_CANCELED' }); }
    else if (d.event === 'error' && fail) fail({ reason: 'UNKNOWN_ERROR', err: d.data });
  };
  window.addEventListener('message', onMessage);
  const ready = new Promise((resolve) => { onReady = resolve; });
  document.body.append(frame, alertBox);

  return {
    ready,
    update,
    launch() {
      hidden = false;
      const result = new Promise((resolve, reject) => { done = resolve; fail = reject; });
      frame.style.display = 'block';
      setAlert(rules.venmoAlert('GENERATING'));
      frame.focus();
      start();
      return result.finally(() => { ctxId = null; done = fail = null; });
    },
    hide() {
      setAlert('');
      frame.style.display = 'none';
      post('closed');
      hidden = true;
    },
    teardown() {
      window.removeEventListener('message', onMessage);
      frame.remove();
      alertBox.remove();
    }
  };
}
