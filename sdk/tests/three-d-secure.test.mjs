// 3-D Secure 2 in headless Chromium: frictionless and challenge outcomes with
// the published test cards, the three presentations, Escape/close, and the
// creation and verifyCard checks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, launch, merchantPage, fillCard, result } from './harness.mjs';

let sandbox;
let browser;
before(async () => { sandbox = await startSandbox(); browser = await launch(); });
after(async () => { await browser?.close(); await sandbox?.stop(); });

async function pay(number, version) {
  const page = await merchantPage(browser, sandbox.url);
  await page.selectOption('#tds-version', version);
  await fillCard(page, { number });
  await page.click('#pay');
  return page;
}

test('frictionless: 4000000000001000 shifts liability, 4000000000001018 fails without a challenge', async () => {
  let page = await pay('4000000000001000', '2');
  let r = await result(page, '3-D Secure verified');
  assert.equal(r.liabilityShifted, true);
  assert.equal(r.liabilityShiftPossible, true);
  assert.match(r.nonce, /^tokencc_3ds_/);
  assert.equal(r.threeDSecureInfo.status, 'authenticate_successful');
  await page.context().close();
  page = await pay('4000000000001018', '2');
  r = await result(page, '3-D Secure verified');
  assert.equal(r.liabilityShifted, false);
  assert.equal(r.liabilityShiftPossible, false);
  await page.context().close();
});

test('challenge in the script modal (frame height 400), submitted', async () => {
  const page = await pay('4000000000001091', '2');
  const frame = page.locator('[data-cardinal-modal] iframe');
  await frame.waitFor();
  assert.equal(await frame.getAttribute('height'), '400');
  assert.equal(await page.locator('[data-cardinal-modal] button').isHidden(), true, 'close button hidden without displayExitButton');
  await page.frameLocator('[data-cardinal-modal] iframe').locator('#submit').click();
  const r = await result(page, '3-D Secure verified');
  assert.equal(r.liabilityShifted, true);
  assert.equal(r.threeDSecureInfo.status, 'authenticate_successful');
  assert.equal(await page.locator('[data-cardinal-modal]').count(), 0);
  await page.context().close();
});

test('challenge in the bootstrap3 modal (width 440): failing card, then Escape cancels', async () => {
  let page = await pay('4000000000001109', '2-bootstrap3-modal');
  const modal = page.locator('.braintree-three-d-secure-modal');
  await modal.waitFor();
  assert.equal(await modal.evaluate((m) => m.style.width), '440px');
  await page.frameLocator('.braintree-three-d-secure-modal iframe').locator('#submit').click();
  let r = await result(page, '3-D Secure verified');
  assert.equal(r.liabilityShifted, false);
  assert.equal(r.threeDSecureInfo.status, 'authenticate_failed');
  await page.context().close();

  page = await pay('4000000000001091', '2-bootstrap3-modal');
  await page.locator('.braintree-three-d-secure-modal iframe').waitFor();
  await page.keyboard.press('Escape');
  r = await result(page, 'Error');
  assert.equal(r.code, 'THREEDS_CARDINAL_SDK_CANCELED');
  assert.equal(r.type, 'CUSTOMER');
  assert.equal(await page.locator('.braintree-three-d-secure-modal').count(), 0);
  await page.context().close();
});

test('inline iframe: the merchant places the frame; cancel in the challenge emits customer-canceled', async () => {
  const page = await pay('4000000000001091', '2-inline-iframe');
  const frame = page.locator('#inline-3ds iframe');
  await frame.waitFor();
  await page.frameLocator('#inline-3ds iframe').locator('#cancel').click();
  const r = await result(page, '3-D Secure verified');
  assert.equal(r.liabilityShifted, false);
  await page.context().close();
});

test('creation and verifyCard checks', async () => {
  const page = await merchantPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await import('./js/index.js');
    const client = window.hostedFieldsInstance._client;
    const grab = (p) => p.then(() => 'ok', (e) => e.code + ': ' + e.message);
    const sandboxUrl = location.origin + '/sandbox';
    const keyClient = await sdk.client.create({ authorization: 'sandbox_abcd1234_merchant01', sandboxUrl });
    const r = {};
    r.v1 = await grab(sdk.threeDSecure.create({ client, version: 1 }));
    r.none = await grab(sdk.threeDSecure.create({ client }));
    r.v3 = await grab(sdk.threeDSecure.create({ client, version: '3' }));
    r.key = await grab(sdk.threeDSecure.create({ client: keyClient, version: 2 }));
    const tds = await sdk.threeDSecure.create({ client, version: 2 });
    r.noNonce = await grab(tds.verifyCard({ amount: '10', bin: '400000', onLookupComplete: (d, n) => n() }));
    r.blankAmount = await grab(tds.verifyCard({ nonce: 'x', amount: ' ', bin: '400000', onLookupComplete: (d, n) => n() }));
    r.arrayAmount = await grab(tds.verifyCard({ nonce: 'x', amount: [10], bin: '400000', onLookupComplete: (d, n) => n() }));
    r.boolAmount = await grab(tds.verifyCard({ nonce: 'x', amount: true, bin: '400000', onLookupComplete: (d, n) => n() }));
    r.noLookup = await grab(tds.verifyCard({ nonce: 'x', amount: 10, bin: '400000' }));
    r.exemption = await grab(tds.verifyCard({ nonce: 'x', amount: 10, bin: '400000', onLookupComplete: (d, n) => n(), requestedExemptionType: 'bogus' }));
    r.notFound = await grab(tds.verifyCard({ nonce: 'unknown-nonce', amount: 10, bin: '400000', onLookupComplete: (d, n) => n() }));
    r.noPayload = await grab(tds.cancelVerifyCard());
    await tds.teardown();
    try { tds.verifyCard({}); r.after = 'no error'; } catch (e) { r.after = e.code; }
    return r;
  });
  assert.match(out.v1, /^THREEDS_UNSUPPORTED_VERSION/);
  assert.match(out.none, /^THREEDS_UNSUPPORTED_VERSION/);
  assert.match(out.v3, /^THREEDS_UNRECOGNIZED_VERSION/);
  assert.equal(out.key, 'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY: 3D Secure can not use a tokenization key for authorization.');
  assert.match(out.noNonce, /^THREEDS_MISSING_VERIFY_CARD_OPTION: verifyCard options must include a nonce/);
  assert.match(out.blankAmount, /must include an amount/);
  assert.match(out.arrayAmount, /must include an amount/);
  assert.match(out.boolAmount, /must include an amount/);
  assert.match(out.noLookup, /must include an onLookupComplete function/);
  assert.equal(out.exemption, 'THREEDS_REQUESTED_EXEMPTION_TYPE_INVALID: Requested Exemption Type is invalid.');
  assert.match(out.notFound, /^THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR/);
  assert.equal(out.noPayload, 'THREEDS_NO_VERIFICATION_PAYLOAD: No verification payload available.');
  assert.equal(out.after, 'METHOD_CALLED_AFTER_TEARDOWN');
  await page.context().close();
});
