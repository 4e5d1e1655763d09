// 3-D Secure errors in headless Chromium: type, code and the reference's exact
// message, raised in the reference's order, for create and verifyCard; and
// verifyCard's option checks never wait for the authentication script.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, blankPage, editConfiguration, until } from "./harness.mjs";

useSandbox();

const UNSUPPORTED = {
  name: "BraintreeError",
  type: "MERCHANT",
  code: "THREEDS_UNSUPPORTED_VERSION",
  message:
    "3D Secure `1` is deprecated and no longer supported. See available versions at https://braintree.github.io/braintree-web/current/module-braintree-web_three-d-secure.html#.create",
};
const unrecognized = (v) => ({
  name: "BraintreeError",
  type: "MERCHANT",
  code: "THREEDS_UNRECOGNIZED_VERSION",
  message: "Version `" + v + "` is not a recognized version. You may need to update the version of your Braintree SDK to support this version.",
});
const missingOption = (what) => ({
  name: "BraintreeError",
  type: "MERCHANT",
  code: "THREEDS_MISSING_VERIFY_CARD_OPTION",
  message: "verifyCard options must include " + what + ".",
});
const strip = (e) => (typeof e === "string" ? e : { name: e.name, type: e.type, code: e.code, message: e.message });

test("create as the page's first call: version errors come first, as BraintreeErrors, before the client check", { timeout: 60000 }, async () => {
  const page = await blankPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const r = {};
    // The very first SDK call of the page: the wasm module is not loaded yet.
    r.first = await sdk.threeDSecure.create({ version: 1 }).then(
      () => "ok",
      (e) => ({
        isBraintreeError: e instanceof sdk.BraintreeError,
        name: e.name,
        type: e.type,
        code: e.code,
        message: e.message,
      }),
    );
    r.missing = await window.kit.grab(sdk.threeDSecure.create({}));
    r.zero = await window.kit.grab(sdk.threeDSecure.create({ version: "1" }));
    r.three = await window.kit.grab(sdk.threeDSecure.create({ version: 3 }));
    r.oneDot = await window.kit.grab(sdk.threeDSecure.create({ version: "2-modal" }));
    r.viaCallback = await new Promise((resolve) => sdk.threeDSecure.create({ version: "1" }, (err, instance) => resolve({ code: err && err.code, instance })));
    r.noClient = await window.kit.grab(sdk.threeDSecure.create({ version: "2" }));
    r.oldClient = await window.kit.grab(sdk.threeDSecure.create({ version: "2", client: { getVersion: () => "3.0.0" } }));
    return r;
  });
  assert.deepEqual(out.first, { isBraintreeError: true, ...UNSUPPORTED });
  assert.deepEqual(strip(out.missing), UNSUPPORTED);
  assert.deepEqual(strip(out.zero), UNSUPPORTED);
  assert.deepEqual(strip(out.three), unrecognized("3"));
  assert.deepEqual(strip(out.oneDot), unrecognized("2-modal"));
  assert.deepEqual(out.viaCallback, { code: "THREEDS_UNSUPPORTED_VERSION", instance: undefined });
  assert.deepEqual(strip(out.noClient), {
    name: "BraintreeError",
    type: "MERCHANT",
    code: "INSTANTIATION_OPTION_REQUIRED",
    message: "options.client is required when instantiating 3D Secure.",
  });
  assert.deepEqual(strip(out.oldClient), {
    name: "BraintreeError",
    type: "MERCHANT",
    code: "INCOMPATIBLE_VERSIONS",
    message: "Client (version 3.0.0) and 3D Secure (version 3.130.0) components must be from the same SDK version.",
  });
  await page.context().close();
});

test("create: of the configuration checks the later one wins, as in the reference", { timeout: 60000 }, async () => {
  let edit = () => {};
  const page = await blankPage(browser, sandbox.url, {
    "**/client_api/v1/configuration*": editConfiguration((config) => edit(config)),
  });
  const cases = [
    [
      "disabled, no JWT",
      (c) => {
        c.threeDSecureEnabled = false;
        delete c.threeDSecure.cardinalAuthenticationJWT;
      },
      "token",
      "THREEDS_NOT_ENABLED_FOR_V2",
      "3D Secure version 2 is not enabled for this merchant. Contact Braintree Support for assistance at https://help.braintreepayments.com/",
    ],
    [
      "disabled, production over http, key",
      (c) => {
        c.threeDSecureEnabled = false;
        c.environment = "production";
      },
      "key",
      "THREEDS_HTTPS_REQUIRED",
      "3D Secure requires HTTPS.",
    ],
    [
      "disabled, tokenization key",
      (c) => {
        c.threeDSecureEnabled = false;
      },
      "key",
      "THREEDS_CAN_NOT_USE_TOKENIZATION_KEY",
      "3D Secure can not use a tokenization key for authorization.",
    ],
    [
      "disabled",
      (c) => {
        c.threeDSecureEnabled = false;
      },
      "token",
      "THREEDS_NOT_ENABLED",
      "3D Secure is not enabled for this merchant.",
    ],
  ];
  for (const [name, change, auth, code, message] of cases) {
    edit = change;
    const out = await page.evaluate(async (auth) => {
      const sdk = await window.kit.sdk();
      const client = await window.kit.client(auth === "key" ? "sandbox_abcd1234_merchant01" : undefined);
      return window.kit.grab(sdk.threeDSecure.create({ client, version: 2 }));
    }, auth);
    assert.deepEqual(strip(out), { name: "BraintreeError", type: "MERCHANT", code, message }, name);
  }
  // Given only an authorization, the reference hands the instance back at
  // once; the configuration error comes from verifyCard.
  edit = (c) => {
    c.threeDSecureEnabled = false;
  };
  const deferred = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const tds = await sdk.threeDSecure.create({ authorization: await window.kit.token(), sandboxUrl: window.kit.sandboxUrl, version: "2" });
    return window.kit.grab(tds.verifyCard({ nonce: "fake", bin: "400000", amount: "10", onLookupComplete: (d, next) => next() }));
  });
  assert.equal(deferred.code, "THREEDS_NOT_ENABLED");
  await page.context().close();
});

test("verifyCard checks its options in the reference's order without waiting for the authentication script", { timeout: 60000 }, async () => {
  const scriptRequests = [];
  // The script is requested but never answered: a check that waited for it would hang.
  const page = await blankPage(browser, sandbox.url, {
    "**/3ds/songbird.js": (route) => {
      scriptRequests.push(route.request().url());
    },
  });
  const started = Date.now();
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const tds = await sdk.threeDSecure.create({ client, version: "2" });
    const next = (d, n) => n();
    const v = (o) => window.kit.grab(tds.verifyCard(o));
    const r = {};
    r.nothing = await v({ nonce: "n", amount: "10", onLookupComplete: next });
    r.noNonce = await v({ bin: "400000", amount: "10", onLookupComplete: next });
    r.noAmount = await v({ bin: "400000", nonce: "n", onLookupComplete: next });
    r.blankAmount = await v({ bin: "400000", nonce: "n", amount: "  ", onLookupComplete: next });
    r.boolAmount = await v({ bin: "400000", nonce: "n", amount: true, onLookupComplete: next });
    r.arrayAmount = await v({ bin: "400000", nonce: "n", amount: [10], onLookupComplete: next });
    r.wordAmount = await v({ bin: "400000", nonce: "n", amount: "ten", onLookupComplete: next });
    r.nullAmount = await v({ bin: "400000", nonce: "n", amount: null, onLookupComplete: next });
    // Amounts JS reads as numbers pass the amount check and reach the next one.
    r.trailingDot = await v({ bin: "400000", nonce: "n", amount: "10." });
    r.exponent = await v({ bin: "400000", nonce: "n", amount: "1e3" });
    r.number = await v({ bin: "400000", nonce: "n", amount: 10 });
    r.exemption = await v({ bin: "400000", nonce: "n", amount: "10", onLookupComplete: next, requestedExemptionType: "bogus" });
    // A valid verification now waits on the script; the next ones meet it.
    const pending = tds.verifyCard({ bin: "400000", nonce: "n", amount: "10", onLookupComplete: next });
    pending.catch(() => {});
    r.inProgress = await v({ bin: "400000", nonce: "n", amount: "10", onLookupComplete: next });
    r.binBeforeInProgress = await v({ nonce: "n", amount: "10", onLookupComplete: next });
    r.nonceAfterInProgress = await v({ bin: "400000", amount: "10", onLookupComplete: next });
    return r;
  });
  assert.ok(Date.now() - started < 20000, "no check waited for the script");
  // The pending verification asks for the script on its own time: under load
  // the request can reach the route just after the checks have answered.
  await until(() => scriptRequests.length > 0, "the script request");
  assert.equal(scriptRequests.length, 1, "the script was requested (and never answered)");
  assert.deepEqual(strip(out.nothing), missingOption("a BIN"));
  assert.deepEqual(strip(out.noNonce), missingOption("a nonce"));
  for (const k of ["noAmount", "blankAmount", "boolAmount", "arrayAmount", "wordAmount", "nullAmount"]) {
    assert.deepEqual(strip(out[k]), missingOption("an amount"), k);
  }
  for (const k of ["trailingDot", "exponent", "number"]) {
    assert.deepEqual(strip(out[k]), missingOption("an onLookupComplete function"), k);
  }
  assert.deepEqual(strip(out.exemption), {
    name: "BraintreeError",
    type: "MERCHANT",
    code: "THREEDS_REQUESTED_EXEMPTION_TYPE_INVALID",
    message: "requestedExemptionType `bogus` is not a valid exemption. The accepted values are: `low_value`, `transaction_risk_analysis`",
  });
  assert.deepEqual(strip(out.inProgress), {
    name: "BraintreeError",
    type: "MERCHANT",
    code: "THREEDS_AUTHENTICATION_IN_PROGRESS",
    message: "Cannot call verifyCard while existing authentication is in progress.",
  });
  assert.deepEqual(strip(out.binBeforeInProgress), missingOption("a BIN"));
  assert.equal(out.nonceAfterInProgress.code, "THREEDS_AUTHENTICATION_IN_PROGRESS");
  await page.context().close();
});

test("the script fails to load: a frictionless lookup still verifies, a challenge reports the load failure", { timeout: 60000 }, async () => {
  const page = await blankPage(browser, sandbox.url, { "**/3ds/songbird.js": (route) => route.abort() });
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const tds = await sdk.threeDSecure.create({ client, version: "2" });
    const next = (d, n) => n();
    const frictionless = await window.kit.nonce(client, "4000000000001000");
    const challenge = await window.kit.nonce(client, "4000000000001091");
    const r = {};
    r.frictionless = await tds.verifyCard({ ...frictionless, amount: "10", onLookupComplete: next }).then(
      (p) => p.liabilityShifted,
      (e) => e.code,
    );
    r.challenge = await window.kit.grab(tds.verifyCard({ ...challenge, amount: "10", onLookupComplete: next }));
    return r;
  });
  assert.equal(out.frictionless, true);
  assert.deepEqual(strip(out.challenge), {
    name: "BraintreeError",
    type: "NETWORK",
    code: "THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED",
    message: "Cardinal's Songbird.js library could not be loaded.",
  });
  await page.context().close();
});

test("lookup, cancel and teardown errors", { timeout: 60000 }, async () => {
  const page = await blankPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const tds = await sdk.threeDSecure.create({ client, version: "2" });
    const r = {};
    r.noPayload = await window.kit.grab(tds.cancelVerifyCard());
    const notFound = tds.verifyCard({ nonce: "unknown-nonce", bin: "400000", amount: 10, onLookupComplete: (d, n) => n() });
    r.notFound = await window.kit.grab(notFound);
    r.notFoundStatus = await notFound.catch((e) => e.details.originalError.details.httpStatus);
    r.invalidAmount = await window.kit.grab(
      tds.verifyCard({ ...(await window.kit.nonce(client, "4000000000001000")), amount: "-1", onLookupComplete: (d, n) => n() }),
    );
    // The merchant cancels in onLookupComplete: verifyCard fails, cancel resolves the lookup's method.
    const card = await window.kit.nonce(client, "4000000000001091");
    let canceled;
    r.merchantCancel = await window.kit.grab(
      tds.verifyCard({
        ...card,
        amount: "10",
        onLookupComplete: () => {
          canceled = tds.cancelVerifyCard();
        },
      }),
    );
    r.cancelPayload = await canceled.then((p) => ({ nonce: p.nonce, liabilityShiftPossible: p.liabilityShiftPossible, liabilityShifted: p.liabilityShifted }));
    await tds.teardown();
    try {
      tds.verifyCard({});
      r.after = "no error";
    } catch (e) {
      r.after = { name: e.name, type: e.type, code: e.code, message: e.message };
    }
    return r;
  });
  assert.deepEqual(strip(out.noPayload), {
    name: "BraintreeError",
    type: "MERCHANT",
    code: "THREEDS_NO_VERIFICATION_PAYLOAD",
    message: "No verification payload available.",
  });
  assert.deepEqual(strip(out.notFound), {
    name: "BraintreeError",
    type: "MERCHANT",
    code: "THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR",
    message: "Either the payment method nonce passed to `verifyCard` does not exist, or it was already consumed",
  });
  assert.equal(out.notFoundStatus, 404);
  assert.deepEqual(strip(out.invalidAmount), {
    name: "BraintreeError",
    type: "CUSTOMER",
    code: "THREEDS_LOOKUP_VALIDATION_ERROR",
    message: "The data passed in `verifyCard` did not pass validation checks. See details for more info",
  });
  assert.deepEqual(strip(out.merchantCancel), {
    name: "BraintreeError",
    type: "MERCHANT",
    code: "THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT",
    message: "3D Secure verfication canceled by merchant.",
  });
  assert.match(out.cancelPayload.nonce, /^tokencc_3ds_/);
  assert.equal(out.cancelPayload.liabilityShiftPossible, true);
  assert.equal(out.cancelPayload.liabilityShifted, false);
  assert.deepEqual(out.after, {
    name: "BraintreeError",
    type: "MERCHANT",
    code: "METHOD_CALLED_AFTER_TEARDOWN",
    message: "verifyCard cannot be called after teardown.",
  });
  await page.context().close();
});
