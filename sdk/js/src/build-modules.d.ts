// The modules build.mjs supplies at bundle time, as the type check sees them:
// the error catalogue's text files, the constants the crate prints
// (sdk-constants, whole or one per module) and the wasm-bindgen glue (strings
// and integers across the boundary; wasm.rs is its typed side).
declare module "*.txt" {
  const text: string;
  export default text;
}
declare module "*/constants.json";
declare module "*.json" {
  const constant: any;
  export default constant;
}
declare module "*/payment_sdk.js";
declare module "*/payment_sdk_apm.js";
declare module "*/payment_sdk_qr.js";

// Set by build.mjs (esbuild's define) in the builds that load another module.
declare const WASM_FILE: string | undefined;

// The globals the SDK shares with pages and third-party scripts: its own
// namespace, the host app's popup bridge, the authentication, bank-login and
// wallet scripts, and the frame's handle for tests.
interface Window {
  braintree?: any;
  popupBridge?: any;
  Cardinal?: any;
  Plaid?: any;
  MasterPass?: any;
  __hostedField?: any;
}
