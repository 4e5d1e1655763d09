// window.braintree as the reference's classic scripts leave it: one object,
// created by whichever script runs first and kept by the others, holding
// only the namespaces (create, the synchronous checks, VERSION) and, from
// the all-in-one script, VERSION; never a module's internals.
import { VERSION } from "./constants.json";

/** Sets window.braintree[name] to a namespace of `create`, the functions in `sync` and VERSION. */
export function attach(name, create, sync) {
  (window.braintree = window.braintree || {})[name] = Object.assign({ create }, sync, { VERSION });
}
