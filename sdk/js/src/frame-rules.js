// The hosted-field frame module's rules (card number, expiration, styles),
// loadable on their own: for benchmarks and diagnostics only.
export { load } from "./wasm.js";
