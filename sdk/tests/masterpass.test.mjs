// Masterpass in headless Chromium against the sandbox: create's checks, the
// 450x660 popup opened inside the click on the loading page, which loads
// Masterpass's checkout script (the sandbox's stand-in) and starts its
// checkout, sent on to the sandbox's wallet (approve, cancel, closed,
// blocked); the loading page's choice of script; the landing page's
// parameter checks, one flow at a time, 422 and server failures, teardown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, merchantPage, result, blankPage, editConfiguration, failNext } from "./harness.mjs";

// Opera Mini: popups cannot report back there.
const OPERA_MINI_UA = "Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16";

useSandbox();

/** A blank page with a Masterpass instance as window.mp. */
async function masterpassPage(routes) {
  const page = await blankPage(browser, sandbox.url, routes);
  await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    window.mp = await sdk.masterpass.create({ client: await window.kit.client() });
  });
  return page;
}

/** Starts tokenize (window.pending) and returns its popup. */
async function startTokenize(page, options = { subtotal: "10.00", currencyCode: "USD" }) {
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    page.evaluate((o) => {
      window.pending = window.kit.grab(
        window.mp.tokenize(o).then((p) => {
          window.payload = p;
        }),
      );
    }, options),
  ]);
  return popup;
}

test("popup (450x660) on the loading page, then the wallet: approving tokenizes the card", async () => {
  const page = await merchantPage(browser, sandbox.url);
  await page.evaluate(() => {
    const open = window.open;
    window.open = (url, name, features) => {
      window.openedWith = [url, features];
      return open.call(window, url, name, features);
    };
  });
  const [popup] = await Promise.all([page.context().waitForEvent("page"), page.click("#masterpass")]);
  await popup.waitForURL(/\/sandbox\/masterpass\/checkout\?/);
  const [url, features] = await page.evaluate(() => window.openedWith);
  assert.match(url, /\/html\/masterpass-loading-frame\.html$/);
  assert.match(features, /height=660,width=450/);
  const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight]);
  assert.ok(Math.abs(size[0] - 450) <= 20 && Math.abs(size[1] - 660) <= 100, "popup size " + size);
  const q = new URL(popup.url()).searchParams;
  assert.equal(q.get("version"), "v6");
  assert.equal(q.get("environment"), "sandbox");
  assert.equal(q.get("merchantCheckoutId"), "sandbox-masterpass-checkout");
  assert.equal(q.get("allowedCardTypes"), "visa,master,amex,discover");
  assert.match(q.get("requestToken"), /^MPTOKEN-/);
  assert.match(q.get("callbackUrl"), /\/html\/masterpass-landing-frame\.html\?channel=/);
  assert.match(await popup.textContent("#summary"), /Pay 10\.00 USD/);
  await popup.click("#approve");
  const r = await result(page, "Masterpass tokenized");
  assert.match(r.nonce, /^tokenmp_/);
  assert.equal(r.type, "MasterpassCard");
  assert.deepEqual([r.details.cardType, r.details.lastFour], ["MasterCard", "4444"]);
  assert.equal(r.contact.emailAddress, "buyer@example.com");
  await page.context().close();
});

test("the loading page loads the configuration's Masterpass script and starts its checkout, which reaches the wallet; approving tokenizes", async () => {
  const page = await masterpassPage();
  const script = await page.evaluate(() => window.kit.client().then((c) => c.getConfiguration().gatewayConfiguration.masterpass.scriptUrl));
  assert.equal(script, page.url().replace(/\/blank\.html$/, "/sandbox/masterpass/MasterPass.client.js"));
  // Every request of the popup, in order, and who asked for it.
  const seen = [];
  page.context().on("request", (r) => {
    if (r.frame().page() !== page) seen.push([r.url(), r.resourceType(), r.frame().url()]);
  });
  const popup = await startTokenize(page, { subtotal: "10.00", currencyCode: "USD", config: { suppressShippingAddressEnable: "true" } });
  await popup.waitForURL(/\/sandbox\/masterpass\/checkout\?/);
  const loading = seen.find(([url]) => /\/html\/masterpass-loading-frame\.html\?/.test(url));
  assert.ok(loading, "the popup went to the loading page with the request token");
  const fetched = seen.filter(([url]) => url === script);
  assert.equal(fetched.length, 1, "the loading page fetched the Masterpass script once");
  assert.equal(fetched[0][1], "script");
  assert.equal(fetched[0][2], loading[0], "from the loading page");
  const order = seen.map(([url]) => url);
  assert.ok(
    order.indexOf(loading[0]) < order.indexOf(script) && order.indexOf(script) < order.indexOf(popup.url()),
    "loading page, then the script, then the wallet: " + order.join(" "),
  );
  // The loading page's query: the checkout's options and, in sandbox mode, the stand-in.
  const sent = new URL(loading[0]).searchParams;
  assert.deepEqual(
    [...sent.keys()],
    ["environment", "requestToken", "callbackUrl", "merchantCheckoutId", "allowedCardTypes", "version", "suppressShippingAddressEnable", "scriptUrl"],
  );
  assert.equal(sent.get("scriptUrl"), script);
  // What MasterPass.client.checkout received (the stand-in sends the wallet
  // every option but the callbacks): the loading page's query without the
  // script, the callback URL unchanged.
  const q = new URL(popup.url()).searchParams;
  assert.deepEqual(
    [...q.keys()],
    ["environment", "requestToken", "callbackUrl", "merchantCheckoutId", "allowedCardTypes", "version", "suppressShippingAddressEnable"],
  );
  for (const k of q.keys()) assert.equal(q.get(k), sent.get(k), k);
  assert.match(q.get("callbackUrl"), /\/html\/masterpass-landing-frame\.html\?channel=/);
  await popup.click("#approve");
  await page.evaluate(() => window.pending);
  const payload = await page.evaluate(() => window.payload);
  assert.match(payload.nonce, /^tokenmp_/);
  assert.deepEqual([payload.details.cardType, payload.details.lastFour], ["MasterCard", "4444"]);
  await page.context().close();
});

test("the loading page: Masterpass's own script for the environment; a script named in its query only where page and script are local; never a script or data callback", async () => {
  const context = await browser.newContext();
  const loaded = [];
  // Masterpass's hosts: a script that keeps what checkout was given.
  await context.route(/^https:\/\/(sandbox\.)?static\.masterpass\.com\//, (route) => {
    loaded.push(route.request().url());
    route.fulfill({
      contentType: "text/javascript",
      body: 'window.MasterPass = { client: { checkout(o) { window.checkedOut = Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === "function" ? "function" : v])); } } };',
    });
  });
  await context.route("https://evil.example/**", (route) => {
    loaded.push(route.request().url());
    route.abort();
  });
  // The loading page as the provider's assets host serves it (not a loopback address).
  await context.route("https://assets.example/**", async (route) => {
    const path = new URL(route.request().url()).pathname;
    route.fulfill({ response: await route.fetch({ url: sandbox.url + path }) });
  });
  const page = await context.newPage();
  const stub = sandbox.url + "/sandbox/masterpass/MasterPass.client.js";
  const open = async (base, query) => {
    loaded.length = 0;
    await page.goto(base + "/web/3.130.0/html/masterpass-loading-frame.html" + (query ? "?" + new URLSearchParams(query) : ""));
    if (query) await page.waitForFunction(() => window.checkedOut);
    return page.evaluate(() => window.checkedOut);
  };
  const options = {
    requestToken: "MPTOKEN-1",
    callbackUrl: "https://shop.example/landing?channel=c",
    merchantCheckoutId: "M",
    allowedCardTypes: "visa,master",
    version: "v6",
  };
  const PRODUCTION = "https://static.masterpass.com/dyn/js/switch/integration/MasterPass.client.js";
  const SANDBOX = "https://sandbox.static.masterpass.com/dyn/js/switch/integration/MasterPass.client.js";

  let given = await open(sandbox.url, { environment: "production", ...options });
  assert.deepEqual(loaded, [PRODUCTION]);
  assert.deepEqual(given, { environment: "production", ...options, successCallback: "function", failureCallback: "function", cancelCallback: "function" });
  given = await open(sandbox.url, { environment: "sandbox", ...options, callbackUrl: "javascript:alert(1)//", scriptUrl: "https://evil.example/x.js" });
  assert.deepEqual(loaded, [SANDBOX], "a script of another host is refused");
  assert.equal(given.callbackUrl, "about:blank");
  assert.equal("scriptUrl" in given, false);
  for (const callbackUrl of ["data:text/html,<p>x", " \tJava\nScript:alert(1)", "not a URL"]) {
    given = await open(sandbox.url, { environment: "sandbox", ...options, callbackUrl });
    assert.equal(given.callbackUrl, "about:blank", callbackUrl);
  }
  // The popup bridge's return URL, in an app's own scheme, passes.
  given = await open(sandbox.url, { environment: "sandbox", ...options, callbackUrl: "com.shop.app.braintree://popupbridgev1/return" });
  assert.equal(given.callbackUrl, "com.shop.app.braintree://popupbridgev1/return");
  given = await open("https://assets.example", { environment: "production", ...options, scriptUrl: stub });
  assert.deepEqual(loaded, [PRODUCTION], "a local script is refused to a page on the provider's host");
  // Opened bare (the popup's first page, while the request token is requested): no script.
  // Its module runs before the load event goto waits for: no script element
  // was added, so none can be requested.
  await open(sandbox.url, null);
  assert.equal(await page.locator("script").count(), 1);
  assert.deepEqual(loaded, []);
  await context.close();
});

test("cancel in the wallet and closing the popup give MASTERPASS_POPUP_CLOSED; a blocked popup MASTERPASS_POPUP_OPEN_FAILED", async () => {
  const page = await merchantPage(browser, sandbox.url);
  let [popup] = await Promise.all([page.context().waitForEvent("page"), page.click("#masterpass")]);
  await popup.waitForURL(/\/masterpass\/checkout/);
  await popup.click("#cancel");
  let e = await result(page, "Error");
  assert.deepEqual([e.code, e.type, e.message], ["MASTERPASS_POPUP_CLOSED", "CUSTOMER", "Customer closed Masterpass popup before authorizing."]);
  await page.evaluate(() => {
    document.body.dataset.lastResult = "";
  });
  [popup] = await Promise.all([page.context().waitForEvent("page"), page.click("#masterpass")]);
  await popup.waitForURL(/\/masterpass\/checkout/);
  await popup.close();
  e = await result(page, "Error");
  assert.equal(e.code, "MASTERPASS_POPUP_CLOSED");
  await page.evaluate(() => {
    document.body.dataset.lastResult = "";
    window.open = () => null;
  });
  await page.click("#masterpass");
  e = await result(page, "Error");
  assert.deepEqual(
    [e.code, e.type, e.message],
    ["MASTERPASS_POPUP_OPEN_FAILED", "MERCHANT", "Masterpass popup failed to open. Make sure to tokenize in response to a user action, such as a click."],
  );
  assert.equal(e.details.originalError.code, "FRAME_SERVICE_FRAME_OPEN_FAILED");
  await page.context().close();
});

test("the landing page's parameters: an empty or 'null' one gives MASTERPASS_POPUP_MISSING_REQUIRED_PARAMETERS", async () => {
  const page = await masterpassPage();
  for (const missing of ["oauth_verifier", "oauth_token", "checkout_resource_url"]) {
    const popup = await startTokenize(page);
    await popup.waitForURL(/\/masterpass\/checkout/);
    const callback = new URL(popup.url()).searchParams.get("callbackUrl");
    const params = { oauth_verifier: "v", oauth_token: "t", checkout_resource_url: "https://example.com/r", mpstatus: "success" };
    params[missing] = missing === "oauth_token" ? "" : "null";
    await popup.goto(callback + "&" + new URLSearchParams(params));
    const e = await page.evaluate(() => window.pending);
    assert.deepEqual(
      [e.code, e.type, e.message],
      [
        "MASTERPASS_POPUP_MISSING_REQUIRED_PARAMETERS",
        "MERCHANT",
        "Masterpass popup failed to return all required parameters needed to continue tokenization.",
      ],
      missing,
    );
  }
  await page.context().close();
});

test("tokenize: subtotal and currencyCode required, one flow at a time, teardown", async () => {
  const page = await masterpassPage();
  const out = await page.evaluate(async () => {
    const r = {};
    r.none = await window.kit.grab(window.mp.tokenize());
    r.subtotal = (await window.kit.grab(window.mp.tokenize({ currencyCode: "USD" }))).code;
    r.currency = (await window.kit.grab(window.mp.tokenize({ subtotal: "1.00" }))).code;
    return r;
  });
  assert.deepEqual(
    [out.none.code, out.none.type, out.none.message],
    ["MASTERPASS_TOKENIZE_MISSING_REQUIRED_OPTION", "MERCHANT", "Missing required option for tokenize."],
  );
  assert.equal(out.subtotal, "MASTERPASS_TOKENIZE_MISSING_REQUIRED_OPTION");
  assert.equal(out.currency, "MASTERPASS_TOKENIZE_MISSING_REQUIRED_OPTION");
  const popup = await startTokenize(page);
  await popup.waitForURL(/\/masterpass\/checkout/);
  const second = await page.evaluate(() => window.kit.grab(window.mp.tokenize({ subtotal: "1.00", currencyCode: "USD" })));
  assert.deepEqual(
    [second.code, second.type, second.message],
    ["MASTERPASS_TOKENIZATION_ALREADY_IN_PROGRESS", "MERCHANT", "Masterpass tokenization is already in progress."],
  );
  const after = await page.evaluate(async () => {
    await window.mp.teardown();
    try {
      window.mp.tokenize({});
      return "no error";
    } catch (e) {
      return e.code + ": " + e.message;
    }
  });
  assert.equal(after, "METHOD_CALLED_AFTER_TEARDOWN: tokenize cannot be called after teardown.");
  await popup.waitForEvent("close");
  assert.equal((await page.evaluate(() => window.pending)).code, "MASTERPASS_POPUP_CLOSED");
  await page.context().close();
});

test("request token: 422 gives MASTERPASS_INVALID_PAYMENT_OPTION, a server failure the client's error; a failed card tokenization", async () => {
  const page = await masterpassPage();
  let popup = await startTokenize(page, { subtotal: "ten", currencyCode: "USD" });
  let e = await page.evaluate(() => window.pending);
  assert.deepEqual([e.code, e.type, e.message], ["MASTERPASS_INVALID_PAYMENT_OPTION", "MERCHANT", "Masterpass payment options are invalid."]);
  // The flow closes its popup.
  if (!popup.isClosed()) await popup.waitForEvent("close", { timeout: 5000 });

  await failNext("/merchants/merchant01/client_api/v1/masterpass/request_token", { status: 500 });
  popup = await startTokenize(page);
  e = await page.evaluate(() => window.pending);
  // As the reference: the client's own error passes through.
  assert.equal(e.code, "CLIENT_GATEWAY_NETWORK");

  await failNext("/merchants/merchant01/client_api/v1/payment_methods/masterpass_cards", { status: 500 });
  popup = await startTokenize(page);
  await popup.waitForURL(/\/masterpass\/checkout/);
  await popup.click("#approve");
  e = await page.evaluate(() => window.pending);
  assert.equal(e.code, "CLIENT_GATEWAY_NETWORK");

  // A response without the cards: the Masterpass tokenization error.
  await page.route("**/payment_methods/masterpass_cards", (route) => route.fulfill({ contentType: "application/json", body: "{}" }));
  popup = await startTokenize(page);
  await popup.waitForURL(/\/masterpass\/checkout/);
  await popup.click("#approve");
  e = await page.evaluate(() => window.pending);
  assert.deepEqual([e.code, e.type, e.message], ["MASTERPASS_ACCOUNT_TOKENIZATION_FAILED", "NETWORK", "Could not tokenize user's Masterpass account."]);
  await page.context().close();
});

test("create: MASTERPASS_BROWSER_NOT_SUPPORTED where popups cannot report back, MASTERPASS_NOT_ENABLED without the configuration", async () => {
  const context = await browser.newContext({ userAgent: OPERA_MINI_UA });
  let page = await context.newPage();
  await page.route(sandbox.url + "/blank.html", (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>x</title>" }));
  await page.goto(sandbox.url + "/blank.html");
  const unsupported = await page.evaluate(async () => {
    const sdk = await import("/web/3.130.0/js/index.js");
    const r = { isSupported: sdk.masterpass.isSupported() };
    try {
      await sdk.masterpass.create({ authorization: "sandbox_abc_merchant01", sandboxUrl: location.origin + "/sandbox" });
    } catch (e) {
      r.code = e.code;
      r.type = e.type;
      r.message = e.message;
    }
    return r;
  });
  assert.deepEqual(unsupported, { isSupported: false, code: "MASTERPASS_BROWSER_NOT_SUPPORTED", type: "CUSTOMER", message: "Browser is not supported." });
  await context.close();

  page = await blankPage(browser, sandbox.url, {
    "**/client_api/v1/configuration*": editConfiguration((c) => {
      delete c.masterpass;
    }),
  });
  const off = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    return window.kit.grab(sdk.masterpass.create({ client: await window.kit.client() }));
  });
  assert.deepEqual([off.code, off.type, off.message], ["MASTERPASS_NOT_ENABLED", "MERCHANT", "Masterpass is not enabled for this merchant."]);
  await page.context().close();
});
