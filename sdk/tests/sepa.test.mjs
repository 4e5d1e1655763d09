// SEPA in headless Chromium against the sandbox: the mandate popup (400x570,
// centred; approve, cancel, closed, blocked), the full-page redirect and its
// return page, the required options and mandate types, mandate and
// tokenization failures.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SEPA_MANDATE } from "../js/test-page/js/sepa-mandate.js";
import { useSandbox, sandbox, browser, merchantPage, result, blankPage, failNext } from "./harness.mjs";

useSandbox();

const MANDATE = SEPA_MANDATE;

async function popupFrom(page, selector) {
  const [popup] = await Promise.all([page.context().waitForEvent("page"), page.click(selector)]);
  await popup.waitForURL(/\/sepa\/mandate/);
  return popup;
}

test("popup (400x570, centred on the window): approving the mandate tokenizes it", async () => {
  const page = await merchantPage(browser, sandbox.url);
  // Headless Chromium does not place popups where asked: check what was asked.
  await page.evaluate(() => {
    const open = window.open;
    window.open = (url, name, features) => {
      window.openedWith = features;
      return open.call(window, url, name, features);
    };
  });
  const popup = await popupFrom(page, "#sepa-popup");
  const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight]);
  assert.ok(Math.abs(size[0] - 400) <= 20 && Math.abs(size[1] - 570) <= 100, "popup size " + size);
  const [features, expected] = await page.evaluate(() => [
    window.openedWith,
    "top=" + (Math.round((outerHeight - 570) / 2) + screenTop) + ",left=" + (Math.round((outerWidth - 400) / 2) + screenLeft),
  ]);
  assert.ok(features.endsWith("height=570,width=400," + expected), features + " vs " + expected);
  assert.match(await popup.textContent("#summary"), /Ada Lovelace authorizes ONE_OFF debits from the account ending in 0189/);
  await popup.click("#approve");
  const r = await result(page, "SEPA tokenized");
  assert.match(r.nonce, /^tokensepa_/);
  assert.deepEqual([r.ibanLastFour, r.customerId, r.mandateType], ["0189", "customer01", "ONE_OFF"]);
  await page.context().close();
});

test("popup: cancel and closing the popup give SEPA_CUSTOMER_CANCELED; a blocked popup SEPA_TOKENIZATION_FAILED", async () => {
  const page = await merchantPage(browser, sandbox.url);
  let popup = await popupFrom(page, "#sepa-popup");
  await popup.click("#cancel");
  let e = await result(page, "Error");
  assert.deepEqual([e.code, e.type, e.message], ["SEPA_CUSTOMER_CANCELED", "CUSTOMER", "User canceled SEPA authorization"]);
  await page.evaluate(() => {
    document.body.dataset.lastResult = "";
  });
  popup = await popupFrom(page, "#sepa-popup");
  await popup.close();
  e = await result(page, "Error");
  assert.equal(e.code, "SEPA_CUSTOMER_CANCELED");
  await page.evaluate(() => {
    document.body.dataset.lastResult = "";
    window.open = () => null;
  });
  await page.click("#sepa-popup");
  e = await result(page, "Error");
  assert.deepEqual([e.code, e.type, e.message], ["SEPA_TOKENIZATION_FAILED", "UNKNOWN", "SEPA encountered a problem"]);
  await page.context().close();
});

test("tokenize: the six required options, then the mandate type", async () => {
  const page = await blankPage(browser, sandbox.url);
  const out = await page.evaluate(async (mandate) => {
    const sdk = await window.kit.sdk();
    const sepa = await sdk.sepa.create({ client: await window.kit.client() });
    const r = {};
    r.none = await window.kit.grab(sepa.tokenize());
    for (const k of Object.keys(mandate)) {
      const o = Object.assign({}, mandate);
      delete o[k];
      r[k] = (await window.kit.grab(sepa.tokenize(o))).code;
    }
    r.type = await window.kit.grab(sepa.tokenize(Object.assign({}, mandate, { mandateType: "MONTHLY" })));
    r.both = (await window.kit.grab(sepa.tokenize({ mandateType: "MONTHLY" }))).code;
    r.callback = await new Promise((resolve) => sepa.tokenize({}, (err) => resolve(err.code)));
    return r;
  }, MANDATE);
  assert.deepEqual(
    [out.none.code, out.none.type, out.none.message],
    ["SEPA_TOKENIZE_MISSING_REQUIRED_OPTION", "MERCHANT", "Missing required option for tokenize."],
  );
  for (const k of Object.keys(MANDATE)) assert.equal(out[k], "SEPA_TOKENIZE_MISSING_REQUIRED_OPTION", k);
  assert.deepEqual([out.type.code, out.type.type, out.type.message], ["SEPA_INVALID_MANDATE_TYPE", "MERCHANT", "SEPA mandate type is invalid"]);
  assert.equal(out.both, "SEPA_TOKENIZE_MISSING_REQUIRED_OPTION");
  assert.equal(out.callback, "SEPA_TOKENIZE_MISSING_REQUIRED_OPTION");
  await page.context().close();
});

test("a refused mandate gives SEPA_CREATE_MANDATE_FAILED; a failed tokenization SEPA_TRANSACTION_FAILED; the billing address is sent", async () => {
  const page = await blankPage(browser, sandbox.url);
  const bodies = [];
  page.on("request", (req) => {
    if (/\/sepa_debit$/.test(req.url())) bodies.push(req.postDataJSON());
  });
  const invalid = await page.evaluate(async (mandate) => {
    const sdk = await window.kit.sdk();
    window.sepa = await sdk.sepa.create({ client: await window.kit.client() });
    return window.kit.grab(
      window.sepa.tokenize(Object.assign({}, mandate, { iban: "FR76", billingAddress: { addressLine1: "1 rue de Rivoli", postalCode: "75001", other: "x" } })),
    );
  }, MANDATE);
  assert.deepEqual([invalid.code, invalid.type, invalid.message], ["SEPA_CREATE_MANDATE_FAILED", "MERCHANT", "SEPA create mandate failed."]);
  assert.deepEqual(bodies[0].sepa_debit.billing_address, { country_code: "FR", address_line_1: "1 rue de Rivoli", postal_code: "75001" });
  assert.equal(bodies[0].merchant_account_id, "couture-eur");
  assert.match(bodies[0].return_url, /sepa-landing-frame\.html\?channel=.*&success=1$/);
  assert.match(bodies[0].cancel_url, /cancel-frame\.html\?channel=/);

  await failNext("/merchants/merchant01/client_api/v1/sepa_debit", { status: 500 });
  const down = await page.evaluate((mandate) => window.kit.grab(window.sepa.tokenize(mandate)), MANDATE);
  assert.equal(down.code, "SEPA_CREATE_MANDATE_FAILED");

  await failNext("/merchants/merchant01/client_api/v1/payment_methods/sepa_debit_accounts", { status: 500 });
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    page.evaluate((mandate) => {
      window.pending = window.kit.grab(window.sepa.tokenize(mandate));
    }, MANDATE),
  ]);
  await popup.waitForURL(/\/sepa\/mandate/);
  await popup.click("#approve");
  const failed = await page.evaluate(() => window.pending);
  assert.deepEqual([failed.code, failed.type, failed.message], ["SEPA_TRANSACTION_FAILED", "UNKNOWN", "SEPA transaction failed"]);
  await page.context().close();
});

test("full-page redirect: tokenize leaves for the mandate, the return page's create tokenizes it; cancel returns with cancel=1", async () => {
  const page = await merchantPage(browser, sandbox.url);
  await Promise.all([page.waitForURL(/\/sepa\/mandate/), page.click("#sepa-redirect")]);
  await Promise.all([page.waitForURL(/merchant-test\.html\?success=true&cart_id=CART-/), page.click("#approve")]);
  const r = await result(page, "SEPA tokenized");
  assert.match(r.nonce, /^tokensepa_/);
  assert.deepEqual([r.ibanLastFour, r.customerId, r.mandateType], ["0189", "customer01", "ONE_OFF"]);
  // The merchant page cleans its address once the mandate is finished.
  await page.waitForFunction(() => document.body.dataset.ready === "all");
  assert.equal(new URL(page.url()).search, "");

  await Promise.all([page.waitForURL(/\/sepa\/mandate/), page.click("#sepa-redirect")]);
  await Promise.all([page.waitForURL(/merchant-test\.html\?cancel=1$/), page.click("#cancel")]);
  await page.waitForFunction(() => document.body.dataset.ready === "all");
  assert.notEqual(await page.evaluate(() => document.body.dataset.lastResult), "SEPA tokenized");
  await page.context().close();
});

test("redirect return whose mandate cannot be finished: create logs SEPA_TRANSACTION_FAILED and resolves nothing, as the reference", async () => {
  const page = await blankPage(browser, sandbox.url);
  const logged = [];
  page.on("console", (m) => {
    if (m.type() === "error") logged.push(m.text());
  });
  await page.route(/\/blank\.html\?/, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Return</title>" }));
  await page.goto(sandbox.url + "/blank.html?success=true&cart_id=CART-unknown");
  const out = await page.evaluate(async () => {
    const sdk = await import("/web/3.130.0/js/index.js");
    const res = await fetch(location.origin + "/sandbox/gateway/client_token", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const client = await sdk.client.create({ authorization: (await res.json()).clientToken, sandboxUrl: location.origin + "/sandbox" });
    const sepa = await sdk.sepa.create({ client });
    return sepa === undefined ? "undefined" : typeof sepa;
  });
  assert.equal(out, "undefined");
  assert.ok(
    logged.some((t) => /Problem while finishing tokenizing/.test(t)),
    logged.join("\n"),
  );
  await page.context().close();
});

test("where popups cannot report back (a web view) the mandate shows in the full-screen frame", async () => {
  const ua = "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36";
  const page = await merchantPage(browser, sandbox.url, { userAgent: ua });
  await page.click("#sepa-popup");
  const frame = page.frameLocator("[data-braintree-frame] iframe");
  await frame.locator("#approve").click();
  const r = await result(page, "SEPA tokenized");
  assert.match(r.nonce, /^tokensepa_/);
  assert.equal(await page.locator("[data-braintree-frame]").count(), 0);
  await page.context().close();
});
