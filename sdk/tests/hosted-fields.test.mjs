// Hosted Fields and client in headless Chromium against the sandbox: frames,
// events, classes, tokenization end to end, errors, teardown, origin checks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, merchantPage, fillCard, typeInto, result, failNext } from "./harness.mjs";

useSandbox();

async function tokenize(page) {
  return page.evaluate(() =>
    window.hostedFieldsInstance.tokenize().then(
      (p) => ({ ok: true, p }),
      (e) => ({ ok: false, name: e.name, type: e.type, code: e.code, message: e.message, details: e.details }),
    ),
  );
}

test("a valid card tokenizes from inside the frame, card data never reaches the page", async () => {
  const page = await merchantPage(browser, sandbox.url);
  await page.evaluate(() => {
    window.__msgs = [];
    addEventListener("message", (e) => window.__msgs.push(JSON.stringify(e.data)));
  });
  await page.uncheck("#use-3ds");
  await fillCard(page, { number: "4111111111111111" });
  await page.click("#pay");
  const payload = await result(page, "Tokenized");
  assert.match(payload.nonce, /^tokencc_/);
  assert.equal(payload.details.cardType, "Visa");
  assert.equal(payload.details.lastFour, "1111");
  assert.equal(payload.details.bin, "411111");
  const msgs = await page.evaluate(() => window.__msgs.join("\n"));
  assert.ok(msgs.length > 0);
  assert.ok(!msgs.includes("4111111111111111") && !msgs.includes("4111 1111 1111 1111"), "no card number on the merchant page");
  assert.ok(!msgs.includes('"123"'), "no CVV on the merchant page");
  await page.context().close();
});

test("state, events and container classes follow the typed card", async () => {
  const page = await merchantPage(browser, sandbox.url);
  await page.evaluate(() => {
    window.__events = [];
    for (const ev of ["focus", "blur", "empty", "notEmpty", "validityChange", "cardTypeChange", "binAvailable", "inputSubmitRequest"]) {
      window.hostedFieldsInstance.on(ev, (e) => window.__events.push([ev, e.emittedBy || e.bin]));
    }
  });
  await typeInto(page, "number", "3782");
  // The frame reports each keystroke by message: under load the last one can
  // reach the page after the typing returns, so wait for it to narrow the card.
  await page.waitForFunction(() => window.hostedFieldsInstance.getState().cards.length === 1);
  let state = await page.evaluate(() => window.hostedFieldsInstance.getState());
  assert.deepEqual(
    state.cards.map((c) => c.type),
    ["american-express"],
  );
  assert.equal(state.fields.number.isEmpty, false);
  assert.equal(state.fields.number.isValid, false);
  assert.equal(state.fields.number.isPotentiallyValid, true);
  assert.equal(state.fields.number.isFocused, true);
  await typeInto(page, "number", "82246310005");
  await page.waitForFunction(() => document.querySelector("#cc-number").classList.contains("braintree-hosted-fields-valid"));
  assert.ok(await page.evaluate(() => document.querySelector("#cc-number").classList.contains("braintree-hosted-fields-focused")));
  const frame = page.frameLocator('iframe[name="braintree-hosted-field-number"]');
  assert.equal(await frame.locator("input#credit-card-number").inputValue(), "3782 822463 10005");
  // The merchant's styles win over the frame's own defaults, even a bare `input` (font) and `.valid` (colour).
  const look = await frame.locator("input#credit-card-number").evaluate((el) => [getComputedStyle(el).fontFamily, getComputedStyle(el).color]);
  assert.deepEqual(look, ["monospace", "rgb(46, 139, 87)"]);
  assert.equal(await frame.locator("input#credit-card-number").getAttribute("autocomplete"), "cc-number");
  assert.equal(await frame.locator("label").textContent(), "Credit Card Number");
  assert.equal(await page.getAttribute('iframe[name="braintree-hosted-field-number"]', "title"), "Secure Credit Card Frame - Credit Card Number");
  await typeInto(page, "cvv", "12");
  state = await page.evaluate(() => window.hostedFieldsInstance.getState());
  assert.equal(state.fields.cvv.isValid, false, "Amex needs a 4-digit CID");
  await typeInto(page, "cvv", "34");
  await page.waitForFunction(() => window.hostedFieldsInstance.getState().fields.cvv.isValid);
  await page.frameLocator('iframe[name="braintree-hosted-field-cvv"]').locator("input").press("Enter");
  await page.waitForFunction(() => window.__events.some(([e]) => e === "inputSubmitRequest"));
  await typeInto(page, "postalCode", "9");
  const events = await page.evaluate(() => window.__events);
  const names = events.map(([e]) => e);
  for (const e of ["focus", "blur", "notEmpty", "validityChange", "cardTypeChange", "binAvailable", "inputSubmitRequest"]) assert.ok(names.includes(e), e);
  assert.deepEqual(
    events.find(([e]) => e === "binAvailable"),
    ["binAvailable", "378282"],
  );
  // An impossible number turns the container invalid.
  await page.evaluate(() => window.hostedFieldsInstance.clear("number"));
  await typeInto(page, "number", "9999");
  await page.waitForFunction(() => document.querySelector("#cc-number").classList.contains("braintree-hosted-fields-invalid"));
  await page.context().close();
});

test("autofill into the number frame reaches the expiry, CVV and name frames", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const frame = page.frameLocator('iframe[name="braintree-hosted-field-number"]');
  await typeInto(page, "number", "4111111111111111");
  // What a browser's autofill does: set the hidden inputs' values and fire change.
  for (const [name, value] of [
    ["cc-exp-month", "11"],
    ["cc-exp-year", "2031"],
    ["cc-csc", "321"],
    ["cc-name", "Grace Hopper"],
  ]) {
    await frame.locator(`input[name="${name}"]`).evaluate((el, v) => {
      el.value = v;
      el.dispatchEvent(new Event("change"));
    }, value);
  }
  await page.waitForFunction(() => {
    const f = window.hostedFieldsInstance.getState().fields;
    return f.expirationDate.isValid && f.cvv.isValid && f.cardholderName.isValid;
  });
  await typeInto(page, "postalCode", "12345");
  const r = await tokenize(page);
  assert.equal(r.ok, true);
  assert.equal(r.p.details.expirationMonth, "11");
  assert.equal(r.p.details.expirationYear, "2031");
  assert.equal(r.p.details.cardholderName, "Grace Hopper");
  await page.context().close();
});

test("tokenize errors: empty, invalid, CVV failure 81736, duplicate 81724", async () => {
  const page = await merchantPage(browser, sandbox.url);
  let r = await tokenize(page);
  assert.equal(r.code, "HOSTED_FIELDS_FIELDS_EMPTY");
  assert.equal(r.type, "CUSTOMER");
  assert.equal(r.name, "BraintreeError");
  assert.equal(r.message, "All fields are empty. Cannot tokenize empty card fields.");
  await typeInto(page, "number", "4111111111111112");
  r = await tokenize(page);
  assert.equal(r.code, "HOSTED_FIELDS_FIELDS_INVALID");
  assert.equal(r.message, "Some payment input fields are invalid. Cannot tokenize invalid card fields.");
  assert.ok(r.details.invalidFieldKeys.includes("number"));
  await page.context().close();

  const cvvPage = await merchantPage(browser, sandbox.url);
  await fillCard(cvvPage, { number: "4111111111111111", cvv: "200" });
  r = await tokenize(cvvPage);
  assert.equal(r.code, "HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED");
  assert.equal(r.message, "CVV verification failed during tokenization.");
  await cvvPage.context().close();

  const dupPage = await merchantPage(browser, sandbox.url);
  await fillCard(dupPage, { number: "4005519200000004" });
  r = await tokenize(dupPage);
  assert.equal(r.code, "HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE");
  assert.equal(r.message, "This credit card already exists in the merchant's vault.");
  await dupPage.context().close();

  // A 403 is the authorization's, not the card's: the client's own error
  // passes through, as the reference's does.
  const forbiddenPage = await merchantPage(browser, sandbox.url);
  await fillCard(forbiddenPage, { number: "4111111111111111" });
  await failNext("/merchants/merchant01/client_api/v1/payment_methods/credit_cards", { status: 403 });
  r = await tokenize(forbiddenPage);
  assert.deepEqual(
    [r.name, r.type, r.code, r.message],
    ["BraintreeError", "MERCHANT", "CLIENT_AUTHORIZATION_INSUFFICIENT", "The authorization used has insufficient privileges."],
  );
  assert.equal(r.details.httpStatus, 403);
  await forbiddenPage.context().close();
});

test("create checks, attributes, teardown once then METHOD_CALLED_AFTER_TEARDOWN", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await import("./js/index.js");
    const hf = window.hostedFieldsInstance;
    const client = hf._client;
    const grab = (p) =>
      p.then(
        () => "ok",
        (e) => e.code + ": " + e.message,
      );
    const div = document.createElement("div");
    div.id = "extra";
    document.body.appendChild(div);
    const r = {};
    r.badKey = await grab(sdk.hostedFields.create({ client, fields: { iban: { container: "#extra" } } }));
    r.badSelector = await grab(sdk.hostedFields.create({ client, fields: { number: { container: "#nope" } } }));
    r.duplicate = await grab(sdk.hostedFields.create({ client, fields: { number: { container: "#cc-number" } } }));
    r.noFields = await grab(sdk.hostedFields.create({ client, fields: {} }));
    r.noClient = await grab(sdk.hostedFields.create({ fields: { number: { container: "#extra" } } }));
    r.maxlength = await grab(sdk.hostedFields.create({ client, fields: { number: { container: "#extra", maxlength: "4" } } }));
    r.attrBad = await grab(hf.setAttribute({ field: "number", attribute: "onclick", value: "x" }));
    r.attrValue = await grab(hf.setAttribute({ field: "number", attribute: "disabled", value: "yes" }));
    r.attrOk = await grab(hf.setAttribute({ field: "number", attribute: "placeholder", value: "Card" }));
    r.notPresent = await grab(hf.focus("expirationMonth"));
    r.invalidField = await grab(hf.addClass("iban", "x"));
    r.fieldBeforeAttribute = await grab(hf.setAttribute({ field: "expirationMonth", attribute: "onclick", value: "x" }));
    r.minlength = await grab(sdk.hostedFields.create({ client, fields: { number: { container: "#extra", minlength: true } } }));
    r.fieldsBeforeNetwork = await grab(sdk.hostedFields.create({ authorization: "sandbox_x_merchant01", fields: {} }));
    const old = { getVersion: () => "3.1.0", getConfiguration: () => client.getConfiguration() };
    r.version = await grab(sdk.hostedFields.create({ client: old, fields: { number: { container: "#extra" } } }));
    r.monthOptions = await grab(hf.setMonthOptions(["Jan"]));
    r.challenges = await hf.getChallenges();
    r.cb = await new Promise((res) => hf.clear("number", (err) => res(err === null ? "callback ok" : String(err))));
    await hf.teardown();
    r.frames = document.querySelectorAll('iframe[name^="braintree-hosted-field"]').length;
    for (const m of ["tokenize", "teardown", "getState"]) {
      try {
        hf[m]();
        r[m] = "no error";
      } catch (e) {
        r[m] = e.code + ": " + e.message;
      }
    }
    return r;
  });
  assert.equal(out.badKey, 'HOSTED_FIELDS_INVALID_FIELD_KEY: "iban" is not a valid field.');
  assert.equal(out.badSelector, "HOSTED_FIELDS_INVALID_FIELD_SELECTOR: Selector does not reference a valid DOM node.");
  assert.equal(out.duplicate, "HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME: Element already contains a Braintree iframe.");
  assert.equal(out.noFields, "INSTANTIATION_OPTION_REQUIRED: options.fields is required when instantiating Hosted Fields.");
  assert.equal(out.fieldsBeforeNetwork, out.noFields, "checked before an authorization is resolved");
  assert.equal(out.minlength, "HOSTED_FIELDS_FIELD_PROPERTY_INVALID: The value for minlength must be a number.");
  assert.equal(out.version, "INCOMPATIBLE_VERSIONS: Client (version 3.1.0) and Hosted Fields (version 3.130.0) components must be from the same SDK version.");
  assert.match(out.noClient, /^INSTANTIATION_OPTION_REQUIRED: options.client is required when instantiating Hosted Fields./);
  assert.equal(out.maxlength, "HOSTED_FIELDS_FIELD_PROPERTY_INVALID: The value for maxlength must be a number.");
  assert.equal(out.attrBad, 'HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED: The "onclick" attribute is not supported in Hosted Fields.');
  assert.equal(out.attrValue, 'HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED: Value "yes" is not allowed for "disabled" attribute.');
  assert.equal(out.attrOk, "ok");
  assert.equal(
    out.notPresent,
    'HOSTED_FIELDS_FIELD_NOT_PRESENT: Cannot focus "expirationMonth" field because it is not part of the current Hosted Fields options.',
  );
  assert.equal(out.invalidField, 'HOSTED_FIELDS_FIELD_INVALID: "iban" is not a valid field. You must use a valid field option when adding a class.');
  assert.equal(
    out.fieldBeforeAttribute,
    'HOSTED_FIELDS_FIELD_NOT_PRESENT: Cannot set attribute for "expirationMonth" field because it is not part of the current Hosted Fields options.',
  );
  assert.equal(out.monthOptions, "HOSTED_FIELDS_FIELD_PROPERTY_INVALID: Expiration month field must exist to use setMonthOptions.");
  assert.deepEqual(out.challenges, ["cvv", "postal_code"]);
  assert.equal(out.cb, "callback ok");
  assert.equal(out.frames, 0);
  assert.equal(out.tokenize, "METHOD_CALLED_AFTER_TEARDOWN: tokenize cannot be called after teardown.");
  assert.equal(out.teardown, "METHOD_CALLED_AFTER_TEARDOWN: teardown cannot be called after teardown.");
  assert.equal(out.getState, "METHOD_CALLED_AFTER_TEARDOWN: getState cannot be called after teardown.");
  await page.context().close();
});

test("client: authorization, origin check and sandbox mode, version, requests", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await import("./js/index.js");
    const grab = (p) =>
      p.then(
        (v) => v,
        (e) => e.code + ": " + e.message,
      );
    const token = (await (await fetch("/sandbox/gateway/client_token", { method: "POST" })).json()).clientToken;
    const sandboxUrl = location.origin + "/sandbox";
    const r = {};
    r.noSandboxMode = await grab(sdk.client.create({ authorization: token }));
    r.remoteSandbox = await grab(sdk.client.create({ authorization: token, sandboxUrl: "https://evil.example/sandbox" }));
    r.invalid = await grab(sdk.client.create({ authorization: "nonsense" }));
    r.missing = await grab(sdk.client.create({}));
    const byKey = await sdk.client.create({ authorization: "sandbox_abcd1234_merchant01", sandboxUrl });
    r.keyType = byKey.getConfiguration().authorizationType;
    const c = await sdk.client.create({ authorization: token, sandboxUrl });
    const conf = c.getConfiguration();
    r.type = conf.authorizationType;
    r.env = conf.gatewayConfiguration.environment;
    r.version = c.getVersion();
    r.rest = await grab(
      c
        .request({ method: "post", endpoint: "payment_methods/credit_cards", data: { creditCard: { number: "4111111111111111", expirationDate: "12/30" } } })
        .then((b) => b.creditCards[0].details.cardType),
    );
    r.restError = await grab(c.request({ method: "post", endpoint: "payment_methods/credit_cards", data: { creditCard: { number: "1234" } } }));
    r.noMethod = await grab(c.request({ endpoint: "x" }));
    r.methodBeforeApi = await grab(c.request({ api: "soap", method: "get" }));
    r.badApi = await grab(c.request({ api: "soap", method: "get", endpoint: "x" }));
    // The body as the provider sent it: no key of the library's own (the status is the callback's third argument).
    r.keys = await grab(c.request({ method: "get", endpoint: "payment_methods" }).then((b) => Object.keys(b)));
    r.cbOk = await new Promise((res) => c.request({ method: "get", endpoint: "payment_methods" }, (err, data, status) => res([err, typeof data, status])));
    r.cbError = await new Promise((res) =>
      c.request({ method: "post", endpoint: "payment_methods/credit_cards", data: { creditCard: { number: "1234" } } }, (err, data, status) =>
        res([err.code, data, status]),
      ),
    );
    const { Client } = await import("./js/client.js");
    const offDomain = Object.assign({}, conf.gatewayConfiguration, { assetsUrl: "https://assets.evil.example" });
    r.noGateway = await grab(Promise.resolve().then(() => new Client({ authorization: token })));
    r.offDomain = await grab(Promise.resolve().then(() => new Client(Object.assign({}, conf, { gatewayConfiguration: offDomain }))));
    r.graphql = await grab(
      c
        .request({
          api: "graphQLApi",
          data: {
            query: "mutation { tokenizeCreditCard }",
            variables: { input: { creditCard: { number: "4111111111111111", expirationMonth: "12", expirationYear: "2030" } } },
          },
        })
        .then((b) => b.data.tokenizeCreditCard.creditCard.brandCode),
    );
    r.cb = await new Promise((res) => sdk.client.create({ authorization: "bad" }, (err, inst) => res(err.code + " " + String(inst))));
    await c.teardown();
    try {
      c.request({});
      r.after = "no error";
    } catch (e) {
      r.after = e.code;
    }
    return r;
  });
  assert.equal(out.noSandboxMode, "CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN: configUrl property is on an invalid domain.");
  assert.match(out.remoteSandbox, /^CLIENT_OPTION_INVALID/);
  assert.equal(out.invalid, "CLIENT_INVALID_AUTHORIZATION: Authorization is invalid. Make sure your client token or tokenization key is valid.");
  assert.match(out.missing, /^INSTANTIATION_OPTION_REQUIRED/);
  assert.equal(out.keyType, "TOKENIZATION_KEY");
  assert.equal(out.type, "CLIENT_TOKEN");
  assert.equal(out.env, "sandbox");
  assert.equal(out.version, "3.130.0");
  assert.equal(out.rest, "Visa");
  assert.match(out.restError, /^CLIENT_REQUEST_ERROR/);
  assert.equal(out.noMethod, "CLIENT_OPTION_REQUIRED: options.method is required when making a request.");
  assert.equal(out.methodBeforeApi, "CLIENT_OPTION_REQUIRED: options.endpoint is required when making a request.");
  assert.equal(out.badApi, "CLIENT_OPTION_INVALID: options.api is invalid.");
  assert.deepEqual(out.keys, ["paymentMethods"]);
  assert.deepEqual(out.cbOk, [null, "object", 200]);
  assert.deepEqual(out.cbError, ["CLIENT_REQUEST_ERROR", null, 422]);
  assert.equal(out.noGateway, "CLIENT_MISSING_GATEWAY_CONFIGURATION: Missing gatewayConfiguration.");
  assert.equal(out.offDomain, "CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN: assetsUrl property is on an invalid domain.");
  assert.equal(out.graphql, "Visa");
  assert.equal(out.cb, "CLIENT_INVALID_AUTHORIZATION undefined");
  assert.equal(out.after, "METHOD_CALLED_AFTER_TEARDOWN");
  await page.context().close();
});
