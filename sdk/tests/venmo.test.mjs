// Venmo in headless Chromium against the sandbox: create's checks and that
// it always settles, browser support (answered at once, before any module
// loads), the desktop QR code (read from a screenshot with jsQR and opened
// as the customer's phone would; its alert texts, the customer's phone moved
// through the sandbox's control route), desktop web login in a real popup
// over its backdrop, the mobile app switch (the sandbox's app stand-in opened
// as a real window, or navigated to and back), manual-return polling, the
// context refresh, with the browser clock controlled.
// `t` in the functions evaluated in the page is the kit the page defines (KIT below).
/* global t */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { useSandbox, sandbox, browser, editConfiguration, failNext, until } from "./harness.mjs";

const JSQR = createRequire(import.meta.url).resolve("jsqr/dist/jsQR.js");

useSandbox();

const IOS_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const SAMSUNG = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36";
const IOS = { userAgent: IOS_SAFARI, isMobile: true, hasTouch: true };
const ANDROID = { userAgent: ANDROID_CHROME, isMobile: true, hasTouch: true };

const BLANK = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body></body></html>';

/**
 * A merchant page (`/shop.html` on the sandbox's origin) in a new context of
 * `contextOptions`, with window.t = { sdk, create(options), run(promise), grab(promise) }.
 * `clock`: the page's clock is installed and paused (time only moves when
 * the test says).
 */
async function shop({ contextOptions = {}, routes = {}, clock = false } = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("pageerror", e.message));
  await context.route(sandbox.url + "/shop.html", (route) => route.fulfill({ contentType: "text/html", body: BLANK }));
  for (const [glob, handler] of Object.entries(routes)) await page.route(glob, handler);
  if (clock) await page.clock.install();
  await page.goto(sandbox.url + "/shop.html");
  await page.addScriptTag({ content: KIT });
  if (clock) await pause(page);
  return page;
}

const KIT = `window.t = {
  sdk: () => import('/web/3.130.0/js/index.js'),
  async create(options) {
    const sdk = await window.t.sdk();
    return sdk.venmo.create(Object.assign({ authorization: 'sandbox_shop_merchant01', sandboxUrl: location.origin + '/sandbox' }, options));
  },
  run(promise) {
    window.run = null;
    window.t.grab(promise).then((r) => {
      window.run = r;
    });
  },
  grab(promise) {
    return promise.then((v) => ({ ok: v }), (e) => ({ name: e.name, type: e.type, code: e.code, message: e.message, details: e.details && JSON.parse(JSON.stringify(e.details, (k, v) => (v instanceof Error ? { type: v.type, code: v.code, message: v.message, details: v.details } : v))) }));
  }
};`;

/** Moves the newest (or the given) payment context, as the customer's phone would. */
async function move(status, id) {
  const res = await fetch(sandbox.url + "/sandbox/__control/venmo", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ status, id }),
  });
  assert.equal(res.status, 200);
  return res.json();
}
const newest = async (id) => (await fetch(sandbox.url + "/sandbox/__control/venmo" + (id ? "?id=" + id : ""))).json();

/** Stops the page clock's natural flow: from here only the test moves time. */
const pause = async (page) => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

/** Starts window.venmo's tokenization (its outcome in window.run); the window it opens (the app, or the web login). */
async function tokenizeInApp(page, options) {
  const [opened] = await Promise.all([page.context().waitForEvent("page"), page.evaluate((o) => t.run(window.venmo.tokenize(o)), options)]);
  return opened;
}

/** Whether the tokenization (or create) the page started has settled; its result. */
const settled = () => window.run !== null;
const outcome = (page) => page.evaluate(() => window.run);

/**
 * Whether `check` holds within a moment of real time: what a clock step set
 * off (a request to the sandbox) answers in real time, before the next step.
 */
const answered = (check) => until(check, "", { timeout: 60 }).catch(() => false);

/**
 * That every request the page has made so far has been seen: a request of
 * its own, sent after them, reaches the page's request events after theirs.
 */
async function requestsSeen(page) {
  const barrier = page.waitForRequest((r) => r.url().endsWith("/__requests-seen"));
  await page.evaluate(() => fetch("/__requests-seen").catch(() => {}));
  await barrier;
}

/** Runs the page clock in steps until `check()` (in the page) is truthy. */
async function runUntil(page, check, arg, { step = 250, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(check, arg)) return;
    await page.clock.runFor(step);
    if (await answered(() => page.evaluate(check, arg))) return;
  }
  assert.fail("condition not reached: " + check + " (run: " + JSON.stringify(await page.evaluate(() => window.run)) + ")");
}

/** The QR frame's alert region (what screen readers announce). */
const alertText = (page) => page.frame({ name: "venmo-desktop-iframe" }).evaluate(() => document.querySelector("[role=alert]").textContent);
/** Runs the clock until the QR frame announces `text`. */
const announced = (page, text, step = 1000) => runUntilAsync(page, async () => (await alertText(page)) === text, step);

async function runUntilAsync(page, check, step) {
  for (let i = 0; i < 40; i++) {
    if (await check()) return;
    await page.clock.runFor(step);
    if (await answered(check)) return;
  }
  assert.fail("not announced; the alert says: " + (await alertText(page)));
}

test("create: the reference's checks in order, then Venmo must be enabled", async () => {
  const page = await shop({
    routes: {
      "**/client_api/v1/configuration*": editConfiguration((c) => {
        delete c.payWithVenmo;
      }),
    },
  });
  const out = await page.evaluate(async () => {
    const sdk = await t.sdk();
    return {
      noClient: await t.grab(sdk.venmo.create({})),
      profile: await t.grab(t.create({ profileId: 12 })),
      deepLink: await t.grab(t.create({ profileId: "p1", deepLinkReturnUrl: {} })),
      disabled: await t.grab(t.create({})),
    };
  });
  assert.equal(out.noClient.message, "options.client is required when instantiating Venmo.");
  assert.deepEqual([out.profile.type, out.profile.code, out.profile.message], ["MERCHANT", "VENMO_INVALID_PROFILE_ID", "Venmo profile ID is invalid."]);
  assert.deepEqual([out.deepLink.code, out.deepLink.message], ["VENMO_INVALID_DEEP_LINK_RETURN_URL", "Venmo deep link return URL is invalid."]);
  assert.deepEqual([out.disabled.type, out.disabled.code, out.disabled.message], ["MERCHANT", "VENMO_NOT_ENABLED", "Venmo is not enabled for this merchant."]);
  await page.context().close();
});

/**
 * Creates Venmo with `options` in the page: whether create resolved, then
 * two tokenizations' outcomes (a page that set up its button at load, then
 * a shopper trying twice).
 */
const createThenTokenize = (page, options) =>
  page.evaluate(async (o) => {
    const created = await t.grab(t.create(o));
    if (!created.ok) return { created };
    return { created: "ok", first: await t.grab(created.ok.tokenize()), second: await t.grab(created.ok.tokenize()) };
  }, options);

test("create resolves when the payment context cannot be set up (ECD disabled, a validation error, the network): tokenize reports it", async () => {
  const page = await shop({
    contextOptions: ANDROID,
    routes: {
      "**/client_api/v1/configuration*": editConfiguration((c) => {
        c.payWithVenmo.enrichedCustomerDataEnabled = false;
      }),
    },
  });
  // As the reference: the button built at page load survives, the error is the payment's.
  const ecd = await createThenTokenize(page, { paymentMethodUsage: "single_use", collectCustomerBillingAddress: true });
  assert.equal(ecd.created, "ok", JSON.stringify(ecd.created));
  assert.deepEqual(
    [ecd.first.type, ecd.first.code, ecd.first.message],
    ["NETWORK", "VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED", "Something went wrong creating the Venmo Payment Context."],
  );
  assert.equal(ecd.first.details.originalError.code, "ECD_DISABLED");
  assert.equal(
    ecd.first.details.originalError.message,
    "Cannot collect customer data when ECD is disabled. Enable this feature in the Control Panel to collect this data.",
  );
  assert.equal(ecd.second.code, "VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED", "every try says why");
  const shipping = await createThenTokenize(page, { paymentMethodUsage: "multi_use", collectCustomerShippingAddress: true, requireManualReturn: true });
  assert.equal(shipping.created, "ok");
  assert.equal(shipping.first.details.originalError.code, "ECD_DISABLED");
  // The sibling check of the same pattern: the context's own validation.
  const invalid = await createThenTokenize(page, { paymentMethodUsage: "sometimes" });
  assert.equal(invalid.created, "ok");
  assert.equal(invalid.first.code, "VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED");
  assert.equal(invalid.first.message, "paymentMethodUsage must be SINGLE_USE or MULTI_USE");
  await failNext("/graphql", { status: 500 });
  const network = await createThenTokenize(page, { paymentMethodUsage: "single_use" });
  assert.equal(network.created, "ok");
  assert.equal(network.first.code, "VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED");
  assert.equal(network.first.message, "Something went wrong creating the Venmo Payment Context.");
  await page.context().close();
});

// The reference's browser detection over user agents (supports-venmo.js):
// [user agent, touch events, expected with the defaults, with
// allowNewBrowserTab false, with allowWebviews false, with allowDesktop].
const IOS_CHROME =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1";
const SUPPORT = [
  [IOS_SAFARI, false, true, true, true, true],
  [IOS_CHROME, false, true, false, true, true],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/120.0 Mobile/15E148 Safari/605.1.15",
    false,
    true,
    false,
    true,
    true,
  ],
  ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148", false, true, true, false, true],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/300.0.598994205 Mobile/15E148 Safari/604.1",
    false,
    true,
    true,
    false,
    true,
  ],
  // Facebook's iOS browser is only not a Safari (and, without Safari, a webview).
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0]",
    false,
    true,
    false,
    false,
    true,
  ],
  [ANDROID_CHROME, false, true, true, true, true],
  [
    "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36",
    false,
    true,
    true,
    false,
    true,
  ],
  ["Mozilla/5.0 (Android 13; Mobile; rv:120.0) Gecko/120.0 Firefox/120.0", false, true, false, true, true],
  [
    "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0 Edg/120.0",
    false,
    true,
    false,
    true,
    true,
  ],
  [
    "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/440.0.0.0;]",
    false,
    false,
    false,
    false,
    false,
  ],
  [
    "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Instagram 300.0.0.0",
    false,
    false,
    false,
    false,
    false,
  ],
  ["Mozilla/5.0 (Linux; HUAWEI P30) AppleWebKit/537.36 (KHTML, like Gecko) [FBAN/EMA;FBLC/en_US]", false, false, false, false, false],
  [SAMSUNG, false, false, false, false, false],
  ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36", false, false, false, false, true],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15", false, false, false, false, true],
  // An iPad asking for the desktop site: a Mac with touch events.
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15", true, true, true, true, true],
];

test("isBrowserSupported answers at once, rightly, on the first call as the page loads: no module needed", async () => {
  // No wasm module can load at all: the answer must not need one.
  const wasm = [];
  const page = await shop({
    routes: {
      "**/*.wasm": (route) => {
        wasm.push(route.request().url());
        return route.abort();
      },
    },
  });
  const got = await page.evaluate(async (table) => {
    const sdk = await t.sdk();
    const v = sdk.venmo;
    const first = [
      v.isBrowserSupported(),
      v.isBrowserSupported({ allowDesktop: true }),
      v.isBrowserSupported({ allowDesktopWebLogin: true }),
      v.isBrowserSupported({ allowDesktop: 1 }),
    ];
    const rows = table.map(([ua, touch]) => {
      Object.defineProperty(navigator, "userAgent", { value: ua, configurable: true });
      if (touch) document.ontouchend = null;
      const row = [
        v.isBrowserSupported(),
        v.isBrowserSupported({ allowNewBrowserTab: false }),
        v.isBrowserSupported({ allowWebviews: false }),
        v.isBrowserSupported({ allowDesktop: true }),
      ];
      delete document.ontouchend;
      return row;
    });
    // The reference reads an option given as undefined as given.
    Object.defineProperty(navigator, "userAgent", { value: table[2][0], configurable: true });
    const undefinedTab = v.isBrowserSupported({ allowNewBrowserTab: undefined });
    // In a frame, iOS Chrome needs what it cannot have there.
    const frame = document.createElement("iframe");
    frame.src = "/shop.html";
    document.body.append(frame);
    await new Promise((r) => frame.addEventListener("load", r));
    const inner = await frame.contentWindow.eval("import('/web/3.130.0/js/index.js')");
    Object.defineProperty(frame.contentWindow.navigator, "userAgent", { value: table[1][0], configurable: true });
    return { first, rows, undefinedTab, framed: [inner.venmo.isBrowserSupported()] };
  }, SUPPORT);
  assert.deepEqual(got.first, [false, true, true, false]);
  got.rows.forEach((row, i) => assert.deepEqual(row, SUPPORT[i].slice(2), SUPPORT[i][0] + (SUPPORT[i][1] ? " (touch)" : "")));
  assert.equal(got.undefinedTab, false);
  assert.deepEqual(got.framed, [false]);
  assert.deepEqual(wasm, [], "no module was requested");
  await page.context().close();
});

test("isBrowserSupported in real mobile browsers, and the instance's with its create options", async () => {
  for (const [options, expected] of [
    [IOS, [true, true, true]],
    [ANDROID, [true, true, true]],
    [{ userAgent: SAMSUNG, isMobile: true, hasTouch: true }, [false, false, false]],
  ]) {
    const page = await shop({ contextOptions: options });
    const got = await page.evaluate(async () => {
      const v = (await t.sdk()).venmo;
      return [v.isBrowserSupported(), v.isBrowserSupported({ allowNewBrowserTab: false }), v.isBrowserSupported({ allowWebviews: false })];
    });
    assert.deepEqual(got, expected, options.userAgent);
    await page.context().close();
  }
  const desktop = await shop();
  assert.deepEqual(
    await desktop.evaluate(async () => [
      (await t.create({ allowDesktop: true })).isBrowserSupported(),
      (await t.create({ allowDesktopWebLogin: true })).isBrowserSupported(),
      (await t.create({})).isBrowserSupported(),
    ]),
    [true, true, false],
  );
  await desktop.context().close();
  const ios = await shop({ contextOptions: { ...IOS, userAgent: IOS_CHROME } });
  assert.deepEqual(
    await ios.evaluate(async () => [(await t.create({})).isBrowserSupported(), (await t.create({ allowNewBrowserTab: false })).isBrowserSupported()]),
    [true, false],
  );
  await ios.context().close();
});

const NO_ECD = {
  "**/client_api/v1/configuration*": editConfiguration((c) => {
    c.payWithVenmo.enrichedCustomerDataEnabled = false;
  }),
};

test("desktop (QR code) asking for addresses without Enriched Customer Data: create resolves, tokenize rejects with ECD_DISABLED", async () => {
  const page = await shop({ routes: NO_ECD });
  const out = await page.evaluate(async () => {
    const sdk = await t.sdk();
    const client = await sdk.client.create({ authorization: "sandbox_shop_merchant01", sandboxUrl: location.origin + "/sandbox" });
    const create = (o) => t.grab(sdk.venmo.create(Object.assign({ client, allowDesktop: true }, o)));
    const tokenize = async (o) => {
      const created = await create(o);
      if (!created.ok) return { created };
      return { created: "ok", first: await t.grab(created.ok.tokenize()), second: await t.grab(created.ok.tokenize()) };
    };
    return {
      billing: await tokenize({ collectCustomerBillingAddress: true, paymentMethodUsage: "single_use" }),
      shipping: await tokenize({ collectCustomerShippingAddress: true, paymentMethodUsage: "multi_use" }),
      shown: [...document.querySelectorAll('iframe[name="venmo-desktop-iframe"]')].filter((f) => f.style.display !== "none").length,
      // Without addresses, or with the legacy context (which collects none), it is not needed.
      none: await create({ paymentMethodUsage: "single_use" }),
      legacy: await create({ collectCustomerBillingAddress: true }),
    };
  });
  assert.equal(out.billing.created, "ok", JSON.stringify(out.billing.created));
  assert.deepEqual(
    [out.billing.first.type, out.billing.first.code, out.billing.first.message],
    ["MERCHANT", "ECD_DISABLED", "Cannot collect customer data when ECD is disabled. Enable this feature in the Control Panel to collect this data."],
  );
  assert.equal(out.billing.second.code, "ECD_DISABLED");
  assert.equal(out.shipping.created, "ok");
  assert.equal(out.shipping.first.code, "ECD_DISABLED");
  assert.equal(out.shown, 0, "no QR code shown for a payment that cannot start");
  assert.ok("ok" in out.none && "ok" in out.legacy);
  await page.context().close();
});

test("create settles when the QR frame cannot say it is ready: loaded without its script, or never loaded", async () => {
  // A page in the frame's place (an error page, or one a policy blocked).
  let page = await shop({
    clock: true,
    routes: {
      "**/html/venmo-desktop-frame.html*": (route) => route.fulfill({ status: 404, contentType: "text/html", body: "<!doctype html><title>Not found</title>" }),
    },
  });
  await page.evaluate(() => {
    t.run(t.create({ allowDesktop: true }));
  });
  await page.waitForFunction(() => document.querySelector('iframe[name="venmo-desktop-iframe"]'));
  let frame;
  frame = await until(() => {
    const f = page.frame({ name: "venmo-desktop-iframe" });
    return f && f.url().includes("venmo-desktop-frame") && f;
  }, "the QR frame's page");
  await frame.waitForLoadState("load");
  await page.clock.runFor(900);
  assert.equal(await page.evaluate(settled), false, "the frame has a second after its load to say it is ready");
  await runUntil(page, settled, null, { step: 100 });
  let run = await outcome(page);
  assert.ok("ok" in run, JSON.stringify(run));
  assert.equal(await page.evaluate(() => document.querySelectorAll('iframe[name="venmo-desktop-iframe"]').length), 0, "the broken frame is gone");
  await page.context().close();
  // A frame that never loads: given up after ten seconds.
  page = await shop({ clock: true, routes: { "**/html/venmo-desktop-frame.html*": () => {} } });
  await page.evaluate(() => {
    t.run(t.create({ allowDesktop: true, paymentMethodUsage: "single_use" }));
  });
  await page.waitForFunction(() => document.querySelector('iframe[name="venmo-desktop-iframe"]'));
  await page.clock.runFor(9_000);
  assert.equal(await page.evaluate(settled), false);
  await runUntil(page, settled, null, { step: 500 });
  run = await outcome(page);
  assert.ok("ok" in run, JSON.stringify(run));
  await page.context().close();
});

test("create rejects, never hangs, when its module or the authorization fails; settles without its payment context", async () => {
  let page = await shop({ routes: { "**/payment_sdk_apm_bg.wasm": (route) => route.abort() } });
  let out = await page.evaluate(() => t.grab(t.create({ allowDesktop: true })));
  assert.deepEqual([out.code, out.message], ["CLIENT_SCRIPT_FAILED_TO_LOAD", "Braintree client script could not be loaded."]);
  await page.context().close();
  page = await shop({ contextOptions: ANDROID });
  out = await page.evaluate(() => t.grab(t.create({ authorization: "not-an-authorization" })));
  assert.equal(out.code, "CLIENT_INVALID_AUTHORIZATION");
  // The payment context's request closed with no answer at all (the client
  // tries once more, and Chromium may retry on a reused connection: enough
  // for all, the rest forgotten after).
  await fetch(sandbox.url + "/sandbox/__control/fail-next", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ pathPrefix: "/graphql", drop: true, times: 4 }),
  });
  out = await createThenTokenize(page, { paymentMethodUsage: "single_use" });
  await fetch(sandbox.url + "/sandbox/__control/reset", { method: "POST" });
  // The reference's create settles without the context; its tokenize says why.
  assert.equal(out.created, "ok");
  assert.deepEqual(
    [out.first.code, out.first.message],
    ["VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED", "Something went wrong creating the Venmo Payment Context."],
  );
  assert.equal(out.first.details.originalError.code, "CLIENT_GATEWAY_NETWORK");
  await page.context().close();
});

/** Starts tokenize in the page (window.run holds its settled result). */
const startTokenize = (page, createOptions, tokenizeOptions) =>
  page.evaluate(
    async ([c, o]) => {
      window.venmo = await t.create(c);
      t.run(window.venmo.tokenize(o));
    },
    [createOptions, tokenizeOptions],
  );

test("desktop QR code: generating, scan, authorize on the phone, then the nonce after the completion delay", async () => {
  const page = await shop({ clock: true });
  let release;
  const gate = new Promise((r) => {
    release = r;
  });
  await page.route("**/sandbox/graphql", async (route) => {
    if (route.request().postData().includes("createVenmo")) await gate;
    await route.continue();
  });
  await startTokenize(page, { allowDesktop: true, paymentMethodUsage: "multi_use" });
  const frame = page.frameLocator('iframe[name="venmo-desktop-iframe"]');
  assert.equal(await page.evaluate(() => document.querySelector('iframe[name="venmo-desktop-iframe"]').style.display), "block");
  await announced(page, "Generating a QR code, get your Venmo app ready", 0);
  release();
  await announced(page, "To scan the QR code, open your Venmo app");
  const ctx = await newest();
  assert.equal(ctx.input.customerClient, "DESKTOP");
  assert.equal(ctx.input.intent, "PAY_FROM_APP");
  assert.equal(await frame.locator("#context").textContent(), ctx.id);
  await move("SCANNED");
  await announced(page, "Authorize on your Venmo app");
  await move("APPROVED");
  await announced(page, "Venmo account authorized");
  assert.equal(await page.evaluate(settled), false);
  await page.clock.runFor(1900);
  assert.equal(await page.evaluate(settled), false, "the completion waits 2000 ms");
  await runUntil(page, settled, null, { step: 100 });
  const run = await outcome(page);
  assert.match(run.ok.nonce, /^tokenvenmo_/);
  assert.equal(run.ok.type, "VenmoAccount");
  assert.equal(run.ok.details.username, "@venmojoe");
  assert.equal(run.ok.details.paymentContextId, ctx.id);
  assert.equal(run.ok.details.payerInfo.userName, "@venmojoe");
  assert.equal(await page.evaluate(() => document.querySelector('iframe[name="venmo-desktop-iframe"]').style.display), "none");
  await announced(page, "", 0);
  await page.context().close();
});

/**
 * What a phone's camera would read: a screenshot of the QR frame's code,
 * decoded by jsQR in a page of its own. Null when there is no code to read.
 */
async function scan(page) {
  const png = await page.frameLocator('iframe[name="venmo-desktop-iframe"]').locator("#qr svg").screenshot();
  const reader = await browser.newPage();
  await reader.addScriptTag({ path: JSQR });
  const text = await reader.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const canvas = Object.assign(document.createElement("canvas"), { width: img.width, height: img.height });
    const g = canvas.getContext("2d");
    g.drawImage(img, 0, 0);
    const { data, width, height } = g.getImageData(0, 0, img.width, img.height);
    const code = (window.jsQR.default || window.jsQR)(data, width, height);
    return code && code.data;
  }, png.toString("base64"));
  await reader.close();
  return text;
}

/** The Venmo URL the reference's desktop code holds, on the sandbox's stand-in (sandbox mode). */
const purchaseUrl = (id, merchantId) =>
  sandbox.url + "/sandbox/venmo/go/purchase?facilitator=BT&intent=Continue&resource_id=" + id + "&merchant_id=" + merchantId + "&environment=SANDBOX";

test("desktop QR code: a real code of the payment context's Venmo URL, which the phone opens and approves", async () => {
  const page = await shop();
  await startTokenize(page, { allowDesktop: true, paymentMethodUsage: "single_use" });
  const frame = page.frameLocator('iframe[name="venmo-desktop-iframe"]');
  await frame.locator("#qr svg").waitFor();
  const ctx = await newest();
  const url = await scan(page);
  assert.equal(url, purchaseUrl(ctx.id, "venmo-merchant01"));
  assert.equal(await frame.locator("#qr svg").getAttribute("aria-label"), "QR code");
  // The customer's phone opens what it scanned and approves there.
  const phone = await page.context().newPage();
  await phone.goto(url);
  await phone.locator("#approve").click();
  await phone.locator("text=Done: return to the business to finish.").waitFor();
  await page.waitForFunction(() => window.run !== null, null, { timeout: 10000 });
  const run = await outcome(page);
  assert.match(run.ok.nonce, /^tokenvenmo_/);
  assert.equal(run.ok.details.paymentContextId, ctx.id);
  // The legacy context's code; a profile id is the merchant.
  await page.evaluate(() => window.venmo.teardown());
  await startTokenize(page, { allowDesktop: true, profileId: "profile-7" });
  await frame.locator("#qr svg").waitFor();
  const legacy = await newest();
  assert.notEqual(legacy.id, ctx.id);
  assert.equal(await scan(page), purchaseUrl(legacy.id, "profile-7"));
  // An error view shows no code to scan.
  await move("CANCELED");
  await frame.locator("#new-qr").waitFor();
  assert.equal(await frame.locator("#code").isHidden(), true);
  await page.context().close();
});

test("desktop QR code: the legacy context, the customer canceling in the view, and each error view", async () => {
  const page = await shop({ clock: true });
  await startTokenize(page, { allowDesktop: true });
  await announced(page, "To scan the QR code, open your Venmo app");
  const ctx = await newest();
  assert.deepEqual(ctx.input, { environment: "SANDBOX", intent: "PAY_FROM_APP" });
  await move("CANCELED");
  await announced(page, "The authorization was canceled");
  const frame = page.frameLocator('iframe[name="venmo-desktop-iframe"]');
  await frame.locator("#new-qr").click();
  await announced(page, "To scan the QR code, open your Venmo app");
  const second = await newest();
  assert.notEqual(second.id, ctx.id);
  await move("FAILED");
  await announced(page, "Something went wrong");
  await frame.locator("#cancel").click();
  await runUntil(page, settled);
  const run = await outcome(page);
  assert.deepEqual(
    [run.type, run.code, run.message],
    ["CUSTOMER", "VENMO_DESKTOP_CANCELED", "User canceled Venmo authorization by closing the Venmo Desktop modal."],
  );
  // The next tokenization starts a new QR code; it expires with the context.
  await page.evaluate(() => {
    t.run(window.venmo.tokenize());
  });
  await announced(page, "To scan the QR code, open your Venmo app");
  const third = await newest();
  // Time passes without the timers firing (in-flight requests keep their timeouts).
  await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 300_000);
  await announced(page, "Something went wrong");
  const expired = await (await fetch(sandbox.url + "/sandbox/__control/venmo")).json();
  assert.equal(expired.id, third.id);
  assert.equal(expired.status, "EXPIRED");
  // The merchant cancels: the context is canceled too.
  const cancel = await page.evaluate(() => t.grab(window.venmo.cancelTokenization()));
  assert.ok("ok" in cancel);
  await runUntil(page, settled);
  assert.equal((await outcome(page)).code, "VENMO_TOKENIZATION_CANCELED_BY_MERCHANT");
  assert.equal((await newest()).status, "CANCELED");
  await page.context().close();
});

test("desktop QR code: a failing context request is an unknown error", async () => {
  const page = await shop({ clock: true });
  await page.evaluate(async () => {
    window.venmo = await t.create({ allowDesktop: true });
  });
  await failNext("/graphql", { status: 500 });
  await page.evaluate(() => {
    t.run(window.venmo.tokenize());
  });
  await runUntil(page, settled);
  const run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ["UNKNOWN", "VENMO_DESKTOP_UNKNOWN_ERROR", "Something went wrong with the Venmo Desktop flow."]);
  await page.context().close();
});

/** Starts tokenize and resolves the window it opens (a real popup or tab). */
async function tokenizeInWindow(page, createOptions, tokenizeOptions) {
  await page.evaluate(async (c) => {
    window.venmo = await t.create(c);
  }, createOptions);
  const win = await tokenizeInApp(page, tokenizeOptions);
  await win.waitForURL(/\/sandbox\/venmo\//);
  await win.waitForLoadState();
  return win;
}

const WEB_LOGIN = {
  allowDesktopWebLogin: true,
  paymentMethodUsage: "single_use",
  collectCustomerShippingAddress: true,
  totalAmount: "10.00",
  lineItems: [{ name: "Scarf", kind: "debit", quantity: 1, unitAmount: "10.00" }],
};

test("desktop web login: a 400x570 popup over the backdrop, approved in Venmo", async () => {
  const page = await shop();
  const win = await tokenizeInWindow(page, WEB_LOGIN);
  const ctx = await newest();
  assert.equal(ctx.input.customerClient, "NATIVE_WEB");
  assert.equal(ctx.input.paymentMethodUsage, "SINGLE_USE");
  assert.equal(ctx.input.paysheetDetails.transactionDetails.lineItems[0].unitTaxAmount, "0");
  const url = new URL(win.url());
  assert.equal(url.pathname, "/sandbox/venmo/go/web");
  assert.equal(url.searchParams.get("resource_id"), ctx.id);
  assert.match(url.searchParams.get("x-success"), /\/web\/3\.130\.0\/html\/venmo-landing-frame\.html\?channel=.*#venmoSuccess=1$/);
  assert.deepEqual(await win.evaluate(() => [window.outerWidth, window.outerHeight]).then(([w, h]) => [w <= 400 + 20, h <= 570 + 120]), [true, true]);
  const backdrop = page.locator("#venmo-desktop-web-backdrop");
  assert.equal(await backdrop.isVisible(), true);
  assert.equal(await page.locator("#venmo-message").textContent(), "What would you like to do?");
  assert.equal(
    await page.locator("#venmo-instructions").textContent(),
    "Tap cancel payment to cancel and return to the business. Continue payment will relaunch the payment window.",
  );
  assert.equal(await page.locator("#venmo-popup-continue-button").textContent(), "Continue payment");
  assert.equal(await page.locator("#venmo-popup-cancel-button").textContent(), "Cancel payment");
  await page.locator("#venmo-popup-continue-button").click();
  await win.locator("#approve").click();
  await page.waitForFunction(() => window.run !== null);
  const run = await outcome(page);
  assert.match(run.ok.nonce, /^tokenvenmo_/);
  assert.equal(run.ok.details.paymentContextId, ctx.id);
  assert.equal(run.ok.details.payerInfo.shippingAddress.postalCode, "94105");
  assert.equal(run.ok.details.payerInfo.billingAddress, null);
  assert.equal(await backdrop.isVisible(), false);
  assert.equal(win.isClosed(), true);
  // Each tokenization uses its context up; the next one has a new one.
  assert.notEqual((await newest()).id, ctx.id);
  await page.context().close();
});

test("desktop web login: canceled or failed in Venmo, the popup closed, the backdrop's cancel", async () => {
  const page = await shop();
  let win = await tokenizeInWindow(page, WEB_LOGIN);
  await win.locator("#cancel").click();
  await page.waitForFunction(() => window.run !== null);
  let run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ["CUSTOMER", "VENMO_CUSTOMER_CANCELED", "User canceled Venmo authorization."]);

  win = await tokenizeInApp(page);
  await win.locator("#error").click();
  await page.waitForFunction(() => window.run !== null);
  run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ["UNKNOWN", "VENMO_TOKENIZATION_FAILED", "Venmo encountered a problem"]);

  win = await tokenizeInApp(page);
  await win.close();
  await page.waitForFunction(() => window.run !== null);
  run = await outcome(page);
  assert.deepEqual([run.code, run.message], ["FRAME_SERVICE_FRAME_CLOSED", "Frame closed before tokenization could occur."]);

  win = await tokenizeInApp(page);
  const ctx = await newest();
  await page.locator("#venmo-popup-cancel-button").click();
  await page.waitForFunction(() => window.run !== null);
  run = await outcome(page);
  assert.deepEqual(
    [run.type, run.code, run.message],
    ["MERCHANT", "VENMO_TOKENIZATION_CANCELED_BY_MERCHANT", "The Venmo tokenization was canceled by the merchant."],
  );
  assert.equal(win.isClosed(), true);
  assert.equal(await page.locator("#venmo-desktop-web-backdrop").isVisible(), false);
  assert.equal((await newest(ctx.id)).status, "CANCELED");
  await page.context().close();
});

test("mobile app switch (iOS Safari, no paymentMethodUsage): the app returns by hash with the nonce, canceled or failed", async () => {
  const page = await shop({ contextOptions: IOS });
  let app = await tokenizeInWindow(page, {});
  const url = new URL(app.url());
  assert.equal(url.pathname, "/sandbox/venmo/braintree/checkout");
  assert.equal(url.searchParams.get("x-success"), sandbox.url + "/shop.html#venmoSuccess=1");
  assert.equal(url.searchParams.get("x-cancel"), sandbox.url + "/shop.html#venmoCancel=1");
  assert.equal(url.searchParams.get("braintree_merchant_id"), "venmo-merchant01");
  assert.equal(url.searchParams.get("braintree_access_token"), "access_token$sandbox$venmo01");
  assert.equal(url.searchParams.get("braintree_environment"), "sandbox");
  assert.equal(url.searchParams.get("allowAndroidRecreation"), "1");
  assert.equal(JSON.parse(atob(url.searchParams.get("braintree_sdk_data")))._meta.version, "3.130.0");
  await app.locator("#approve").click();
  await page.waitForFunction(() => window.run !== null);
  let run = await outcome(page);
  assert.match(run.ok.nonce, /^tokenvenmo_/);
  assert.equal(run.ok.details.username, "@venmojoe");
  assert.equal(await page.evaluate(() => location.hash), "");

  app = await tokenizeInWindow(page, { profileId: "profile-7" });
  assert.equal(new URL(app.url()).searchParams.get("braintree_merchant_id"), "profile-7");
  await app.locator("#cancel").click();
  await page.waitForFunction(() => window.run !== null);
  run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ["CUSTOMER", "VENMO_APP_CANCELED", "Venmo app authorization was canceled."]);

  app = await tokenizeInWindow(page, {});
  await app.locator("#error").click();
  await page.waitForFunction(() => window.run !== null);
  run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ["UNKNOWN", "VENMO_APP_FAILED", "Venmo app encountered a problem."]);
  assert.deepEqual(run.details.originalError, { message: "Sandbox failure", code: "SANDBOX_ERROR" });
  await page.context().close();
});

test("mobile app switch: back in the page without a result is VENMO_CANCELED after the results delay", async () => {
  const page = await shop({ contextOptions: IOS, clock: true });
  const app = await tokenizeInWindow(page, {}, { processResultsDelay: 3000 });
  await page.clock.runFor(500);
  await Promise.all([app.waitForEvent("close", { timeout: 5000 }), page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")))]);
  await page.clock.runFor(2900);
  assert.equal(await page.evaluate(settled), false);
  await runUntil(page, settled, null, { step: 100 });
  const run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ["CUSTOMER", "VENMO_CANCELED", "User canceled Venmo authorization, or Venmo app is not available."]);
  // Only one tokenization at a time; nothing to cancel when none runs.
  const out = await page.evaluate(async () => {
    const first = window.venmo.tokenize();
    first.catch(() => {});
    return [await t.grab(window.venmo.tokenize()), await t.grab(window.venmo.cancelTokenization()), await t.grab(window.venmo.cancelTokenization())];
  });
  assert.deepEqual([out[0].code, out[0].message], ["VENMO_TOKENIZATION_REQUEST_ACTIVE", "Another tokenization request is active."]);
  assert.ok("ok" in out[1]);
  assert.deepEqual([out[2].code, out[2].message], ["VENMO_TOKENIZATION_REQUEST_NOT_ACTIVE", "No tokenization in progress."]);
  await page.context().close();
});

test("mobile app switch with paymentMethodUsage (Android Chrome): the context's resource_id, its status read on return", async () => {
  const page = await shop({ contextOptions: ANDROID });
  const app = await tokenizeInWindow(page, { paymentMethodUsage: "multi_use", displayName: "Couture", collectCustomerBillingAddress: true });
  const ctx = await newest();
  assert.equal(ctx.input.customerClient, "MOBILE_WEB");
  assert.equal(ctx.input.intent, "CONTINUE");
  assert.equal(ctx.input.displayName, "Couture");
  assert.equal(new URL(app.url()).searchParams.get("resource_id"), ctx.id);
  await app.locator("#approve").click();
  await page.waitForFunction(() => window.run !== null);
  const run = await outcome(page);
  assert.equal(run.ok.details.paymentContextId, ctx.id);
  assert.equal(run.ok.details.payerInfo.email, "venmojoe@example.com");
  assert.equal(run.ok.details.payerInfo.billingAddress.countryCode, "US");
  await page.context().close();
});

test("redirect return (iOS, useRedirectForIOS): the page goes to Venmo and comes back with the result", async () => {
  const page = await shop({ contextOptions: IOS });
  await Promise.all([
    page.waitForURL(/\/sandbox\/venmo\/braintree\/checkout/),
    page.evaluate(async () => {
      const v = await t.create({ useRedirectForIOS: true });
      v.tokenize().catch(() => {});
    }),
  ]);
  await Promise.all([page.waitForURL(/shop\.html#venmoSuccess=1/), page.locator("#approve").click()]);
  await page.addScriptTag({ content: KIT });
  const out = await page.evaluate(async () => {
    const v = await t.create({ useRedirectForIOS: true });
    const has = v.hasTokenizationResult();
    return { has, run: await t.grab(v.tokenize()), hash: location.hash };
  });
  assert.equal(out.has, true);
  assert.match(out.run.ok.nonce, /^tokenvenmo_/);
  assert.equal(out.hash, "");
  await page.context().close();
});

test("manual return (requireManualReturn): polling every 250 ms until approved in the app", async () => {
  const page = await shop({ contextOptions: ANDROID, clock: true });
  const app = await tokenizeInWindow(page, { requireManualReturn: true });
  const ctx = await newest();
  assert.deepEqual(ctx.input, { environment: "SANDBOX", intent: "PAY_FROM_APP" });
  const url = new URL(app.url());
  assert.equal(url.searchParams.get("x-success"), "NOOP");
  assert.equal(url.searchParams.get("braintree_access_token"), "access_token$sandbox$venmo01|pcid:" + ctx.id);
  await app.locator("#approve").click();
  await app.locator("text=Done: return to the business to finish.").waitFor();
  await runUntil(page, settled);
  const run = await outcome(page);
  assert.match(run.ok.nonce, /^tokenvenmo_/);
  assert.equal(run.ok.details.paymentContextId, ctx.id);
  await page.context().close();
});

test("manual return: closing Venmo's window, the expiry threshold, each terminal status, the network", async () => {
  const page = await shop({ contextOptions: ANDROID, clock: true });
  let app = await tokenizeInWindow(page, { requireManualReturn: true, paymentMethodUsage: "single_use" });
  let ctx = await newest();
  await page.clock.runFor(250);
  await app.close();
  await runUntil(page, settled);
  let run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ["CUSTOMER", "VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED", "The Venmo authorization was canceled"]);
  assert.equal((await newest(ctx.id)).status, "CANCELED");

  const expect = {
    EXPIRED: ["CUSTOMER", "VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED", "The Venmo authorization request is expired."],
    FAILED: ["UNKNOWN", "VENMO_MOBILE_POLLING_TOKENIZATION_FAILED", "The Venmo authorization failed."],
    CANCELED: ["CUSTOMER", "VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED", "The Venmo authorization was canceled"],
  };
  for (const [status, want] of Object.entries(expect)) {
    app = await tokenizeInApp(page);
    await move(status);
    await runUntil(page, settled);
    run = await outcome(page);
    assert.deepEqual([run.type, run.code, run.message], want, status);
    await app.close();
  }

  app = await tokenizeInApp(page);
  await page.clock.runFor(500);
  await page.clock.setSystemTime((await page.evaluate(() => Date.now())) + 300_001);
  await runUntil(page, settled);
  run = await outcome(page);
  assert.deepEqual(
    [run.type, run.code, run.message],
    ["CUSTOMER", "VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT", "Customer took too long to authorize Venmo payment."],
  );
  await app.close();

  app = await tokenizeInApp(page);
  await page.clock.runFor(500);
  await failNext("/graphql", { status: 500 });
  await runUntil(page, settled);
  run = await outcome(page);
  assert.deepEqual(
    [run.type, run.code, run.message],
    ["UNKNOWN", "VENMO_MOBILE_POLLING_TOKENIZATION_NETWORK_ERROR", "Something went wrong during mobile polling."],
  );
  assert.equal(run.details.originalError.code, "CLIENT_GATEWAY_NETWORK");
  await app.close();
  await page.context().close();
});

test("the payment context is refreshed at two thirds of its lifetime, not while tokenizing; teardown", async () => {
  const page = await shop({ contextOptions: ANDROID, clock: true });
  const creates = [];
  page.on("request", (r) => {
    if ((r.postData() || "").includes("createVenmoPaymentContext")) creates.push(r);
  });
  await page.evaluate(async () => {
    window.venmo = await t.create({ paymentMethodUsage: "single_use" });
  });
  assert.equal(creates.length, 1);
  await page.clock.runFor(199_000);
  assert.equal(creates.length, 1);
  await page.clock.runFor(1_000);
  await requestsSeen(page);
  assert.equal(creates.length, 2, "refreshed at 199,980 ms of a 300 s context");
  const app = await tokenizeInApp(page);
  await page.clock.runFor(200_000);
  await requestsSeen(page);
  assert.equal(creates.length, 2, "no refresh while tokenizing");
  await app.close();
  const out = await page.evaluate(async () => {
    await window.venmo.teardown();
    try {
      window.venmo.tokenize();
      return "no throw";
    } catch (e) {
      return [e.code, e.message];
    }
  });
  assert.deepEqual(out, ["METHOD_CALLED_AFTER_TEARDOWN", "tokenize cannot be called after teardown."]);
  await page.context().close();
});

test("desktop web login: the status check looks three times for a change, then fails (or the customer canceled if still CREATED)", async () => {
  const page = await shop();
  const looks = [];
  page.on("request", (r) => {
    if ((r.postData() || "").includes("query PaymentContext")) looks.push(r);
  });
  // Back from Venmo without a new status: three looks, then a fourth to tell a cancel.
  let win = await tokenizeInWindow(page, WEB_LOGIN);
  await win.waitForURL(/\/venmo\/go\/web/);
  await win.goto(new URL(win.url()).searchParams.get("x-success"));
  await page.waitForFunction(() => window.run !== null);
  let run = await outcome(page);
  assert.deepEqual([run.code, run.message], ["VENMO_CUSTOMER_CANCELED", "User canceled Venmo authorization."]);
  assert.equal(looks.length, 4);
  // Scanned but never approved: still a failure after three looks.
  looks.length = 0;
  win = await tokenizeInApp(page);
  await win.waitForURL(/\/venmo\/go\/web/);
  await move("SCANNED");
  await win.goto(new URL(win.url()).searchParams.get("x-success"));
  await page.waitForFunction(() => window.run !== null);
  run = await outcome(page);
  assert.deepEqual([run.type, run.code, run.message], ["UNKNOWN", "VENMO_TOKENIZATION_FAILED", "Venmo encountered a problem"]);
  assert.equal(looks.length, 4);
  await page.context().close();
});

test("a deep link return URL is where Venmo returns, even with manual return; the popup bridge opens the app", async () => {
  const page = await shop({ contextOptions: ANDROID });
  const app = await tokenizeInWindow(page, { requireManualReturn: true, deepLinkReturnUrl: "https://shop.example/return" });
  const url = new URL(app.url());
  assert.equal(url.searchParams.get("x-success"), "https://shop.example/return#venmoSuccess=1");
  assert.equal(url.searchParams.get("x-error"), "https://shop.example/return#venmoError=1");
  await page.evaluate(() => window.venmo.cancelTokenization());
  await page.waitForFunction(() => window.run !== null);
  await app.close();
  assert.equal((await outcome(page)).code, "VENMO_TOKENIZATION_CANCELED_BY_MERCHANT");
  const opened = await page.evaluate(async () => {
    const urls = [];
    let opened;
    const open = new Promise((r) => (opened = r));
    window.popupBridge = { open: (u) => opened(urls.push(u)), getReturnUrlPrefix: () => "shop://popupbridge/" };
    const v = await t.create({ deepLinkReturnUrl: "shop://venmo/return" });
    v.tokenize().catch(() => {});
    await Promise.race([open, new Promise((r) => setTimeout(r, 5000))]);
    await v.cancelTokenization();
    return urls;
  });
  assert.equal(opened.length, 1);
  assert.equal(new URL(opened[0]).searchParams.get("x-cancel"), "shop://venmo/return#venmoCancel=1");
  await page.context().close();
});
