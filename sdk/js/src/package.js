// What the package exports beside the component namespaces, as an entry of
// its own so that index.js (built as imports of the entries) shares every
// module with pages that import the components one by one.
export { BraintreeError } from "./errors.js";
export { setWasmUrl, load as _loadRules } from "./wasm.js";
// From the client, which every component imports: then the client and the
// modules under it stay one chunk.
export { VERSION } from "./client.js";
