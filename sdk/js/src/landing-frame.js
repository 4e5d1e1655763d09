// The pages a popup (or the full-screen fallback frame) lands on: a
// component's return page (*-landing-frame), cancel (cancel-frame), and the
// loading pages (redirect-frame, local-payment-redirect-frame). They report
// the query parameters to the window that opened them, on the channel and at
// the origin it named. (Masterpass's loading page is its own:
// masterpass-loading-frame.js.)
import POPUP_CLOSE_TIMEOUT from "./constants/POPUP_CLOSE_TIMEOUT.json";

const kind = document.body.getAttribute("data-frame") || "";
const params = Object.fromEntries(new URL(location.href).searchParams);
const channel = params.channel;
const origin = params.origin;
const target = window.opener || (window.parent !== window ? window.parent : null);
if (target && channel && origin && (/landing-frame$/.test(kind) || kind === "cancel-frame")) {
  /** @type {Record<string, string | boolean>} */
  const result = Object.assign({}, params);
  delete result.channel;
  delete result.origin;
  if (kind === "cancel-frame") result.cancel = true;
  target.postMessage({ channel, landing: result }, origin);
  // As the reference's cancel page: the shopper is done here, so the popup
  // closes itself shortly after reporting, even where the page that opened
  // it no longer listens (it reloaded, or its flow was torn down) and so
  // never closes it. A return page stays: the flow closes it once it has
  // its parameters.
  if (kind === "cancel-frame") setTimeout(() => window.close(), POPUP_CLOSE_TIMEOUT);
} else if (kind === "local-payment-landing-frame") {
  fallbackLink();
}

/**
 * A local payment's return page with no window to report to: the bank's app
 * sent the shopper back to a fresh tab, which has lost its opener. The
 * merchant's fallback (`r`, its label `t`) becomes a link carrying what the
 * return brought, under the names hasTokenizationParams() and tokenize()
 * read on the merchant's page (btLpToken, btLpPaymentId, btLpPayerId; or
 * the error code and whether it was a cancel). Values the return lacks are
 * left out rather than written as "undefined".
 */
function fallbackLink() {
  let url;
  try {
    url = new URL(params.r);
  } catch {
    return;
  }
  // Only a web page: never a javascript: or data: URL smuggled into the query.
  if (!params.t || (url.protocol !== "https:" && url.protocol !== "http:")) return;
  const add = params.errorcode
    ? { btLpToken: params.token, errorcode: params.errorcode, wasCanceled: String(params.c === "1") }
    : { btLpToken: params.token, btLpPaymentId: params.paymentId, btLpPayerId: params.PayerID };
  for (const [k, v] of Object.entries(add)) if (v !== undefined) url.searchParams.append(k, v);
  const container = document.createElement("div");
  container.id = "container";
  const link = document.createElement("a");
  link.id = "redirect";
  link.href = url.href;
  link.textContent = params.t;
  container.appendChild(link);
  document.querySelector("[role=status]")?.remove();
  document.body.appendChild(container);
}
