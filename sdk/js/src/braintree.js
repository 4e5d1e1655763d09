// Plain <script> use: sets window.braintree. The wasm module is fetched from
// next to this script.
import * as sdk from './index.js';
import { setWasmUrl } from './wasm.js';

const current = document.currentScript;
if (current && current.src) setWasmUrl(new URL('payment_sdk_bg.wasm', current.src).toString());
window.braintree = sdk;
