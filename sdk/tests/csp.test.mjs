// Frame pages and the merchant integration under the assets host's strict
// CSP (shared/security-headers.json: default-src 'none'; script-src 'self'
// 'wasm-unsafe-eval'; style-src 'self'; framed only by the merchant's
// origin): no inline scripts or styles are needed anywhere.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { useSandbox, sandbox, browser, fillCard, result } from "./harness.mjs";

useSandbox();

const HEADERS = JSON.parse(readFileSync(new URL("../../shared/security-headers.json", import.meta.url), "utf8"));
/** The assets host's policy for a merchant at `origin` calling the provider at `origin`. */
const assetsPolicy = (origin) =>
  HEADERS.assetsContentSecurityPolicy.map((d) => d.replace("{site-origins}", origin).replace("{payment-hosts}", origin)).join("; ");

test("tokenization and 3-D Secure run with no CSP violation", async () => {
  const context = await browser.newContext();
  await context.route(/\/web\/3\.130\.0\/.*\.html/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": assetsPolicy(new URL(sandbox.url).origin) } });
  });
  const page = await context.newPage();
  const violations = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(sandbox.url + "/web/3.130.0/merchant-test.html");
  await page.waitForFunction(() => document.body.dataset.ready === "all", null, { timeout: 30000 });
  await fillCard(page, { number: "4000000000001000" });
  await page.click("#pay");
  const r = await result(page, "3-D Secure verified");
  assert.equal(r.liabilityShifted, true);
  assert.deepEqual(violations, []);
  // The policy is really in force: an inline script is refused.
  const inline = await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__inline = 1";
    document.head.appendChild(s);
    return window.__inline;
  });
  assert.equal(inline, undefined);
  await context.close();
});

test("the frames refuse a parent the policy does not name (frame-ancestors)", async () => {
  const context = await browser.newContext();
  const elsewhere = "http://localhost:1";
  await context.route(/\/web\/3\.130\.0\/html\/.*\.html/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": assetsPolicy(elsewhere) } });
  });
  const page = await context.newPage();
  const blocked = [];
  page.on("console", (m) => {
    if (/frame-ancestors/.test(m.text())) blocked.push(m.text());
  });
  await page.goto(sandbox.url + "/web/3.130.0/merchant-test.html");
  await page.waitForFunction(() => document.querySelectorAll('iframe[name^="braintree-hosted-field-"]').length > 0, null, { timeout: 30000 });
  await page
    .waitForFunction(() => document.body.dataset.ready === "all" || document.body.dataset.lastResult === "Error", null, { timeout: 2000 })
    .catch(() => {});
  assert.ok(blocked.length > 0, "Chromium refused the frames in a parent the policy does not name");
  assert.notEqual(await page.evaluate(() => document.body.dataset.ready), "all");
  await context.close();
});
