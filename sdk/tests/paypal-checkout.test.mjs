// PayPal and PayPal Checkout as the reference behaves: entry points as a
// page's first call, isSupported, createPayment (token and fields), the
// PayPal button flow with shippingOptionId and cobrandedCardLabel,
// loadPayPalSDK's query and data attributes, autoSetDataUserIdToken and the
// preload request (as the sandbox received it), setup errors, vault-initiated
// checkout (errors, close, focus), the tokenize callback handle and the popup
// bridge, in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, merchantPage, blankPage as kitPage, until } from "./harness.mjs";

useSandbox();

const ANDROID_WEBVIEW_UA =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36";

/** A page of the assets host that has loaded none of the SDK. */
async function blankPage(contextOptions) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("pageerror", e.message));
  await page.goto(sandbox.url + "/web/3.130.0/html/redirect-frame.html");
  return page;
}

/** JSON bodies of the requests to a client API endpoint. */
function captureBodies(page, endpoint) {
  const bodies = [];
  page.on("request", (req) => {
    if (req.url().includes(endpoint)) bodies.push(req.postDataJSON());
  });
  return bodies;
}

/** The merchant test page with a PayPal Checkout instance on its client, as window.ppc. */
async function checkoutPage() {
  const page = await merchantPage(browser, sandbox.url);
  await page.evaluate(async () => {
    const sdk = await import("./js/index.js");
    window.ppc = await sdk.paypalCheckout.create({ client: window.hostedFieldsInstance._client });
  });
  return page;
}

test("create as the first call of a page: the library's error without a client, a working instance with an authorization", async () => {
  const page = await blankPage();
  const out = await page.evaluate(async () => {
    const sdk = await import("/web/3.130.0/js/index.js");
    const grab = (p) =>
      p.then(
        () => "ok",
        (e) => [e.name, e.type, e.code, e.message].join(" | "),
      );
    return {
      paypal: await grab(sdk.paypal.create({})),
      checkout: await grab(sdk.paypalCheckout.create({})),
      vault: await grab(sdk.vaultManager.create({})),
    };
  });
  assert.equal(out.paypal, "BraintreeError | MERCHANT | INSTANTIATION_OPTION_REQUIRED | options.client is required when instantiating PayPal.");
  assert.equal(out.checkout, "BraintreeError | MERCHANT | INSTANTIATION_OPTION_REQUIRED | options.client is required when instantiating PayPal Checkout.");
  assert.equal(out.vault, "BraintreeError | MERCHANT | INSTANTIATION_OPTION_REQUIRED | options.client is required when instantiating Vault Manager.");
  await page.context().close();

  const fresh = await blankPage();
  const id = await fresh.evaluate(async () => {
    const sdk = await import("/web/3.130.0/js/index.js");
    const ppc = await sdk.paypalCheckout.create({ authorization: "sandbox_first_merchant01", sandboxUrl: location.origin + "/sandbox" });
    return ppc.createPayment({ flow: "checkout", amount: "5.00", currency: "USD" });
  });
  assert.match(id, /^EC-/);
  await fresh.context().close();
});

test("isSupported is static on paypal and paypalCheckout", async () => {
  const page = await blankPage();
  const out = await page.evaluate(async () => {
    const sdk = await import("/web/3.130.0/js/index.js");
    return [sdk.paypal.isSupported(), sdk.paypalCheckout.isSupported()];
  });
  assert.deepEqual(out, [true, true]);
  await page.context().close();
});

/** A subscription plan's billing cycle as the provider takes it. */
const CYCLE = {
  billingFrequency: "1",
  billingFrequencyUnit: "MONTH",
  numberOfExecutions: "12",
  sequence: "1",
  startDate: "2027-01-01T00:00:00Z",
  trial: false,
  pricingScheme: { pricingModel: "FIXED", price: "30.00" },
};

test("createPayment resolves the approval URL's EC token and forwards every payment-resource field", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const bodies = captureBodies(page, "paypal_hermes/create_payment_resource");
  const vaultBodies = captureBodies(page, "paypal_hermes/setup_billing_agreement");
  const id = await page.evaluate(async (CYCLE) => {
    const sdk = await import("./js/index.js");
    const ppc = await sdk.paypalCheckout.create({ client: window.hostedFieldsInstance._client, merchantAccountId: "couture-usd" });
    const token = await ppc.createPayment({
      flow: "checkout",
      amount: "30.00",
      currency: "USD",
      intent: "capture",
      requestBillingAgreement: true,
      userAction: "commit",
      planType: "SUBSCRIPTION",
      planMetadata: {
        name: "Monthly gown",
        currencyIsoCode: "USD",
        totalAmount: "30.00",
        extra: "dropped",
        billingCycles: [{ ...CYCLE, note: "dropped" }],
      },
      amountBreakdown: { itemTotal: "25.00", shipping: "5.00" },
      contactPreference: "UPDATE_CONTACT_INFO",
      billingAgreementDetails: { description: "Gown club" },
      lineItems: [{ name: "Gown", quantity: "1", unitAmount: "25.00", kind: "debit" }],
      shippingOptions: [{ id: "std", label: "Standard", selected: true, type: "SHIPPING", amount: { currency: "USD", value: "5.00" } }],
      shippingAddressOverride: { line1: "1 Rue", city: "Paris", postalCode: "75001", countryCode: "FR", recipientName: "Ada" },
      userAuthenticationEmail: "ada@example.com",
      riskCorrelationId: "risk-1",
      appSwitchPreference: { launchPaypalApp: true },
      shippingCallbackUrl: "https://shop.example/shipping",
      paymentReadySessionId: "prs-1",
      vaultInitiatedCheckoutPaymentMethodToken: "pm-1",
    });
    const ba = await ppc.createPayment({ flow: "vault", billingAgreementDescription: "Saved PayPal", shippingAddressOverride: { line1: "2 Rue" } });
    return { token, ba };
  }, CYCLE);
  assert.match(id.token, /^EC-/);
  assert.match(id.ba, /^BA-/);
  const b = bodies[0];
  assert.equal(b.returnUrl, "https://www.paypal.com/checkoutnow/error");
  assert.equal(b.merchantAccountId, "couture-usd");
  assert.equal(b.intent, "sale");
  assert.equal(b.requestBillingAgreement, true);
  assert.equal(b.experienceProfile.userAction, "commit");
  assert.equal(b.planType, "SUBSCRIPTION");
  assert.deepEqual(b.planMetadata.billingCycles, [CYCLE]);
  assert.equal(b.planMetadata.name, "Monthly gown");
  assert.equal(b.planMetadata.extra, undefined);
  assert.deepEqual(b.amountBreakdown, { itemTotal: "25.00", shipping: "5.00" });
  assert.equal(b.contactPreference, "UPDATE_CONTACT_INFO");
  assert.deepEqual(b.billingAgreementDetails, { description: "Gown club" });
  assert.equal(b.lineItems[0].name, "Gown");
  assert.equal(b.shippingOptions[0].id, "std");
  assert.deepEqual([b.line1, b.city, b.countryCode, b.recipientName], ["1 Rue", "Paris", "FR", "Ada"]);
  assert.equal(b.payer_email, "ada@example.com");
  assert.equal(b.correlationId, "risk-1");
  assert.deepEqual(b.appSwitchPreference, { launchPaypalApp: true });
  assert.equal(b.shippingCallbackUrl, "https://shop.example/shipping");
  assert.equal(b.paymentReadySessionId, "prs-1");
  assert.equal(b.vaultInitiatedCheckoutPaymentMethodToken, "pm-1");
  const v = vaultBodies[0];
  assert.equal(v.description, "Saved PayPal");
  assert.deepEqual(v.shippingAddress, { line1: "2 Rue" });
  assert.equal(v.amount, undefined);
  await page.context().close();
});

test("PayPal button flow: loadPayPalSDK passes the merchant's query through; tokenizePayment has shippingOptionId and cobrandedCardLabel", async () => {
  const page = await checkoutPage();
  const script = await page.evaluate(async () => {
    const ppc = window.ppc;
    await ppc.loadPayPalSDK({ currency: "USD", "enable-funding": "paylater", "merchant-id": "M1", dataAttributes: { amount: "25.00" } });
    const el = document.head.firstElementChild;
    const box = document.createElement("div");
    box.id = "pp-buttons";
    document.body.appendChild(box);
    window.paypal
      .Buttons({
        createOrder: () =>
          ppc.createPayment({
            flow: "checkout",
            amount: "25.00",
            currency: "USD",
            shippingOptions: [{ id: "express", label: "Express", selected: true, type: "SHIPPING", amount: { currency: "USD", value: "9.00" } }],
          }),
        onApprove: (data) =>
          ppc.tokenizePayment(data).then((p) => {
            window.tokenized = p;
          }),
      })
      .render("#pp-buttons");
    return {
      src: el.src,
      amount: el.getAttribute("data-amount"),
      source: el.getAttribute("data-sdk-integration-source"),
      metadata: el.getAttribute("data-client-metadata-id"),
    };
  });
  assert.match(
    script.src,
    /\/paypal\/sdk\/js\?components=buttons&currency=USD&enable-funding=paylater&merchant-id=M1&intent=authorize&client-id=sandbox-client-id$/,
  );
  assert.equal(script.amount, "25.00");
  assert.equal(script.source, "BRAINTREE_WEB_SDK");
  assert.ok(script.metadata);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.click("#pp-buttons button")]);
  await popup.waitForURL(/\/paypal\/checkout\?token=EC-/);
  await popup.click("#approve");
  const payload = await (await page.waitForFunction(() => window.tokenized, null, { timeout: 30000 })).jsonValue();
  assert.match(payload.nonce, /^tokenpp_/);
  assert.equal(payload.shippingOptionId, "express");
  assert.equal(payload.cobrandedCardLabel, "Sandbox Cashback Mastercard");
  assert.equal(payload.details.email, "buyer@example.com");
  await page.context().close();
});

/** The query strings of the preload requests the sandbox received, oldest first. */
async function preloads() {
  return (await (await fetch(sandbox.url + "/sandbox/__control/paypal-preloads")).json()).preloads;
}

/** The preload requests a page sends, counted as they leave it. */
function sentPreloads(page) {
  const sent = [];
  page.on("request", (r) => new URL(r.url()).pathname.endsWith("/smart/buttons/preload") && sent.push(r.url()));
  return sent;
}

/**
 * The preloads the sandbox received after its first `count`, once it has
 * every one of the `sent` the page sent (loadPayPalSDK sends its preload
 * before it resolves: a stray one is among them, never still to come).
 */
async function preloadsAfter(count, sent) {
  return until(async () => {
    const all = await preloads();
    return all.length >= count + sent.length && all.slice(count);
  }, `${sent.length} preload(s) at the sandbox`);
}

test("loadPayPalSDK with autoSetDataUserIdToken: data-user-id-token and the preload request (client-id, user-id-token, amount, currency, merchant-id); none without it", async () => {
  const page = await kitPage(browser, sandbox.url);
  const sent = sentPreloads(page);
  const before = (await preloads()).length;
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const attr = () => document.head.firstElementChild.getAttribute("data-user-id-token");
    const r = { fingerprint: client.getConfiguration().authorizationFingerprint };
    // Without the option: neither the attribute nor the preload.
    const plain = await sdk.paypalCheckout.create({ client });
    await plain.loadPayPalSDK({ "merchant-id": "M1", dataAttributes: { amount: "25.00" } });
    r.plain = attr();
    const auto = await sdk.paypalCheckout.create({ client, autoSetDataUserIdToken: true });
    await auto.loadPayPalSDK({ currency: "EUR", "merchant-id": "M1", dataAttributes: { amount: "25.00" } });
    r.auto = attr();
    return r;
  });
  assert.equal(out.plain, null);
  assert.ok(out.fingerprint);
  assert.equal(out.auto, out.fingerprint.split("?")[0]);
  assert.deepEqual(await preloadsAfter(before, sent), [
    "client-id=sandbox-client-id&user-id-token=" + encodeURIComponent(out.auto) + "&amount=25.00&currency=EUR&merchant-id=M1",
  ]);

  // The merchant's own user id token; vault has no default currency; a
  // tokenization key has no token to send, so nothing is sent.
  const count = (await preloads()).length;
  sent.length = 0;
  const vault = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const attr = () => document.head.firstElementChild.getAttribute("data-user-id-token");
    const keyed = await sdk.paypalCheckout.create({ client: await window.kit.client("sandbox_preload_merchant01"), autoSetDataUserIdToken: true });
    await keyed.loadPayPalSDK();
    const keyedAttr = attr();
    const own = await sdk.paypalCheckout.create({ client: await window.kit.client(), autoSetDataUserIdToken: true });
    await own.loadPayPalSDK({ vault: true, dataAttributes: { "user-id-token": "UIT-merchant" } });
    return { keyed: keyedAttr, own: attr() };
  });
  assert.deepEqual(vault, { keyed: null, own: "UIT-merchant" });
  assert.deepEqual(await preloadsAfter(count, sent), ["client-id=sandbox-client-id&user-id-token=UIT-merchant"]);
  await page.context().close();
});

test("the preload request outside sandbox mode goes to PayPal's host for the environment", async () => {
  const page = await kitPage(browser, sandbox.url);
  const sent = [];
  await page.route(/^https:\/\/www\.(sandbox\.)?paypal\.com\//, (route) => {
    sent.push(route.request().url());
    route.abort();
  });
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const Client = client.constructor;
    const config = client.getConfiguration();
    // The provider's own hosts, no sandbox mode.
    const live = (environment) =>
      new Client(
        Object.assign(JSON.parse(JSON.stringify(config)), {
          sandboxUrl: "",
          gatewayConfiguration: Object.assign({}, config.gatewayConfiguration, {
            environment,
            assetsUrl: "https://assets.braintreegateway.com",
            clientApiUrl: "https://api.braintreegateway.com:443/merchants/m/client_api",
            configUrl: "https://api.braintreegateway.com:443/merchants/m/client_api/v1/configuration",
            graphQL: { url: "https://payments.braintree-api.com/graphql" },
            analytics: undefined,
          }),
        }),
      );
    const r = [];
    for (const environment of ["production", "sandbox"]) {
      const ppc = await sdk.paypalCheckout.create({ client: live(environment), autoSetDataUserIdToken: true });
      r.push(
        await ppc.loadPayPalSDK({ currency: "USD" }).then(
          () => "ok",
          (e) => e.code,
        ),
      );
    }
    return { r, fingerprint: config.authorizationFingerprint };
  });
  assert.deepEqual(out.r, ["PAYPAL_SDK_SCRIPT_LOAD_FAILED", "PAYPAL_SDK_SCRIPT_LOAD_FAILED"]);
  const query = "?client-id=sandbox-client-id&user-id-token=" + encodeURIComponent(out.fingerprint) + "&currency=USD";
  const script = "https://www.paypal.com/sdk/js?components=buttons&currency=USD&intent=authorize&client-id=sandbox-client-id";
  await until(() => sent.length >= 4, "the four requests to PayPal's hosts");
  assert.deepEqual(
    sent.filter((u) => u.includes("/smart/buttons/preload")),
    ["https://www.paypal.com/smart/buttons/preload" + query, "https://www.sandbox.paypal.com/smart/buttons/preload" + query],
  );
  assert.deepEqual(sent.filter((u) => u === script).length, 2);
  await page.context().close();
});

test("setup errors: PAYPAL_NOT_ENABLED, SANDBOX_ACCOUNT_NOT_LINKED (skipped with a merchant account id)", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await import("./js/index.js");
    const client = window.hostedFieldsInstance._client;
    const Client = client.constructor;
    const withPayPal = (paypal, enabled) => {
      const config = JSON.parse(JSON.stringify(client.getConfiguration()));
      config.gatewayConfiguration.paypalEnabled = enabled;
      Object.assign(config.gatewayConfiguration.paypal, paypal);
      return new Client(config);
    };
    const grab = (p) =>
      p.then(
        () => "ok",
        (e) => [e.type, e.code, e.message].join(" | "),
      );
    const unlinked = withPayPal({ environmentNoNetwork: true }, true);
    return {
      disabled: await grab(sdk.paypalCheckout.create({ client: withPayPal({}, false) })),
      unlinked: await grab(sdk.paypalCheckout.create({ client: unlinked })),
      withAccount: await grab(sdk.paypalCheckout.create({ client: unlinked, merchantAccountId: "couture-eur" })),
    };
  });
  assert.equal(out.disabled, "MERCHANT | PAYPAL_NOT_ENABLED | PayPal is not enabled for this merchant.");
  assert.equal(
    out.unlinked,
    "MERCHANT | PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED | A linked PayPal Sandbox account is required to use PayPal Checkout in Sandbox. See https://developer.paypal.com/braintree/docs/guides/paypal/testing-go-live#linked-paypal-testing for details on linking your PayPal sandbox with Braintree.",
  );
  assert.equal(out.withAccount, "ok");
  await page.context().close();
});

test("setup errors with only an authorization: create resolves, the calls reject with the setup error", async () => {
  const page = await blankPage();
  await page.route("**/v1/configuration**", async (route) => {
    const res = await route.fetch();
    const config = await res.json();
    config.paypal.environmentNoNetwork = true;
    await route.fulfill({ response: res, json: config });
  });
  const out = await page.evaluate(async () => {
    const sdk = await import("/web/3.130.0/js/index.js");
    const ppc = await sdk.paypalCheckout.create({ authorization: "sandbox_unlinked_merchant01", sandboxUrl: location.origin + "/sandbox" });
    const grab = (p) =>
      p.then(
        () => "ok",
        (e) => e.code,
      );
    return [
      await grab(ppc.createPayment({ flow: "checkout", amount: "1.00", currency: "USD" })),
      await grab(ppc.createPayment({ amount: "1.00" })),
      await grab(ppc.tokenizePayment({ orderID: "EC-1", payerID: "P" })),
      await grab(ppc.updatePayment({ paymentId: "EC-1", currency: "USD", amount: "1.00" })),
      await grab(ppc.getClientId()),
    ];
  });
  assert.deepEqual(out, [
    "PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED",
    "PAYPAL_FLOW_OPTION_REQUIRED",
    "PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED",
    "PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED",
    "PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED",
  ]);
  await page.context().close();
});

test("vault-initiated checkout: errors in the reference's order, POPUP_OPEN_FAILED, 422, close window", async () => {
  const page = await checkoutPage();
  const out = await page.evaluate(async () => {
    const ppc = window.ppc;
    const grab = (p) =>
      p.then(
        () => "ok",
        (e) => [e.type, e.code, e.message].join(" | "),
      );
    const vic = { amount: "10.00", currency: "USD", vaultInitiatedCheckoutPaymentMethodToken: "token-paypal-01" };
    const backdrop = () => document.querySelectorAll("[data-braintree-paypal-vault-initiated-checkout-modal]").length;
    const r = {};
    r.none = await grab(ppc.startVaultInitiatedCheckout({}));
    r.noAmount = await grab(ppc.startVaultInitiatedCheckout({ currency: "USD", vaultInitiatedCheckoutPaymentMethodToken: "x" }));
    const open = window.open;
    window.open = () => null;
    r.blocked = await grab(ppc.startVaultInitiatedCheckout(vic));
    r.backdropAfterBlocked = backdrop();
    window.open = open;
    let popup = null;
    window.open = (...args) => (popup = open.apply(window, args));
    r.invalid = await grab(ppc.startVaultInitiatedCheckout(Object.assign({}, vic, { amount: "ten" })));
    r.popupClosedAfter422 = popup.closed;
    const running = grab(ppc.startVaultInitiatedCheckout(vic));
    r.backdropWhileRunning = backdrop();
    r.inProgress = await grab(ppc.startVaultInitiatedCheckout({}));
    await ppc.closeVaultInitiatedCheckoutWindow();
    r.closed = await running;
    r.backdropAfter = backdrop();
    window.open = open;
    return r;
  });
  assert.equal(
    out.none,
    "MERCHANT | PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED | Required param vaultInitiatedCheckoutPaymentMethodToken is missing.",
  );
  assert.equal(out.noAmount, "MERCHANT | PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED | Required param amount is missing.");
  assert.equal(
    out.blocked,
    "MERCHANT | PAYPAL_START_VAULT_INITIATED_CHECKOUT_POPUP_OPEN_FAILED | PayPal popup failed to open, make sure to initiate the vault checkout in response to a user action.",
  );
  assert.equal(out.backdropAfterBlocked, 0);
  assert.equal(out.invalid, "MERCHANT | PAYPAL_INVALID_PAYMENT_OPTION | PayPal payment options are invalid.");
  assert.equal(out.popupClosedAfter422, true);
  assert.equal(out.backdropWhileRunning, 1);
  assert.equal(out.inProgress, "MERCHANT | PAYPAL_START_VAULT_INITIATED_CHECKOUT_IN_PROGRESS | Vault initiated checkout already in progress.");
  assert.equal(out.closed, "CUSTOMER | PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED | Customer closed PayPal popup before authorizing.");
  assert.equal(out.backdropAfter, 0);
  await page.context().close();
});

test("vault-initiated checkout in a web view: focusVaultInitiatedCheckoutWindow focuses the frame, closing it cancels", async () => {
  const page = await blankPage({ userAgent: ANDROID_WEBVIEW_UA });
  await page.evaluate(async () => {
    const sdk = await import("/web/3.130.0/js/index.js");
    const client = await sdk.client.create({ authorization: "sandbox_webview_merchant01", sandboxUrl: location.origin + "/sandbox" });
    window.ppc = await sdk.paypalCheckout.create({ client });
    const other = document.createElement("button");
    other.id = "other";
    other.textContent = "Other";
    document.body.appendChild(other);
    window.vic = window.ppc
      .startVaultInitiatedCheckout({
        amount: "10.00",
        currency: "USD",
        vaultInitiatedCheckoutPaymentMethodToken: "token-paypal-01",
        optOutOfModalBackdrop: true,
      })
      .then(
        () => "ok",
        (e) => e.code,
      );
  });
  await page.frameLocator("[data-braintree-frame] iframe").locator("#approve").waitFor();
  const focused = await page.evaluate(async () => {
    document.getElementById("other").focus();
    const before = document.activeElement.id;
    await window.ppc.focusVaultInitiatedCheckoutWindow();
    return [before, document.activeElement.tagName];
  });
  assert.deepEqual(focused, ["other", "IFRAME"]);
  const closed = await page.evaluate(async () => {
    await window.ppc.closeVaultInitiatedCheckoutWindow();
    return [await window.vic, document.querySelectorAll("[data-braintree-frame]").length];
  });
  assert.deepEqual(closed, ["PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED", 0]);
  await page.context().close();
});

test("paypal.tokenize with a callback returns the {close, focus} handle; the flow option is checked first", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await import("./js/index.js");
    const pp = await sdk.paypal.create({ client: window.hostedFieldsInstance._client });
    const called = (fn) => new Promise((resolve) => fn((err, payload) => resolve(err ? err.code : payload)));
    const r = {};
    let handle;
    const done = called((cb) => {
      handle = pp.tokenize({ flow: "checkout", amount: "10.00", currency: "USD" }, cb);
    });
    r.handle = [typeof handle.close, typeof handle.focus, typeof handle.then];
    r.activeButNoFlow = await pp.tokenize({}).then(
      () => "ok",
      (e) => e.code,
    );
    handle.focus();
    handle.close();
    r.closed = await done;
    let noop;
    r.noFlow = await called((cb) => {
      noop = pp.tokenize({ flow: "nope" }, cb);
    });
    r.noopHandle = [typeof noop.close, typeof noop.focus];
    return r;
  });
  assert.deepEqual(out.handle, ["function", "function", "undefined"]);
  assert.equal(out.activeButNoFlow, "PAYPAL_FLOW_OPTION_REQUIRED");
  assert.equal(out.closed, "PAYPAL_POPUP_CLOSED");
  assert.equal(out.noFlow, "PAYPAL_FLOW_OPTION_REQUIRED");
  assert.deepEqual(out.noopHandle, ["function", "function"]);
  await page.context().close();
});

test("popup bridge: the app opens the approval URL, its return tokenizes, its cancel and Done give PAYPAL_POPUP_CLOSED", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const bodies = captureBodies(page, "paypal_hermes/create_payment_resource");
  const out = await page.evaluate(async () => {
    const sdk = await import("./js/index.js");
    const pp = await sdk.paypal.create({ client: window.hostedFieldsInstance._client });
    const opened = [];
    let windowsOpened = 0;
    window.open = () => {
      windowsOpened++;
      return null;
    };
    // The app: approve (or cancel, or Done) the URL it was asked to open.
    let outcome = "approve";
    window.popupBridge = {
      getReturnUrlPrefix: () => "com.couture.app://popupbridgev1/",
      open: async (url) => {
        opened.push(url);
        const token = new URL(url).searchParams.get("token");
        if (outcome === "cancel") return window.popupBridge.onComplete(null, { path: "/cancel", queryItems: { token } });
        if (outcome === "done") return window.popupBridge.onComplete(null, null);
        const res = await (
          await fetch("/sandbox/paypal/approve", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) })
        ).json();
        window.popupBridge.onComplete(null, { path: "/return", queryItems: { token, PayerID: res.payerId } });
      },
    };
    const r = {};
    const payload = await pp.tokenize({ flow: "checkout", amount: "10.00", currency: "USD", useraction: "commit", offerPayLater: true, intent: "capture" });
    r.nonce = payload.nonce;
    r.email = payload.details.email;
    outcome = "cancel";
    r.cancel = await pp.tokenize({ flow: "checkout", amount: "10.00", currency: "USD" }).then(
      () => "ok",
      (e) => e.code,
    );
    outcome = "done";
    r.done = await pp.tokenize({ flow: "checkout", amount: "10.00", currency: "USD" }).then(
      () => "ok",
      (e) => e.code,
    );
    r.opened = opened;
    r.windowsOpened = windowsOpened;
    return r;
  });
  assert.match(out.nonce, /^tokenpp_/);
  assert.equal(out.email, "buyer@example.com");
  assert.equal(out.cancel, "PAYPAL_POPUP_CLOSED");
  assert.equal(out.done, "PAYPAL_POPUP_CLOSED");
  assert.equal(out.windowsOpened, 0);
  assert.equal(out.opened.length, 3);
  assert.match(out.opened[0], /\/paypal\/checkout\?token=EC-[^&]+&useraction=commit$/);
  assert.equal(bodies[0].offerPayLater, true);
  assert.equal(bodies[0].intent, "capture");
  assert.equal(bodies[0].returnUrl, "com.couture.app://popupbridgev1/return");
  assert.equal(bodies[0].cancelUrl, "com.couture.app://popupbridgev1/cancel");
  await page.context().close();
});
