// BraintreeError: { name, type, code, message, details }. Types and messages
// come from the catalogue's data files (sdk/src/errors/*.txt, the same files
// the Rust rules read), bundled as text: errors need no wasm, so they work as
// the very first thing a page does. Each component module registers its own
// file, so a page downloads only the messages of the components it imports.
import shared from "../../src/errors/shared.txt";

export class BraintreeError extends Error {
  constructor(options) {
    super(options.message);
    this.name = "BraintreeError";
    this.type = options.type;
    this.code = options.code;
    this.details = options.details;
  }
}

BraintreeError.types = { CUSTOMER: "CUSTOMER", MERCHANT: "MERCHANT", NETWORK: "NETWORK", INTERNAL: "INTERNAL", UNKNOWN: "UNKNOWN" };

let catalogue = "\n" + shared;

/** Adds a component's catalogue file (its module does, when imported). */
export function register(text) {
  if (catalogue.indexOf(text) < 0) catalogue += text;
}

/** The `TYPE message` of a code's line, or null for an unknown code. */
function entry(code) {
  const start = catalogue.indexOf("\n" + code + " ");
  if (start < 0) return null;
  const from = start + code.length + 2;
  return catalogue.slice(from, catalogue.indexOf("\n", from));
}

/** An error of the catalogue; `arg` fills the message's parameter. */
export function error(code, details, arg, message) {
  const info = entry(code);
  if (info == null) return new BraintreeError({ type: "UNKNOWN", code, message: message || code, details });
  const sp = info.indexOf(" ");
  const text = sp < 0 ? "" : info.slice(sp + 1);
  return new BraintreeError({
    type: sp < 0 ? info : info.slice(0, sp),
    code,
    message: message || text.replace("{}", () => (arg == null ? "" : String(arg))),
    details,
  });
}

/** The library's errors pass through unchanged; anything else becomes `code`. */
export function asBraintreeError(e, code) {
  return e instanceof BraintreeError ? e : error(code, { originalError: e });
}
