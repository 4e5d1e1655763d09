// The window flows every redirect-based component shares (the reference's
// frame service): a popup of the component's size opened inside the user's
// click (a full-screen frame where the browser cannot open popups, the app's
// popup bridge where one exists), a landing page on the assets host that
// reports its query back on the flow's channel, and the 100 ms poll that
// notices a window the customer closed.
//
// The reference relays a landing page's report through a hidden
// dispatch-frame it adds to the merchant page (framebus, for browsers whose
// popups could not post to an opener of another origin). Every browser this
// library supports can, so the landing page posts to its opener directly, at
// the origin the flow named, and runFlow checks the sender window and origin:
// there is no dispatch-frame to build, load or wait for at create.
import { error } from "./errors.js";
import { uuid, assetUrl } from "./lib.js";
import { POPUP_HEIGHT, POPUP_POLL_INTERVAL, POPUP_WIDTH } from "./constants.json";

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
 * A component whose flow runs in a window it opened (`_win`, null between
 * flows): the reference's closeWindow and focusWindow on that window.
 */
export class WindowFlow {
  constructor() {
    /** @type {any} */
    this._win = null;
  }

  /** Closes the window of the authorization in progress. */
  closeWindow() {
    if (this._win) this._win.close();
  }

  focusWindow() {
    if (this._win) this._win.focus();
  }
}

/**
 * Opens a flow's window synchronously (inside the user's click): the popup
 * bridge, a popup, or the full-screen frame. Returns null when the browser
 * blocked the popup. `options`: width and height (default 450x535), top and
 * left (default centred on the window), the
 * loading page's name (default redirect-frame), the fallback frame's title,
 * and onFrameClose (the fallback frame's close button).
 */
export function openWindow(assetsUrl, options = {}) {
  if (window.popupBridge) return bridgeWindow();
  const loading = assetUrl(assetsUrl, options.loading || "redirect-frame");
  if (!supportsPopups()) return openFrame(loading, options);
  const width = options.width || POPUP_WIDTH;
  const height = options.height || POPUP_HEIGHT;
  const left = options.left ?? Math.max(0, (window.screenX || 0) + ((window.outerWidth || width) - width) / 2);
  const top = options.top ?? Math.max(0, (window.screenY || 0) + ((window.outerHeight || height) - height) / 2);
  const popup = window.open(
    loading,
    "braintree_" + uuid().slice(0, 8),
    "resizable,scrollbars,height=" + height + ",width=" + width + ",top=" + top + ",left=" + left,
  );
  if (!popup || popup.closed) return null;
  return {
    kind: "popup",
    win: popup,
    isClosed: () => popup.closed,
    close: () => {
      if (!popup.closed) popup.close();
    },
    focus: () => popup.focus(),
    navigate: (u) => {
      popup.location.href = u;
    },
  };
}

/** The native app's popup bridge: it opens the URL itself and calls onComplete. */
function bridgeWindow() {
  let closed = false;
  return {
    kind: "bridge",
    win: null,
    isClosed: () => closed,
    close: () => {},
    focus: () => {},
    navigate: (u) => {
      window.popupBridge.open(u);
    },
    markClosed: () => {
      closed = true;
    },
  };
}

/** Full-screen modal frame where popups are unsupported. */
function openFrame(src, options) {
  const title = options.title || "PayPal";
  const wrap = document.createElement("div");
  wrap.setAttribute("data-braintree-frame", "");
  wrap.setAttribute("role", "dialog");
  wrap.setAttribute("aria-modal", "true");
  Object.assign(wrap.style, { position: "fixed", inset: "0", zIndex: "2147483000", background: "#fff" });
  const frame = document.createElement("iframe");
  frame.src = src;
  frame.title = title;
  Object.assign(frame.style, { width: "100%", height: "100%", border: "none" });
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "\u00d7";
  close.setAttribute("aria-label", "Close " + title);
  Object.assign(close.style, { position: "absolute", top: "8px", right: "12px", fontSize: "24px", background: "none", border: "0", cursor: "pointer" });
  let closed = false;
  const doClose = () => {
    if (!closed) {
      closed = true;
      wrap.remove();
    }
  };
  close.addEventListener("click", () => {
    doClose();
    if (options.onFrameClose) options.onFrameClose();
  });
  wrap.append(frame, close);
  document.body.appendChild(wrap);
  return {
    kind: "frame",
    win: frame.contentWindow,
    isClosed: () => closed,
    close: doClose,
    focus: () => frame.focus(),
    navigate: (u) => {
      frame.src = u;
    },
  };
}

/**
 * Return and cancel URLs: the popup bridge's own scheme in an app, else pages
 * on the assets host carrying this flow's channel. `landing` names the return
 * page (default paypal-landing-frame).
 */
export function returnUrls(assetsUrl, channel, landing = "paypal-landing-frame") {
  const bridge = window.popupBridge;
  if (bridge && typeof bridge.getReturnUrlPrefix === "function") {
    return { returnUrl: bridge.getReturnUrlPrefix() + "return", cancelUrl: bridge.getReturnUrlPrefix() + "cancel" };
  }
  const q = "?channel=" + encodeURIComponent(channel) + "&origin=" + encodeURIComponent(location.origin);
  return { returnUrl: assetUrl(assetsUrl, landing) + q, cancelUrl: assetUrl(assetsUrl, "cancel-frame") + q };
}

/** Appends query parameters to a URL (the library's encoding). */
export function withQuery(url, params) {
  const q = Object.keys(params)
    .map((k) => encodeURIComponent(k) + "=" + encodeURIComponent(params[k]))
    .join("&");
  if (!q) return url;
  return url + (url.indexOf("?") < 0 ? "?" : "") + (url.indexOf("=") >= 0 ? "&" : "") + q;
}

/**
 * Runs a flow in an already opened window. `flow.start(urls)` creates the
 * payment resource and resolves the URL the window goes to; the landing page
 * (or the popup bridge) reports back; `flow.tokenize(params)` turns its query
 * into a payload. A window closed first, or the cancel page, rejects with the
 * error code `flow.closed`. `flow.landing` names the return page.
 */
export function runFlow(assetsUrl, win, flow) {
  const channel = uuid();
  const urls = returnUrls(assetsUrl, channel, flow.landing);
  const assetsOrigin = new URL(assetsUrl).origin;
  return new Promise((resolve, reject) => {
    let done = false;
    let poll = null;
    const finish = (err, value) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      window.removeEventListener("message", onMessage);
      if (win.kind === "bridge") win.markClosed();
      if (!win.isClosed()) win.close();
      if (err) reject(err);
      else resolve(value);
    };
    let landed = false;
    // As the reference's frame service, the window closes as soon as its
    // landing page reports, not once tokenization is over: the shopper is
    // done there, and the poll must not take the close for a cancel.
    const approved = (params) => {
      if (landed) return;
      landed = true;
      clearInterval(poll);
      if (!win.isClosed()) win.close();
      flow.tokenize(params).then(
        (payload) => finish(null, payload),
        (e) => finish(e),
      );
    };
    const onMessage = (event) => {
      if (event.origin !== assetsOrigin || event.source !== win.win) return;
      const d = event.data;
      if (!d || d.channel !== channel || !d.landing) return;
      if (d.landing.cancel) finish(error(flow.closed));
      else approved(d.landing);
    };
    if (win.kind === "bridge") {
      // The app reports the return URL's path and query; "Done" gives no payload.
      window.popupBridge.onComplete = (err, payload) => {
        const canceled = payload && payload.path && payload.path.substring(0, 7) === "/cancel";
        if (err || !payload || canceled) finish(error(flow.closed));
        else approved(payload.queryItems || {});
      };
    } else {
      window.addEventListener("message", onMessage);
      poll = setInterval(() => {
        if (win.isClosed()) finish(error(flow.closed));
      }, POPUP_POLL_INTERVAL);
    }
    win.onFrameClose = () => finish(error(flow.closed));
    flow.start(urls).then(
      (url) => {
        if (!done) win.navigate(url);
      },
      (e) => finish(e),
    );
  });
}
