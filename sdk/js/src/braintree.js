// The all-in-one classic script (braintree.js, and index.min.js as the
// reference names it): every namespace on window.braintree, as the
// reference's, with VERSION and nothing else. The wasm modules are fetched
// from next to this script.
// The package's default export (its namespaces by name): read from it, not
// from the module's namespace, the script carries no table of exports.
import sdk from "./index.js";
import { setWasmUrl } from "./wasm.js";
import { NAMESPACES } from "./namespaces.js";
import { attach } from "./global.js";

const current = /** @type {HTMLScriptElement | null} */ (document.currentScript);
if (current && current.src) setWasmUrl(new URL("payment_sdk_bg.wasm", current.src).toString());
for (const [name, ...sync] of NAMESPACES) {
  const namespace = sdk[name];
  attach(name, namespace.create, Object.fromEntries(sync.map((f) => [f, namespace[f]])));
}
window.braintree.VERSION = sdk.VERSION;
