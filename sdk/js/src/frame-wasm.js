// The hosted-field frame page's rules loader: wasm.js's without the error
// catalogue, which a field frame never shows (a module that cannot load
// leaves the field unready, and the page reports HOSTED_FIELDS_TIMEOUT).
// The glue is the same module as wasm.js's, so the tokenizing frame's
// client, which loads later through wasm.js, finds the instance ready.
import init, * as rules from "./payment_sdk.js";

/* global WASM_FILE */
let pending = null;

/** Fetches and instantiates the frame module once (again after a failure). */
export function load() {
  if (!pending) {
    pending = init({ module_or_path: new URL("./" + WASM_FILE, import.meta.url) });
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

export { rules };
