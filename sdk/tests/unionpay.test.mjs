// unionpay (the reference's namespace and module name) against the sandbox
// in headless Chromium: create (and NOT_ENABLED), capabilities, enrollment
// and tokenization with a card and with Hosted Fields (the number frame
// makes the requests: no card data on the merchant page), every argument
// error and the status mapping.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, blankPage, editConfiguration, typeInto } from "./harness.mjs";

useSandbox();

const UNIONPAY = "6221261111117766";
const NO_SMS = "6221261111110001";
const FORBIDDEN = "6221261111114037";
const REFUSED = "6221261111114227";
const SERVER_ERROR = "6221261111115000";
const MOBILE = { countryCode: "62", number: "11111111111" };

/** A page with a unionpay instance as window.up. */
async function unionpayPage(routes) {
  const page = await blankPage(browser, sandbox.url, routes);
  await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    window.up = await sdk.unionpay.create({ client: await window.kit.client() });
  });
  return page;
}

test("create: the client check first, NOT_ENABLED without unionPay enabled, from an authorization", async () => {
  const page = await blankPage(browser, sandbox.url, {
    "**/client_api/v1/configuration*": editConfiguration((c) => {
      c.unionPay.enabled = false;
    }),
  });
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    return {
      none: await window.kit.grab(sdk.unionpay.create({})),
      disabled: await window.kit.grab(sdk.unionpay.create({ client: await window.kit.client() })),
    };
  });
  assert.equal(out.none.code, "INSTANTIATION_OPTION_REQUIRED");
  assert.equal(out.none.message, "options.client is required when instantiating UnionPay.");
  assert.deepEqual(
    [out.disabled.type, out.disabled.code, out.disabled.message],
    ["MERCHANT", "UNIONPAY_NOT_ENABLED", "UnionPay is not enabled for this merchant."],
  );
  await page.context().close();

  const fresh = await blankPage(browser, sandbox.url);
  const caps = await fresh.evaluate(async (n) => {
    const sdk = await window.kit.sdk();
    const up = await sdk.unionpay.create({ authorization: "sandbox_up_merchant01", sandboxUrl: window.kit.sandboxUrl });
    return up.fetchCapabilities({ card: { number: n } });
  }, UNIONPAY);
  assert.equal(caps.isUnionPay, true);
  await fresh.context().close();
});

test("a card: capabilities, enrollment (SMS required or not) and tokenization; callbacks too", async () => {
  const page = await unionpayPage();
  const out = await page.evaluate(
    async ([n, noSms, mobile]) => {
      const caps = await window.up.fetchCapabilities({ card: { number: n } });
      const visa = await window.up.fetchCapabilities({ card: { number: "4111111111111111" } });
      const enrollment = await window.up.enroll({ card: { number: n, expirationMonth: "12", expirationYear: "2030" }, mobile });
      const card = await window.up.tokenize({
        card: { number: n, expirationMonth: "12", expirationYear: "2030", cvv: "123" },
        enrollmentId: enrollment.enrollmentId,
        smsCode: "12345",
      });
      const noSmsEnrollment = await new Promise((resolve) =>
        window.up.enroll({ card: { number: noSms, expirationDate: "12/30" }, mobile }, (err, v) => resolve(err || v)),
      );
      const noSmsCard = await window.up.tokenize({ card: { number: noSms, expirationDate: "12/30" }, enrollmentId: noSmsEnrollment.enrollmentId });
      return { caps, visa, enrollment, card, noSmsEnrollment, noSmsCard };
    },
    [UNIONPAY, NO_SMS, MOBILE],
  );
  assert.deepEqual(out.caps, { isUnionPay: true, isDebit: false, unionPay: { supportsTwoStepAuthAndCapture: true, isSupported: true } });
  assert.equal(out.visa.isUnionPay, false);
  assert.equal(out.enrollment.smsCodeRequired, true);
  assert.match(out.enrollment.enrollmentId, /^upe_/);
  assert.match(out.card.nonce, /^tokencc_/);
  assert.equal(out.card.details.cardType, "UnionPay");
  assert.equal(out.card.details.lastFour, "7766");
  assert.equal("consumed" in out.card, false);
  assert.equal("threeDSecureInfo" in out.card, false);
  assert.equal(out.noSmsEnrollment.smsCodeRequired, false);
  assert.equal(out.noSmsCard.details.lastFour, "0001");
  await page.context().close();
});

test("argument errors in the reference order", async () => {
  const page = await unionpayPage();
  const out = await page.evaluate(
    async ([n, mobile]) => {
      const g = window.kit.grab;
      const up = window.up;
      const fakeHf = {};
      return {
        capsNone: await g(up.fetchCapabilities({})),
        capsBoth: await g(up.fetchCapabilities({ card: { number: n }, hostedFields: fakeHf })),
        capsInvalid: await g(up.fetchCapabilities({ hostedFields: fakeHf })),
        noMobile: await g(up.enroll({ card: { number: n } })),
        partialMobile: await g(up.enroll({ card: { number: n }, mobile: { countryCode: "62" } })),
        enrollInvalid: await g(up.enroll({ card: { number: n }, hostedFields: fakeHf, mobile })),
        enrollNone: await g(up.enroll({ mobile })),
        enrollNoNumber: await g(up.enroll({ card: {}, mobile })),
        monthOnly: await g(up.enroll({ card: { number: n, expirationMonth: "12" }, mobile })),
        yearOnly: await g(up.enroll({ card: { number: n, expirationYear: "2030" }, mobile })),
        tokenizeNone: await g(up.tokenize({ enrollmentId: "x" })),
        tokenizeBoth: await g(up.tokenize({ card: { number: n }, hostedFields: fakeHf, enrollmentId: "x" })),
        tokenizeInvalid: await g(up.tokenize({ hostedFields: fakeHf, enrollmentId: "x" })),
      };
    },
    [UNIONPAY, MOBILE],
  );
  const code = (k) => [out[k].type, out[k].code, out[k].message].join(" | ");
  const REQUIRED =
    "MERCHANT | UNIONPAY_CARD_OR_HOSTED_FIELDS_INSTANCE_REQUIRED | A card or a Hosted Fields instance is required. Please supply a card or a Hosted Fields instance.";
  const BOTH = "MERCHANT | UNIONPAY_CARD_AND_HOSTED_FIELDS_INSTANCES | Please supply either a card or a Hosted Fields instance, not both.";
  const INVALID = "MERCHANT | UNIONPAY_HOSTED_FIELDS_INSTANCE_INVALID | Found an invalid Hosted Fields instance. Please use a valid Hosted Fields instance.";
  const MOBILE_ERR = "MERCHANT | UNIONPAY_MISSING_MOBILE_PHONE_DATA | A `mobile` with `countryCode` and `number` is required.";
  const INCOMPLETE = "MERCHANT | UNIONPAY_EXPIRATION_DATE_INCOMPLETE | You must supply expiration month and year or neither.";
  assert.equal(code("capsNone"), REQUIRED);
  assert.equal(code("capsBoth"), BOTH);
  assert.equal(code("capsInvalid"), INVALID);
  assert.equal(code("noMobile"), MOBILE_ERR);
  assert.equal(code("partialMobile"), MOBILE_ERR);
  assert.equal(code("enrollInvalid"), INVALID);
  assert.equal(code("enrollNone"), REQUIRED);
  assert.equal(code("enrollNoNumber"), REQUIRED);
  assert.equal(code("monthOnly"), INCOMPLETE);
  assert.equal(code("yearOnly"), INCOMPLETE);
  assert.equal(code("tokenizeNone"), REQUIRED);
  assert.equal(code("tokenizeBoth"), BOTH);
  assert.equal(code("tokenizeInvalid"), INVALID);
  await page.context().close();
});

test("status mapping: 403 unchanged, below 500 the customer, 500 the network, other capabilities failures", async () => {
  const page = await unionpayPage();
  const out = await page.evaluate(
    async ([n, forbidden, refused, serverError, mobile]) => {
      const g = window.kit.grab;
      const up = window.up;
      const enrollment = await up.enroll({ card: { number: n }, mobile });
      return {
        capsForbidden: await g(up.fetchCapabilities({ card: { number: forbidden } })),
        capsServer: await g(up.fetchCapabilities({ card: { number: serverError } })),
        capsInvalid: await g(up.fetchCapabilities({ card: { number: "12" } })),
        enrollForbidden: await g(up.enroll({ card: { number: forbidden }, mobile })),
        enrollRefused: await g(up.enroll({ card: { number: refused }, mobile })),
        enrollServer: await g(up.enroll({ card: { number: serverError }, mobile })),
        tokenizeForbidden: await g(up.tokenize({ card: { number: forbidden, expirationDate: "12/30" }, enrollmentId: enrollment.enrollmentId, smsCode: "1" })),
        tokenizeWrongSms: await g(up.tokenize({ card: { number: n, expirationDate: "12/30" }, enrollmentId: enrollment.enrollmentId, smsCode: "000000" })),
        tokenizeNoSms: await g(up.tokenize({ card: { number: n, expirationDate: "12/30" }, enrollmentId: enrollment.enrollmentId })),
        tokenizeServer: await g(up.tokenize({ card: { number: serverError, expirationDate: "12/30" }, enrollmentId: enrollment.enrollmentId, smsCode: "1" })),
      };
    },
    [UNIONPAY, FORBIDDEN, REFUSED, SERVER_ERROR, MOBILE],
  );
  const code = (k) => [out[k].type, out[k].code].join(" ");
  for (const k of ["capsForbidden", "enrollForbidden", "tokenizeForbidden"]) {
    assert.equal(out[k].details.httpStatus, 403, k);
    assert.ok(!out[k].code.startsWith("UNIONPAY_"), k);
  }
  assert.equal(code("capsServer"), "NETWORK UNIONPAY_FETCH_CAPABILITIES_NETWORK_ERROR");
  assert.equal(code("capsInvalid"), "NETWORK UNIONPAY_FETCH_CAPABILITIES_NETWORK_ERROR");
  assert.equal(out.capsInvalid.message, "Could not fetch card capabilities.");
  assert.equal(code("enrollRefused"), "CUSTOMER UNIONPAY_ENROLLMENT_CUSTOMER_INPUT_INVALID");
  assert.equal(out.enrollRefused.message, "Enrollment failed due to user input error.");
  assert.equal(code("enrollServer"), "NETWORK UNIONPAY_ENROLLMENT_NETWORK_ERROR");
  assert.equal(out.enrollServer.message, "Could not enroll UnionPay card.");
  assert.equal(code("tokenizeWrongSms"), "CUSTOMER UNIONPAY_FAILED_TOKENIZATION");
  assert.equal(out.tokenizeWrongSms.message, "The supplied card data failed tokenization.");
  assert.equal(code("tokenizeNoSms"), "CUSTOMER UNIONPAY_FAILED_TOKENIZATION");
  assert.equal(code("tokenizeServer"), "NETWORK UNIONPAY_TOKENIZATION_NETWORK_ERROR");
  assert.equal(out.tokenizeServer.message, "A tokenization network error occurred.");
  await page.context().close();
});

test("with Hosted Fields: the number frame makes the calls, no card number reaches the merchant page", async () => {
  const page = await unionpayPage();
  const pageRequests = [];
  page.on("request", (r) => {
    if (r.frame() === page.mainFrame() && /union_pay|capabilities|credit_cards/.test(r.url())) pageRequests.push(r.url());
  });
  await page.evaluate(async () => {
    for (const id of ["number", "expirationDate", "cvv"]) {
      const div = document.createElement("div");
      div.id = id;
      document.body.appendChild(div);
    }
    const sdk = await window.kit.sdk();
    window.hf = await sdk.hostedFields.create({
      client: await window.kit.client(),
      fields: { number: { selector: "#number" }, expirationDate: { selector: "#expirationDate" }, cvv: { selector: "#cvv" } },
    });
  });
  await typeInto(page, "number", UNIONPAY);
  await typeInto(page, "expirationDate", "1230");
  await typeInto(page, "cvv", "123");
  const out = await page.evaluate(async (mobile) => {
    const g = window.kit.grab;
    const caps = await window.up.fetchCapabilities({ hostedFields: window.hf });
    const enrollment = await window.up.enroll({ hostedFields: window.hf, mobile });
    const both = await g(window.up.enroll({ hostedFields: window.hf, card: { number: "1" }, mobile }));
    const wrongSms = await g(window.up.tokenize({ hostedFields: window.hf, enrollmentId: enrollment.enrollmentId, smsCode: "000000" }));
    const card = await window.up.tokenize({ hostedFields: window.hf, enrollmentId: enrollment.enrollmentId, smsCode: "12345" });
    return { caps, enrollment, both, wrongSms, card };
  }, MOBILE);
  assert.equal(out.caps.isUnionPay, true);
  assert.equal(out.enrollment.smsCodeRequired, true);
  assert.equal(out.both.code, "UNIONPAY_CARD_AND_HOSTED_FIELDS_INSTANCES");
  assert.equal(out.wrongSms.code, "UNIONPAY_FAILED_TOKENIZATION");
  assert.equal(out.wrongSms.type, "CUSTOMER");
  assert.equal(out.card.details.lastFour, "7766");
  assert.equal(out.card.details.expirationYear, "2030");
  assert.deepEqual(pageRequests, []);
  await page.context().close();
});

test("teardown: every method then throws METHOD_CALLED_AFTER_TEARDOWN", async () => {
  const page = await unionpayPage();
  const out = await page.evaluate(async () => {
    await window.up.teardown();
    try {
      window.up.enroll({});
      return "no error";
    } catch (e) {
      return [e.code, e.message];
    }
  });
  assert.deepEqual(out, ["METHOD_CALLED_AFTER_TEARDOWN", "enroll cannot be called after teardown."]);
  await page.context().close();
});
