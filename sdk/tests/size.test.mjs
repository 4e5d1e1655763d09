// The download budget (DESIGN.md section 7) holds for the built package: the
// gzipped ES-module import closure of client + hostedFields + paypalCheckout
// + threeDSecure plus the wasm they load is at most half the reference
// library's 67,729 B, and the whole SDK at most 60,000 B. No browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sizes, budget, closure, goals, reached } from '../bench/size.mjs';

const figures = sizes();

// Issue 35's size goals; one not met yet holds at the figure reached (plus a
// small margin, recorded in size.mjs) so that nothing grows meanwhile.
for (const [name, what] of [['cardPage', 'the card page (client + Hosted Fields + wasm)'], ['frame', 'one hosted-field frame (own JS + wasm)'],
  ['four', 'the core four with their wasm'], ['whole', 'the all-in-one script with its wasm']]) {
  const limit = Math.max(goals[name], reached[name] || 0);
  test(`${what}: at most ${limit} B gzipped (goal ${goals[name]} B)`, () => {
    assert.ok(figures[name] <= limit, `${figures[name]} B > ${limit} B`);
  });
}

/** Every source file in the static import closure of `entry`'s page. */
function staticInputs(entry) {
  const meta = JSON.parse(readFileSync(new URL('../js/dist/meta.json', import.meta.url), 'utf8'));
  return closure(entry).flatMap((file) => Object.keys(meta.outputs[Object.keys(meta.outputs).find((o) => o.endsWith('/' + file))].inputs));
}

test('a hosted-field frame loads no error catalogue and no request code before it is ready', () => {
  const inputs = staticInputs('hosted-fields-frame');
  assert.ok(inputs.some((i) => i.endsWith('hosted-fields-frame.js')), inputs.join());
  const extra = inputs.filter((i) => i.endsWith('.txt') || /\/(errors|client|lib)\.js$/.test(i));
  assert.deepEqual(extra, []);
});

test('the four components and the wasm they load are at most half the reference', () => {
  assert.ok(figures.four <= budget.four, `${figures.four} B > ${budget.four} B`);
});

test('the whole SDK is at most 60,000 B gzipped', () => {
  assert.ok(figures.whole <= budget.whole, `${figures.whole} B > ${budget.whole} B`);
});

test('no wasm module carries error messages (they are JS data)', async () => {
  const { readFileSync } = await import('node:fs');
  for (const file of ['payment_sdk_bg.wasm', 'payment_sdk_frame_bg.wasm', 'payment_sdk_apm_bg.wasm', 'payment_sdk_payment_request_bg.wasm']) {
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
  assert.ok(!merchant.includes('validateField') && frame.includes('validateField'));
  // Payment Request's rules are its frame's module's, not the card fields'.
  const request = await exportsOf('payment_sdk_payment_request_bg.wasm');
  assert.ok(request.includes('paymentRequestRule') && !frame.includes('paymentRequestRule') && !request.includes('validateField'));
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
