// BraintreeError: { name, type, code, message, details }. Types and messages
// come from the catalogue in the wasm module.
import { rules } from './wasm.js';

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

/** An error of the catalogue; `arg` fills the message's parameter. */
export function error(code, details, arg, message) {
  const info = rules.errorInfo(code, arg == null ? '' : String(arg));
  const nl = info.indexOf('\n');
  return new BraintreeError({
    type: nl > 0 ? info.slice(0, nl) : 'UNKNOWN',
    code,
    message: message || (nl > 0 ? info.slice(nl + 1) : code),
    details
  });
}
