// The reference library's classic scripts, as an integration written for
// it loads them with <script> tags: one <component>.min.js per component
// (in any order, each adding its namespace to window.braintree) and the
// all-in-one (index.min.js, and braintree.js), with the reference's names
// and a window.braintree that holds nothing else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, typeInto } from "./harness.mjs";

useSandbox();

// braintree-web 3.130.0's src/index.js, in its order, less the components
// this library does not implement (americanExpress, applePay,
// dataCollector, fastlane, googlePayment, visaCheckout).
const REFERENCE_KEYS = [
  "client",
  "hostedFields",
  "localPayment",
  "masterpass",
  "paymentRequest",
  "paymentReady",
  "paypal",
  "paypalCheckout",
  "threeDSecure",
  "unionpay",
  "usBankAccount",
  "vaultManager",
  "venmo",
  "sepa",
  "preferredPaymentMethods",
  "VERSION",
];
// Each reference namespace's module.exports beside create and VERSION.
const SYNC = {
  hostedFields: ["supportsInputFormatting"],
  masterpass: ["isSupported"],
  paypal: ["isSupported"],
  paypalCheckout: ["isSupported"],
  venmo: ["isBrowserSupported"],
};
// components.json's file names, by namespace.
const FILES = {
  client: "client",
  hostedFields: "hosted-fields",
  localPayment: "local-payment",
  masterpass: "masterpass",
  paymentRequest: "payment-request",
  paymentReady: "payment-ready",
  paypal: "paypal",
  paypalCheckout: "paypal-checkout",
  threeDSecure: "three-d-secure",
  unionpay: "unionpay",
  usBankAccount: "us-bank-account",
  vaultManager: "vault-manager",
  venmo: "venmo",
  sepa: "sepa",
  preferredPaymentMethods: "preferred-payment-methods",
};

/**
 * A merchant page on the sandbox's origin whose head loads `scripts` (file
 * names under /web/3.130.0/js/) by classic <script> tags, with the three
 * card containers; records page errors and every request for a wasm module.
 */
async function scriptPage(scripts) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  const wasm = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("request", (r) => {
    if (r.url().endsWith(".wasm")) wasm.push(r.url().slice(r.url().lastIndexOf("/") + 1));
  });
  const tags = scripts.map((s) => `<script src="/web/3.130.0/js/${s}"></script>`).join("");
  const body =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>classic</title>' +
    tags +
    "</head><body>" +
    '<div id="card-number"></div><div id="expiration-date"></div><div id="cvv"></div></body></html>';
  await page.route(sandbox.url + "/classic.html", (route) => route.fulfill({ contentType: "text/html", body }));
  await page.goto(sandbox.url + "/classic.html");
  return { page, errors, wasm };
}

/** window.braintree's keys and each namespace's keys. */
const shape = (page) =>
  page.evaluate(() => {
    const out = { keys: Object.keys(window.braintree), namespaces: {} };
    for (const k of out.keys) if (k !== "VERSION") out.namespaces[k] = Object.keys(window.braintree[k]).sort();
    return out;
  });

const namespaceKeys = (name) => ["VERSION", "create", ...(SYNC[name] || [])].sort();

test("client.min.js and hosted-fields.min.js by <script> tags (either order) tokenize a card, loading the wasm once", async () => {
  // hosted-fields first: a script's order must not matter.
  const { page, errors, wasm } = await scriptPage(["hosted-fields.min.js", "client.min.js"]);
  const global = await shape(page);
  assert.deepEqual(global.keys, ["hostedFields", "client"], "each script adds its namespace and keeps the other");
  assert.deepEqual(global.namespaces, { hostedFields: namespaceKeys("hostedFields"), client: namespaceKeys("client") });
  const created = await page.evaluate(
    () =>
      new Promise((resolve) => {
        // The reference's documented integration: callbacks, a tokenization key.
        window.braintree.client.create({ authorization: "sandbox_classic_merchant01", sandboxUrl: location.origin + "/sandbox" }, (clientErr, client) => {
          if (clientErr) return resolve({ clientErr: clientErr.code });
          window.braintree.hostedFields.create(
            {
              client,
              fields: { number: { selector: "#card-number" }, expirationDate: { selector: "#expiration-date" }, cvv: { selector: "#cvv" } },
            },
            (hfErr, hf) => {
              window.hf = hf;
              resolve({ hfErr: hfErr && hfErr.code, version: client.getVersion(), formatting: window.braintree.hostedFields.supportsInputFormatting() });
            },
          );
        });
      }),
  );
  assert.deepEqual(created, { hfErr: null, version: "3.130.0", formatting: true });
  await typeInto(page, "number", "4111111111111111");
  await typeInto(page, "expirationDate", "1230");
  await typeInto(page, "cvv", "123");
  const payload = await page.evaluate(() => window.hf.tokenize().then((p) => ({ nonce: p.nonce, lastFour: p.details.lastFour, type: p.type })));
  assert.equal(payload.lastFour, "1111");
  assert.equal(payload.type, "CreditCard");
  assert.ok(payload.nonce.length > 10);
  assert.equal(wasm.filter((w) => w === "payment_sdk_bg.wasm").length, 1, "the merchant wasm is fetched once for both scripts: " + wasm.join());
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("every component has its <component>.min.js under the reference's file name; together they make the reference's namespaces", async () => {
  const names = REFERENCE_KEYS.filter((k) => k !== "VERSION");
  const { page, errors } = await scriptPage(names.map((n) => FILES[n] + ".min.js"));
  const global = await shape(page);
  // A component script adds its namespace only (the reference's UMD
  // `braintree.<name>`), not VERSION: that is the all-in-one's.
  assert.deepEqual(global.keys, names);
  for (const n of names) assert.deepEqual(global.namespaces[n], namespaceKeys(n), n);
  const versions = await page.evaluate(() => Object.values(window.braintree).map((ns) => ns.VERSION));
  assert.deepEqual([...new Set(versions)], ["3.130.0"]);
  // The synchronous checks answer at once, from the scripts themselves.
  const sync = await page.evaluate(() => [
    window.braintree.hostedFields.supportsInputFormatting(),
    window.braintree.paypal.isSupported(),
    window.braintree.paypalCheckout.isSupported(),
    window.braintree.masterpass.isSupported(),
    typeof window.braintree.venmo.isBrowserSupported(),
  ]);
  assert.deepEqual(sync, [true, true, true, true, "boolean"]);
  // braintree.unionpay (the reference's name) creates an instance that works.
  const unionpay = await page.evaluate(async () => {
    const client = await window.braintree.client.create({ authorization: "sandbox_classic_merchant01", sandboxUrl: location.origin + "/sandbox" });
    const up = await window.braintree.unionpay.create({ client });
    const caps = await up.fetchCapabilities({ card: { number: "6221261111117766" } });
    return { isUnionPay: caps.isUnionPay, camelCase: "unionPay" in window.braintree };
  });
  assert.deepEqual(unionpay, { isUnionPay: true, camelCase: false });
  assert.deepEqual(errors, []);
  await page.context().close();
});

for (const allInOne of ["index.min.js", "braintree.js"]) {
  test(`the all-in-one ${allInOne}: window.braintree holds exactly the reference's keys, and unionpay works`, async () => {
    const { page, errors } = await scriptPage([allInOne]);
    const global = await shape(page);
    assert.deepEqual(global.keys, REFERENCE_KEYS);
    for (const n of REFERENCE_KEYS.filter((k) => k !== "VERSION")) assert.deepEqual(global.namespaces[n], namespaceKeys(n), n);
    const out = await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.braintree.unionpay.create({ authorization: "sandbox_classic_merchant01", sandboxUrl: location.origin + "/sandbox" }, (err, up) => {
            if (err) return resolve({ err: err.code });
            up.fetchCapabilities({ card: { number: "6221261111117766" } }, (capsErr, caps) =>
              resolve({ version: window.braintree.VERSION, isUnionPay: caps && caps.isUnionPay }),
            );
          });
        }),
    );
    assert.deepEqual(out, { version: "3.130.0", isUnionPay: true });
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}

test("a component script whose module cannot be fetched fails create as the reference's missing client script does", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route("**/web/3.130.0/js/client.js", (route) => route.abort());
  const body = '<!doctype html><html lang="en"><head><script src="/web/3.130.0/js/client.min.js"></script></head><body></body></html>';
  await page.route(sandbox.url + "/classic.html", (route) => route.fulfill({ contentType: "text/html", body }));
  await page.goto(sandbox.url + "/classic.html");
  const out = await page.evaluate(
    () =>
      new Promise((resolve) => {
        window.braintree.client.create({ authorization: "sandbox_classic_merchant01" }, (err) =>
          resolve({ name: err.name, type: err.type, code: err.code, message: err.message }),
        );
      }),
  );
  assert.deepEqual(out, {
    name: "BraintreeError",
    type: "NETWORK",
    code: "CLIENT_SCRIPT_FAILED_TO_LOAD",
    message: "Braintree client script could not be loaded.",
  });
  await context.close();
});
