// An integration written against the reference library's documentation for
// the six part-1 components runs unchanged on the classic scripts
// (sdk/js/test-page/reference-integration.html loads client.min.js,
// hosted-fields.min.js, … as the reference's documentation does): every
// component is created, a card tokenizes and 3-D Secure verifies it
// frictionlessly, and window.braintree holds those six namespaces only.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, typeInto } from "./harness.mjs";

useSandbox();

test("the documented integration creates every component, tokenizes and verifies a card", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(sandbox.url + "/web/3.130.0/reference-integration.html");
  const created = ["client", "threeDSecure", "hostedFields", "paypal", "paypalCheckout", "vaultManager"];
  await page.waitForFunction((names) => names.every((n) => window.integration[n]), created, { timeout: 30000 });
  const steps = await page.evaluate(() => window.integration);
  assert.deepEqual(await page.evaluate(() => Object.keys(window.braintree)), created);
  assert.deepEqual(steps.client, { ok: "3.130.0" });
  assert.deepEqual(steps.threeDSecure, { ok: true });
  assert.deepEqual(steps.hostedFields, { ok: ["number", "cvv", "expirationDate"] });
  assert.deepEqual(steps.paypal, { ok: "function" });
  assert.deepEqual(steps.paypalCheckout, { ok: true });
  assert.deepEqual(steps.vaultManager, { ok: true });

  await typeInto(page, "number", "4000000000001000");
  await typeInto(page, "expirationDate", "1230");
  await typeInto(page, "cvv", "123");
  await page.click("#submit");
  await page.waitForFunction(() => window.integration.verifyCard, null, { timeout: 30000 });
  const done = await page.evaluate(() => ({
    tokenize: window.integration.tokenize,
    verify: window.integration.verifyCard,
    nonce: document.querySelector("#nonce").value,
  }));
  assert.deepEqual(done.tokenize, { ok: "1000" });
  assert.deepEqual(done.verify, { ok: { liabilityShifted: true, liabilityShiftPossible: true } });
  assert.ok(done.nonce.length > 10, "the verified nonce is in the form");
  assert.deepEqual(errors, []);
  await context.close();
});
