// usBankAccount against the sandbox in headless Chromium: creation and
// NOT_ENABLED, tokenize's option checks in the reference's order, bank
// details to a nonce (the request's shape, upper-cased account type, billing
// address mapping), each failure status, and the bank login through the
// configured stand-in script: success, exit, one login at a time, the
// script failing to load, the production environment, teardown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, blankPage, editConfiguration, merchantPage, result, failNext } from "./harness.mjs";

useSandbox();

const CONFIG = "**/client_api/v1/configuration*";
const MANDATE = "I authorize Braintree to debit my bank account on behalf of Couture.";
const ADDRESS = { streetAddress: "1 Main St", extendedAddress: "Apt 2", locality: "Oakland", region: "CA", postalCode: "94607" };
const DETAILS = {
  routingNumber: "307075259",
  accountNumber: "999999999",
  accountType: "checking",
  ownershipType: "personal",
  firstName: "Ada",
  lastName: "Lovelace",
  billingAddress: ADDRESS,
};
const LOGIN = { displayName: "Couture", ownershipType: "business", businessName: "Couture LLC", billingAddress: ADDRESS };

/** A blank page with `window.usb` and the GraphQL bodies it sends; `routes` as blankPage's. */
async function bankPage(routes) {
  const page = await blankPage(browser, sandbox.url, routes);
  const bodies = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/graphql")) bodies.push(req.postDataJSON());
  });
  await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    window.usb = await sdk.usBankAccount.create({ client: await window.kit.client() });
  });
  return { page, bodies };
}

const tokenize = (page, options) =>
  page
    .evaluate(
      (o) =>
        window.kit.grab(
          window.usb.tokenize(o).then((p) => {
            window.payload = p;
          }),
        ),
      options,
    )
    .then(async (r) => (r === "ok" ? page.evaluate(() => window.payload) : r));

test("create: the client check, then NOT_ENABLED without usBankAccount in the configuration", async () => {
  const page = await blankPage(browser, sandbox.url, {
    [CONFIG]: editConfiguration((c) => {
      delete c.usBankAccount;
    }),
  });
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    return {
      none: await window.kit.grab(sdk.usBankAccount.create({})),
      disabled: await window.kit.grab(sdk.usBankAccount.create({ authorization: "sandbox_usb_merchant01", sandboxUrl: window.kit.sandboxUrl })),
    };
  });
  assert.equal(out.none.message, "options.client is required when instantiating US Bank Account.");
  assert.deepEqual(
    [out.disabled.type, out.disabled.code, out.disabled.message],
    ["MERCHANT", "US_BANK_ACCOUNT_NOT_ENABLED", "US bank account is not enabled."],
  );
  await page.context().close();
});

test("bank details tokenize to a nonce: account type upper-cased, billing address and owner mapped", async () => {
  const { page, bodies } = await bankPage();
  const payload = await tokenize(page, { mandateText: MANDATE, bankDetails: DETAILS });
  assert.match(payload.nonce, /^tokenusbankacct_/);
  assert.deepEqual({ ...payload, nonce: "n" }, { nonce: "n", details: {}, description: "US bank account ending in - 9999", type: "us_bank_account" });
  const body = bodies.at(-1);
  assert.match(
    body.query,
    /^mutation TokenizeUsBankAccount\(\$input: TokenizeUsBankAccountInput!\) \{ tokenizeUsBankAccount\(input: \$input\) \{ paymentMethod \{ id details \{ \.\.\. on UsBankAccountDetails \{ last4 \} \} \} \} \}$/,
  );
  assert.deepEqual(body.variables.input.usBankAccount, {
    achMandate: MANDATE,
    routingNumber: "307075259",
    accountNumber: "999999999",
    accountType: "CHECKING",
    billingAddress: { streetAddress: "1 Main St", extendedAddress: "Apt 2", city: "Oakland", state: "CA", zipCode: "94607" },
    individualOwner: { firstName: "Ada", lastName: "Lovelace" },
  });
  const business = await page.evaluate(
    (d) => new Promise((resolve) => window.usb.tokenize({ mandateText: "ok", bankDetails: d }, (e, p) => resolve([e, p && p.description]))),
    { ...DETAILS, ownershipType: "business", businessName: "Couture LLC", accountNumber: "1234567", accountType: "Savings" },
  );
  assert.deepEqual(business, [null, "US bank account ending in - 4567"]);
  assert.deepEqual(bodies.at(-1).variables.input.usBankAccount.businessOwner, { businessName: "Couture LLC" });
  assert.equal(bodies.at(-1).variables.input.usBankAccount.accountType, "SAVINGS");
  await page.context().close();
});

test("option checks in the reference's order", async () => {
  const { page, bodies } = await bankPage();
  const checks = [
    [{ bankDetails: DETAILS, bankLogin: LOGIN }, "US_BANK_ACCOUNT_OPTION_REQUIRED", "mandateText property is required."],
    [
      { mandateText: MANDATE, bankDetails: DETAILS, bankLogin: LOGIN },
      "US_BANK_ACCOUNT_MUTUALLY_EXCLUSIVE_OPTIONS",
      "tokenize must be called with bankDetails or bankLogin, not both.",
    ],
    [{ mandateText: MANDATE }, "US_BANK_ACCOUNT_OPTION_REQUIRED", "tokenize must be called with bankDetails or bankLogin."],
    [
      { mandateText: MANDATE, bankLogin: { ...LOGIN, displayName: "" } },
      "US_BANK_ACCOUNT_OPTION_REQUIRED",
      "displayName property is required when using bankLogin.",
    ],
  ];
  for (const [options, code, message] of checks) {
    const e = await tokenize(page, options);
    assert.deepEqual([e.type, e.code, e.message], ["MERCHANT", code, message]);
  }
  assert.equal((await tokenize(page, undefined)).message, "mandateText property is required.");
  assert.equal(bodies.length, 0);
  await page.context().close();

  const noLogin = await bankPage({
    [CONFIG]: editConfiguration((c) => {
      delete c.usBankAccount.plaid;
    }),
  });
  const e = await tokenize(noLogin.page, { mandateText: MANDATE, bankLogin: LOGIN });
  assert.deepEqual([e.type, e.code, e.message], ["MERCHANT", "US_BANK_ACCOUNT_BANK_LOGIN_NOT_ENABLED", "Bank login is not enabled."]);
  assert.equal(await noLogin.page.evaluate(() => typeof window.Plaid), "undefined");
  await noLogin.page.context().close();
});

test("failures by status: 401 access restricted, below 500 failed tokenization, else network", async () => {
  const { page } = await bankPage();
  const invalid = await tokenize(page, { mandateText: MANDATE, bankDetails: { ...DETAILS, routingNumber: "123" } });
  assert.deepEqual(
    [invalid.type, invalid.code, invalid.message],
    ["CUSTOMER", "US_BANK_ACCOUNT_FAILED_TOKENIZATION", "The supplied data failed tokenization."],
  );
  const out = [];
  for (const status of [401, 422, 500, 503]) {
    await failNext("/graphql", { status: status });
    const e = await tokenize(page, { mandateText: MANDATE, bankDetails: DETAILS });
    out.push([status, e.type, e.code, e.message]);
  }
  assert.deepEqual(out, [
    [401, "MERCHANT", "BRAINTREE_API_ACCESS_RESTRICTED", "Your access is restricted and cannot use this part of the Braintree API."],
    [422, "CUSTOMER", "US_BANK_ACCOUNT_FAILED_TOKENIZATION", "The supplied data failed tokenization."],
    [500, "NETWORK", "US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR", "A tokenization network error occurred."],
    [503, "NETWORK", "US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR", "A tokenization network error occurred."],
  ]);
  const original = await page.evaluate(async () => {
    await fetch(window.kit.sandboxUrl + "/__control/fail-next", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pathPrefix: "/graphql", status: 500 }),
    });
    return window.usb.tokenize({ mandateText: "m", bankDetails: { accountType: "checking" } }).catch((e) => e.details.originalError.code);
  });
  assert.equal(original, "CLIENT_GATEWAY_NETWORK");
  await page.context().close();
});

test("bank login: the configured script's dialog, a linked account to a nonce, one login at a time", async () => {
  const { page, bodies } = await bankPage();
  const scripts = [];
  page.on("request", (req) => {
    if (req.url().includes("/plaid/")) scripts.push(req.url());
  });
  await page.evaluate(
    (o) => {
      window.pending = window.kit.grab(
        window.usb.tokenize(o).then((p) => {
          window.payload = p;
        }),
      );
    },
    { mandateText: MANDATE, bankLogin: LOGIN },
  );
  const dialog = page.getByRole("dialog", { name: "Link your bank account" });
  await dialog.waitFor();
  assert.deepEqual(await dialog.evaluate((d) => [d.dataset.env, d.dataset.key]), ["sandbox", "sandbox-plaid-public-key"]);
  assert.match(await dialog.textContent(), /Couture uses Sandbox Bank/);
  assert.equal(scripts.length, 1);
  assert.match(scripts[0], /\/sandbox\/plaid\/link-initialize\.js$/);

  const active = await tokenize(page, { mandateText: MANDATE, bankLogin: LOGIN });
  assert.deepEqual(
    [active.type, active.code, active.message],
    ["MERCHANT", "US_BANK_ACCOUNT_LOGIN_REQUEST_ACTIVE", "Another bank login tokenization request is active."],
  );
  // Bank details are not a bank login: they go on meanwhile.
  assert.equal((await tokenize(page, { mandateText: MANDATE, bankDetails: DETAILS })).type, "us_bank_account");

  await dialog.getByRole("button", { name: "Link savings account" }).click();
  assert.equal(await page.evaluate(() => window.pending), "ok");
  const payload = await page.evaluate(() => window.payload);
  assert.deepEqual({ ...payload, nonce: "n" }, { nonce: "n", details: {}, description: "US bank account ending in - 1111", type: "us_bank_account" });
  const body = bodies.at(-1);
  assert.match(body.query, /^mutation TokenizeUsBankLogin\(\$input: TokenizeUsBankLoginInput!\) \{ tokenizeUsBankLogin\(input: \$input\)/);
  const input = body.variables.input.usBankLogin;
  assert.match(input.publicToken, /^public-sandbox-/);
  assert.deepEqual(
    { ...input, publicToken: "t" },
    {
      publicToken: "t",
      accountId: "plaid_account_id",
      accountType: "SAVINGS",
      achMandate: MANDATE,
      billingAddress: { streetAddress: "1 Main St", extendedAddress: "Apt 2", city: "Oakland", state: "CA", zipCode: "94607" },
      businessOwner: { businessName: "Couture LLC" },
    },
  );

  // The next login reuses the loaded script; exiting it is LOGIN_CLOSED, and a login after that starts.
  await page.evaluate(
    (o) => {
      window.pending = window.kit.grab(window.usb.tokenize(o));
    },
    { mandateText: MANDATE, bankLogin: LOGIN },
  );
  await dialog.getByRole("button", { name: "Exit" }).click();
  const closed = await page.evaluate(() => window.pending);
  assert.deepEqual(
    [closed.type, closed.code, closed.message],
    ["CUSTOMER", "US_BANK_ACCOUNT_LOGIN_CLOSED", "Customer closed bank login flow before authorizing."],
  );
  await page.evaluate(
    (o) => {
      window.pending = window.kit.grab(window.usb.tokenize(o));
    },
    { mandateText: MANDATE, bankLogin: { ...LOGIN, ownershipType: "personal", firstName: "Ada", lastName: "L" } },
  );
  await dialog.getByRole("button", { name: "Link checking account" }).click();
  assert.equal(await page.evaluate(() => window.pending), "ok");
  assert.equal(bodies.at(-1).variables.input.usBankLogin.accountType, "CHECKING");
  assert.equal(scripts.length, 1);

  // teardown removes the script it added; every method then throws.
  const torn = await page.evaluate(async () => {
    await window.usb.teardown();
    const scriptLeft = !!document.querySelector('script[src$="/plaid/link-initialize.js"]');
    let thrown;
    try {
      window.usb.tokenize({});
    } catch (e) {
      thrown = [e.code, e.message];
    }
    return { scriptLeft, thrown };
  });
  assert.deepEqual(torn, { scriptLeft: false, thrown: ["METHOD_CALLED_AFTER_TEARDOWN", "tokenize cannot be called after teardown."] });
  await page.context().close();
});

test("bank login: LOGIN_LOAD_FAILED when the script does not load; the production environment by configuration", async () => {
  const { page } = await bankPage({ "**/plaid/link-initialize.js": (route) => route.abort() });
  const e = await tokenize(page, { mandateText: MANDATE, bankLogin: LOGIN });
  assert.deepEqual([e.type, e.code, e.message], ["NETWORK", "US_BANK_ACCOUNT_LOGIN_LOAD_FAILED", "Bank login flow failed to load."]);
  await page.context().close();

  const prod = await bankPage({
    [CONFIG]: editConfiguration((c) => {
      c.environment = "production";
    }),
  });
  await prod.page.evaluate(
    (o) => {
      window.pending = window.kit.grab(window.usb.tokenize(o));
    },
    { mandateText: MANDATE, bankLogin: LOGIN },
  );
  const dialog = prod.page.getByRole("dialog", { name: "Link your bank account" });
  assert.equal(await dialog.getAttribute("data-env"), "production");
  await dialog.getByRole("button", { name: "Link checking account" }).click();
  const refused = await prod.page.evaluate(() => window.pending);
  assert.equal(refused.code, "US_BANK_ACCOUNT_FAILED_TOKENIZATION");
  // In production the chosen account's own id goes to the gateway.
  assert.equal(prod.bodies.at(-1).variables.input.usBankLogin.accountId, "acc-checking-1");
  await prod.page.context().close();
});

test("the merchant test page: the US bank, preferred methods and Payment Ready buttons", async () => {
  const page = await merchantPage(browser, sandbox.url);
  await page.click("#usbank-details");
  assert.equal((await result(page, "US bank account tokenized")).description, "US bank account ending in - 9999");
  await page.evaluate(() => {
    document.body.dataset.lastResult = "";
  });
  await page.click("#usbank-login");
  await page.getByRole("button", { name: "Link checking account" }).click();
  assert.equal((await result(page, "US bank account tokenized")).description, "US bank account ending in - 0000");
  await page.click("#preferred");
  assert.deepEqual(await result(page, "Preferred methods"), { paypalPreferred: true, venmoPreferred: false });
  await page.click("#ready-session");
  assert.equal((await result(page, "Payment Ready recommendations")).isInPayPalNetwork, true);
  await page.context().close();
});
