// preferredPaymentMethods against the sandbox in headless Chromium: the
// GraphQL query's answer, both false on any failure of the query, and the
// client's own failure (an authorization that does not resolve) rejected.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, blankPage, failNext, until } from "./harness.mjs";

useSandbox();

test("create checks the client; the query answers which methods are preferred", async () => {
  const page = await blankPage(browser, sandbox.url);
  const queries = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/graphql")) queries.push(req.postDataJSON().query);
  });
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const fromClient = await sdk.preferredPaymentMethods.create({ client: await window.kit.client() });
    const fromKey = await sdk.preferredPaymentMethods.create({ authorization: "sandbox_ppm_merchant01", sandboxUrl: window.kit.sandboxUrl });
    return {
      none: await window.kit.grab(sdk.preferredPaymentMethods.create({})),
      client: await fromClient.fetchPreferredPaymentMethods(),
      key: await new Promise((resolve) => fromKey.fetchPreferredPaymentMethods((err, v) => resolve([err, v]))),
    };
  });
  assert.equal(out.none.code, "INSTANTIATION_OPTION_REQUIRED");
  assert.equal(out.none.message, "options.client is required when instantiating PreferredPaymentMethods.");
  assert.deepEqual(out.client, { paypalPreferred: true, venmoPreferred: false });
  assert.deepEqual(out.key, [null, { paypalPreferred: true, venmoPreferred: false }]);
  assert.equal(queries[0], "query PreferredPaymentMethods { preferredPaymentMethods { paypalPreferred venmoPreferred } }");
  await page.context().close();
});

test("any failure of the query answers both false; a client that cannot be created rejects", async () => {
  const page = await blankPage(browser, sandbox.url);
  const events = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/analytics")) for (const e of req.postDataJSON().events) events.push(e.event);
  });
  await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    window.ppm = await sdk.preferredPaymentMethods.create({ client: await window.kit.client() });
  });
  const fetchPreferred = () => page.evaluate(() => window.ppm.fetchPreferredPaymentMethods());
  const none = { paypalPreferred: false, venmoPreferred: false };
  for (const status of [500, 401, 200]) {
    await failNext("/graphql", { status: status });
    assert.deepEqual(await fetchPreferred(), none, String(status));
  }
  assert.deepEqual(await fetchPreferred(), { paypalPreferred: true, venmoPreferred: false });
  const settled = () =>
    events.filter((e) => e === "preferred-payment-methods.api-error").length === 3 &&
    events.includes("preferred-payment-methods.paypal.api-detected.true") &&
    events.includes("preferred-payment-methods.venmo.api-detected.false");
  await until(settled, "the api-error and api-detected events");
  assert.equal(events.filter((e) => e === "preferred-payment-methods.api-error").length, 3);
  assert.ok(events.includes("preferred-payment-methods.paypal.api-detected.true"));
  assert.ok(events.includes("preferred-payment-methods.venmo.api-detected.false"));

  const broken = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const ppm = await sdk.preferredPaymentMethods.create({ authorization: "sandbox_ppm_othermerchant", sandboxUrl: window.kit.sandboxUrl });
    return window.kit.grab(ppm.fetchPreferredPaymentMethods());
  });
  assert.equal(broken.name, "BraintreeError");
  assert.match(broken.code, /^CLIENT_/);
  await page.context().close();
});
