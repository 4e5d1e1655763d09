// venmo: pay with Venmo. On mobile the page switches to the Venmo app and
// learns the outcome from the hash the app returns with (or by polling the
// payment context when it cannot be returned to: in a frame, or with
// requireManualReturn); on desktop a full-screen QR code the customer scans
// (polling the context), or web login in a 400x570 popup. The decisions are
// the Rust rules' (venmoSetup and friends, in the alternative payment
// methods' module), but for browser support, which must answer before any
// module loads (`supports`); this module is that, the DOM, timers and requests.
import { load } from "./wasm.js";
import { load as loadRules, rules } from "./apm-wasm.js";
import { error, register } from "./errors.js";
import venmoErrors from "../../src/errors/venmo.txt";
import { VERSION, wrap, attempt, convertMethodsToError, checkClient, assetUrl, uuid } from "./lib.js";
import { create as createClient } from "./client.js";
import { openWindow, runFlow, withQuery } from "./frame-service.js";
import {
  VENMO_MOBILE_POLL,
  VENMO_EXPIRY,
  VENMO_DESKTOP_POLL,
  VENMO_COMPLETION_DELAY,
  VENMO_MAX_RETRIES,
  VENMO_VISIBILITY_DELAY,
  VENMO_RESULTS_DELAY,
  VENMO_POPUP_WIDTH,
  VENMO_POPUP_HEIGHT,
  VENMO_FRAME_GRACE,
  VENMO_FRAME_TIMEOUT,
} from "./constants.json";

register(venmoErrors);

export { VERSION };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const at = (name) => "@" + (name || "").replace("@", "");

/**
 * What the reference's browser detection finds in a user agent (`touch`:
 * the document has touch events, as an iPad asking for the desktop site
 * does). Read here, not in the rules' wasm, because isBrowserSupported must
 * answer synchronously (`supports`); the flow rules get it as bits (`setup`).
 */
function browser(ua, touch) {
  const has = (re) => re.test(ua);
  const android = has(/Android/i);
  const ios = has(/iPhone|iPod|iPad/i) || (touch && has(/Mac|iPad/i));
  const samsung = has(/SamsungBrowser/i);
  return {
    android,
    ios,
    samsung,
    chrome: has(/Chrome|CriOS/) && !samsung && !has(/Edge?\/|DuckDuckGo\/|OPR\/|Opera\/|OPT\/|Silk\//),
    iosSafari: ios && has(/webkit/i) && !has(/CriOS|FBAN/) && !has(/FxiOS/i),
    iosWebview: ios && (has(/\bGSA\b/) || has(/.+AppleWebKit(?!.*Safari)/i)),
    androidWebview: android && has(/wv/i),
    facebookAndroid: (has(/huawei/i) && has(/fban/i)) || (android && has(/fb_iab|instagram/i)),
  };
}

const thisBrowser = () => browser(navigator.userAgent, "ontouchend" in document);

/**
 * The rules' view of the page (sdk/src/venmo.rs `setup`): the flow (bits 0-1;
 * 1 QR code, 2 web login, 3 manual return, 0 app switch with hash return),
 * 4 a context is created up front, 8 return URLs and the app-switch launch
 * (bits 4-5). The browser and the options go over as `opt` bits.
 */
function setup(o, usage) {
  const bridge = window.popupBridge;
  const b = thisBrowser();
  const bits = [
    b.android,
    window.parent !== window,
    b.ios,
    b.chrome,
    o.allowDesktop === true,
    o.allowDesktopWebLogin === true,
    o.requireManualReturn === true,
    !usage,
    Boolean(o.deepLinkReturnUrl),
    o.mobileWebFallBack === true,
    o.useRedirectForIOS === true,
    Boolean(bridge && typeof bridge.open === "function"),
    Boolean(bridge && ((window.parent.popupBridge || {}).isVenmoInstalled || bridge.isVenmoInstalled)),
    b.iosSafari,
    b.iosWebview,
  ].reduce((all, on, i) => all | (on ? 1 << i : 0), 0);
  return rules.venmoSetup(navigator.platform || "", bits);
}

/**
 * Whether a browser `b` can pay with Venmo (spec section 5; the reference's
 * supports-venmo), in a frame or not, with options `o`. The one Venmo rule in
 * JS, not in the rules' wasm: pages call isBrowserSupported as they load to
 * decide whether to show the button, and it must answer then and there,
 * while a wasm module only ever loads asynchronously. A pure function.
 */
function supports(b, framed, o) {
  const given = (name) => (Object.prototype.hasOwnProperty.call(o, name) ? o[name] : true);
  const newTab = given("allowNewBrowserTab");
  if (((!newTab || framed) && b.ios && b.chrome) || b.facebookAndroid || b.samsung) return false;
  if (!given("allowWebviews") && (b.androidWebview || b.iosWebview)) return false;
  if (!b.android && !b.ios) return (o.allowDesktopWebLogin || o.allowDesktop) === true;
  return Boolean(newTab || b.iosSafari || (b.android && b.chrome));
}

/** `supports` for this page. */
const supported = (options) => supports(thisBrowser(), window.self !== window.top, options);

/** Whether this browser can pay with Venmo (section 5): answered at once, no module needed. */
export function isBrowserSupported(options) {
  return supported(options || {});
}

export function create(options, callback) {
  return wrap(
    attempt(() => build(options || {})),
    callback,
  );
}

async function build(o) {
  await Promise.all([load(), loadRules()]);
  const bad = checkClient(o, "Venmo");
  if (bad) throw bad;
  const notString = (v) => (v && typeof v !== "string" ? 1 : 0);
  const code = rules.venmoCheck(0, notString(o.profileId) | (notString(o.deepLinkReturnUrl) << 1));
  if (code) throw error(code);
  const client = await (o.client || createClient({ authorization: o.authorization, sandboxUrl: o.sandboxUrl }));
  if (!client.getConfiguration().gatewayConfiguration.payWithVenmo) throw error("VENMO_NOT_ENABLED");
  const instance = venmo(client, o);
  // Never rejects: a set-up failure is the first tokenize's (venmo()).
  await instance._ready;
  delete instance._ready;
  return instance;
}

// The GraphQL operations: `Q` is "QRCode" for the legacy (no
// paymentMethodUsage) payment context, "" for the current one.
const ADDRESS = "{ fullName addressLine1 addressLine2 adminArea1 adminArea2 postalCode countryCode }";
const createQuery = (Q) =>
  `mutation CreateVenmo${Q}PaymentContext($input: CreateVenmo${Q}PaymentContextInput!) { createVenmo${Q}PaymentContext(input: $input) { clientMutationId venmo${Q}PaymentContext { id merchantId createdAt expiresAt } } }`;
const updateQuery = (Q) => {
  const name = Q ? "VenmoQRCodePaymentContext" : "VenmoPaymentContextStatus";
  return `mutation Update${name}($input: Update${name}Input!) { update${name}(input: $input) { clientMutationId } }`;
};
const statusQuery = (Q) =>
  `query PaymentContext($id: ID!) { node(id: $id) { ... on Venmo${Q}PaymentContext { status paymentMethodId userName${Q ? "" : ` payerInfo { firstName lastName phoneNumber email externalId userName billingAddress ${ADDRESS} shippingAddress ${ADDRESS} }`} } } }`;

/** The payment context calls, over the client's GraphQL request `gql`. */
const contexts = (gql, Q) => ({
  create: (input) => gql(createQuery(Q), { input }).then((d) => d["createVenmo" + Q + "PaymentContext"]["venmo" + Q + "PaymentContext"]),
  status: (id) => gql(statusQuery(Q), { id }).then((d) => d.node),
  update: (id, status) => (id ? gql(updateQuery(Q), { input: { id, status } }) : Promise.resolve()),
});

/** The hash's key/value pairs: keys stripped of non-word characters and camel-cased, values decoded. */
function hashParams(hash) {
  const p = {};
  for (const pair of (hash || location.hash.slice(1)).split("&")) {
    const [k, v] = pair.split("=");
    p[
      decodeURIComponent(k)
        .replace(/\W/g, "")
        .replace(/_(.)/g, (m, c) => c.toUpperCase())
    ] = decodeURIComponent(v);
  }
  if (p.resourceId) p.id = p.resourceId;
  return p;
}

/** A promise with its resolve and reject (the flows settle it; cancelTokenization rejects it first). */
function deferred() {
  let settle;
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  promise.catch(() => {});
  return Object.assign(promise, settle);
}

function venmo(client, o) {
  const config = client.getConfiguration();
  const gw = config.gatewayConfiguration;
  const vc = gw.payWithVenmo;
  const usage = (o.paymentMethodUsage || "").toUpperCase();
  const Q = usage ? "" : "QRCode";
  let mode = setup(o, usage);
  const flow = () => mode & 3;
  // The payment context: its id and last status seen, the refresh timer.
  let ctxId, status, refresh;
  // The tokenization in progress, the window the app switch opened, when
  // manual-return polling gives up.
  let busy = false,
    pending,
    venmoWin,
    expiresAt;
  let onHash, onVisible;
  let desktop;
  // Why no payment can start, found while creating: as the reference, create
  // still resolves (a page builds its Venmo button as it loads and handles
  // the error where it handles every other, on tokenize), and each tokenize
  // rejects with it.
  let setupError = null;

  const gql = (query, variables) => client.request({ api: "graphQLApi", data: { query, variables } }).then((r) => r.data);
  const api = contexts(gql, Q);
  const queryStatus = () => api.status(ctxId);
  const cancelContext = () => api.update(ctxId, "CANCELED");
  const nodePayload = (n) => ({ paymentMethodNonce: n.paymentMethodId, username: n.userName, payerInfo: n.payerInfo, id: ctxId });
  // Collecting addresses needs Enriched Customer Data (section 5): the error code, or "".
  const ecdCheck = () =>
    rules.venmoCheck(1, (o.collectCustomerBillingAddress || o.collectCustomerShippingAddress ? 1 : 0) | (vc.enrichedCustomerDataEnabled ? 2 : 0));

  /** Creates the payment context (manual return, and the paymentMethodUsage flow) and schedules its refresh. */
  async function newContext(onlyIfIdle) {
    if (!(mode & 4)) return;
    let ctx;
    if (!usage) {
      ctx = await api.create({ environment: gw.environment.toUpperCase(), intent: "PAY_FROM_APP" });
    } else {
      const billing = o.collectCustomerBillingAddress || false;
      const shipping = o.collectCustomerShippingAddress || false;
      const code = ecdCheck();
      if (code) throw error(code);
      if (o.lineItems)
        o.lineItems.forEach((item) => {
          item.unitTaxAmount = item.unitTaxAmount || "0";
        });
      const details = {
        subTotalAmount: o.subTotalAmount,
        discountAmount: o.discountAmount,
        taxAmount: o.taxAmount,
        shippingAmount: o.shippingAmount,
        totalAmount: o.totalAmount,
        lineItems: o.lineItems,
      };
      ctx = await api.create({
        paymentMethodUsage: usage,
        intent: "CONTINUE",
        customerClient: flow() === 2 ? "NATIVE_WEB" : "MOBILE_WEB",
        isFinalAmount: o.isFinalAmount || false,
        displayName: o.displayName,
        paysheetDetails: {
          collectCustomerBillingAddress: billing,
          collectCustomerShippingAddress: shipping,
          transactionDetails: Object.values(details).some((v) => v !== undefined) ? details : undefined,
        },
      });
    }
    clearTimeout(refresh);
    const lifetime = Math.min(Date.parse(ctx.expiresAt) - Date.parse(ctx.createdAt), 4e9) >>> 0;
    refresh = setTimeout(() => {
      if (!busy) newContext(true).catch(() => {});
    }, rules.venmoRefreshDelay(lifetime));
    if (onlyIfIdle && busy) return;
    status = ctx.status;
    ctxId = ctx.id;
  }

  /**
   * Reads the context's status until it changes to one that settles `kind`'s
   * flow (0 mobile polling, 1 web login): `next()` waits for the next look
   * or throws when there is none.
   */
  async function watch(kind, next) {
    let node;
    try {
      node = await queryStatus();
    } catch (e) {
      throw kind ? error("VENMO_NETWORK_ERROR", e) : error("VENMO_MOBILE_POLLING_TOKENIZATION_NETWORK_ERROR", { originalError: e });
    }
    if (node.status !== status) {
      status = node.status;
      const outcome = rules.venmoText(kind, status);
      if (outcome === "APPROVED") return node;
      if (outcome) throw error(outcome);
    }
    return next();
  }

  /** Mobile polling (manual return, and the paymentMethodUsage return), every 250 ms. */
  function poll() {
    if (!ctxId) return Promise.reject(error("VENMO_MOBILE_POLLING_TOKENIZATION_NO_CONTEXT_ID"));
    if (Date.now() > expiresAt) return Promise.reject(error("VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT"));
    if (venmoWin && venmoWin.closed && status === "CREATED") {
      cancelContext().catch(() => {});
      return Promise.reject(error("VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED"));
    }
    return watch(0, () => sleep(VENMO_MOBILE_POLL).then(poll));
  }

  /** The web-login status check: up to three looks for a new status. */
  const checkStatus = (tries) =>
    watch(1, () => {
      if (tries < VENMO_MAX_RETRIES) return checkStatus(tries + 1);
      throw error("VENMO_TOKENIZATION_FAILED");
    });

  function hasResult(hash) {
    const p = hashParams(hash);
    const resource = new URLSearchParams(location.search).get("resource_id") || p.id;
    if (resource) ctxId = resource;
    return (p.venmoSuccess || p.venmoError || p.venmoCancel) !== undefined;
  }

  /** The Venmo URL the app switch (or the web-login popup, returning to `returnPage`) opens. */
  function venmoUrl(returnPage) {
    const here = (o.deepLinkReturnUrl || location.href.replace(location.hash, "")).replace(/#*$/, "");
    let token = vc.accessToken;
    const p = {};
    if (ctxId) {
      if (usage) p.resource_id = ctxId;
      else token += "|pcid:" + ctxId;
    }
    for (const marker of ["Success", "Cancel", "Error"]) {
      p["x-" + marker.toLowerCase()] = returnPage || mode & 8 ? (returnPage || here) + "#venmo" + marker + "=1" : "NOOP";
    }
    p.allowAndroidRecreation = o.allowAndroidRecreation === false ? 0 : 1;
    p.ua = navigator.userAgent;
    p.braintree_merchant_id = o.profileId || vc.merchantId;
    p.braintree_access_token = token;
    p.braintree_environment = vc.environment;
    p.braintree_sdk_data = btoa(
      JSON.stringify({ _meta: { version: VERSION, integration: "custom", platform: "web", sessionId: (config.analyticsMetadata || {}).sessionId } }),
    );
    return withQuery(venmoPage(config, returnPage ? "web" : o.mobileWebFallBack === true ? "fallback" : ""), p);
  }

  function appSwitch() {
    const url = venmoUrl();
    const how = (mode >> 4) & 3;
    if (how === 3) window.popupBridge.open(url);
    else if (how === 2) (window.top || window).location.href = url;
    else if (how === 1) location.href = url;
    else venmoWin = window.open(url);
  }

  /** A return from the app: the context's status (paymentMethodUsage), else the hash markers. */
  function processResults(hash) {
    const p = hashParams(hash);
    let result;
    if (usage) {
      result = poll().then(nodePayload, (e) => {
        if (e.code === "VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED") throw e;
        return p;
      });
    } else {
      const code = rules.venmoCheck(2, (p.venmoSuccess ? 1 : 0) | (p.venmoError ? 2 : 0) | (p.venmoCancel ? 4 : 0));
      result = code
        ? Promise.reject(error(code, code === "VENMO_APP_FAILED" ? { originalError: { message: p.errorMessage, code: p.errorCode } } : undefined))
        : Promise.resolve(p);
    }
    if (!o.ignoreHistoryChanges && location.hash) history.pushState({}, "", location.href.slice(0, location.href.indexOf("#")));
    return result;
  }

  function removeListeners() {
    window.removeEventListener("hashchange", onHash);
    document.removeEventListener("visibilitychange", onVisible);
  }

  /** The app switch returning to this page: by hash change, or noticed when the page is visible again. */
  function hashFlow(options) {
    if (hasResult()) return processResults();
    const previousHash = location.hash;
    let processing, timer;
    const complete = (hash) =>
      processResults(hash)
        .finally(() => {
          if (!o.ignoreHistoryChanges && location.hash !== previousHash) location.hash = previousHash;
          removeListeners();
        })
        .then(pending.resolve, pending.reject);
    onHash = (event) => {
      const hash = event.newURL.split("#")[1];
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
    window.addEventListener("hashchange", onHash);
    appSwitch();
    setTimeout(() => document.addEventListener("visibilitychange", onVisible), VENMO_VISIBILITY_DELAY);
  }

  /** Manual return: poll the context until the customer approves in the app, for at most five minutes. */
  function manualFlow() {
    expiresAt = Date.now() + VENMO_EXPIRY;
    poll().then(nodePayload).then(pending.resolve, pending.reject);
    appSwitch();
  }

  /** Desktop web login: a popup over a backdrop offering to continue (refocus) or cancel. */
  function webLoginFlow() {
    const win = openWindow(gw.assetsUrl, {
      width: VENMO_POPUP_WIDTH,
      height: VENMO_POPUP_HEIGHT,
      title: "Venmo",
      onFrameClose: () => win?.onFrameClose?.(),
    });
    if (!win) throw error("FRAME_SERVICE_FRAME_OPEN_FAILED");
    const hide = backdrop(
      () => win.focus(),
      () => {
        win.close();
        instance.cancelTokenization().catch(() => {});
        hide();
      },
    );
    runFlow(gw.assetsUrl, win, {
      landing: "venmo-landing-frame",
      closed: "FRAME_SERVICE_FRAME_CLOSED",
      start: (urls) => Promise.resolve(venmoUrl(urls.returnUrl)),
      // The popup may close before it could mark a cancel: a context still
      // CREATED was canceled by the customer.
      tokenize: () =>
        checkStatus(1).catch((e) =>
          queryStatus().then(
            (n) => {
              throw n.status === "CREATED" ? error("VENMO_CUSTOMER_CANCELED") : e;
            },
            () => {
              throw e;
            },
          ),
        ),
    })
      .then(nodePayload)
      .finally(hide)
      .then(pending.resolve, pending.reject);
  }

  function qrFlow() {
    desktop
      .launch()
      .finally(desktop.hide)
      .then(pending.resolve, (e) =>
        pending.reject(e.reason === "CUSTOMER_CANCELED" ? error("VENMO_DESKTOP_CANCELED") : error("VENMO_DESKTOP_UNKNOWN_ERROR", { originalError: e })),
      );
  }

  const instance = {
    // The options as the reference's instance keeps them.
    isBrowserSupported: () =>
      supported({
        allowNewBrowserTab: o.allowNewBrowserTab !== false,
        allowWebviews: o.allowWebviews !== false,
        allowDesktop: o.allowDesktop === true,
        allowDesktopWebLogin: o.allowDesktopWebLogin || false,
      }),
    hasTokenizationResult: () => hasResult(),
    tokenize(options, callback) {
      if (typeof options === "function") {
        callback = options;
        options = {};
      }
      return wrap(
        attempt(() => {
          if (busy) throw error("VENMO_TOKENIZATION_REQUEST_ACTIVE");
          if (setupError) throw setupError;
          busy = true;
          // The flow settles `pending` (unless the merchant cancels first);
          // a return already in the URL settles at once.
          pending = deferred();
          const run = attempt(() => [hashFlow, qrFlow, webLoginFlow, manualFlow][flow()](options || {}));
          // Each tokenization uses its context up: the next one gets a new one.
          const done = () => {
            busy = false;
            venmoWin = pending = null;
          };
          return run
            .then((p) => p || pending)
            .then(
              (p) =>
                newContext().then(() => {
                  done();
                  const payload = { nonce: p.paymentMethodNonce, type: "VenmoAccount", details: { username: at(p.username), paymentContextId: p.id } };
                  if (p.payerInfo) {
                    payload.details.payerInfo = p.payerInfo;
                    p.payerInfo.userName = at(p.payerInfo.userName);
                  }
                  return payload;
                }),
              (e) =>
                newContext().then(() => {
                  done();
                  throw e;
                }),
            );
        }),
        callback,
      );
    },
    cancelTokenization(callback) {
      return wrap(
        attempt(() => {
          if (!busy) throw error("VENMO_TOKENIZATION_REQUEST_NOT_ACTIVE");
          removeListeners();
          if (pending) pending.reject(error("VENMO_TOKENIZATION_CANCELED_BY_MERCHANT"));
          return Promise.all([cancelContext(), desktop && desktop.update("CANCELED")]).then(() => {});
        }),
        callback,
      );
    },
    teardown(callback) {
      removeListeners();
      if (desktop) desktop.teardown();
      clearTimeout(refresh);
      cancelContext().catch(() => {});
      convertMethodsToError(instance, ["isBrowserSupported", "hasTokenizationResult", "tokenize", "cancelTokenization", "teardown"]);
      return wrap(Promise.resolve(), callback);
    },
  };

  if (hasResult()) {
    instance._ready = Promise.resolve();
  } else if (flow() === 1) {
    // The desktop context asks for no addresses, but asking for them without
    // Enriched Customer Data is the merchant's error whatever the flow: the
    // reference finds it when the payment ends (its next context); here the
    // payment does not start, so the shopper never scans a code for nothing.
    if (usage && ecdCheck()) setupError = error(ecdCheck());
    desktop = qrCode(config, o, usage, api);
    // No QR code: the page falls back to the mobile flows (as the
    // reference does when its desktop frame fails to set up).
    instance._ready = desktop.ready.catch(() => {
      desktop.teardown();
      desktop = null;
      mode = setup(Object.assign({}, o, { allowDesktop: false }), usage);
    });
  } else {
    // The context for the payment (manual return, web login, the
    // paymentMethodUsage flows); its failure, ECD_DISABLED included, is
    // wrapped as the reference wraps it.
    instance._ready = newContext().catch((e) => {
      const first = e.details && Array.isArray(e.details.originalError) && e.details.originalError[0];
      const validation = first && first.extensions && first.extensions.errorClass === "VALIDATION" && first.extensions.errorType === "user_error";
      setupError = error("VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED", { originalError: e }, undefined, validation ? first.message : undefined);
    });
  }
  return instance;
}

/** A Venmo page by `which` (`venmo::url`); in sandbox mode the sandbox's stand-in for it. */
function venmoPage(config, which) {
  const url = rules.venmoText(4, which);
  return config.sandboxUrl ? url.replace(/^https:\/\/[^/]+/, config.sandboxUrl + "/venmo") : url;
}

/** The web-login backdrop (section 2's texts). Returns the function hiding it. */
function backdrop(onContinue, onCancel) {
  let el = document.getElementById("venmo-desktop-web-backdrop");
  if (!el) {
    el = document.createElement("div");
    el.id = "venmo-desktop-web-backdrop";
    el.style.cssText = "position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.8);color:#fff;text-align:center;padding-top:30vh;font:18px sans-serif";
    el.innerHTML =
      '<p id="venmo-message">What would you like to do?</p><p id="venmo-instructions">Tap cancel payment to cancel and return to the business. Continue payment will relaunch the payment window.</p>' +
      '<button id="venmo-popup-continue-button" type="button">Continue payment</button><p><button id="venmo-popup-cancel-button" type="button">Cancel payment</button>';
    document.body.appendChild(el);
  }
  el.hidden = false;
  const [cont, cancel] = el.querySelectorAll("button");
  cont.onclick = onContinue;
  cancel.onclick = onCancel;
  return () => {
    el.hidden = true;
  };
}

/**
 * The desktop QR code: a full-screen frame on the assets host (hidden until
 * a tokenization) showing the code of the payment context's Venmo URL and
 * the views of the context's status, with the alert region screen readers
 * announce; the desktop payment context is polled each second. `ready`
 * rejects when the frame cannot say it is ready.
 */
function qrCode(config, o, usage, api) {
  const gw = config.gatewayConfiguration;
  const id = uuid();
  const env = gw.environment === "production" ? "PRODUCTION" : "SANDBOX";
  const origin = new URL(gw.assetsUrl).origin;
  const frame = document.createElement("iframe");
  frame.name = "venmo-desktop-iframe";
  frame.title = "Venmo Desktop";
  frame.src = assetUrl(gw.assetsUrl, "venmo-desktop-frame") + "?origin=" + encodeURIComponent(location.origin) + "#" + env + "_" + id;
  frame.style.cssText = "display:none;position:fixed;inset:0;width:100%;height:100%;border:0;z-index:9999999";
  let shown, ctxId, done, fail, onReady;
  // What the view shows (and announces): a step or the status reached.
  const view = (step, data) => shown && frame.contentWindow?.postMessage({ venmoDesktop: id, step, data }, origin);
  const update = (s) => api.update(ctxId, s);

  async function pollStatus(status, expires) {
    if (Date.now() > expires) {
      await update("EXPIRED");
      view("ERROR");
      return;
    }
    const node = ctxId && (await api.status(ctxId));
    if (!node) return;
    if (node.status !== status) {
      status = node.status;
      view(status);
      const outcome = rules.venmoText(2, status);
      if (outcome === "APPROVED") return node;
      if (outcome) return;
    }
    await sleep(VENMO_DESKTOP_POLL);
    return pollStatus(status, expires);
  }

  async function start() {
    try {
      const input = usage
        ? { intent: "PAY_FROM_APP", paymentMethodUsage: usage, customerClient: "DESKTOP", merchantProfileId: o.profileId, displayName: o.displayName }
        : { environment: env, intent: "PAY_FROM_APP" };
      const ctx = await api.create(input);
      ctxId = ctx.id;
      const merchantId = o.profileId || gw.payWithVenmo.merchantId || ctx.merchantId;
      // What the customer's phone opens: the reference's URL, as it builds it.
      const url =
        venmoPage(config, "purchase") + "?facilitator=BT&intent=Continue&resource_id=" + ctx.id + "&merchant_id=" + merchantId + "&environment=" + env;
      view("QR", { id: ctx.id, merchantId, url });
      const node = await pollStatus(ctx.status, Date.now() + Date.parse(ctx.expiresAt) - Date.parse(ctx.createdAt));
      const result = node && { paymentMethodNonce: node.paymentMethodId, username: node.userName, payerInfo: node.payerInfo, id: ctxId };
      if (result && shown) setTimeout(() => done && done(result), VENMO_COMPLETION_DELAY);
    } catch (e) {
      if (fail) fail(e);
    }
  }

  const onMessage = (event) => {
    const d = event.data;
    if (event.origin !== origin || event.source !== frame.contentWindow || !d || d.venmoDesktop !== id) return;
    if (d.event === "ready") onReady();
    if (d.event === "new-qr") start();
    if (d.event === "canceled" && fail) {
      update("CANCELED").catch(() => {});
      fail({ reason: "CUSTOMER_CANCELED" });
    }
  };
  window.addEventListener("message", onMessage);
  const ready = new Promise((resolve, reject) => {
    onReady = resolve;
    // A frame that cannot say it is ready (a policy blocked it, an error
    // page stands in its place, it never loads) must not hold create up.
    frame.addEventListener("load", () => setTimeout(reject, VENMO_FRAME_GRACE));
    setTimeout(reject, VENMO_FRAME_TIMEOUT);
  });
  document.body.append(frame);

  return {
    ready,
    update,
    launch() {
      shown = true;
      frame.style.display = "block";
      view("GENERATING");
      frame.focus();
      start();
      return new Promise((resolve, reject) => {
        done = resolve;
        fail = reject;
      }).finally(() => {
        ctxId = done = fail = null;
      });
    },
    hide() {
      view("");
      frame.style.display = "none";
      shown = false;
    },
    teardown() {
      window.removeEventListener("message", onMessage);
      frame.remove();
    },
  };
}
