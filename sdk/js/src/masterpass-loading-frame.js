// The Masterpass popup's loading page (masterpass-loading-frame), as the
// reference's: masterpass.js sends the popup here with the request token and
// the checkout's options in the query; the page loads Masterpass's checkout
// script and hands it those options, and Masterpass takes the shopper to
// its wallet and back to the callback URL (masterpass-landing-frame, which
// reports to the merchant page). Opened without a request token (the popup
// waits here while the token is requested), it only shows its status. The
// script's rule is sdk/src/masterpass.rs `script_url`.
import SCRIPT_URL from "./constants/MASTERPASS_SCRIPT_URL.json";

const status = /** @type {HTMLElement} */ (document.getElementById("status"));
const config = Object.fromEntries(new URL(location.href).searchParams);

/** A loopback address (sdk/src/authorization.rs `is_loopback_url`). */
function isLoopback(url) {
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch (_) {
    return false;
  }
}

/**
 * Masterpass's script for the environment. The query is anyone's to write
 * and this page shares its origin with the card fields, so a script it names
 * is loaded only where both it and this page are local (the sandbox's
 * stand-in).
 */
function scriptUrl(environment, given) {
  if (given && isLoopback(given) && isLoopback(location.href)) return given;
  return SCRIPT_URL.replace("{ENV}", environment === "production" ? "" : "sandbox.");
}

/**
 * Masterpass navigates the popup to the callback URL: never a script or data
 * URL (the reference's sanitizeUrl). An app's own scheme (the popup bridge's
 * return URL) passes.
 */
function sanitize(url) {
  try {
    const parsed = new URL(url);
    return /^(javascript|data|vbscript):$/.test(parsed.protocol) ? "about:blank" : parsed.href;
  } catch (_) {
    return "about:blank";
  }
}

function noop() {}

if (config.requestToken) {
  const script = document.createElement("script");
  script.src = scriptUrl(config.environment, config.scriptUrl);
  delete config.scriptUrl;
  // Masterpass returns to the callback URL; the page needs no callbacks.
  Object.assign(config, { callbackUrl: sanitize(config.callbackUrl), successCallback: noop, failureCallback: noop, cancelCallback: noop });
  script.addEventListener("load", () => window.MasterPass.client.checkout(config));
  script.addEventListener("error", () => {
    status.textContent = "Masterpass could not be reached. Close this window and try again.";
  });
  document.body.appendChild(script);
}
