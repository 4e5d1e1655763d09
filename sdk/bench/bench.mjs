// make sdk-bench: gzipped size of the wasm and glue per component next to the
// reference library's published sizes, each of issue 35's goals beside our
// figure and the reference's, hostedFields.create → ready time in Chromium
// (cold and warm, beside their goals), and card-number validation throughput
// against card-validator.
import { build } from 'esbuild';
import { startSandbox, launch, merchantPage } from '../tests/harness.mjs';
import { measureReady, median } from './ready.mjs';
import { sizes, reference, referenceWhole, budget, goals, referenceFigures } from './size.mjs';

const size = sizes();
const refTotal = Object.values(reference).reduce((a, b) => a + b, 0);
console.log('== Size (gzip -9) ==');
console.log(`merchant-page wasm module: ${size.wasmRaw} B raw, ${size.wasm} B gzipped`);
for (const c of Object.keys(reference)) {
  console.log(`${c.padEnd(16)} JS ${String(size.components[c]).padStart(6)} B (+ shared wasm)   reference library ${reference[c]} B`);
}
console.log(`client + hosted-fields + paypal-checkout + three-d-secure: JS ${size.fourJs} B + wasm ${size.wasm} B = ${size.four} B gzipped`);
console.log(`reference library, same four components: ${refTotal} B gzipped (${(size.four / refTotal * 100).toFixed(1)}% of it; budget ${budget.four} B)`);
console.log(`whole SDK (all-in-one braintree.js + the merchant and alternative-methods wasm it loads): ${size.whole} B gzipped (budget ${budget.whole} B; reference all-in-one ${referenceWhole.allInOne} B, sum of its per-component bundles ${referenceWhole.perComponent} B)`);
console.log(`every ES module, frame page and wasm module (frames included), each once: ${size.allModules} B gzipped`);
console.log(`hosted-field frame page code on top (served to the frames, cached): ${size.frameOnly} B gzipped, of which its wasm module ${size.frameWasm} B`);

const row = (what, ours, goal, ref, unit = 'B') => console.log(
  `${what.padEnd(44)} ours ${String(ours).padStart(7)} ${unit}   goal <= ${String(goal).padStart(6)} ${unit} ${ours <= goal ? 'met    ' : 'NOT MET'}   reference ${ref}`);
console.log('\n== Goals (issue 35; gzip -9) ==');
row('card page (client + Hosted Fields + wasm)', size.cardPage, goals.cardPage, `${referenceFigures.cardPage} B (its client + hosted-fields bundles)`);
row('one hosted-field frame (own JS + wasm)', size.frame, goals.frame, 'its frame script is not in its published bundle figures');
row('core four (+ PayPal Checkout, 3-D Secure)', size.four, goals.four, `${referenceFigures.four} B (its four bundles)`);
row('all-in-one braintree.js + its wasm', size.whole, goals.whole, `${referenceFigures.whole} B (its all-in-one)`);

const sandbox = await startSandbox();
const browser = await launch();
try {
  // hostedFields.create → ready for five fields (ready.mjs): a Chromium of
  // its own, no DevTools client attached, beside the floor of five bare frames.
  const token = (await (await fetch(sandbox.url + '/sandbox/gateway/client_token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()).clientToken;
  const RUNS = 20;
  const { sdk, floor } = await measureReady(sandbox.url, token, RUNS);
  const ms = (a) => Number(median(a).toFixed(1));
  console.log(`\n== hostedFields.create → ready (headless Chromium without DevTools, 5 fields, median of ${RUNS}) ==`);
  row('cold (fresh profile: nothing cached)', ms(sdk.cold), goals.readyColdMs, 'not measured here (its frames load from its own CDN)', 'ms');
  row('warm (same page, second create)', ms(sdk.warm), goals.readyWarmMs, 'not measured here', 'ms');
  console.log(`floor, five frames that only load one script and say ready: cold ${ms(floor.cold)} ms, warm ${ms(floor.warm)} ms`);
  console.log(`the SDK's own part (ours minus the floor): cold ${(ms(sdk.cold) - ms(floor.cold)).toFixed(1)} ms, warm ${(ms(sdk.warm) - ms(floor.warm)).toFixed(1)} ms`);
  const list = (a) => a.map((t) => t.toFixed(0)).join(' ');
  console.log(`cold runs: ${list(sdk.cold)}\nwarm runs: ${list(sdk.warm)}\nfloor cold: ${list(floor.cold)}\nfloor warm: ${list(floor.warm)}`);

  const page = await merchantPage(browser, sandbox.url);
  console.log('\n== Card-number validation throughput (same Chromium page) ==');
  const cv = await build({ entryPoints: ['card-validator'], bundle: true, write: false, format: 'iife', globalName: 'cardValidator', minify: true, logLevel: 'silent' });
  await page.addScriptTag({ content: cv.outputFiles[0].text });
  const res = await page.evaluate(async () => {
    // The card rules run in the hosted-field frames: their module.
    const w = await (await import('./js/frame-rules.js')).load();
    const numbers = [];
    const prefixes = ['4111', '5555', '3782', '6011', '3530', '6212', '6304', '3056', '4000', '9999'];
    for (let i = 0; i < 2000; i++) {
      const p = prefixes[i % prefixes.length];
      let n = p;
      while (n.length < (p === '3782' ? 15 : 16)) n += String((i * 7 + n.length * 3) % 10);
      numbers.push(i % 3 === 0 ? n.slice(0, 8) : n);
    }
    const run = (fn) => {
      let valid = 0;
      const t0 = performance.now();
      let count = 0;
      while (performance.now() - t0 < 1500) {
        for (const n of numbers) { if (fn(n)) valid++; }
        count += numbers.length;
      }
      return { opsPerSec: count / ((performance.now() - t0) / 1000), valid };
    };
    const ours = run((n) => (w.validateField('number', n, '', 2026, 1) & 1) === 1);
    const theirs = run((n) => window.cardValidator.number(n).isValid);
    const agree = numbers.filter((n) => ((w.validateField('number', n, '', 2026, 1) & 1) === 1) === window.cardValidator.number(n).isValid).length;
    return { ours, theirs, agree, total: numbers.length };
  });
  console.log(`payment-sdk (wasm): ${Math.round(res.ours.opsPerSec).toLocaleString('en')} numbers/s`);
  console.log(`card-validator:     ${Math.round(res.theirs.opsPerSec).toLocaleString('en')} numbers/s  (${(res.ours.opsPerSec / res.theirs.opsPerSec).toFixed(2)}x)`);
  console.log(`verdicts agree on ${res.agree} of ${res.total} sample numbers`);
} finally {
  await browser.close();
  await sandbox.stop();
}
