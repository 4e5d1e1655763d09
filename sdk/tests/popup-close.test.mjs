// How the flows' windows close, as the reference's frame service closes them,
// in headless Chromium: the cancel page closes its popup POPUP_CLOSE_TIMEOUT
// (100 ms) after reporting, even with no flow left to close it; a flow
// closes its popup as soon as the landing page reports, before tokenization
// answers; and the landing pages report straight to the opener, so there is
// no dispatch-frame page and no hidden frame on the merchant page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, blankPage, failNext } from "./harness.mjs";

useSandbox();

const HTML = "/web/3.130.0/html/";

test("the cancel page reports and closes its popup 100 ms later, with no flow listening", async () => {
  const page = await blankPage(browser, sandbox.url);
  await page.evaluate(() => {
    window.addEventListener("message", (e) => {
      window.heard = e.data;
    });
  });
  const url = sandbox.url + HTML + "cancel-frame.html?channel=c1&origin=" + encodeURIComponent(new URL(page.url()).origin);
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.evaluate((u) => {
      window.popup = window.open(u, "cancel", "width=300,height=300");
    }, url),
  ]);
  const opened = Date.now();
  await popup.waitForEvent("close", { timeout: 3000 });
  const open = Date.now() - opened;
  assert.ok(open < 2000, "closed after " + open + " ms");
  assert.deepEqual(await page.evaluate(() => window.heard), { channel: "c1", landing: { cancel: true } });
  assert.equal(await page.evaluate(() => window.popup.closed), true);
  await page.context().close();
});

test("a return page stays open for its flow to close (it has not reported a cancel)", async () => {
  const page = await blankPage(browser, sandbox.url);
  await page.evaluate(() => {
    window.addEventListener("message", (e) => {
      window.heard = e.data;
    });
  });
  const url = sandbox.url + HTML + "masterpass-landing-frame.html?channel=c2&origin=" + encodeURIComponent(new URL(page.url()).origin) + "&mpstatus=success";
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.evaluate((u) => {
      window.open(u, "landing", "width=300,height=300");
    }, url),
  ]);
  // Once it reported, when the cancel page starts its 100 ms to close: waiting
  // ten times that for a close must give up, and fails as soon as it closes.
  await page.waitForFunction(() => window.heard);
  assert.deepEqual(await page.evaluate(() => window.heard), { channel: "c2", landing: { mpstatus: "success" } });
  const closed = await popup.waitForEvent("close", { timeout: 1000 }).then(
    () => true,
    () => false,
  );
  assert.equal(closed, false);
  await page.context().close();
});

test("the flow closes its popup once the landing page reports, before tokenization answers", async () => {
  const page = await blankPage(browser, sandbox.url);
  await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    window.mp = await sdk.masterpass.create({ client: await window.kit.client() });
  });
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    page.evaluate(() => {
      window.pending = window.mp.tokenize({ subtotal: "10.00", currencyCode: "USD" }).then((p) => {
        window.payload = p;
      });
    }),
  ]);
  await popup.waitForURL(/\/masterpass\/checkout/);
  // Tokenization answers 1.5 s late.
  await failNext("/merchants/merchant01/client_api/v1/payment_methods/masterpass_cards", { delayMs: 1500 });
  await Promise.all([popup.waitForEvent("close", { timeout: 5000 }), popup.click("#approve")]);
  assert.equal(await page.evaluate(() => window.payload), undefined, "the popup closed before tokenization answered");
  await page.evaluate(() => window.pending);
  assert.match(await page.evaluate(() => window.payload.nonce), /^tokenmp_/, "and the flow, its popup closed, still tokenized");
  await page.context().close();
});

test("no dispatch-frame: the flows add no hidden frame to the merchant page", async () => {
  const res = await fetch(sandbox.url + HTML + "dispatch-frame.html");
  assert.equal(res.status, 404);
  const page = await blankPage(browser, sandbox.url);
  const frames = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    await sdk.masterpass.create({ client });
    await sdk.paypalCheckout.create({ client });
    await sdk.localPayment.create({ client });
    return document.querySelectorAll("iframe").length;
  });
  assert.equal(frames, 0);
  await page.context().close();
});
