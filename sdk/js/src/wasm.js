// The one shared WebAssembly module holding every rule. Loaded lazily (never
// at import time, so importing during server rendering is safe) from the
// assets host: next to this file by default, or from setWasmUrl()/the
// client's assetsUrl.
import init, * as rules from './payment_sdk.js';

let url = null;
let loading = null;

export function setWasmUrl(wasmUrl) {
  url = wasmUrl;
}

export function load() {
  if (!loading) {
    const source = url || new URL('./payment_sdk_bg.wasm', import.meta.url);
    loading = init({ module_or_path: source }).then(() => rules);
    loading.catch(() => { loading = null; });
  }
  return loading;
}

export { rules };
