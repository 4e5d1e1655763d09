// The download budget (DESIGN.md section 7) holds for the built package: the
// gzipped ES-module import closure of client + hostedFields + paypalCheckout
// + threeDSecure plus the wasm they load is at most half the reference
// library's 67,729 B, and the whole SDK at most 60,000 B. No browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sizes, budget } from '../bench/size.mjs';

const figures = sizes();

test('the four components and the wasm they load are at most half the reference', () => {
  assert.ok(figures.four <= budget.four, `${figures.four} B > ${budget.four} B`);
});

test('the whole SDK is at most 60,000 B gzipped', () => {
  assert.ok(figures.whole <= budget.whole, `${figures.whole} B > ${budget.whole} B`);
});

test('no wasm module carries error messages (they are JS data)', async () => {
  const { readFileSync } = await import('node:fs');
  for (const file of ['payment_sdk_bg.wasm', 'payment_sdk_frame_bg.wasm']) {
    const wasm = readFileSync(new URL('../js/dist/' + file, import.meta.url)).toString('latin1');
    assert.ok(!wasm.includes('is required when instantiating'), file);
    assert.ok(!wasm.includes('Hosted Fields timed out'), file);
  }
});

test('the merchant-page module leaves the card-number rules to the frame module', async () => {
  const { readFileSync } = await import('node:fs');
  const exportsOf = async (file) => WebAssembly.Module.exports(await WebAssembly.compile(readFileSync(new URL('../js/dist/' + file, import.meta.url)))).map((e) => e.name);
  const merchant = await exportsOf('payment_sdk_bg.wasm');
  const frame = await exportsOf('payment_sdk_frame_bg.wasm');
  assert.ok(!merchant.includes('validateNumber') && frame.includes('validateNumber'));
  assert.ok(merchant.includes('authKind') && !frame.includes('authKind'));
});
