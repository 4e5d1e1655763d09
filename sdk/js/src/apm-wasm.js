// The alternative payment methods' rules (local payments, SEPA, Masterpass,
// UnionPay, US bank account, Venmo, Payment Request, Payment Ready,
// preferred methods): a module of their own, so a page with cards, PayPal
// and 3-D Secure never downloads them, and they never grow that page's
// module. Loaded like the merchant module, from beside it.
import init, * as rules from "./payment_sdk_apm.js";
import { loader } from "./wasm.js";

export const load = loader(init, rules, "payment_sdk_apm_bg.wasm");

export { rules };
