// The package as the site imports it: resolvable from the workspace, safe to
// import during server rendering (no browser globals touched at import time),
// the public namespaces and VERSION, and its declarations shipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';

test('imports in Node without a window and exposes the public API', async () => {
  assert.equal(typeof globalThis.window, 'undefined');
  const sdk = await import('@couture/payment-sdk');
  assert.equal(sdk.VERSION, '3.130.0');
  for (const ns of ['client', 'hostedFields', 'threeDSecure', 'paypal', 'paypalCheckout', 'vaultManager']) {
    assert.equal(typeof sdk[ns].create, 'function', ns);
    assert.equal(sdk[ns].VERSION, '3.130.0', ns);
  }
  assert.equal(typeof sdk.setWasmUrl, 'function');
  const hf = await import('@couture/payment-sdk/hosted-fields');
  assert.equal(typeof hf.create, 'function');
});

test('ships TypeScript declarations and per-component entry files', () => {
  for (const f of ['index.d.ts', 'index.js', 'client.js', 'hosted-fields.js', 'three-d-secure.js', 'paypal.js', 'paypal-checkout.js', 'vault-manager.js', 'braintree.js', 'payment_sdk_bg.wasm']) {
    assert.ok(existsSync(new URL('../js/dist/' + f, import.meta.url)), f);
  }
});

test('a component entry carries only its own code over the shared chunks', async () => {
  const { readFileSync } = await import('node:fs');
  const entry = readFileSync(new URL('../js/dist/client.js', import.meta.url), 'utf8');
  assert.ok(entry.length < 1000, 'client.js is a thin entry (' + entry.length + ' B)');
});
