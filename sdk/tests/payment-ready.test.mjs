// paymentReady against the sandbox in headless Chromium: creation, the three
// GraphQL methods to success, their required options, their failures (a
// library error passes through with its code, as the reference's does; any
// other failure is the method's own error), and the presented/selected
// analytics events with their normalised values and skip warnings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, blankPage, until, failNext } from "./harness.mjs";

useSandbox();

const SESSION = "session-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee";

/** A blank page with `window.pr` (a paymentReady instance) and the analytics payloads it sends. */
async function readyPage() {
  const page = await blankPage(browser, sandbox.url);
  const events = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/analytics")) for (const e of req.postDataJSON().events) events.push(e.payload);
  });
  const warnings = [];
  page.on("console", (m) => {
    if (m.type() === "warning") warnings.push(m.text());
  });
  await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    window.pr = await sdk.paymentReady.create({ client: await window.kit.client() });
  });
  return { page, events, warnings };
}

test("create: the client check first, then an instance from a client or an authorization", async () => {
  const page = await blankPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const fromKey = await sdk.paymentReady.create({ authorization: "sandbox_pr_merchant01", sandboxUrl: window.kit.sandboxUrl });
    return {
      none: await window.kit.grab(sdk.paymentReady.create({})),
      key: typeof fromKey.createCustomerSession,
      session: await fromKey.createCustomerSession({ customer: { hashedEmail: "abc" } }),
      callback: await new Promise((resolve) => sdk.paymentReady.create({}, (err) => resolve(err.code))),
    };
  });
  assert.equal(out.none.code, "INSTANTIATION_OPTION_REQUIRED");
  assert.equal(out.none.message, "options.client is required when instantiating PAYMENT READY.");
  assert.equal(out.key, "function");
  assert.match(out.session.sessionId, /^session-/);
  assert.equal(out.callback, "INSTANTIATION_OPTION_REQUIRED");
  await page.context().close();
});

test("sessions and recommendations succeed, with promises and callbacks", async () => {
  const { page, events } = await readyPage();
  const bodies = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/graphql")) bodies.push(req.postDataJSON());
  });
  const out = await page.evaluate(
    async (id) => ({
      created: await window.pr.createCustomerSession({ customer: { hashedEmail: "abc" }, sessionId: id }),
      generated: await window.pr.createCustomerSession({ customer: { hashedPhoneNumber: "123" } }),
      updated: await new Promise((resolve) => window.pr.updateCustomerSession({ sessionId: id, customer: { hashedEmail: "def" } }, (e, v) => resolve([e, v]))),
      recommended: await window.pr.getCustomerRecommendations({
        sessionId: id,
        domain: "example.com",
        purchaseUnits: [{ amount: { value: "5.00", currencyCode: "USD" } }],
      }),
    }),
    SESSION,
  );
  assert.deepEqual(out.created, { sessionId: SESSION, clientMutationId: null });
  assert.match(out.generated.sessionId, /^session-[-0-9a-f]{30,}$/);
  assert.deepEqual(out.updated, [null, { sessionId: SESSION, clientMutationId: null }]);
  assert.deepEqual(out.recommended, {
    sessionId: SESSION,
    clientMutationId: null,
    isInPayPalNetwork: true,
    paymentRecommendations: [
      { paymentOption: "PAYPAL", recommendedPriority: 1 },
      { paymentOption: "VENMO", recommendedPriority: 2 },
    ],
  });
  assert.match(bodies[0].query, /^mutation CreateCustomerSession\(\$input: CreateCustomerSessionInput!\) \{ createCustomerSession\(input: \$input\)/);
  assert.deepEqual(bodies[0].variables, { input: { customer: { hashedEmail: "abc" }, sessionId: SESSION } });
  assert.match(bodies[2].query, /^mutation UpdateCustomerSession\(/);
  assert.match(
    bodies[3].query,
    /generateCustomerRecommendations\(input: \$input\) \{ clientMutationId sessionId paymentRecommendations \{ paymentOption recommendedPriority \} isInPayPalNetwork \}/,
  );
  assert.deepEqual(bodies[3].variables.input, {
    sessionId: SESSION,
    domain: "example.com",
    purchaseUnits: [{ amount: { value: "5.00", currencyCode: "USD" } }],
  });
  await until(() => events.filter((e) => /succeeded$/.test(e.event)).length === 4);
  assert.deepEqual(
    events.map((e) => e.event).filter((e) => e.startsWith("payment-ready.")),
    [
      "payment-ready.client.initialized",
      "payment-ready.create-customer-session.succeeded",
      "payment-ready.create-customer-session.succeeded",
      "payment-ready.update-customer-session.succeeded",
      "payment-ready.get-customer-recommendations.succeeded",
    ],
  );
  await page.context().close();
});

test("required options: customer to create, sessionId and customer to update, sessionId for recommendations", async () => {
  const { page, events } = await readyPage();
  const out = await page.evaluate(async () => {
    const g = window.kit.grab;
    return [
      await g(window.pr.createCustomerSession()),
      await g(window.pr.createCustomerSession({ sessionId: "x" })),
      await g(window.pr.updateCustomerSession({ customer: {} })),
      await g(window.pr.updateCustomerSession({ sessionId: "x" })),
      await g(window.pr.getCustomerRecommendations({ customer: {} })),
      await g(window.pr.getCustomerRecommendations()),
    ];
  });
  const missing = {
    name: "BraintreeError",
    type: "MERCHANT",
    code: "PAYMENT_READY_MISSING_REQUIRED_OPTION",
    message: "Missing required option for Payment Ready method.",
    details: undefined,
  };
  const noSession = { name: "BraintreeError", type: "MERCHANT", code: "PAYMENT_READY_NO_SESSION_ID", message: "A session ID is required", details: undefined };
  assert.deepEqual(out, [missing, missing, missing, missing, noSession, noSession]);
  await until(() => events.filter((e) => /missing-options$/.test(e.event)).length === 6);
  await page.context().close();
});

test("a failed call: the client's error passes through; a malformed answer is the method's own error", async () => {
  const { page, events } = await readyPage();
  const out = await page.evaluate(async () => {
    const g = window.kit.grab;
    return {
      invalid: await window.pr
        .createCustomerSession({ customer: { hashedEmail: "a" }, sessionId: "too-short" })
        .catch((e) => [e.type, e.code, e.details.originalError.code, e.details.originalError.details.originalError[0].message]),
      unknown: await g(window.pr.updateCustomerSession({ sessionId: "nope", customer: {} })),
      unknownRec: await g(window.pr.getCustomerRecommendations({ sessionId: "nope" })),
    };
  });
  assert.deepEqual(out.invalid, ["NETWORK", "CLIENT_GRAPHQL_REQUEST_ERROR", "CLIENT_GRAPHQL_REQUEST_ERROR", "sessionId is invalid"]);
  assert.equal(out.unknown.code, "CLIENT_GRAPHQL_REQUEST_ERROR");
  assert.equal(out.unknownRec.code, "CLIENT_GRAPHQL_REQUEST_ERROR");

  const grab = (method, options) => page.evaluate(([m, o]) => window.kit.grab(window.pr[m](o)), [method, options]);
  await failNext("/graphql", { status: 500 });
  const network = await grab("createCustomerSession", { customer: { hashedEmail: "a" } });
  assert.deepEqual([network.code, network.type], ["CLIENT_GATEWAY_NETWORK", "NETWORK"]);

  // A 200 without the operation's data: the reference's own error for each method.
  const own = [];
  for (const [method, options] of [
    ["createCustomerSession", { customer: { hashedEmail: "a" } }],
    ["updateCustomerSession", { sessionId: SESSION, customer: {} }],
    ["getCustomerRecommendations", { sessionId: SESSION }],
  ]) {
    await failNext("/graphql", { status: 200 });
    const e = await grab(method, options);
    own.push([e.name, e.type, e.code, e.message]);
  }
  assert.deepEqual(own, [
    ["BraintreeError", "NETWORK", "PAYMENT_READY_CREATE_SESSION_ERROR", "Error creating customer session."],
    ["BraintreeError", "NETWORK", "PAYMENT_READY_UPDATE_SESSION_ERROR", "Error updating customer session."],
    ["BraintreeError", "NETWORK", "PAYMENT_READY_GET_RECOMMENDATIONS_ERROR", "Error getting customer recommendations"],
  ]);
  await until(() => events.filter((e) => /failed$/.test(e.event)).length === 7);
  await page.context().close();
});

test("presented and selected events: normalised values in the allowed fields; skipped with a warning without a session id or button type", async () => {
  const { page, events, warnings } = await readyPage();
  await page.evaluate(() => {
    window.pr.sendPresentedEvent({
      paymentReadySessionId: "S1",
      buttonType: "applepay",
      presentmentDetails: { experimentType: "holdout", pageType: "landing", buttonOrder: "ninth" },
    });
    window.pr.sendPresentedEvent({
      paymentReadySessionId: "S2",
      buttonType: "venmo",
      presentmentDetails: { experimentType: "control", pageType: "checkout", buttonOrder: "second" },
    });
    window.pr.sendPresentedEvent({ paymentReadySessionId: "S3", buttonType: "paypal" });
    window.pr.sendSelectedEvent({ paymentReadySessionId: "S4", buttonType: "klarna" });
    window.pr.sendPresentedEvent({ buttonType: "paypal" });
    window.pr.sendPresentedEvent({ paymentReadySessionId: 5, buttonType: "paypal" });
    window.pr.sendPresentedEvent({ paymentReadySessionId: "S5" });
    window.pr.sendSelectedEvent({ paymentReadySessionId: "", buttonType: "paypal" });
    window.pr.sendSelectedEvent({ paymentReadySessionId: "S6", buttonType: 7 });
  });
  const button = () => events.filter((e) => /button_/.test(e.event));
  await until(() => button().length === 4);
  const strip = ({ timestamp: _timestamp, ...rest }) => rest;
  assert.deepEqual(
    button()
      .map(strip)
      .sort((a, b) => a.payment_ready_session_id.localeCompare(b.payment_ready_session_id)),
    [
      {
        event: "payment-ready.button_presented",
        button_type: "other",
        payment_ready_session_id: "S1",
        payment_ready_button_order: "other",
        payment_ready_experiment_type: "test",
        payment_ready_page_type: "other",
      },
      {
        event: "payment-ready.button_presented",
        button_type: "venmo",
        payment_ready_session_id: "S2",
        payment_ready_button_order: "second",
        payment_ready_experiment_type: "control",
        payment_ready_page_type: "checkout",
      },
      { event: "payment-ready.button_presented", button_type: "paypal", payment_ready_session_id: "S3" },
      { event: "payment-ready.button_selected", button_type: "other", payment_ready_session_id: "S4" },
    ],
  );
  assert.deepEqual(warnings, [
    "sendPresentedEvent: paymentReadySessionId is missing or invalid",
    "sendPresentedEvent: paymentReadySessionId is missing or invalid",
    "sendPresentedEvent: buttonType is missing",
    "sendSelectedEvent: paymentReadySessionId is missing or invalid",
    "sendSelectedEvent: buttonType is missing",
  ]);
  await page.context().close();
});
