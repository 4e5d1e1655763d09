// unionpay (the reference's namespace and module name): card capabilities,
// SMS enrollment and tokenization with the enrollment. A plain card goes
// from the merchant page as the merchant passed it; with a Hosted Fields
// instance the card stays in its frames: the number frame makes the request
// and only the answer comes back.
import { load, rules } from "./apm-wasm.js";
import { error, register, BraintreeError } from "./errors.js";
import { errorAt } from "./catalogue.js";
import unionPayErrors from "../../src/errors/unionpay.txt";
import { VERSION, creator, wrap, attempt, convertMethodsToError, uuid } from "./lib.js";
import { clientOf } from "./client.js";

register(unionPayErrors);

export { VERSION };

export const create = creator(build);

async function build(options) {
  await load();
  const client = await clientOf(options, "UnionPay");
  const config = client.getConfiguration().gatewayConfiguration.unionPay;
  if (!config || config.enabled !== true) throw error("UNIONPAY_NOT_ENABLED");
  client._sendEvent("unionpay.initialized");
  return new UnionPay(client);
}

// The calls by their number in the rules: [method, endpoint].
const CALLS = [
  ["get", "payment_methods/credit_cards/capabilities"],
  ["post", "union_pay_enrollments"],
  ["post", "payment_methods/credit_cards"],
];

/** The rules' argument check of `call` for `o` (its error, or null); the bits as union_pay::Input::from_bits. */
function argumentError(call, o) {
  const card = o.card || 0;
  const mobile = o.mobile || 0;
  const hf = o.hostedFields;
  const bits = [
    call ? card : card.number,
    card.number,
    hf,
    hf && hf._channel && hf._frames,
    mobile.countryCode && mobile.number,
    card.expirationDate,
    card.expirationMonth,
    card.expirationYear,
  ].reduce((b, v, i) => (v ? b | (1 << i) : b), 0);
  const n = rules.unionPay(call, bits);
  return n ? errorAt(unionPayErrors, n) : null;
}

/** A failed request's error by its status: 403 unchanged, else the rules' mapping. */
function failure(call, e) {
  const n = rules.unionPay(call + 3, (e.details && e.details.httpStatus) || 0);
  return n ? errorAt(unionPayErrors, n, { originalError: e }) : e;
}

/**
 * Asks the Hosted Fields instance's tokenizing (number) frame to make `call`
 * with its card; resolves the frame's reply ({payload} or {error}). The
 * reply is checked as the instance checks its frames' messages.
 */
function viaHostedFields(hf, call, options) {
  const frame = hf._frames[hf._tokenizer];
  if (!frame || !frame.contentWindow) return Promise.reject(error("UNIONPAY_HOSTED_FIELDS_INSTANCE_REQUIRED"));
  const id = uuid();
  return new Promise((resolve) => {
    const listen = (e) => {
      const d = e.data;
      if (e.source !== frame.contentWindow || e.origin !== hf._assetsOrigin || !d || d.channel !== hf._channel || d.id !== id) return;
      window.removeEventListener("message", listen);
      resolve(d);
    };
    window.addEventListener("message", listen);
    hf._post(hf._tokenizer, { type: "unionPay", id, call, options: JSON.parse(JSON.stringify(options)) });
  });
}

/** A card's expiration as the request names it (a date, or month and year together). */
function expiration(card, into) {
  if (card.expirationDate) into.expirationDate = card.expirationDate;
  else if (card.expirationMonth && card.expirationYear) Object.assign(into, { expirationMonth: card.expirationMonth, expirationYear: card.expirationYear });
  return into;
}

class UnionPay {
  constructor(client) {
    this._client = client;
  }

  /**
   * Runs `call` with a card (`data()`, the request's body) or through the
   * Hosted Fields' number frame; maps a failure by its status; `shape` makes
   * the result.
   */
  _run(call, o, data, shape, callback) {
    return wrap(
      attempt(async () => {
        const invalid = argumentError(call, o);
        if (invalid) throw invalid;
        if (o.hostedFields) {
          const reply = await viaHostedFields(o.hostedFields, call, { mobile: o.mobile, enrollmentId: o.enrollmentId, smsCode: o.smsCode });
          if (reply.error) throw failure(call, new BraintreeError(reply.error));
          return shape(reply.payload);
        }
        const [method, endpoint] = CALLS[call];
        const res = await this._client.request({ method, endpoint, data: data() }).catch((e) => {
          throw failure(call, e);
        });
        return shape(res);
      }),
      callback,
    );
  }

  fetchCapabilities(options, callback) {
    const o = options || {};
    return this._run(
      0,
      o,
      () => ({ "creditCard[number]": o.card.number }),
      (r) => Object.assign({}, r),
      callback,
    );
  }

  enroll(options, callback) {
    const o = options || {};
    return this._run(
      1,
      o,
      () => ({
        unionPayEnrollment: expiration(o.card, { number: o.card.number, mobileCountryCode: o.mobile.countryCode, mobileNumber: o.mobile.number }),
      }),
      (r) => ({ enrollmentId: r.unionPayEnrollmentId, smsCodeRequired: r.smsCodeRequired }),
      callback,
    );
  }

  tokenize(options, callback) {
    const o = options || {};
    return this._run(
      2,
      o,
      () => {
        const enrollment = { id: o.enrollmentId };
        if (o.smsCode) enrollment.smsCode = o.smsCode;
        const creditCard = expiration(o.card, { number: o.card.number, options: { unionPayEnrollment: enrollment } });
        if (o.card.cvv) creditCard.cvv = o.card.cvv;
        return { creditCard };
      },
      (r) => {
        const card = Object.assign({}, r.creditCards[0]);
        delete card.consumed;
        delete card.threeDSecureInfo;
        return card;
      },
      callback,
    );
  }

  teardown(callback) {
    convertMethodsToError(this, ["fetchCapabilities", "enroll", "tokenize", "teardown"]);
    return wrap(Promise.resolve(), callback);
  }
}
