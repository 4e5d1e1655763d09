// Venmo in headless Chromium against the sandbox: create's checks, browser
// support, the desktop QR code (its alert texts, the customer's phone moved
// through the sandbox's control route), desktop web login in a real popup
// over its backdrop, the mobile app switch (the sandbox's app stand-in opened
// as a real window, or navigated to and back), manual-return polling, the
// context refresh, with the browser clock controlled.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, launch, editConfiguration } from './harness.mjs';

let sandbox;
let browser;
before(async () => { sandbox = await startSandbox(); browser = await launch(); });
after(async () => { await browser?.close(); await sandbox?.stop(); });

const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const SAMSUNG = 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36';
const IOS = { userAgent: IOS_SAFARI, isMobile: true, hasTouch: true };
const ANDROID = { userAgent: ANDROID_CHROME, isMobile: true, hasTouch: true };

const BLANK = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body></body></html>';

/**
 * A merchant page (`/shop.html` on the sandbox's origin) in a new context of
 * `contextOptions`, with window.t = { sdk, create(options), grab(promise) }.
 * `clock`: the page's clock is installed (timers only run when the test says).
 */
async function shop({ contextOptions = {}, routes = {}, clock = false } = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  await context.route(sandbox.url + '/shop.html', (route) => route.fulfill({ contentType: 'text/html', body: BLANK }));
  for (const [glob, handler] of Object.entries(routes)) await page.route(glob, handler);
  if (clock) await page.clock.install();
  await page.goto(sandbox.url + '/shop.html');
  await page.addScriptTag({ content: KIT });
  return page;
}

const KIT = `window.t = {
  sdk: () => import('/web/3.130.0/js/index.js'),
  async create(options) {
    const sdk = await window.t.sdk();
    return sdk.venmo.create(Object.assign({ authorization: 'sandbox_shop_merchant01', sandboxUrl: location.origin + '/sandbox' }, options));
  },
  grab(promise) {
    return promise.then((v) => ({ ok: v }), (e) => ({ name: e.name, type: e.type, code: e.code, message: e.message, details: e.details && JSON.parse(JSON.stringify(e.details, (k, v) => (v instanceof Error ? { type: v.type, code: v.code, message: v.message, details: v.details } : v))) }));
  }
};`;

/** Moves the newest (or the given) payment context, as the customer's phone would. */
async function move(status, id) {
  const res = await fetch(sandbox.url + '/sandbox/__control/venmo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status, id }) });
  assert.equal(res.status, 200);
  return res.json();
}
const newest = async () => (await fetch(sandbox.url + '/sandbox/__control/venmo')).json();
const failNext = (pathPrefix, status, times = 1) => fetch(sandbox.url + '/sandbox/__control/fail-next', {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pathPrefix, status, times })
});

/** Runs the page clock in steps until `check()` (in the page) is truthy. */
async function runUntil(page, check, arg, { step = 250, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(check, arg)) return;
    await page.clock.runFor(step);
    await new Promise((r) => setTimeout(r, 60));
  }
  assert.fail('condition not reached: ' + check + ' (alert: ' + await alertText(page) + ', run: ' + JSON.stringify(await page.evaluate(() => window.run)) + ')');
}

const alertText = (page) => page.evaluate(() => {
  const a = document.querySelector('[role=alert][data-venmo-desktop-id]');
  return a && a.style.display !== 'none' ? a.textContent : '';
});

test('create: the reference\'s checks in order, then Venmo must be enabled', async () => {
  const page = await shop({ routes: { '**/client_api/v1/configuration*': editConfiguration((c) => { delete c.payWithVenmo; }) } });
  const out = await page.evaluate(async () => {
    const sdk = await t.sdk();
    return {
      noClient: await t.grab(sdk.venmo.create({})),
      profile: await t.grab(t.create({ profileId: 12 })),
      deepLink: await t.grab(t.create({ profileId: 'p1', deepLinkReturnUrl: {} })),
      disabled: await t.grab(t.create({}))
    };
  });
  assert.equal(out.noClient.message, 'options.client is required when instantiating Venmo.');
  assert.deepEqual([out.profile.type, out.profile.code, out.profile.message], ['MERCHANT', 'VENMO_INVALID_PROFILE_ID', 'Venmo profile ID is invalid.']);
  assert.deepEqual([out.deepLink.code, out.deepLink.message], ['VENMO_INVALID_DEEP_LINK_RETURN_URL', 'Venmo deep link return URL is invalid.']);
  assert.deepEqual([out.disabled.type, out.disabled.code, out.disabled.message], ['MERCHANT', 'VENMO_NOT_ENABLED', 'Venmo is not enabled for this merchant.']);
  await page.context().close();
});

test('create: the payment context set-up fails with ECD disabled, a validation error, or the network', async () => {
  const page = await shop({
    contextOptions: ANDROID,
    routes: { '**/client_api/v1/configuration*': editConfiguration((c) => { c.payWithVenmo.enrichedCustomerDataEnabled = false; }) }
  });
  const out = await page.evaluate(async () => ({
    ecd: await t.grab(t.create({ paymentMethodUsage: 'single_use', collectCustomerBillingAddress: true })),
    invalid: await t.grab(t.create({ paymentMethodUsage: 'sometimes' }))
  }));
  assert.deepEqual([out.ecd.type, out.ecd.code, out.ecd.message], ['NETWORK', 'VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED', 'Something went wrong creating the Venmo Payment Context.']);
  assert.equal(out.ecd.details.originalError.code, 'ECD_DISABLED');
  assert.equal(out.ecd.details.originalError.message, 'Cannot collect customer data when ECD is disabled. Enable this feature in the Control Panel to collect this data.');
  assert.equal(out.invalid.code, 'VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED');
  assert.equal(out.invalid.message, 'paymentMethodUsage must be SINGLE_USE or MULTI_USE');
  await failNext('/graphql', 500);
  const network = await page.evaluate(() => t.grab(t.create({ paymentMethodUsage: 'single_use' })));
  assert.equal(network.code, 'VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED');
  assert.equal(network.message, 'Something went wrong creating the Venmo Payment Context.');
  await page.context().close();
});

test('isBrowserSupported: desktop only when allowed, mobile browsers, Samsung never', async () => {
  const desktop = await shop();
  assert.deepEqual(await desktop.evaluate(async () => {
    const sdk = await t.sdk();
    await t.create({ allowDesktop: true });
    const v = sdk.venmo;
    return [v.isBrowserSupported(), v.isBrowserSupported({ allowDesktop: true }), v.isBrowserSupported({ allowDesktopWebLogin: true }),
      (await t.create({ allowDesktop: true })).isBrowserSupported()];
  }), [false, true, true, true]);
  await desktop.context().close();
  for (const [options, expected] of [[IOS, [true, true, true]], [ANDROID, [true, true, true]], [{ userAgent: SAMSUNG, isMobile: true, hasTouch: true }, [false, false, false]]]) {
    const page = await shop({ contextOptions: options });
    const got = await page.evaluate(async () => {
      const sdk = await t.sdk();
      await t.create({});
      const v = sdk.venmo;
      return [v.isBrowserSupported(), v.isBrowserSupported({ allowNewBrowserTab: false }), v.isBrowserSupported({ allowWebviews: false })];
    });
    assert.deepEqual(got, expected, options.userAgent);
    await page.context().close();
  }
});

/** Starts tokenize in the page (window.run holds its settled result). */
const startTokenize = (page, createOptions, tokenizeOptions) => page.evaluate(async ([c, o]) => {
  window.venmo = await t.create(c);
  window.run = null;
  t.grab(window.venmo.tokenize(o)).then((r) => { window.run = r; });
}, [createOptions, tokenizeOptions]);
const settled = () => window.run !== null;
const outcome = (page) => page.evaluate(() => window.run);

test('desktop QR code: generating, scan, authorize on the phone, then the nonce after the completion delay', async () => {
  const page = await shop({ clock: true });
  let release;
  const gate = new Promise((r) => { release = r; });
  await page.route('**/sandbox/graphql', async (route) => {
    if (route.request().postData().includes('createVenmo')) await gate;
    await route.continue();
  });
  await startTokenize(page, { allowDesktop: true, paymentMethodUsage: 'multi_use' });
  const frame = page.frameLocator('iframe[name="venmo-desktop-iframe"]');
  assert.equal(await page.evaluate(() => document.querySelector('iframe[name="venmo-desktop-iframe"]').style.display), 'block');
  assert.equal(await alertText(page), 'Generating a QR code, get your Venmo app ready');
  release();
  await runUntil(page, () => document.querySelector('[role=alert]').textContent === 'To scan the QR code, open your Venmo app');
  const ctx = await newest();
  assert.equal(ctx.input.customerClient, 'DESKTOP');
  assert.equal(ctx.input.intent, 'PAY_FROM_APP');
  assert.equal(await frame.locator('#context').textContent(), ctx.id);
  await move('SCANNED');
  await runUntil(page, () => document.querySelector('[role=alert]').textContent === 'Authorize on your Venmo app', null, { step: 1000 });
  await move('APPROVED');
  await runUntil(page, () => document.querySelector('[role=alert]').textContent === 'Venmo account authorized', null, { step: 1000 });
  assert.equal(await page.evaluate(settled), false);
  await page.clock.runFor(1900);
  assert.equal(await page.evaluate(settled), false, 'the completion waits 2000 ms');
  await runUntil(page, settled, null, { step: 100 });
  const run = await outcome(page);
  assert.match(run.ok.nonce, /^tokenvenmo_/);
  assert.equal(run.ok.type, 'VenmoAccount');
  assert.equal(run.ok.details.username, '@venmojoe');
  assert.equal(run.ok.details.paymentContextId, ctx.id);
  assert.equal(run.ok.details.payerInfo.userName, '@venmojoe');
  assert.equal(await page.evaluate(() => document.querySelector('iframe[name="venmo-desktop-iframe"]').style.display), 'none');
  assert.equal(await alertText(page), '');
  await page.context().close();
});

test('desktop QR code: the legacy context, the customer canceling in the view, and each error view', async () => {
  const page = await shop({ clock: true });
  await startTokenize(page, { allowDesktop: true });
  await runUntil(page, () => document.querySelector('[role=alert]').textContent === 'To scan the QR code, open your Venmo app');
  const ctx = await newest();
  assert.deepEqual(ctx.input, { environment: 'SANDBOX', intent: 'PAY_FROM_APP' });
  await move('CANCELED');
  await runUntil(page, () => document.querySelector('[role=alert]').textContent === 'The authorization was canceled', null, { step: 1000 });
  const frame = page.frameLocator('iframe[name="venmo-desktop-iframe"]');
  await frame.locator('#new-qr').click();
  await runUntil(page, () => document.querySelector('[role=alert]').textContent === 'To scan the QR code, open your Venmo app');
  const second = await newest();
  assert.notEqual(second.id, ctx.id);
  await move('FAILED');
  await runUntil(page, () => document.querySelector('[role=alert]').textContent === 'Something went wrong', null, { step: 1000 });
  await frame.locator('#cancel').click();
  await runUntil(page, settled);
  const run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ['CUSTOMER', 'VENMO_DESKTOP_CANCELED', 'User canceled Venmo authorization by closing the Venmo Desktop modal.']);
  // The next tokenization starts a new QR code; it expires with the context.
  await page.evaluate(() => { window.run = null; t.grab(window.venmo.tokenize()).then((r) => { window.run = r; }); });
  await runUntil(page, () => document.querySelector('[role=alert]').textContent === 'To scan the QR code, open your Venmo app');
  const third = await newest();
  // Time passes without the timers firing (in-flight requests keep their timeouts).
  await page.clock.setSystemTime(await page.evaluate(() => Date.now()) + 300_000);
  await runUntil(page, () => document.querySelector('[role=alert]').textContent === 'Something went wrong', null, { step: 1000 });
  const expired = await (await fetch(sandbox.url + '/sandbox/__control/venmo')).json();
  assert.equal(expired.id, third.id);
  assert.equal(expired.status, 'EXPIRED');
  // The merchant cancels: the context is canceled too.
  const cancel = await page.evaluate(() => t.grab(window.venmo.cancelTokenization()));
  assert.ok('ok' in cancel);
  await runUntil(page, settled);
  assert.equal((await outcome(page)).code, 'VENMO_TOKENIZATION_CANCELED_BY_MERCHANT');
  assert.equal((await newest()).status, 'CANCELED');
  await page.context().close();
});

test('desktop QR code: a failing context request is an unknown error', async () => {
  const page = await shop({ clock: true });
  await page.evaluate(async () => { window.venmo = await t.create({ allowDesktop: true }); });
  await failNext('/graphql', 500);
  await page.evaluate(() => { window.run = null; t.grab(window.venmo.tokenize()).then((r) => { window.run = r; }); });
  await runUntil(page, settled);
  const run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ['UNKNOWN', 'VENMO_DESKTOP_UNKNOWN_ERROR', 'Something went wrong with the Venmo Desktop flow.']);
  await page.context().close();
});
