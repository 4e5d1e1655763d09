// A component's classic script (client.min.js, hosted-fields.min.js, …, the
// reference's file names): it puts the component's namespace on
// window.braintree and loads the component's ES module from beside itself,
// which finds the wasm beside itself in turn. The scripts of one page thus
// share one copy of each module and one instance of the wasm through the
// browser's module map, and put nothing on the page but window.braintree.
import { attach } from "./global.js";
import { wrap } from "./lib.js";
import { error } from "./errors.js";

/**
 * Attaches window.braintree[name] for the module `file`.js; `sync` holds
 * its synchronous functions, bundled into the script (the module itself is
 * needed by create only).
 */
export function classic(file, name, sync) {
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  const url = new URL(file + ".js", (script && script.src) || location.href).href;
  let pending = null;
  const load = () => {
    if (!pending) {
      pending = import(url);
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
  // Fetched at once, as the reference's scripts hold their code when they run.
  load();
  // A module that cannot be fetched fails as the reference's client script does.
  const create = (options, callback) =>
    wrap(
      load().then(
        (m) => m.create(options),
        (e) => {
          throw error("CLIENT_SCRIPT_FAILED_TO_LOAD", { originalError: e });
        },
      ),
      callback,
    );
  attach(name, create, sync);
}
