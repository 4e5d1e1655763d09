// paymentReady: customer sessions and payment recommendations (GraphQL), and
// the button presented/selected analytics events. The rules are the Rust
// tables of payment_ready.rs, printed into the constants.
import { error, register, BraintreeError } from "./errors.js";
import paymentReadyErrors from "../../src/errors/payment-ready.txt";
import { VERSION, wrap, attempt } from "./lib.js";
import { clientOf } from "./client.js";
import METHODS from "./constants/PAYMENT_READY_METHODS.json";
import VALUES from "./constants/PAYMENT_READY_VALUES.json";

register(paymentReadyErrors);

export { VERSION };

/** Not a non-empty string. */
const bad = (v) => !v || typeof v !== "string";

/** An event option's analytics field and its accepted value. */
const field = (fields, kind, value) => {
  const [name, fallback, accepted] = VALUES[kind];
  fields[name] = accepted.includes(value) ? value : fallback;
};

export function create(options, callback) {
  return wrap(
    attempt(async () => {
      const o = options || {};
      const client = await clientOf(o, "PAYMENT READY");
      const send = (event, fields) => client._sendEvent("payment-ready." + event, fields);
      send("client.initialized");

      /** The session and button fields, or null (with the reference's warning) without them. */
      const eventFields = (name, e) => {
        const problem = bad(e.paymentReadySessionId) ? "paymentReadySessionId is missing or invalid" : bad(e.buttonType) ? "buttonType is missing" : "";
        if (problem) {
          console.warn(name + ": " + problem);
          return null;
        }
        const fields = { payment_ready_session_id: e.paymentReadySessionId };
        field(fields, "buttonType", e.buttonType);
        return fields;
      };

      const instance = {
        sendPresentedEvent(e) {
          const details = e.presentmentDetails || {};
          const fields = eventFields("sendPresentedEvent", e);
          if (!fields) return;
          // The presentment details the tables name (the button type is the event's own).
          for (const k in VALUES) if (k !== "buttonType" && details[k]) field(fields, k, details[k]);
          send("button_presented", fields);
        },
        sendSelectedEvent(e) {
          const fields = eventFields("sendSelectedEvent", e);
          if (fields) send("button_selected", fields);
        },
      };
      for (const method in METHODS) {
        const [required, missingCode, failure] = METHODS[method];
        const recommend = method[0] === "g";
        const op = recommend ? "generateCustomerRecommendations" : method;
        const type = op[0].toUpperCase() + op.slice(1);
        const event = method.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()) + ".";
        const query =
          "mutation " +
          type +
          "($input: " +
          type +
          "Input!) { " +
          op +
          "(input: $input) { " +
          (recommend
            ? "clientMutationId sessionId paymentRecommendations { paymentOption recommendedPriority } isInPayPalNetwork"
            : "sessionId clientMutationId") +
          " } }";
        instance[method] = (opts, cb) =>
          wrap(
            attempt(async () => {
              if (!opts || required.some((k) => !Object.prototype.hasOwnProperty.call(opts, k))) {
                send(event + "missing-options");
                throw error(missingCode);
              }
              const input = { sessionId: opts.sessionId, customer: opts.customer };
              if (recommend) Object.assign(input, { domain: opts.domain, purchaseUnits: opts.purchaseUnits });
              try {
                const res = await client.request({ api: "graphQLApi", data: { query, variables: { input } } });
                const out = res.data[op];
                send(event + "succeeded");
                return out;
              } catch (e) {
                send(event + "failed");
                // As the reference: a library error keeps its type, code and message.
                const base = e instanceof BraintreeError ? e : error(failure);
                throw new BraintreeError({ type: base.type, code: base.code, message: base.message, details: { originalError: e } });
              }
            }),
            cb,
          );
      }
      return instance;
    }),
    callback,
  );
}
