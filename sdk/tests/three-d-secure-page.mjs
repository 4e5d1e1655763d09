// Helpers of the 3-D Secure tests: a bare merchant page on the sandbox's
// origin where the SDK has not been loaded yet (so a test's first SDK call is
// the page's first), and in-page helpers a merchant integration would have:
// a client token, a client, and a card nonce from the client API.

const BLANK = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure test</title></head>' +
  '<body><div id="inline-3ds"></div></body></html>';

/**
 * A fresh context on a blank page at `${base}/tds-test.html`. `routes` maps a
 * URL glob to a playwright route handler, installed before the page loads;
 * `csp` is the page's Content-Security-Policy, if any.
 */
export async function blankPage(browser, base, routes = {}, csp = '') {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  const headers = csp ? { 'content-security-policy': csp } : {};
  await page.route(base + '/tds-test.html', (route) => route.fulfill({ contentType: 'text/html', headers, body: BLANK }));
  for (const [glob, handler] of Object.entries(routes)) await page.route(glob, handler);
  await page.goto(base + '/tds-test.html');
  await page.evaluate(installKit);
  return page;
}

// Runs in the page: window.kit = { sdk(), token(), client(), nonce(number), grab(promise) }.
function installKit() {
  const sandboxUrl = location.origin + '/sandbox';
  window.kit = {
    sdk: () => import('/web/3.130.0/js/index.js'),
    sandboxUrl,
    async token() {
      const res = await fetch(sandboxUrl + '/gateway/client_token', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ customerId: 'customer01' })
      });
      return (await res.json()).clientToken;
    },
    async client(authorization) {
      const sdk = await window.kit.sdk();
      return sdk.client.create({ authorization: authorization || await window.kit.token(), sandboxUrl });
    },
    async nonce(client, number) {
      const res = await client.request({
        endpoint: 'payment_methods/credit_cards',
        method: 'post',
        data: { creditCard: { number, expirationDate: '12/30', cvv: '123' } }
      });
      return { nonce: res.creditCards[0].nonce, bin: number.slice(0, 6) };
    },
    /** An error as plain data (or 'ok'). */
    grab(promise) {
      return promise.then(() => 'ok', (e) => ({ name: e.name, type: e.type, code: e.code, message: e.message, details: e.details }));
    }
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
