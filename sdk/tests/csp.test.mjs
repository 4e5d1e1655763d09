// Frame pages and the merchant integration under a strict CSP
// (script-src 'self' 'wasm-unsafe-eval'; style-src 'self'): no inline scripts
// or styles are needed anywhere.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox, launch, fillCard, result } from './harness.mjs';

let sandbox;
let browser;
before(async () => { sandbox = await startSandbox(); browser = await launch(); });
after(async () => { await browser?.close(); await sandbox?.stop(); });

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; frame-src 'self'; connect-src 'self'";

test('tokenization and 3-D Secure run with no CSP violation', async () => {
  const context = await browser.newContext();
  await context.route(/\/web\/3\.130\.0\/.*\.html/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': CSP } });
  });
  const page = await context.newPage();
  const violations = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
  await page.goto(sandbox.url + '/web/3.130.0/merchant-test.html');
  await page.waitForFunction(() => document.body.dataset.ready === 'all', null, { timeout: 30000 });
  await fillCard(page, { number: '4000000000001000' });
  await page.click('#pay');
  const r = await result(page, '3-D Secure verified');
  assert.equal(r.liabilityShifted, true);
  assert.deepEqual(violations, []);
  // The policy is really in force: an inline script is refused.
  const inline = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inline = 1';
    document.head.appendChild(s);
    return window.__inline;
  });
  assert.equal(inline, undefined);
  await context.close();
});
