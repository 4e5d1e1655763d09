// The package as the site imports it: resolvable from the workspace, safe to
// import during server rendering (no browser globals touched at import time),
// the public namespaces and VERSION, and its declarations shipped.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Namespaces each test below reads from the package (the rest are the merchant page's to test). */
const NAMESPACES = [
  "client",
  "hostedFields",
  "threeDSecure",
  "paypal",
  "paypalCheckout",
  "vaultManager",
  "paymentReady",
  "preferredPaymentMethods",
  "usBankAccount",
];

test("imports in Node without a window and exposes the public API", async () => {
  assert.equal(typeof globalThis.window, "undefined");
  const sdk = await import("@couture/payment-sdk");
  assert.equal(sdk.VERSION, "3.130.0");
  for (const ns of NAMESPACES) {
    assert.equal(typeof sdk[ns].create, "function", ns);
    assert.equal(sdk[ns].VERSION, "3.130.0", ns);
  }
  assert.equal(typeof sdk.setWasmUrl, "function");
  const hf = await import("@couture/payment-sdk/hosted-fields");
  assert.equal(typeof hf.create, "function");
  assert.equal(typeof hf.supportsInputFormatting, "function");
});

test("the reference's module and namespace names: unionpay, not unionPay", async () => {
  const sdk = await import("@couture/payment-sdk");
  const unionpay = await import("@couture/payment-sdk/unionpay");
  assert.equal(sdk.unionpay, unionpay);
  assert.equal(sdk.default.unionpay, unionpay);
  assert.equal(typeof unionpay.create, "function");
  assert.equal(sdk.unionPay, undefined);
  await assert.rejects(import("@couture/payment-sdk/union-pay"), { code: "ERR_PACKAGE_PATH_NOT_EXPORTED" });
});

test("import braintree from the package: the default export holds every namespace", async () => {
  const { default: braintree, hostedFields } = await import("@couture/payment-sdk");
  assert.equal(braintree.hostedFields, hostedFields);
  assert.equal(braintree.VERSION, "3.130.0");
  assert.equal(typeof braintree.BraintreeError, "function");
  for (const ns of NAMESPACES) {
    assert.equal(typeof braintree[ns].create, "function", ns);
  }
});

test("a typed integration (default, named and per-component imports) compiles under tsc --strict", () => {
  // The package is linked into a scratch project, so the check resolves
  // through its package.json exports exactly as an integrator's would.
  const here = fileURLToPath(new URL(".", import.meta.url));
  const project = mkdtempSync(join(tmpdir(), "typed-integration-"));
  try {
    mkdirSync(join(project, "node_modules", "@couture"), { recursive: true });
    symlinkSync(join(here, "..", "js"), join(project, "node_modules", "@couture", "payment-sdk"), "dir");
    cpSync(join(here, "..", "js", "examples", "typed-integration"), project, { recursive: true });
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    execFileSync(process.execPath, [tsc, "-p", join(project, "tsconfig.json")], { encoding: "utf8", stdio: "pipe" });
  } catch (e) {
    assert.fail("tsc --strict failed:\n" + (e.stdout || e.message));
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

test("ships TypeScript declarations and per-component entry files", () => {
  for (const f of [
    "index.d.ts",
    "client.d.ts",
    "hosted-fields.d.ts",
    "three-d-secure.d.ts",
    "paypal.d.ts",
    "paypal-checkout.d.ts",
    "vault-manager.d.ts",
    "payment-ready.d.ts",
    "preferred-payment-methods.d.ts",
    "us-bank-account.d.ts",
    "index.js",
    "client.js",
    "hosted-fields.js",
    "three-d-secure.js",
    "paypal.js",
    "paypal-checkout.js",
    "vault-manager.js",
    "payment-ready.js",
    "preferred-payment-methods.js",
    "us-bank-account.js",
    "unionpay.d.ts",
    "unionpay.js",
    "braintree.js",
    "payment_sdk_bg.wasm",
    // The reference's classic scripts: the all-in-one and one per component.
    "index.min.js",
    "client.min.js",
    "hosted-fields.min.js",
    "three-d-secure.min.js",
    "paypal-checkout.min.js",
    "unionpay.min.js",
  ]) {
    assert.ok(existsSync(new URL("../js/dist/" + f, import.meta.url)), f);
  }
});

test("a component entry carries only its own code over the shared chunks", async () => {
  const { readFileSync } = await import("node:fs");
  const entry = readFileSync(new URL("../js/dist/client.js", import.meta.url), "utf8");
  assert.ok(entry.length < 1000, "client.js is a thin entry (" + entry.length + " B)");
});

test("the modules restate none of the crate's constants: they import what sdk-constants printed", () => {
  const constants = JSON.parse(readFileSync(new URL("../.build/constants.json", import.meta.url), "utf8"));
  // Values distinctive enough to be found as literals (small counts and 400,
  // an HTTP status too, are not).
  const values = Object.values(constants).filter((v) => typeof v === "string" || v > 400);
  assert.ok(values.includes("3.130.0") && values.includes(60000), "the crate prints the version and timeouts");
  const src = new URL("../js/src/", import.meta.url);
  for (const file of readdirSync(src).filter((f) => f.endsWith(".js"))) {
    const code = readFileSync(new URL(file, src), "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
    for (const v of values) {
      const literal = typeof v === "string" ? new RegExp("['\"]" + v.replace(/\./g, "\\.") + "['\"]") : new RegExp("\\b" + v + "\\b");
      assert.doesNotMatch(code, literal, file + " restates " + v);
    }
  }
});
