// preferredPaymentMethods: whether PayPal and Venmo are preferred on this
// device (a GraphQL query); any failure but the client's own answers false.
import { VERSION, wrap, attempt } from "./lib.js";
import { clientOf } from "./client.js";

export { VERSION };

const QUERY = "query PreferredPaymentMethods { preferredPaymentMethods { paypalPreferred venmoPreferred } }";

export function create(options, callback) {
  return wrap(
    attempt(() => {
      const o = options || {};
      // The instance comes back at once; its calls wait for the client.
      const client = clientOf(o, "PreferredPaymentMethods");
      client.then(
        (c) => c._sendEvent("preferred-payment-methods.initialized"),
        () => {},
      );
      return {
        fetchPreferredPaymentMethods(cb) {
          return wrap(
            client.then(async (c) => {
              try {
                const res = await c.request({ api: "graphQLApi", data: { query: QUERY } });
                const { paypalPreferred, venmoPreferred } = res.data.preferredPaymentMethods;
                c._sendEvent("preferred-payment-methods.paypal.api-detected." + paypalPreferred);
                c._sendEvent("preferred-payment-methods.venmo.api-detected." + venmoPreferred);
                return { paypalPreferred, venmoPreferred };
              } catch (_) {
                c._sendEvent("preferred-payment-methods.api-error");
                return { paypalPreferred: false, venmoPreferred: false };
              }
            }),
            cb,
          );
        },
      };
    }),
    callback,
  );
}
