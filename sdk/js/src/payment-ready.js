// paymentReady: customer sessions and payment recommendations (GraphQL), and
// the button presented/selected analytics events.
import { load, rules } from './wasm.js';
import { error, register, BraintreeError } from './errors.js';
import paymentReadyErrors from '../../src/errors/payment-ready.txt';
import { VERSION, wrap, attempt, checkClient } from './lib.js';
import { create as createClient } from './client.js';

register(paymentReadyErrors);

export { VERSION };

// The methods (rule kinds 0-2) with their failure codes (PAYMENT_READY_…_ERROR),
// and the presentment details (rule kinds 4-6; 3 is the button type).
const METHODS = ['createCustomerSession', 'updateCustomerSession', 'getCustomerRecommendations'];
const FAILURES = ['CREATE_SESSION', 'UPDATE_SESSION', 'GET_RECOMMENDATIONS'];
const PRESENTMENT = ['buttonOrder', 'experimentType', 'pageType'];

/** camelCase → words joined by `sep` (event and field names). */
const words = (name, sep) => name.replace(/[A-Z]/g, (c) => sep + c.toLowerCase());

export function create(options, callback) {
  return wrap(attempt(async () => {
    await load();
    const o = options || {};
    const missing = checkClient(o, 'PAYMENT READY');
    if (missing) throw missing;
    const client = o.client || await createClient({ authorization: o.authorization, sandboxUrl: o.sandboxUrl });
    const send = (event, fields) => client._sendEvent('payment-ready.' + event, fields);
    send('client.initialized');

    /** The session and button fields, or null (with the reference's warning) without them. */
    const eventFields = (name, e) => {
      const problem = !e.paymentReadySessionId || typeof e.paymentReadySessionId !== 'string' ? 'paymentReadySessionId is missing or invalid'
        : !e.buttonType || typeof e.buttonType !== 'string' ? 'buttonType is missing' : '';
      if (!problem) return { payment_ready_session_id: e.paymentReadySessionId, button_type: rules.paymentReadyRule(3, e.buttonType) };
      console.warn(name + ': ' + problem);
      return null;
    };

    const instance = {
      sendPresentedEvent(e) {
        const details = e.presentmentDetails || {};
        const fields = eventFields('sendPresentedEvent', e);
        if (!fields) return;
        PRESENTMENT.forEach((k, i) => { if (details[k]) fields['payment_ready_' + words(k, '_')] = rules.paymentReadyRule(4 + i, String(details[k])); });
        send('button_presented', fields);
      },
      sendSelectedEvent(e) {
        const fields = eventFields('sendSelectedEvent', e);
        if (fields) send('button_selected', fields);
      }
    };
    METHODS.forEach((method, kind) => {
      const recommend = kind === 2;
      const field = recommend ? 'generateCustomerRecommendations' : method;
      const type = field[0].toUpperCase() + field.slice(1);
      const event = words(method, '-') + '.';
      const query = 'mutation ' + type + '($input: ' + type + 'Input!) { ' + field + '(input: $input) { ' +
        (recommend ? 'clientMutationId sessionId paymentRecommendations { paymentOption recommendedPriority } isInPayPalNetwork' : 'sessionId clientMutationId') + ' } }';
      instance[method] = (opts, cb) => wrap(attempt(async () => {
        const code = rules.paymentReadyRule(kind, opts ? Object.keys(opts).join(',') : '');
        if (code) {
          send(event + 'missing-options');
          throw error(code);
        }
        const input = { sessionId: opts.sessionId, customer: opts.customer };
        if (recommend) Object.assign(input, { domain: opts.domain, purchaseUnits: opts.purchaseUnits });
        try {
          const res = await client.request({ api: 'graphQLApi', data: { query, variables: { input } } });
          const out = res.data[field];
          send(event + 'succeeded');
          return out;
        } catch (e) {
          send(event + 'failed');
          // As the reference: a library error keeps its type, code and message.
          const base = e instanceof BraintreeError ? e : error('PAYMENT_READY_' + FAILURES[kind] + '_ERROR');
          throw new BraintreeError({ type: base.type, code: base.code, message: base.message, details: { originalError: e } });
        }
      }), cb);
    });
    return instance;
  }), callback);
}
