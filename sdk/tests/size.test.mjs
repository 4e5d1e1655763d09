// The download budget (DESIGN.md section 7) holds for the built package: the
// gzipped ES-module import closure of client + hostedFields + paypalCheckout
// + threeDSecure plus the wasm they load is at most half the reference
// library's 67,729 B, and the whole SDK at most 60,000 B. No browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sizes, budget, closure } from '../bench/size.mjs';

const figures = sizes();

test('the four components and the wasm they load are at most half the reference', () => {
  assert.ok(figures.four <= budget.four, `${figures.four} B > ${budget.four} B`);
});

test('the whole SDK is at most 60,000 B gzipped', () => {
  assert.ok(figures.whole <= budget.whole, `${figures.whole} B > ${budget.whole} B`);
});

test('no wasm module carries error messages (they are JS data)', async () => {
  const { readFileSync } = await import('node:fs');
  for (const file of ['payment_sdk_bg.wasm', 'payment_sdk_frame_bg.wasm', 'payment_sdk_apm_bg.wasm']) {
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

test('a page that imports one component downloads no other component\'s module', async () => {
  const { readFileSync } = await import('node:fs');
  const meta = JSON.parse(readFileSync(new URL('../js/dist/meta.json', import.meta.url), 'utf8'));
  const sourceOf = (path) => path.slice(path.lastIndexOf('/') + 1).replace(/\.js$/, '');
  // Every component namespace's entry; the client is the one every component creates.
  const entries = Object.values(meta.outputs).map((o) => o.entryPoint).filter(Boolean).map(sourceOf)
    .filter((e) => !['index', 'client', 'landing-frame', 'hosted-fields-frame', 'frame-rules'].includes(e) && !e.endsWith('-frame'));
  assert.ok(entries.length >= 5, entries.join());
  for (const entry of entries) {
    const inputs = closure(entry).flatMap((file) => Object.keys(meta.outputs[Object.keys(meta.outputs).find((o) => o.endsWith('/' + file))].inputs));
    const others = inputs.map(sourceOf).filter((s) => s !== entry && entries.includes(s));
    assert.deepEqual(others, [], entry + ' also loads ' + others.join(', '));
  }
});
