// The rules' WebAssembly modules. Loaded lazily (never at import time, so
// importing during server rendering is safe) from the assets host: next to
// this file by default, or beside the URL given to setWasmUrl() (the client's
// wasmUrl option, the classic script's own address). The merchant page's
// components load payment_sdk_bg.wasm; the hosted-field frame page is built
// against the frame module (build.mjs defines WASM_FILE); the alternative
// payment methods load their own rules module too (apm-wasm.js).
import init, * as rules from "./payment_sdk.js";
import { error } from "./errors.js";

/* global WASM_FILE */
const file = typeof WASM_FILE === "string" ? WASM_FILE : "payment_sdk_bg.wasm";
let url = null;

export function setWasmUrl(wasmUrl) {
  url = wasmUrl;
}

/** Where a module file is: the URL set for this one, beside it for the others, else beside this file. */
function wasmUrl(name) {
  if (!url) return new URL("./" + name, import.meta.url);
  return name === file ? url : new URL(name, new URL(url, location.href));
}

/**
 * A once-only loader of a wasm-bindgen module (`init` its glue's default
 * export, `name` its file): retried after a failure, which is the
 * reference's CLIENT_SCRIPT_FAILED_TO_LOAD (the rules are this library's
 * client script).
 */
export function loader(init, exports, name) {
  let pending = null;
  return () => {
    if (!pending) {
      pending = init({ module_or_path: wasmUrl(name) }).then(
        () => exports,
        (e) => {
          throw error("CLIENT_SCRIPT_FAILED_TO_LOAD", { originalError: e });
        },
      );
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
}

export const load = loader(init, rules, file);

export { rules };
