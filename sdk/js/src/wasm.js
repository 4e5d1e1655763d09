// The rules' WebAssembly module. Loaded lazily (never at import time, so
// importing during server rendering is safe) from the assets host: next to
// this file by default, or from setWasmUrl()/the client's assetsUrl. The
// merchant page's components load payment_sdk_bg.wasm; the hosted-field frame
// page is built against the frame module (build.mjs defines WASM_FILE).
import init, * as rules from './payment_sdk.js';
import { error } from './errors.js';

/* global WASM_FILE */
const file = typeof WASM_FILE === 'string' ? WASM_FILE : 'payment_sdk_bg.wasm';
let url = null;
let loading = null;

export function setWasmUrl(wasmUrl) {
  url = wasmUrl;
}

export function load() {
  if (!loading) {
    const source = url || new URL('./' + file, import.meta.url);
    // The rules are this library's client script: failing to fetch them is
    // the reference's CLIENT_SCRIPT_FAILED_TO_LOAD.
    loading = init({ module_or_path: source }).then(() => rules, (e) => {
      throw error('CLIENT_SCRIPT_FAILED_TO_LOAD', { originalError: e });
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}

export { rules };
