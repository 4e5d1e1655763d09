// PayPal popup (approve, cancel, closed, blocked, the web-view frame, one at a time, 422), PayPal Checkout
// (createPayment/tokenizePayment/updatePayment, vault-initiated checkout with
// its backdrop, loadPayPalSDK) and the vault manager, in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, merchantPage, result } from "./harness.mjs";

// An Android WebView: popups cannot report back there.
const ANDROID_WEBVIEW_UA =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36";

useSandbox();

/** The merchant test page as an Android WebView sees it. */
async function webviewPage() {
  const context = await browser.newContext({ userAgent: ANDROID_WEBVIEW_UA });
  const page = await context.newPage();
  await page.goto(sandbox.url + "/web/3.130.0/merchant-test.html");
  await page.waitForFunction(() => document.body.dataset.ready === "all", null, { timeout: 30000 });
  return page;
}

async function popupFrom(page, selector) {
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.click(selector)]);
  await popup.waitForURL(/\/paypal\/checkout/);
  return popup;
}

test("checkout popup (450x535): approve tokenizes the PayPal account", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const popup = await popupFrom(page, "#paypal-checkout");
  const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight]);
  assert.ok(Math.abs(size[0] - 450) <= 20 && Math.abs(size[1] - 535) <= 100, "popup size " + size);
  await popup.click("#approve");
  const r = await result(page, "PayPal tokenized");
  assert.match(r.nonce, /^tokenpp_/);
  assert.equal(r.type, "PayPalAccount");
  assert.equal(r.details.email, "buyer@example.com");
  assert.equal(r.details.payerId, "SANDBOXPAYER1");
  await page.context().close();
});

test("vault popup: cancel and closing the popup give PAYPAL_POPUP_CLOSED", async () => {
  const page = await merchantPage(browser, sandbox.url);
  let popup = await popupFrom(page, "#paypal-vault");
  assert.match(popup.url(), /ba_token=BA-/);
  await popup.click("#cancel");
  let r = await result(page, "Error");
  assert.equal(r.code, "PAYPAL_POPUP_CLOSED");
  assert.equal(r.type, "CUSTOMER");
  await page.evaluate(() => {
    document.body.dataset.lastResult = "";
  });
  popup = await popupFrom(page, "#paypal-checkout");
  await popup.close();
  r = await result(page, "Error");
  assert.equal(r.code, "PAYPAL_POPUP_CLOSED");
  await page.context().close();
});

test("popups blocked: PAYPAL_POPUP_OPEN_FAILED; popups unsupported (a web view): a full-screen frame whose close button gives PAYPAL_POPUP_CLOSED", async () => {
  let page = await merchantPage(browser, sandbox.url);
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.click("#paypal-checkout");
  let e = await result(page, "Error");
  assert.equal(e.code, "PAYPAL_POPUP_OPEN_FAILED");
  assert.equal(e.type, "MERCHANT");
  assert.equal(e.message, "PayPal popup failed to open, make sure to tokenize in response to a user action.");
  // As the reference: the frame service's own error is the original one.
  assert.deepEqual([e.details.originalError.code, e.details.originalError.type], ["FRAME_SERVICE_FRAME_OPEN_FAILED", "INTERNAL"]);
  assert.equal(await page.locator("[data-braintree-frame]").count(), 0);
  await page.context().close();

  page = await webviewPage();
  await page.click("#paypal-checkout");
  const frame = page.frameLocator("[data-braintree-frame] iframe");
  await frame.locator("#approve").click();
  const r = await result(page, "PayPal tokenized");
  assert.match(r.nonce, /^tokenpp_/);
  assert.equal(await page.locator("[data-braintree-frame]").count(), 0);
  await page.evaluate(() => {
    document.body.dataset.lastResult = "";
  });
  await page.click("#paypal-vault");
  await frame.locator("#approve").waitFor();
  const box = await page.locator("[data-braintree-frame]").boundingBox();
  const viewport = page.viewportSize();
  assert.deepEqual([box.width, box.height], [viewport.width, viewport.height]);
  await page.click("[data-braintree-frame] > button");
  e = await result(page, "Error");
  assert.equal(e.code, "PAYPAL_POPUP_CLOSED");
  await page.context().close();
});

test("paypal: flow required, one at a time, 422 gives INVALID_PAYMENT_OPTION, teardown", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await import("./js/index.js");
    const client = window.hostedFieldsInstance._client;
    const pp = await sdk.paypal.create({ client });
    const grab = (p) =>
      p.then(
        () => "ok",
        (e) => e.code + ": " + e.message,
      );
    const r = {};
    r.noFlow = await grab(pp.tokenize({}));
    const first = pp.tokenize({ flow: "checkout", amount: "10.00", currency: "USD" });
    r.second = await grab(pp.tokenize({ flow: "checkout", amount: "10.00", currency: "USD" }));
    pp.closeWindow();
    r.first = await grab(first);
    r.invalid = await grab(pp.tokenize({ flow: "checkout", amount: "ten", currency: "USD" }));
    await pp.teardown();
    try {
      pp.tokenize({ flow: "vault" });
      r.after = "no error";
    } catch (e) {
      r.after = e.code;
    }
    return r;
  });
  assert.equal(out.noFlow, "PAYPAL_FLOW_OPTION_REQUIRED: PayPal flow property is invalid or missing.");
  assert.equal(out.second, "PAYPAL_TOKENIZATION_REQUEST_ACTIVE: Another tokenization request is active.");
  assert.match(out.first, /^PAYPAL_POPUP_CLOSED/);
  assert.equal(out.invalid, "PAYPAL_INVALID_PAYMENT_OPTION: PayPal payment options are invalid.");
  assert.equal(out.after, "METHOD_CALLED_AFTER_TEARDOWN");
  await page.context().close();
});

test("paypalCheckout: vault-initiated checkout with a 0.7 backdrop that focuses the popup", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const popup = await popupFrom(page, "#paypal-vic");
  const backdrop = page.locator("[data-braintree-paypal-vault-initiated-checkout-modal]");
  assert.equal(await backdrop.evaluate((b) => b.style.opacity), "0.7");
  await backdrop.click({ force: true });
  await popup.click("#approve");
  const r = await result(page, "PayPal tokenized");
  assert.match(r.nonce, /^tokenpp_/);
  assert.equal(await backdrop.count(), 0);
  await page.context().close();
});

test("paypalCheckout: createPayment, updatePayment rules, tokenizePayment, loadPayPalSDK", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const blocked = [];
  await page.route("https://www.paypal.com/**", (route) => {
    blocked.push(route.request().url());
    return route.abort();
  });
  const out = await page.evaluate(async () => {
    const sdk = await import("./js/index.js");
    const client = window.hostedFieldsInstance._client;
    const ppc = await sdk.paypalCheckout.create({ client });
    const grab = (p) =>
      p.then(
        (v) => (v === undefined ? "ok" : v),
        (e) => e.code + ": " + e.message,
      );
    const r = {};
    r.noFlow = await grab(ppc.createPayment({ amount: "10.00" }));
    r.bad = await grab(ppc.createPayment({ flow: "checkout", amount: "x", currency: "USD" }));
    const id = await ppc.createPayment({ flow: "checkout", amount: "10.00", currency: "USD" });
    r.id = id;
    r.updMissing = await grab(ppc.updatePayment({ paymentId: id, currency: "USD" }));
    r.updCurrency = await grab(
      ppc.updatePayment({ paymentId: id, currency: "USD", amount: "12.00", shippingOptions: [{ id: "a", amount: { currency: "EUR", value: "1.00" } }] }),
    );
    r.updCase = await grab(
      ppc.updatePayment({ paymentId: id, currency: "USD", amount: "12.00", shippingOptions: [{ id: "a", amount: { currency: "usd", value: "1.00" } }] }),
    );
    r.updLines = await grab(
      ppc.updatePayment({ paymentId: id, currency: "USD", lineItems: [{ name: "Gown", quantity: "1", unitAmount: "12.00", kind: "debit" }] }),
    );
    r.tokenizeUnapproved = await grab(ppc.tokenizePayment({ paymentID: id, payerID: "X" }));
    r.vicMissing = await grab(ppc.startVaultInitiatedCheckout({ amount: "1.00", currency: "USD" }));
    r.clientId = await ppc.getClientId();
    await ppc.loadPayPalSDK({ currency: "EUR" });
    r.sdkSrc = [...document.scripts].map((s) => s.src).find((s) => s.includes("/paypal/sdk/js"));
    r.paypalLoaded = typeof window.paypal.Buttons;
    // Outside sandbox mode the script comes from the provider's host, which
    // the test blocks (or the shop's CSP does, as it lists no live provider host locally).
    const violations = [];
    document.addEventListener("securitypolicyviolation", (e) => violations.push(e.blockedURI));
    const Client = client.constructor;
    // A production configuration: the provider's own hosts, no sandbox mode.
    const config = client.getConfiguration();
    const gatewayConfiguration = Object.assign({}, config.gatewayConfiguration, {
      assetsUrl: "https://assets.braintreegateway.com",
      clientApiUrl: "https://api.braintreegateway.com:443/merchants/m/client_api",
      configUrl: "https://api.braintreegateway.com:443/merchants/m/client_api/v1/configuration",
      graphQL: { url: "https://payments.braintree-api.com/graphql" },
      analytics: undefined,
    });
    const live = new Client(Object.assign(config, { sandboxUrl: "", gatewayConfiguration }));
    const ppc2 = await sdk.paypalCheckout.create({ client: live });
    r.loadFail = await grab(ppc2.loadPayPalSDK({}));
    r.liveSrc = [...document.scripts].map((s) => s.src).find((s) => s.includes("paypal.com")) || "removed";
    r.violations = violations;
    return r;
  });
  assert.equal(out.noFlow, "PAYPAL_FLOW_OPTION_REQUIRED: PayPal flow property is invalid or missing.");
  assert.match(out.bad, /^PAYPAL_INVALID_PAYMENT_OPTION/);
  assert.match(out.id, /^EC-/);
  assert.equal(out.updMissing, "PAYPAL_MISSING_REQUIRED_OPTION: Missing required option.");
  assert.match(out.updCurrency, /^PAYPAL_INVALID_PAYMENT_OPTION/);
  assert.equal(out.updCase, "ok");
  assert.equal(out.updLines, "ok");
  // The client's own error passes through, as in the reference.
  assert.equal(out.tokenizeUnapproved, "CLIENT_REQUEST_ERROR: There was a problem with your request.");
  assert.equal(out.vicMissing, "PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED: Required param vaultInitiatedCheckoutPaymentMethodToken is missing.");
  assert.equal(out.clientId, "sandbox-client-id");
  assert.match(out.sdkSrc, /\?components=buttons&currency=EUR&intent=authorize&client-id=sandbox-client-id$/);
  assert.equal(out.paypalLoaded, "function");
  assert.equal(out.loadFail, "PAYPAL_SDK_SCRIPT_LOAD_FAILED: Failed to load the PayPal JS SDK script.");
  assert.deepEqual(
    [...blocked, ...out.violations],
    ["https://www.paypal.com/sdk/js?components=buttons&intent=authorize&currency=USD&client-id=sandbox-client-id"],
  );
  await page.context().close();
});

test("vault manager: list default first, delete, NONCE_NOT_FOUND, tokenization key refused, created from an authorization alone", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await import("./js/index.js");
    const sandboxUrl = location.origin + "/sandbox";
    const token = (
      await (
        await fetch("/sandbox/gateway/client_token", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ customerId: "vault-test" }),
        })
      ).json()
    ).clientToken;
    const client = await sdk.client.create({ authorization: token, sandboxUrl });
    const vm = await sdk.vaultManager.create({ client });
    const grab = (p) =>
      p.then(
        (v) => (v === undefined ? "ok" : v),
        (e) => e.code + ": " + e.message,
      );
    const r = {};
    const list = await vm.fetchPaymentMethods({ defaultFirst: true });
    r.types = list.map((m) => m.type + (m.default ? "*" : ""));
    r.deleted = await grab(vm.deletePaymentMethod(list[1].nonce));
    r.after = (await vm.fetchPaymentMethods()).length;
    r.notFound = await grab(vm.deletePaymentMethod("no-such-nonce"));
    const keyClient = await sdk.client.create({ authorization: "sandbox_abcd1234_merchant01", sandboxUrl });
    const vm2 = await sdk.vaultManager.create({ client: keyClient });
    r.key = await grab(vm2.deletePaymentMethod("x"));
    // From an authorization alone the instance comes at once (as the
    // reference's); its calls wait for the client, and carry its errors.
    const byToken = await sdk.vaultManager.create({ authorization: token, sandboxUrl });
    r.byToken = (await byToken.fetchPaymentMethods()).length;
    const broken = await sdk.vaultManager.create({ authorization: "nonsense" });
    r.broken = await grab(broken.fetchPaymentMethods());
    return r;
  });
  assert.deepEqual(out.types, ["CreditCard*", "PayPalAccount"]);
  assert.equal(out.deleted, "ok");
  assert.equal(out.after, 1);
  assert.match(out.notFound, /^VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND/);
  assert.equal(
    out.key,
    "VAULT_MANAGER_DELETE_PAYMENT_METHOD_NONCE_REQUIRES_CLIENT_TOKEN: A client token with a customer id must be used to delete a payment method nonce.",
  );
  assert.equal(out.byToken, 1);
  assert.equal(out.broken, "CLIENT_INVALID_AUTHORIZATION: Authorization is invalid. Make sure your client token or tokenization key is valid.");
  await page.context().close();
});
