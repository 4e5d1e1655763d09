// The PayPal button's preload request (spec section 7), which loadPayPalSDK
// sends when the merchant turned autoSetDataUserIdToken on, as the
// reference's does. Its own module, loaded only then: an opt-in request
// that no other page pays for. The rules are sdk/src/paypal.rs
// `preload_url` and `user_id_token`.
import { rules } from "./wasm.js";
import { withQuery } from "./frame-service.js";
import PRELOAD_URL from "./constants/PAYPAL_PRELOAD_URL.json";

/**
 * GET (fire and forget; the answer is not read) to PayPal's host for the
 * environment, or in sandbox mode to the configuration's stand-in, with
 * client-id and user-id-token, and amount, currency and merchant-id when
 * given.
 */
export function preload(config, params) {
  const gw = config.gatewayConfiguration;
  const sandboxUrl = config.sandboxUrl || "";
  const url = (sandboxUrl && gw.paypal && gw.paypal.preloadUrl) || PRELOAD_URL.replace("{ENV}", gw.environment === "production" ? "" : "sandbox.");
  for (const k in params) if (!params[k]) delete params[k];
  if (rules.isAllowedUrl(url, sandboxUrl)) fetch(withQuery(url, params)).catch(() => {});
}
