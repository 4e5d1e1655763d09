// Test harness: the sandbox with the built SDK beside it (sandbox-dev, or the
// whole local server when SHOP_URL is set by shared/testkit/with-server.sh),
// and Debian's headless Chromium driven by playwright-core.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { before, after } from "node:test";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../shared/testkit/chromium.mjs";
export { until } from "../../shared/testkit/until.mjs";

/** This test file's sandbox ({ url, stop }) and browser, once useSandbox's hook has started them. */
export let sandbox;
export let browser;

/** Starts the sandbox and a browser before this file's tests, and stops them after. */
export function useSandbox() {
  before(async () => {
    sandbox = await startSandbox();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await sandbox?.stop();
  });
}

/**
 * Makes the sandbox answer the next request under `pathPrefix` with a fault:
 * `{ status }` (for `times` requests, one by default) or `{ delayMs }`.
 */
export async function failNext(pathPrefix, fault) {
  const res = await fetch(sandbox.url + "/sandbox/__control/fail-next", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ pathPrefix, ...fault }),
  });
  if (!res.ok) throw new Error(`fail-next ${pathPrefix}: ${res.status}`);
}

export async function startSandbox() {
  // The whole local server: its assets host carries the SDK and a sandbox of its own, as sandbox-dev does.
  const shop = process.env.SHOP_URL && (process.env.ASSETS_URL || process.env.SHOP_URL);
  if (shop) return { url: shop.replace(/\/$/, ""), stop: async () => {} };
  const bin = process.env.SANDBOX_DEV || `${process.env.HOME}/.cache/couture/target/release/sandbox-dev`;
  const child = spawn(bin, ["0", "sdk/dist"], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const [url] = await once(lines, "line");
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await once(child, "exit").catch(() => {});
    },
  };
}

export async function launch() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

/** The merchant test page, ready with hosted fields (in a new context of `contextOptions`). */
export async function merchantPage(browser, base, contextOptions) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("pageerror", e.message));
  await page.goto(base + "/web/3.130.0/merchant-test.html");
  await page.waitForFunction(() => document.body.dataset.ready === "all" || document.body.dataset.lastResult === "Error", null, { timeout: 30000 });
  return page;
}

/** Types into the hosted field inside the frame named braintree-hosted-field-{key} (the field's option key). */
/**
 * The merchant test page with a second Hosted Fields instance of `fields`
 * (containers #<prefix>-<key> are added), as window[as].
 */
export async function secondHostedFields(browser, base, { fields, prefix, as, contextOptions }) {
  const page = await merchantPage(browser, base, contextOptions);
  await page.evaluate(
    async ({ fields, prefix, as }) => {
      const sdk = await import("./js/index.js");
      for (const key of Object.keys(fields)) {
        const div = document.createElement("div");
        div.id = `${prefix}-${key}`;
        div.style.height = "40px";
        document.body.appendChild(div);
        fields[key].container = `#${prefix}-${key}`;
      }
      window[as] = await sdk.hostedFields.create({ client: window.hostedFieldsInstance._client, fields });
    },
    { fields, prefix, as },
  );
  return page;
}

export async function typeInto(page, frameName, text) {
  const frame = page.frameLocator(`iframe[name="braintree-hosted-field-${frameName}"]`);
  const input = frame.locator("input:not(.autofill), select").first();
  await input.click();
  await input.pressSequentially(text, { delay: 5 });
}

export async function fillCard(page, { number, exp = "12 / 30", cvv = "123", postal = "12345", name = "Ada Lovelace" }) {
  await typeInto(page, "cardholderName", name);
  await typeInto(page, "number", number);
  await typeInto(page, "expirationDate", exp.replace(/\D/g, ""));
  await typeInto(page, "cvv", cvv);
  await typeInto(page, "postalCode", postal);
}

export async function result(page, label) {
  await page.waitForFunction((l) => document.body.dataset.lastResult === l || document.body.dataset.lastResult === "Error", label, { timeout: 30000 });
  return JSON.parse((await page.textContent("#result")).split("\n").slice(1).join("\n"));
}

// A bare merchant page on the sandbox's origin where the SDK has not been
// loaded yet (so a test's first SDK call is the page's first), with in-page
// helpers a merchant integration would have: a client token, a client, and a
// card nonce from the client API.
const BLANK = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SDK test</title></head>' + '<body><div id="inline-3ds"></div></body></html>';

/**
 * A fresh context on a blank page at `${base}/blank.html`. `routes` maps a
 * URL glob to a playwright route handler, installed before the page loads;
 * `csp` is the page's Content-Security-Policy, if any.
 */
export async function blankPage(browser, base, routes = {}, csp = "") {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("pageerror", e.message));
  const headers = csp ? { "content-security-policy": csp } : {};
  await page.route(base + "/blank.html", (route) => route.fulfill({ contentType: "text/html", headers, body: BLANK }));
  for (const [glob, handler] of Object.entries(routes)) await page.route(glob, handler);
  await page.goto(base + "/blank.html");
  await page.evaluate(installKit);
  return page;
}

// Runs in the page: window.kit = { sdk(), token(), client(), nonce(number), grab(promise) }.
function installKit() {
  const sandboxUrl = location.origin + "/sandbox";
  window.kit = {
    sdk: () => import("/web/3.130.0/js/index.js"),
    sandboxUrl,
    async token() {
      const res = await fetch(sandboxUrl + "/gateway/client_token", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ customerId: "customer01" }),
      });
      return (await res.json()).clientToken;
    },
    async client(authorization) {
      const sdk = await window.kit.sdk();
      return sdk.client.create({ authorization: authorization || (await window.kit.token()), sandboxUrl });
    },
    async nonce(client, number) {
      const res = await client.request({
        endpoint: "payment_methods/credit_cards",
        method: "post",
        data: { creditCard: { number, expirationDate: "12/30", cvv: "123" } },
      });
      return { nonce: res.creditCards[0].nonce, bin: number.slice(0, 6) };
    },
    /** An error as plain data (or 'ok'). */
    grab(promise) {
      return promise.then(
        () => "ok",
        (e) => ({ name: e.name, type: e.type, code: e.code, message: e.message, details: e.details }),
      );
    },
  };
}

/** Rewrites the gateway configuration the client fetches with `edit(config)`. */
export function editConfiguration(edit) {
  return async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    edit(config);
    await route.fulfill({ response, json: config });
  };
}
