// paymentReady: customer sessions and payment recommendations (GraphQL), and
// the button presented/selected analytics events.
import { load, rules } from './wasm.js';
import { error, register, BraintreeError } from './errors.js';
import paymentReadyErrors from '../../src/errors/payment-ready.txt';
import { VERSION, wrap, attempt, checkClient } from './lib.js';
import { create as createClient } from './client.js';

register(paymentReadyErrors);

export { VERSION };

const SESSION_FIELDS = '{ sessionId clientMutationId } }';
// method → [GraphQL operation, its input type's prefix, event name, failure code, selection]
const OPERATIONS = {
  createCustomerSession: ['createCustomerSession', 'CreateCustomerSession', 'create-customer-session', 'PAYMENT_READY_CREATE_SESSION_ERROR', SESSION_FIELDS],
  updateCustomerSession: ['updateCustomerSession', 'UpdateCustomerSession', 'update-customer-session', 'PAYMENT_READY_UPDATE_SESSION_ERROR', SESSION_FIELDS],
  getCustomerRecommendations: ['generateCustomerRecommendations', 'GenerateCustomerRecommendations', 'get-customer-recommendations', 'PAYMENT_READY_GET_RECOMMENDATIONS_ERROR',
    '{ clientMutationId sessionId paymentRecommendations { paymentOption recommendedPriority } isInPayPalNetwork } }']
};

export function create(options, callback) {
  return wrap(attempt(async () => {
    await load();
    const o = options || {};
    const missing = checkClient(o, 'PAYMENT READY');
    if (missing) throw missing;
    const client = o.client || await createClient({ authorization: o.authorization, sandboxUrl: o.sandboxUrl });
    client._sendEvent('payment-ready.client.initialized');
    return new PaymentReady(client);
  }), callback);
}

class PaymentReady {
  constructor(client) {
    this._client = client;
    for (const method in OPERATIONS) this[method] = (opts, cb) => wrap(attempt(() => this._call(method, opts)), cb);
  }

  async _call(method, options) {
    const [field, type, event, failure, selection] = OPERATIONS[method];
    const client = this._client;
    const send = (outcome) => client._sendEvent('payment-ready.' + event + '.' + outcome);
    const code = rules.paymentReadyMissing(method, options ? Object.keys(options).join(',') : '');
    if (code) {
      send('missing-options');
      throw error(code);
    }
    const input = { sessionId: options.sessionId, customer: options.customer };
    if (field === 'generateCustomerRecommendations') Object.assign(input, { domain: options.domain, purchaseUnits: options.purchaseUnits });
    try {
      const res = await client.request({ api: 'graphQLApi', data: {
        query: 'mutation ' + type + '($input: ' + type + 'Input!) { ' + field + '(input: $input) ' + selection,
        variables: { input }
      } });
      const out = res.data[field];
      send('succeeded');
      return out;
    } catch (e) {
      send('failed');
      // As the reference: a library error keeps its type, code and message.
      const base = e instanceof BraintreeError ? e : error(failure);
      throw new BraintreeError({ type: base.type, code: base.code, message: base.message, details: { originalError: e } });
    }
  }

  sendPresentedEvent(options) {
    const d = options.presentmentDetails || {};
    const fields = this._eventFields('sendPresentedEvent', options);
    if (!fields) return;
    const extra = { buttonOrder: 'payment_ready_button_order', experimentType: 'payment_ready_experiment_type', pageType: 'payment_ready_page_type' };
    for (const k in extra) if (d[k]) fields[extra[k]] = rules.paymentReadyValue(k, String(d[k]));
    this._client._sendEvent('payment-ready.button_presented', fields);
  }

  sendSelectedEvent(options) {
    const fields = this._eventFields('sendSelectedEvent', options);
    if (fields) this._client._sendEvent('payment-ready.button_selected', fields);
  }

  /** The session and button fields, or null (with the reference's warning) without them. */
  _eventFields(name, o) {
    const problem = !o.paymentReadySessionId || typeof o.paymentReadySessionId !== 'string' ? 'paymentReadySessionId is missing or invalid'
      : !o.buttonType || typeof o.buttonType !== 'string' ? 'buttonType is missing' : '';
    if (problem) {
      console.warn(name + ': ' + problem);
      return null;
    }
    return { payment_ready_session_id: o.paymentReadySessionId, button_type: rules.paymentReadyValue('buttonType', o.buttonType) };
  }
}
