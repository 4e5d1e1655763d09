// localPayment against the sandbox in headless Chromium: the popup flow
// (1282x720, opened inside the click on the loading page, then sent to the
// created payment's approval page) to a payload, its window closed, cancel,
// processing_error and 422; the in-progress flag; every missing-option error;
// the full-page redirect flow with real navigations; the seamless types.
// The popup poll runs on the page's controlled clock.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, blankPage, editConfiguration, merchantPage, result } from "./harness.mjs";

useSandbox();

/** A blank merchant page with `window.lp`, a localPayment instance (`createOptions` added). */
async function lpPage(createOptions = {}, routes = {}) {
  const page = await blankPage(browser, sandbox.url, routes);
  await page.evaluate(async (extra) => {
    const sdk = await window.kit.sdk();
    window.lp = await sdk.localPayment.create({ client: await window.kit.client(), merchantAccountId: "couture-eur", ...extra });
  }, createOptions);
  return page;
}

/** Local payment options with an onPaymentStart that records the payment id and continues. */
function startOptions(extra = {}) {
  return {
    paymentType: "ideal",
    paymentTypeCountryCode: "NL",
    amount: "10.00",
    currencyCode: "EUR",
    givenName: "Ada",
    surname: "Lovelace",
    email: "ada@example.com",
    address: { streetAddress: "1 Kade", locality: "Den Haag", postalCode: "2500", countryCode: "NL" },
    fallback: { url: "https://shop.example/lp", buttonText: "Back to shop" },
    ...extra,
  };
}

/**
 * Clicks a button whose handler calls startPayment(options) (so the popup
 * opens inside a user action); the outcome lands in window.out.
 */
async function clickStart(page, options) {
  await page.evaluate((opts) => {
    document.getElementById("go")?.remove();
    const b = document.createElement("button");
    b.id = "go";
    b.textContent = "Pay";
    b.onclick = () => {
      window.out = null;
      opts.onPaymentStart = (data, go) => {
        window.paymentIds = [...(window.paymentIds || []), data.paymentId];
        if (go) go();
      };
      window.lp.startPayment(opts).then(
        (v) => {
          window.out = { ok: v === undefined ? "undefined" : v };
        },
        (e) => {
          window.out = { type: e.type, code: e.code, message: e.message, details: e.details, status: e.details?.originalError?.details?.httpStatus };
        },
      );
    };
    document.body.append(b);
  }, options);
  await page.click("#go");
}

async function outcome(page) {
  await page.waitForFunction(() => window.out);
  return page.evaluate(() => window.out);
}

/** The request bodies sent to local_payments/create. */
function createBodies(page) {
  const bodies = [];
  page.on("request", (r) => {
    if (r.url().includes("local_payments/create")) bodies.push(r.postDataJSON());
  });
  return bodies;
}

async function startPopup(page, options) {
  const [popup] = await Promise.all([page.waitForEvent("popup"), clickStart(page, options)]);
  return popup;
}

/** Starts a payment of `startOptions(extra)`; its popup once on the provider's approval page. */
async function openCheckout(page, extra) {
  const popup = await startPopup(page, startOptions(extra));
  await popup.waitForURL(/\/local-payment\/checkout\?token=LP-/);
  return popup;
}

test("popup flow: opened first on the loading page at 1282x720, then the approval page; Approve tokenizes", async () => {
  const page = await lpPage();
  await page.clock.install();
  const bodies = createBodies(page);
  const order = [];
  page.context().on("request", (r) => {
    if (/local-payment-redirect-frame|local_payments\/create/.test(r.url())) order.push(r.url().replace(/^.*\//, ""));
  });
  const popup = await openCheckout(page);
  assert.deepEqual(await popup.evaluate(() => [window.innerWidth, window.innerHeight]), [1282, 720]);
  assert.deepEqual(order, ["local-payment-redirect-frame.html", "create"], "the loading page first, then the create call");
  const b = bodies[0];
  assert.equal(b.fundingSource, "ideal");
  assert.equal(b.intent, "sale");
  assert.equal(b.merchantAccountId, "couture-eur");
  assert.deepEqual([b.firstName, b.lastName, b.payerEmail, b.city, b.line1, b.countryCode], ["Ada", "Lovelace", "ada@example.com", "Den Haag", "1 Kade", "NL"]);
  assert.equal(b.experienceProfile.noShipping, true);
  assert.match(b.returnUrl, /\/html\/local-payment-landing-frame\.html\?channel=[^&]+&origin=[^&]+&r=https%3A%2F%2Fshop\.example%2Flp&t=Back%20to%20shop$/);
  assert.match(b.cancelUrl, /\/html\/local-payment-landing-frame\.html\?.*&c=1$/);
  await popup.click("#approve");
  const out = await outcome(page);
  assert.match(out.ok.nonce, /^tokenpp_/);
  assert.equal(out.ok.type, "PayPalAccount");
  assert.equal(out.ok.details.email, "buyer@example.com");
  assert.match(out.ok.correlationId, /^EC-/);
  assert.match((await page.evaluate(() => window.paymentIds))[0], /^LP-/);
  await page.clock.runFor(200);
  assert.ok(popup.isClosed());
  await page.context().close();
});

test("a return page that lost its opener links to the fallback with the token, payment id and payer id; the merchant's page finishes there", async () => {
  const page = await lpPage();
  const fallback = sandbox.url + "/lp-fallback.html?from=bank";
  await page.context().route(sandbox.url + "/lp-fallback.html*", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body></body></html>',
    }),
  );
  const popup = await openCheckout(page, { fallback: { url: fallback, buttonText: "Back to the shop" } });
  // As after switching to the bank's app on a phone and back: the return
  // lands in a window with no opener to report to.
  await popup.evaluate(() => {
    window.opener = null;
  });
  await popup.click("#approve");
  const link = popup.locator("#redirect");
  await link.waitFor({ timeout: 5000 });
  assert.equal(await link.textContent(), "Back to the shop");
  assert.equal(await popup.locator("[role=status]").count(), 0, 'no endless "Processing, please wait…"');
  const href = new URL(await link.getAttribute("href"));
  assert.equal(href.origin + href.pathname, sandbox.url + "/lp-fallback.html");
  assert.equal(href.searchParams.get("from"), "bank");
  for (const k of ["btLpToken", "btLpPaymentId", "btLpPayerId"]) assert.ok(href.searchParams.get(k), k + " in " + href);
  assert.match(href.searchParams.get("btLpPaymentId"), /^LP-/);
  await link.click();
  await popup.waitForURL(/\/lp-fallback\.html/);
  const finished = await popup.evaluate(async () => {
    const sdk = await import("/web/3.130.0/js/index.js");
    const client = await sdk.client.create({ authorization: "sandbox_lp_merchant01", sandboxUrl: location.origin + "/sandbox" });
    const lp = await sdk.localPayment.create({ client, merchantAccountId: "couture-eur" });
    return { has: lp.hasTokenizationParams(), payload: await lp.tokenize() };
  });
  assert.equal(finished.has, true);
  assert.match(finished.payload.nonce, /^tokenpp_/);
  await page.context().close();
});

test("the return page links only to a web page; an error return carries its code and the cancel marker", async () => {
  const page = await lpPage();
  const landing = sandbox.url + "/web/3.130.0/html/local-payment-landing-frame.html";
  const tab = await page.context().newPage();
  await tab.goto(
    landing +
      "?channel=c&origin=" +
      encodeURIComponent(sandbox.url) +
      "&r=" +
      encodeURIComponent("javascript:alert(1)") +
      "&t=Back&token=EC-1&paymentId=LP-1&PayerID=P1",
  );
  // The page's module script runs before its load event: by then it has
  // written the link or decided against it.
  await tab.waitForLoadState("load");
  assert.equal(await tab.locator("#redirect").count(), 0, "no javascript: link");
  assert.equal(await tab.locator("[role=status]").count(), 1);
  // A cancel with an error code: the code and the cancel marker, nothing made up.
  await tab.goto(landing + "?r=" + encodeURIComponent("https://shop.example/lp") + "&t=Back&c=1&errorcode=processing_error&token=EC-2");
  await tab.locator("#redirect").waitFor({ timeout: 5000 });
  assert.equal(await tab.locator("#redirect").getAttribute("href"), "https://shop.example/lp?btLpToken=EC-2&errorcode=processing_error&wasCanceled=true");
  await page.context().close();
});

test("popup closed by the customer: WINDOW_CLOSED; closeWindow the same; the flag clears", async () => {
  const page = await lpPage();
  await page.clock.install();
  let popup = await openCheckout(page);
  await popup.close();
  await page.clock.runFor(200);
  let out = await outcome(page);
  assert.deepEqual([out.type, out.code, out.message], ["CUSTOMER", "LOCAL_PAYMENT_WINDOW_CLOSED", "Customer closed LocalPayment window before authorizing."]);

  popup = await openCheckout(page);
  await page.evaluate(() => {
    window.lp.focusWindow();
    window.lp.closeWindow();
  });
  await page.clock.runFor(200);
  out = await outcome(page);
  assert.equal(out.code, "LOCAL_PAYMENT_WINDOW_CLOSED");
  assert.ok(popup.isClosed());
  await page.context().close();
});

test("cancel on the approval page: CANCELED", async () => {
  const page = await lpPage();
  const popup = await openCheckout(page);
  await popup.click("#cancel");
  const out = await outcome(page);
  assert.deepEqual([out.type, out.code, out.message], ["CUSTOMER", "LOCAL_PAYMENT_CANCELED", "Customer canceled the LocalPayment before authorizing."]);
  await page.context().close();
});

test("processing_error in the payment window: START_PAYMENT_FAILED", async () => {
  const page = await lpPage();
  const popup = await openCheckout(page, { amount: "999.00" });
  await popup.click("#approve");
  const out = await outcome(page);
  assert.deepEqual([out.type, out.code, out.message], ["NETWORK", "LOCAL_PAYMENT_START_PAYMENT_FAILED", "LocalPayment startPayment failed."]);
  assert.equal(out.details.originalError.errorcode, "processing_error");
  await page.context().close();
});

test("a 422 from the create call: INVALID_PAYMENT_OPTION, and the popup closes", async () => {
  const page = await lpPage();
  const popup = await startPopup(page, startOptions({ amount: "ten" }));
  const out = await outcome(page);
  assert.deepEqual([out.type, out.code, out.message], ["MERCHANT", "LOCAL_PAYMENT_INVALID_PAYMENT_OPTION", "Local payment options are invalid."]);
  assert.equal(out.status, 422);
  if (!popup.isClosed()) await popup.waitForEvent("close");
  await page.context().close();
});

test("a second start while one is open: ALREADY_IN_PROGRESS", async () => {
  const page = await lpPage();
  await page.clock.install();
  const popup = await openCheckout(page);
  const second = await page.evaluate(() =>
    window.kit.grab(
      window.lp.startPayment({
        paymentType: "ideal",
        amount: "1.00",
        currencyCode: "EUR",
        givenName: "A",
        surname: "B",
        fallback: { url: "https://x", buttonText: "x" },
        onPaymentStart() {},
      }),
    ),
  );
  assert.deepEqual(
    [second.type, second.code, second.message],
    ["MERCHANT", "LOCAL_PAYMENT_ALREADY_IN_PROGRESS", "LocalPayment payment is already in progress."],
  );
  await popup.close();
  await page.clock.runFor(200);
  assert.equal((await outcome(page)).code, "LOCAL_PAYMENT_WINDOW_CLOSED");
  await page.context().close();
});

/** A pay-upon-invoice payment's own options, beside the payer's: what the checks take apart and the seamless flow sends. */
const PUI_ADDRESS = { streetAddress: "a", locality: "b", postalCode: "c", countryCode: "DE" };
const PUI = {
  paymentType: "pay_upon_invoice",
  currencyCode: "EUR",
  address: PUI_ADDRESS,
  billingAddress: PUI_ADDRESS,
  birthDate: "1990-01-01",
  email: "e@x",
  locale: "en-DE",
  customerServiceInstructions: "call",
  correlationId: "c",
  phoneCountryCode: "49",
  lineItems: [{ category: "PHYSICAL_GOODS", name: "Shoes", quantity: "1", unitAmount: "81.00", unitTaxAmount: "19.00" }],
};

test("missing required options: the error names the first one, in the reference's order", async () => {
  const page = await lpPage();
  const out = await page.evaluate(async (PUI) => {
    const fn = () => {};
    const base = {
      paymentType: "ideal",
      amount: "1.00",
      currencyCode: "EUR",
      givenName: "A",
      surname: "B",
      fallback: { url: "https://x", buttonText: "Back" },
      onPaymentStart: fn,
    };
    const without = (o, k) => {
      const c = { ...o };
      delete c[k];
      return c;
    };
    const pui = { ...PUI, amount: "100.00", givenName: "Max", surname: "M", onPaymentStart: fn, phone: "1" };
    const {
      address,
      lineItems: [item],
    } = PUI;
    const blik = { paymentType: "blik", amount: "10.00", currencyCode: "PLN", givenName: "J", surname: "D", onPaymentStart: fn };
    const cases = {
      none: undefined,
      givenName: without(base, "givenName"),
      amount: without(base, "amount"),
      fallback: without(base, "fallback"),
      fallbackUrl: { ...base, fallback: { buttonText: "Back" } },
      fallbackText: { ...base, fallback: { url: "https://x", buttonText: "" } },
      onPaymentStart: without(base, "onPaymentStart"),
      customerId: { ...base, recurrent: true },
      puiBirthDate: without(pui, "birthDate"),
      puiBilling: { ...pui, billingAddress: { ...address, locality: undefined, postalCode: undefined } },
      puiBillingLocality: { ...pui, billingAddress: without(address, "locality") },
      puiLineItem: { ...pui, lineItems: [item, without(item, "unitTaxAmount")] },
      puiOnPaymentStart: without(pui, "onPaymentStart"),
      blikLevel0: { ...blik, blikOptions: { level_0: {} } },
      blikOneClickFirst: { ...blik, blikOptions: { oneClick: { authCode: "1", consumerReference: "r" } } },
      blikOneClickLater: { ...blik, blikOptions: { oneClick: { aliasKey: "k" } } },
      blikOnPaymentStart: { ...without(blik, "onPaymentStart"), blikOptions: { level_0: { authCode: "123456" } } },
      blikSurname: { ...without(blik, "surname"), blikOptions: { level_0: { authCode: "123456" } } },
    };
    const result = {};
    for (const [name, o] of Object.entries(cases)) {
      const e = await window.kit.grab(window.lp.startPayment(o));
      result[name] = [e.type, e.code, e.message, e.details];
    }
    return result;
  }, PUI);
  const code = "LOCAL_PAYMENT_START_PAYMENT_MISSING_REQUIRED_OPTION";
  const msg = "Missing required option for startPayment.";
  assert.deepEqual(out.none, ["MERCHANT", code, msg, undefined]);
  const named = (o) => ["MERCHANT", code, msg, `Missing required '${o}' option.`];
  // Each case, and the option its error names.
  const names = {
    givenName: "givenName",
    amount: "amount",
    fallback: "fallback",
    fallbackUrl: "fallback.url",
    fallbackText: "fallback.buttonText",
    onPaymentStart: "onPaymentStart",
    customerId: "customerId",
    puiBirthDate: "birthDate",
    puiBillingLocality: "billingAddress.locality",
    puiLineItem: "lineItems.unitTaxAmount",
    puiOnPaymentStart: "onPaymentStart",
    blikLevel0: "blikOptions.level_0.authCode",
    blikOneClickFirst: "blikOptions.oneClick.aliasLabel",
    blikOneClickLater: "blikOptions.oneClick.consumerReference",
    blikOnPaymentStart: "onPaymentStart",
    blikSurname: "surname",
  };
  for (const [name, option] of Object.entries(names)) assert.deepEqual(out[name], named(option), name);
  // Present but undefined counts as given (the reference checks own properties).
  assert.equal(out.puiBilling[3], undefined);
  await page.context().close();
});

test("seamless types open no window: BLIK level_0 and oneClick, MB WAY, pay upon invoice; a redirectUrl for one is DEFERRED_PAYMENT_FAILED", async () => {
  const page = await lpPage();
  let popups = 0;
  page.on("popup", () => {
    popups++;
  });
  const bodies = createBodies(page);
  const out = await page.evaluate(async (PUI) => {
    const ids = [];
    const onPaymentStart = (data, go) => {
      ids.push([data.paymentId, typeof go]);
    };
    const person = { amount: "10.00", givenName: "J", surname: "D", phone: "123", onPaymentStart };
    const grab = (p) =>
      p.then(
        (v) => ({ ok: v === undefined ? "undefined" : v }),
        (e) => ({ code: e.code, type: e.type, message: e.message }),
      );
    const results = {
      blik: await grab(window.lp.startPayment({ ...person, paymentType: "blik", currencyCode: "PLN", blikOptions: { level_0: { authCode: "123456" } } })),
      oneClick: await grab(
        window.lp.startPayment({ ...person, paymentType: "BLIK", currencyCode: "PLN", blikOptions: { oneClick: { consumerReference: "r", aliasKey: "k" } } }),
      ),
      mbway: await grab(window.lp.startPayment({ ...person, paymentType: "mbway", currencyCode: "EUR", phoneCountryCode: "351" })),
      bancomatpay: await grab(
        window.lp.startPayment({
          ...person,
          paymentType: "bancomatpay",
          currencyCode: "EUR",
          onPaymentStart: (d) =>
            new Promise((r) =>
              setTimeout(() => {
                ids.push([d.paymentId, "later"]);
                r();
              }, 10),
            ),
        }),
      ),
      pui: await grab(window.lp.startPayment({ ...person, ...PUI })),
      failed: await grab(window.lp.startPayment({ ...person, amount: "999.00", paymentType: "mbway", currencyCode: "EUR" })),
    };
    return { results, ids };
  }, PUI);
  for (const k of ["blik", "oneClick", "mbway", "bancomatpay", "pui"]) assert.deepEqual(out.results[k], { ok: "undefined" }, k);
  assert.deepEqual(out.results.failed, {
    code: "LOCAL_PAYMENT_START_PAYMENT_DEFERRED_PAYMENT_FAILED",
    type: "UNKNOWN",
    message: "LocalPayment startPayment deferred payment failed.",
  });
  assert.equal(out.ids.length, 5);
  assert.ok(out.ids.every(([id]) => /^LP-/.test(id)));
  assert.deepEqual(
    out.ids.map(([, go]) => go),
    ["undefined", "undefined", "undefined", "later", "undefined"],
  );
  assert.deepEqual(bodies[0].blikOptions, { level_0: { authCode: "123456" } });
  assert.equal(bodies[4].lineItems[0].unitTaxAmount, "19.00");
  assert.deepEqual(bodies[4].billingAddress, { line1: "a", city: "b", postalCode: "c", countryCode: "DE" });
  // No fallback given (a seamless type needs none): none is sent, not the text "undefined".
  for (const b of bodies) {
    for (const url of [b.returnUrl, b.cancelUrl]) {
      assert.doesNotMatch(url, /undefined/, url);
      assert.doesNotMatch(url, /[?&][rt]=/, url);
    }
  }
  assert.equal(popups, 0);
  await page.context().close();
});

// The shop's return page in the full-page flow: a real page of the server
// (playwright routes do not see the approval page's redirect to it), one of
// the assets host's that loads none of the SDK.
const RETURN = "/web/3.130.0/html/redirect-frame.html";

/** On the shop page: a localPayment instance in redirect flow (its create tokenizes a return). */
async function redirectInstance(page) {
  return page.evaluate(async () => {
    const sdk = await import("/web/3.130.0/js/index.js");
    const client = await sdk.client.create({ authorization: "sandbox_lp_merchant01", sandboxUrl: location.origin + "/sandbox" });
    window.lp = await sdk.localPayment.create({ client, redirectUrl: location.origin + location.pathname });
    return { payload: window.lp.tokenizePayload || null, has: window.lp.hasTokenizationParams() };
  });
}

/** Starts a redirect-flow payment on `target` (a page or a frame) without waiting on it: the page navigates away. */
function startRedirect(target) {
  return target.evaluate(() => {
    window.lp.startPayment({
      paymentType: "sofort",
      amount: "12.00",
      currencyCode: "EUR",
      givenName: "A",
      surname: "B",
      fallback: { url: "https://x", buttonText: "x" },
    });
  });
}

test("redirect flow: the page navigates to the approval page and, back on the return page, create tokenizes its query", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(sandbox.url + RETURN);
  assert.deepEqual(await redirectInstance(page), { payload: null, has: false });
  const bodies = createBodies(page);
  await Promise.all([page.waitForURL(/\/local-payment\/checkout\?token=LP-/), startRedirect(page)]);
  assert.equal(bodies[0].returnUrl, sandbox.url + RETURN);
  assert.equal(bodies[0].cancelUrl, sandbox.url + RETURN + "?wasCanceled=true");
  await page.waitForURL(/\/local-payment\/checkout/);
  await Promise.all([page.waitForURL(/redirect-frame\.html\?token=EC-/), page.click("#approve")]);
  const back = await redirectInstance(page);
  assert.equal(back.has, true);
  assert.match(back.payload.nonce, /^tokenpp_/);
  assert.match(back.payload.correlationId, /^EC-/);

  // Cancel: create keeps the instance (the error is logged), tokenize() rejects CANCELED.
  await page.goto(sandbox.url + RETURN);
  await redirectInstance(page);
  await startRedirect(page);
  await page.waitForURL(/\/local-payment\/checkout/);
  await Promise.all([page.waitForURL(/wasCanceled=true&token=EC-/), page.click("#cancel")]);
  const canceled = await redirectInstance(page);
  assert.deepEqual(canceled, { payload: null, has: true });
  const e = await page.evaluate(() => window.lp.tokenize().catch((err) => [err.type, err.code]));
  assert.deepEqual(e, ["CUSTOMER", "LOCAL_PAYMENT_CANCELED"]);
  await context.close();
});

test("redirect flow inside a frame navigates the top window", async () => {
  const context = await browser.newContext();
  await context.route("**/shop/outer", (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><title>Outer</title><iframe src="${RETURN}"></iframe>` }),
  );
  const page = await context.newPage();
  await page.goto(sandbox.url + "/shop/outer");
  const frame = page.frames()[1];
  await frame.waitForLoadState();
  await redirectInstance(frame);
  await Promise.all([page.waitForURL(/\/local-payment\/checkout\?token=LP-/), startRedirect(frame)]);
  await context.close();
});

test("create: NOT_ENABLED when PayPal is off; teardown makes every method throw", async () => {
  const page = await blankPage(browser, sandbox.url, {
    "**/client_api/v1/configuration*": editConfiguration((c) => {
      c.paypalEnabled = false;
    }),
  });
  const off = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    return window.kit.grab(sdk.localPayment.create({ authorization: "sandbox_lp_merchant01", sandboxUrl: window.kit.sandboxUrl }));
  });
  assert.deepEqual([off.type, off.code, off.message], ["MERCHANT", "LOCAL_PAYMENT_NOT_ENABLED", "LocalPayment is not enabled for this merchant."]);
  await page.context().close();

  const live = await lpPage();
  const after = await live.evaluate(async () => {
    await window.lp.teardown();
    try {
      window.lp.startPayment({});
      return "no throw";
    } catch (e) {
      return [e.code, e.message];
    }
  });
  assert.deepEqual(after, ["METHOD_CALLED_AFTER_TEARDOWN", "startPayment cannot be called after teardown."]);
  await live.context().close();
});

const ANDROID_WEBVIEW_UA =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36";

test("merchant test page: popup and BLIK buttons; a blocked popup is WINDOW_OPEN_FAILED; a web view gets the full-screen frame", async () => {
  let page = await merchantPage(browser, sandbox.url);
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.click("#lp-popup")]);
  await popup.waitForURL(/\/local-payment\/checkout/);
  await popup.click("#approve");
  assert.match((await result(page, "Local payment tokenized")).nonce, /^tokenpp_/);
  await page.click("#lp-blik");
  assert.match((await result(page, "Local payment started")).paymentId, /^LP-/);
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.click("#lp-popup");
  const e = await result(page, "Error");
  assert.deepEqual(
    [e.type, e.code, e.message],
    ["MERCHANT", "LOCAL_PAYMENT_WINDOW_OPEN_FAILED", "LocalPayment window failed to open; make sure startPayment was called in response to a user action."],
  );
  assert.equal(e.details.originalError.code, "FRAME_SERVICE_FRAME_OPEN_FAILED");
  await page.context().close();

  page = await merchantPage(browser, sandbox.url, { userAgent: ANDROID_WEBVIEW_UA });
  await page.click("#lp-popup");
  await page.frameLocator("[data-braintree-frame] iframe").locator("#approve").click();
  assert.match((await result(page, "Local payment tokenized")).nonce, /^tokenpp_/);
  assert.equal(await page.locator("[data-braintree-frame]").count(), 0);
  await page.context().close();
});
