// make sdk-bench: gzipped size of the wasm and glue per component next to the
// reference library's published sizes, hostedFields.create → ready time in
// Chromium, and card-number validation throughput against card-validator.
import { build } from 'esbuild';
import { startSandbox, launch, merchantPage } from '../tests/harness.mjs';
import { sizes, reference, referenceWhole, budget } from './size.mjs';

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

const sandbox = await startSandbox();
const browser = await launch();
try {
  const page = await merchantPage(browser, sandbox.url);
  console.log('\n== hostedFields.create → ready (Chromium, 5 fields) ==');
  const times = await page.evaluate(async () => {
    const sdk = await import('./js/index.js');
    const client = window.hostedFieldsInstance._client;
    const out = [];
    for (let i = 0; i < 15; i++) {
      const box = document.createElement('div');
      box.innerHTML = '<div id="b1"></div><div id="b2"></div><div id="b3"></div><div id="b4"></div><div id="b5"></div>';
      document.body.appendChild(box);
      const t0 = performance.now();
      const hf = await sdk.hostedFields.create({ client, fields: {
        number: { container: '#b1' }, cvv: { container: '#b2' }, expirationDate: { container: '#b3' }, postalCode: { container: '#b4' }, cardholderName: { container: '#b5' } } });
      out.push(performance.now() - t0);
      await hf.teardown();
      box.remove();
    }
    return out;
  });
  const sorted = times.slice(1).sort((a, b) => a - b);
  console.log(`first (cold frames): ${times[0].toFixed(1)} ms; warm median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, p90 ${sorted[Math.floor(sorted.length * 0.9)].toFixed(1)} ms (${sorted.length} runs)`);

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
    const ours = run((n) => (w.validateNumber(n) & 1) === 1);
    const theirs = run((n) => window.cardValidator.number(n).isValid);
    const agree = numbers.filter((n) => ((w.validateNumber(n) & 1) === 1) === window.cardValidator.number(n).isValid).length;
    return { ours, theirs, agree, total: numbers.length };
  });
  console.log(`payment-sdk (wasm): ${Math.round(res.ours.opsPerSec).toLocaleString('en')} numbers/s`);
  console.log(`card-validator:     ${Math.round(res.theirs.opsPerSec).toLocaleString('en')} numbers/s  (${(res.ours.opsPerSec / res.theirs.opsPerSec).toFixed(2)}x)`);
  console.log(`verdicts agree on ${res.agree} of ${res.total} sample numbers`);
} finally {
  await browser.close();
  await sandbox.stop();
}
