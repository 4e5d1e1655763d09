// Every component's create() works as the very first call a page makes:
// nothing imported or loaded before, the wasm module not fetched yet. A
// missing client rejects with the reference library's BraintreeError (code,
// type and message word for word), not a TypeError from the wasm glue.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, launch, blankPage } from './harness.mjs';

let sandbox;
let browser;
before(async () => { sandbox = await startSandbox(); browser = await launch(); });
after(async () => { await browser?.close(); await sandbox?.stop(); });

/** Imports `entry` into a fresh blank page and returns what `create(options)` rejects with. */
async function firstCall(entry, options) {
  // A blank page on the assets host's origin: no SDK script on it.
  const page = await blankPage(browser, sandbox.url);
  const context = page.context();
  const wasmRequests = [];
  context.on('request', (r) => { if (r.url().endsWith('.wasm')) wasmRequests.push(r.url()); });
  const outcome = await page.evaluate(async ([src, opts]) => {
    const component = await import(src);
    try {
      await component.create(opts);
      return { resolved: true };
    } catch (e) {
      return { name: e.name, code: e.code, type: e.type, message: e.message, isError: e instanceof Error };
    }
  }, ['/web/3.130.0/js/' + entry + '.js', options]);
  await context.close();
  return { outcome, wasmRequests };
}

const cases = [
  ['client', {}, 'options.authorization is required when instantiating a client.'],
  ['hosted-fields', { fields: { number: { container: '#n' } } }, 'options.client is required when instantiating Hosted Fields.'],
  ['three-d-secure', { version: 2 }, 'options.client is required when instantiating 3D Secure.'],
  ['paypal-checkout', {}, 'options.client is required when instantiating PayPal Checkout.'],
  ['paypal', {}, 'options.client is required when instantiating PayPal.'],
  ['vault-manager', {}, 'options.client is required when instantiating Vault Manager.'],
  ['payment-ready', {}, 'options.client is required when instantiating PAYMENT READY.'],
  ['preferred-payment-methods', {}, 'options.client is required when instantiating PreferredPaymentMethods.'],
  ['us-bank-account', {}, 'options.client is required when instantiating US Bank Account.']
];

for (const [entry, options, message] of cases) {
  test(`${entry} create() as the first call rejects with INSTANTIATION_OPTION_REQUIRED`, async () => {
    const { outcome } = await firstCall(entry, options);
    assert.deepEqual(outcome, {
      name: 'BraintreeError',
      code: 'INSTANTIATION_OPTION_REQUIRED',
      type: 'MERCHANT',
      message,
      isError: true
    });
  });
}

test('the error needs no wasm: none is fetched for a rejected first call', async () => {
  const { outcome, wasmRequests } = await firstCall('hosted-fields', { fields: {} });
  assert.equal(outcome.code, 'INSTANTIATION_OPTION_REQUIRED');
  assert.deepEqual(wasmRequests, []);
});

test('rules that cannot be fetched reject as the reference\'s CLIENT_SCRIPT_FAILED_TO_LOAD', async () => {
  const { outcome, wasmRequests } = await firstCall('client', { authorization: 'sandbox_abc_merchant01', wasmUrl: '/web/3.130.0/js/missing.wasm' });
  assert.deepEqual(outcome, {
    name: 'BraintreeError',
    code: 'CLIENT_SCRIPT_FAILED_TO_LOAD',
    type: 'NETWORK',
    message: 'Braintree client script could not be loaded.',
    isError: true
  });
  assert.equal(wasmRequests.length, 1);
});
