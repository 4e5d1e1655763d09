// BraintreeError: { name, type, code, message, details }. Types and messages
// come from the catalogue's data files (sdk/src/errors/*.txt, the same files
// the Rust rules read), bundled here as text: errors need no wasm, so they
// work as the very first thing a page does.
import shared from '../../src/errors/shared.txt';
import client from '../../src/errors/client.txt';
import hostedFields from '../../src/errors/hosted-fields.txt';
import threeDSecure from '../../src/errors/three-d-secure.txt';
import paypal from '../../src/errors/paypal.txt';
import vaultManager from '../../src/errors/vault-manager.txt';

export class BraintreeError extends Error {
  constructor(options) {
    super(options.message);
    this.name = 'BraintreeError';
    this.type = options.type;
    this.code = options.code;
    this.details = options.details;
  }
}

BraintreeError.types = { CUSTOMER: 'CUSTOMER', MERCHANT: 'MERCHANT', NETWORK: 'NETWORK', INTERNAL: 'INTERNAL', UNKNOWN: 'UNKNOWN' };

const catalogue = '\n' + [shared, client, hostedFields, threeDSecure, paypal, vaultManager].join('');

/** The `TYPE message` of a code's line, or null for an unknown code. */
function entry(code) {
  const start = catalogue.indexOf('\n' + code + ' ');
  if (start < 0) return null;
  const from = start + code.length + 2;
  return catalogue.slice(from, catalogue.indexOf('\n', from));
}

/** An error of the catalogue; `arg` fills the message's parameter. */
export function error(code, details, arg, message) {
  const info = entry(code);
  if (info == null) return new BraintreeError({ type: 'UNKNOWN', code, message: message || code, details });
  const sp = info.indexOf(' ');
  const text = sp < 0 ? '' : info.slice(sp + 1);
  return new BraintreeError({
    type: sp < 0 ? info : info.slice(0, sp),
    code,
    message: message || text.replace('{}', () => (arg == null ? '' : String(arg))),
    details
  });
}
