// paymentRequest against the sandbox in headless Chromium: the hidden frame
// (its real code) runs the browser's PaymentRequest, which a test cannot
// complete, so every frame gets a scripted stand-in (an init script) that
// answers as a browser would: the scenario is the request's `details.id`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useSandbox, sandbox, browser, blankPage, editConfiguration } from "./harness.mjs";

useSandbox();

/** The browser's PaymentRequest as a script: resolves or rejects by `details.id`. */
function standIn() {
  const card = (number) => ({
    cardNumber: number,
    cardholderName: "Ada Lovelace",
    expiryMonth: "12",
    expiryYear: "2030",
    cardSecurityCode: "123",
    billingAddress: { country: "US", addressLine: ["1 Main St", "Apt 2"], region: "TX", city: "Austin", postalCode: "78701", organization: "Couture" },
  });
  const googleCard = {
    nonce: "fake-android-pay-nonce",
    type: "AndroidPayCard",
    description: "Android Pay",
    details: { cardType: "Visa", lastFour: "1111", lastTwo: "11" },
    binData: { prepaid: "No" },
  };
  const tokens = {
    google: JSON.stringify({ androidPayCards: [googleCard] }),
    "google-error": JSON.stringify({ error: { message: "declined" } }),
    "google-bad": "not json",
  };
  window.PaymentRequest = class extends EventTarget {
    constructor(methods, details, options) {
      super();
      if (!details || !details.total) throw new TypeError("Failed to construct 'PaymentRequest': required member total is undefined.");
      Object.assign(this, { methods, details, options: options || {} });
      window.lastRequest = { methods, details, options };
    }

    async canMakePayment() {
      const id = this.details.id;
      if (id === "not-allowed") throw new DOMException("Not allowed", "NotAllowedError");
      if (id === "fails") throw new DOMException("Bad state", "InvalidStateError");
      return id !== "cannot";
    }

    /** Fires a shipping change and waits for the page's updateWith. */
    async change(type, prop, value) {
      this[prop] = value;
      const event = new Event(type);
      let update;
      event.updateWith = (p) => {
        update = p;
      };
      this.dispatchEvent(event);
      return update;
    }

    async show() {
      const id = this.details.id;
      const updates = [];
      if (this.options.requestShipping) {
        updates.push(await this.change("shippingaddresschange", "shippingAddress", { country: "US", city: "Austin", addressLine: ["1 Main St"] }));
        updates.push(await this.change("shippingoptionchange", "shippingOption", "express"));
      }
      if (id === "abort") throw new DOMException("Request cancelled", "AbortError");
      const google = id.startsWith("google");
      const methodName = id === "unknown-method" ? "https://example.com/pay" : google ? "https://google.com/pay" : "basic-card";
      const details = google ? { paymentMethodToken: { token: tokens[id] } } : card(id === "bad-card" ? "4111111111111112" : "4111111111111111");
      return {
        methodName,
        details,
        shippingOption: this.shippingOption,
        payerEmail: "ada@example.com",
        updates,
        complete() {
          window.completed = (window.completed || 0) + 1;
          return Promise.resolve();
        },
      };
    }
  };
}

/** A page with window.pr, a paymentRequest instance created with `options`. */
async function prPage(options = {}, routes) {
  const page = await blankPage(browser, sandbox.url, routes);
  await page.context().addInitScript(standIn);
  await page.evaluate(async (o) => {
    const sdk = await window.kit.sdk();
    window.pr = await sdk.paymentRequest.create(Object.assign({ client: await window.kit.client() }, o));
  }, options);
  return page;
}

const TOTAL = { label: "Total", amount: { currency: "USD", value: "10.00" } };
const frameOf = (page) => page.frame({ name: "braintree-payment-request-frame" });

test("create: the client check, a hidden frame ready when it can make requests, NO_VALID_SUPPORTED_PAYMENT_METHODS", async () => {
  const page = await prPage();
  const frame = await page.evaluate(() => {
    const f = document.querySelector('iframe[name="braintree-payment-request-frame"]');
    return { src: f.src, title: f.title, width: f.width, height: f.height, className: f.className };
  });
  assert.match(frame.src, /\/web\/3\.130\.0\/html\/payment-request-frame\.html#[0-9a-f-]{36}$/);
  assert.equal(frame.title, "Secure Payment Frame");
  assert.equal(frame.className, "braintree-payment-request-frame");
  assert.deepEqual([frame.width, frame.height], ["0", "0"]);
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    return {
      none: await window.kit.grab(sdk.paymentRequest.create({})),
      disabled: await window.kit.grab(sdk.paymentRequest.create({ client, enabledPaymentMethods: { basicCard: false, googlePay: false } })),
    };
  });
  assert.equal(out.none.message, "options.client is required when instantiating Payment Request.");
  assert.deepEqual(
    [out.disabled.type, out.disabled.code, out.disabled.message],
    ["MERCHANT", "PAYMENT_REQUEST_NO_VALID_SUPPORTED_PAYMENT_METHODS", "There are no supported payment methods associated with this account."],
  );
  await page.context().close();

  const noMethods = await blankPage(browser, sandbox.url, {
    "**/client_api/v1/configuration*": editConfiguration((c) => {
      c.creditCards.supportedCardTypes = [];
      c.androidPay.enabled = false;
    }),
  });
  const err = await noMethods.evaluate(async () => {
    const sdk = await window.kit.sdk();
    return window.kit.grab(sdk.paymentRequest.create({ authorization: "sandbox_pr_merchant01", sandboxUrl: window.kit.sandboxUrl }));
  });
  assert.equal(err.code, "PAYMENT_REQUEST_NO_VALID_SUPPORTED_PAYMENT_METHODS");
  await noMethods.context().close();
});

test("createSupportedPaymentMethodsConfiguration: basic-card networks, Google Pay versions 1 and 2, the two type errors", async () => {
  const page = await prPage();
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const v2 = await sdk.paymentRequest.create({ client: await window.kit.client(), googlePayVersion: 2 });
    const noGoogle = await sdk.paymentRequest.create({ client: await window.kit.client(), enabledPaymentMethods: { googlePay: false } });
    const err = (f) => {
      try {
        f();
        return "no error";
      } catch (e) {
        return [e.type, e.code, e.message].join(" | ");
      }
    };
    return {
      basic: window.pr.createSupportedPaymentMethodsConfiguration("basicCard", { supportedTypes: ["credit"] }),
      v1: window.pr.createSupportedPaymentMethodsConfiguration("googlePay"),
      v2: v2.createSupportedPaymentMethodsConfiguration("googlePay", { merchantInfo: { merchantName: "Couture" } }),
      noType: err(() => window.pr.createSupportedPaymentMethodsConfiguration()),
      unknown: err(() => window.pr.createSupportedPaymentMethodsConfiguration("applePay")),
      disabled: err(() => noGoogle.createSupportedPaymentMethodsConfiguration("googlePay")),
    };
  });
  assert.deepEqual(out.basic, {
    supportedMethods: "basic-card",
    data: { supportedNetworks: ["visa", "mastercard", "amex", "discover", "jcb", "unionpay", "maestro", "diners"], supportedTypes: ["credit"] },
  });
  assert.equal(out.v1.supportedMethods, "https://google.com/pay");
  assert.equal(out.v1.data.apiVersion, 1);
  assert.equal(out.v1.data.environment, "TEST");
  assert.equal(out.v1.data.merchantId, "18278000977346790994");
  assert.deepEqual(out.v1.data.allowedPaymentMethods, ["CARD", "TOKENIZED_CARD"]);
  assert.deepEqual(out.v1.data.cardRequirements.allowedCardNetworks, ["VISA", "MASTERCARD", "AMEX", "DISCOVER"]);
  const p1 = out.v1.data.paymentMethodTokenizationParameters.parameters;
  assert.equal(p1.gateway, "braintree");
  assert.equal(p1["braintree:merchantId"], "merchant01");
  assert.equal(p1["braintree:sdkVersion"], "3.130.0");
  assert.equal(p1["braintree:authorizationFingerprint"], "sandbox-google-fingerprint");
  assert.equal(out.v2.data.apiVersion, 2);
  assert.equal(out.v2.data.apiVersionMinor, 0);
  assert.deepEqual(out.v2.data.merchantInfo, { merchantName: "Couture" });
  const card = out.v2.data.allowedPaymentMethods[0];
  assert.deepEqual(card.parameters.allowedAuthMethods, ["PAN_ONLY", "CRYPTOGRAM_3DS"]);
  assert.equal(card.tokenizationSpecification.type, "PAYMENT_GATEWAY");
  const NOT_ENABLED =
    "MERCHANT | PAYMENT_REQUEST_CREATE_SUPPORTED_PAYMENT_METHODS_CONFIGURATION_TYPE_NOT_ENABLED | createSupportedPaymentMethodsConfiguration type parameter must be valid or enabled.";
  assert.equal(
    out.noType,
    "MERCHANT | PAYMENT_REQUEST_CREATE_SUPPORTED_PAYMENT_METHODS_CONFIGURATION_MUST_INCLUDE_TYPE | createSupportedPaymentMethodsConfiguration must include a type parameter.",
  );
  assert.equal(out.unknown, NOT_ENABLED);
  assert.equal(out.disabled, NOT_ENABLED);
  await page.context().close();
});

test("canMakePayment: true in the frame, its errors, false without PaymentRequest", async () => {
  const page = await prPage();
  const out = await page.evaluate(async (total) => {
    const g = window.kit.grab;
    const ask = (id, methods) => window.pr.canMakePayment({ supportedPaymentMethods: methods, details: { id, total } });
    return {
      yes: await ask("ok"),
      no: await ask("cannot"),
      unsupported: await g(ask("ok", [{ supportedMethods: "basic-card" }, { supportedMethods: "https://apple.com/apple-pay" }])),
      notAllowed: await g(ask("not-allowed")),
      fails: await g(ask("fails")),
      misconfigured: await g(window.pr.canMakePayment({ details: {} })),
    };
  }, TOTAL);
  assert.equal(out.yes, true);
  assert.equal(out.no, false);
  const line = (e) => [e.type, e.code, e.message].join(" | ");
  assert.equal(line(out.unsupported), "MERCHANT | PAYMENT_REQUEST_UNSUPPORTED_PAYMENT_METHOD | https://apple.com/apple-pay is not a supported payment method.");
  assert.equal(
    line(out.notAllowed),
    "MERCHANT | PAYMENT_REQUEST_CAN_MAKE_PAYMENT_NOT_ALLOWED | Something went wrong when calling `canMakePayment`. Most likely, `canMakePayment` was called multiple times with different supportedMethods configurations.",
  );
  assert.equal(out.notAllowed.details.originalError.name, "NotAllowedError");
  assert.equal(line(out.fails), "UNKNOWN | PAYMENT_REQUEST_CAN_MAKE_PAYMENT_FAILED | Something went wrong when calling `canMakePayment`");
  assert.equal(line(out.misconfigured), "MERCHANT | PAYMENT_REQUEST_INITIALIZATION_MISCONFIGURED | Something went wrong when configuring the payment request.");
  // The frame got the default methods.
  const sent = await frameOf(page).evaluate(() => window.lastRequest.methods.map((m) => m.supportedMethods));
  assert.deepEqual(sent, ["basic-card", "https://google.com/pay"]);
  const without = await page.evaluate(async () => {
    delete window.PaymentRequest;
    return window.pr.canMakePayment({ details: {} });
  });
  assert.equal(without, false);
  await page.context().close();
});

test("tokenize: a basic-card response tokenized by the frame, a Google Pay token parsed; the card details stay in the frame", async () => {
  const page = await prPage();
  const out = await page.evaluate(
    async (total) => ({
      basic: await new Promise((resolve) => window.pr.tokenize({ details: { id: "basic", total } }, (err, v) => resolve(err || v))),
      google: await window.pr.tokenize({
        supportedPaymentMethods: [window.pr.createSupportedPaymentMethodsConfiguration("googlePay")],
        details: { id: "google", total },
      }),
    }),
    TOTAL,
  );
  assert.match(out.basic.nonce, /^tokencc_/);
  assert.equal(out.basic.type, "CreditCard");
  assert.equal(out.basic.description, "ending in 11");
  assert.deepEqual([out.basic.details.cardType, out.basic.details.lastFour, out.basic.details.lastTwo], ["Visa", "1111", "11"]);
  assert.ok(out.basic.binData);
  const raw = out.basic.details.rawPaymentResponse;
  assert.equal(raw.methodName, "basic-card");
  assert.equal(raw.payerEmail, "ada@example.com");
  assert.deepEqual(Object.keys(raw.details).sort(), ["billingAddress", "cardholderName"]);
  assert.equal(JSON.stringify(out).includes("4111111111111111"), false);
  assert.equal(out.google.nonce, "fake-android-pay-nonce");
  assert.equal(out.google.type, "AndroidPayCard");
  assert.deepEqual(out.google.details.rawPaymentResponse.details, {});
  assert.equal(await frameOf(page).evaluate(() => window.completed), 2);
  await page.context().close();
});

test("tokenize errors: CANCELED, the Google Pay errors, NOT_COMPLETED, INITIALIZATION_MISCONFIGURED", async () => {
  const page = await prPage();
  const out = await page.evaluate(async (total) => {
    const t = (id) => window.kit.grab(window.pr.tokenize({ details: { id, total } }));
    return {
      abort: await t("abort"),
      googleError: await t("google-error"),
      googleBad: await t("google-bad"),
      badCard: await t("bad-card"),
      unknown: await t("unknown-method"),
      misconfigured: await window.kit.grab(window.pr.tokenize({ details: { id: "basic" } })),
    };
  }, TOTAL);
  const line = (e) => [e.type, e.code, e.message].join(" | ");
  assert.equal(line(out.abort), "CUSTOMER | PAYMENT_REQUEST_CANCELED | Payment request was canceled.");
  assert.equal(out.abort.details.originalError.name, "AbortError");
  assert.equal(
    line(out.googleError),
    "MERCHANT | PAYMENT_REQUEST_GOOGLE_PAYMENT_FAILED_TO_TOKENIZE | Something went wrong when tokenizing the Google Pay card.",
  );
  assert.equal(line(out.googleBad), "UNKNOWN | PAYMENT_REQUEST_GOOGLE_PAYMENT_PARSING_ERROR | Something went wrong when tokenizing the Google Pay card.");
  assert.equal(line(out.badCard), "CUSTOMER | PAYMENT_REQUEST_NOT_COMPLETED | Payment request could not be completed.");
  assert.equal(line(out.unknown), "CUSTOMER | PAYMENT_REQUEST_NOT_COMPLETED | Payment request could not be completed.");
  assert.equal(out.unknown.details.originalError.name, "UNSUPPORTED_METHOD_NAME");
  assert.equal(line(out.misconfigured), "MERCHANT | PAYMENT_REQUEST_INITIALIZATION_MISCONFIGURED | Something went wrong when configuring the payment request.");
  await page.context().close();
});

test("shipping changes reach the page as shippingAddressChange / shippingOptionChange, and updateWith answers the sheet", async () => {
  const page = await prPage();
  const out = await page.evaluate(async (total) => {
    const seen = [];
    window.pr.on("shippingAddressChange", (e) => {
      seen.push(["address", e.target.shippingAddress.city]);
      e.updateWith({ total: { label: "Total", amount: { currency: "USD", value: "12.00" } } });
    });
    window.pr.on("shippingaddresschange", () => seen.push(["lowercase address"]));
    window.pr.on("shippingOptionChange", (e) => {
      seen.push(["option", e.target.shippingOption]);
      e.updateWith({ total: { label: "Total", amount: { currency: "USD", value: "15.00" } } });
    });
    window.pr.on("shippingoptionchange", () => seen.push(["lowercase option"]));
    const result = await window.pr.tokenize({ details: { id: "basic", total }, options: { requestShipping: true } });
    return { seen, updates: result.details.rawPaymentResponse.updates, option: result.details.rawPaymentResponse.shippingOption };
  }, TOTAL);
  assert.deepEqual(out.seen, [["address", "Austin"], ["lowercase address"], ["option", "express"], ["lowercase option"]]);
  assert.deepEqual(
    out.updates.map((u) => u.total.amount.value),
    ["12.00", "15.00"],
  );
  assert.equal(out.option, "express");
  await page.context().close();
});

test("teardown removes the frame; every method then throws", async () => {
  const page = await prPage();
  const out = await page.evaluate(async () => {
    await window.pr.teardown();
    let thrown;
    try {
      window.pr.tokenize({});
    } catch (e) {
      thrown = [e.code, e.message];
    }
    return { frames: document.querySelectorAll('iframe[name="braintree-payment-request-frame"]').length, thrown };
  });
  assert.equal(out.frames, 0);
  assert.deepEqual(out.thrown, ["METHOD_CALLED_AFTER_TEARDOWN", "tokenize cannot be called after teardown."]);
  await page.context().close();
});

// The assets host's policy of the Payment Request frame (shared/security-headers.json, as the
// local server and CloudFront send it): without Google Pay's sources, Chromium refuses to
// construct a PaymentRequest for https://google.com/pay (connect-src).
const HEADERS = JSON.parse(readFileSync(new URL("../../shared/security-headers.json", import.meta.url), "utf8"));
function assetsPolicy(parent, googlePay) {
  return HEADERS.assetsContentSecurityPolicy
    .map((d) => {
      const extra = googlePay ? HEADERS.framePageContentSecurityPolicy["payment-request-frame.html"][d.split(" ")[0]] : "";
      return `${d} ${extra || ""}`.replace("{site-origins}", parent).replace("{payment-hosts}", parent).replace(/\s+/g, " ").trim();
    })
    .join("; ");
}

/** Serves the frame under `policy` (a whole local server's assets host already sends its own: kept, unless `force`). */
const framePolicy = (policy, force) => async (route) => {
  const response = await route.fetch();
  const headers = response.headers();
  if (force || !headers["content-security-policy"]) headers["content-security-policy"] = policy;
  await route.fulfill({ response, headers });
};

test("Google Pay starts in the frame under the assets host's policy: the PaymentRequest is constructed, no CSP error", async () => {
  const run = async (policy, force) => {
    const page = await blankPage(browser, sandbox.url, { "**/html/payment-request-frame.html*": framePolicy(policy, force) });
    const violations = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const out = await page.evaluate(async (total) => {
      const sdk = await window.kit.sdk();
      // The default configuration: basic-card and Google Pay (the sandbox's androidPay), Chromium's own PaymentRequest.
      const pr = await sdk.paymentRequest.create({ client: await window.kit.client() });
      const methods = ["https://google.com/pay"].map((m) => ({ supportedMethods: m, data: pr.createSupportedPaymentMethodsConfiguration("googlePay").data }));
      const answer = (p) =>
        p.then(
          (v) => ({ ok: v }),
          (e) => ({ code: e.code, original: e.details && e.details.originalError && e.details.originalError.message }),
        );
      return { canMake: await answer(pr.canMakePayment({ supportedPaymentMethods: methods, details: { total } })) };
    }, TOTAL);
    const csp = await (await page.context().request.get(sandbox.url + "/web/3.130.0/html/payment-request-frame.html")).headers()["content-security-policy"];
    await page.context().close();
    return { ...out, violations, csp };
  };
  const parent = new URL(sandbox.url).origin;
  const withGoogle = await run(assetsPolicy(parent, true), false);
  assert.deepEqual(withGoogle.violations, []);
  // Headless Chromium has no Google Pay app to show: it answers, it does not throw.
  assert.equal(typeof withGoogle.canMake.ok, "boolean", JSON.stringify(withGoogle.canMake));
  if (withGoogle.csp) assert.match(withGoogle.csp, /connect-src [^;]*https:\/\/google\.com\/pay/, "the server's own policy");
  // The frame under the strict policy alone: the constructor throws, as the default configuration did.
  const strict = await run(assetsPolicy(parent, false), true);
  assert.equal(strict.canMake.code, "PAYMENT_REQUEST_INITIALIZATION_MISCONFIGURED", JSON.stringify(strict.canMake));
  assert.match(strict.canMake.original || strict.violations.join(" "), /Content Security Policy/);
});
