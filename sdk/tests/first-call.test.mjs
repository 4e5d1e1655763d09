// Every component's create() works as the very first call a page makes:
// nothing imported or loaded before, the wasm module not fetched yet. A
// missing client rejects with the reference library's BraintreeError (code,
// type and message word for word), not a TypeError from the wasm glue.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, blankPage } from "./harness.mjs";

useSandbox();

/** Imports `entry` into a fresh blank page and returns what `create(options)` rejects with. */
async function firstCall(entry, options) {
  // A blank page on the assets host's origin: no SDK script on it.
  const page = await blankPage(browser, sandbox.url);
  const context = page.context();
  const wasmRequests = [];
  context.on("request", (r) => {
    if (r.url().endsWith(".wasm")) wasmRequests.push(r.url());
  });
  const outcome = await page.evaluate(
    async ([src, opts]) => {
      const component = await import(src);
      try {
        await component.create(opts);
        return { resolved: true };
      } catch (e) {
        return { name: e.name, code: e.code, type: e.type, message: e.message, isError: e instanceof Error };
      }
    },
    ["/web/3.130.0/js/" + entry + ".js", options],
  );
  await context.close();
  return { outcome, wasmRequests };
}

const cases = [
  ["client", {}, "options.authorization is required when instantiating a client."],
  ["hosted-fields", { fields: { number: { container: "#n" } } }, "options.client is required when instantiating Hosted Fields."],
  ["three-d-secure", { version: 2 }, "options.client is required when instantiating 3D Secure."],
  ["paypal-checkout", {}, "options.client is required when instantiating PayPal Checkout."],
  ["paypal", {}, "options.client is required when instantiating PayPal."],
  ["vault-manager", {}, "options.client is required when instantiating Vault Manager."],
  ["payment-ready", {}, "options.client is required when instantiating PAYMENT READY."],
  ["preferred-payment-methods", {}, "options.client is required when instantiating PreferredPaymentMethods."],
  ["us-bank-account", {}, "options.client is required when instantiating US Bank Account."],
];

for (const [entry, options, message] of cases) {
  test(`${entry} create() as the first call rejects with INSTANTIATION_OPTION_REQUIRED`, async () => {
    const { outcome } = await firstCall(entry, options);
    assert.deepEqual(outcome, {
      name: "BraintreeError",
      code: "INSTANTIATION_OPTION_REQUIRED",
      type: "MERCHANT",
      message,
      isError: true,
    });
  });
}

test("the error needs no wasm: none is fetched for a rejected first call", async () => {
  const { outcome, wasmRequests } = await firstCall("hosted-fields", { fields: {} });
  assert.equal(outcome.code, "INSTANTIATION_OPTION_REQUIRED");
  assert.deepEqual(wasmRequests, []);
});

test("rules that cannot be fetched reject as the reference's CLIENT_SCRIPT_FAILED_TO_LOAD", async () => {
  const { outcome, wasmRequests } = await firstCall("client", { authorization: "sandbox_abc_merchant01", wasmUrl: "/web/3.130.0/js/missing.wasm" });
  assert.deepEqual(outcome, {
    name: "BraintreeError",
    code: "CLIENT_SCRIPT_FAILED_TO_LOAD",
    type: "NETWORK",
    message: "Braintree client script could not be loaded.",
    isError: true,
  });
  assert.equal(wasmRequests.length, 1);
});

// A fast card form: each hosted-field frame's head preloads its rules module
// and its chunks, the frame says ready to the page without waiting for the
// module (the configuration crosses while it compiles), and only the
// tokenizing frame fetches the request code, after it is up.
test("hostedFields.create: frames preload their module, say ready before it loads, and only the tokenizer fetches request code", async () => {
  const { readFileSync } = await import("node:fs");
  const meta = JSON.parse(readFileSync(new URL("../js/dist/meta.json", import.meta.url), "utf8"));
  const frameOut = meta.outputs[Object.keys(meta.outputs).find((o) => o.endsWith("/hosted-fields-frame.js"))];
  const clientChunk = (frameOut.imports.find((i) => i.kind === "dynamic-import") || {}).path || "";
  assert.ok(
    Object.keys(meta.outputs[clientChunk]?.inputs || {}).some((i) => i.endsWith("src/client.js")),
    "the frame imports the client lazily",
  );
  const clientFile = clientChunk.slice(clientChunk.lastIndexOf("/") + 1);

  const page = await blankPage(browser, sandbox.url);
  const context = page.context();
  // The frame module's response is held until every frame has said ready.
  let release;
  const held = new Promise((r) => {
    release = r;
  });
  await context.route("**/payment_sdk_frame_bg.wasm", async (route) => {
    await held;
    await route.continue();
  });
  const requests = [];
  context.on("request", (r) => requests.push({ url: r.url(), frame: r.frame().name() }));
  await page.evaluate(async () => {
    window.testClient = await window.kit.client();
    document.body.insertAdjacentHTML("beforeend", '<div id="f1"></div><div id="f2"></div><div id="f3"></div><div id="f4"></div><div id="f5"></div>');
    window.readies = 0;
    window.addEventListener("message", (e) => {
      if (e.data && e.data.type === "ready") window.readies++;
    });
    const hf = await import("/web/3.130.0/js/hosted-fields.js");
    window.created = hf
      .create({
        client: window.testClient,
        fields: {
          number: { container: "#f1" },
          cvv: { container: "#f2" },
          expirationDate: { container: "#f3" },
          postalCode: { container: "#f4" },
          cardholderName: { container: "#f5" },
        },
      })
      .then(
        (i) => {
          window.instance = i;
          return "ok";
        },
        (e) => e.code,
      );
  });
  await page.waitForFunction(() => window.readies === 5, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.instance === undefined), true, "not ready before the module loads");
  release();
  assert.equal(await page.evaluate(() => window.created), "ok");
  const names = ["number", "cvv", "expirationDate", "postalCode", "cardholderName"].map((k) => "braintree-hosted-field-" + k);
  for (const name of names) {
    const entries = await page
      .frame({ name })
      .evaluate(() => performance.getEntriesByType("resource").map((e) => [e.name.slice(e.name.lastIndexOf("/") + 1), e.initiatorType]));
    const wasm = entries.filter(([n]) => n === "payment_sdk_frame_bg.wasm");
    assert.deepEqual(wasm, [["payment_sdk_frame_bg.wasm", "link"]], name + ": one request, from the head's preload");
    // Chromium reports a modulepreload as 'other'; an import found only when
    // the frame's script runs is a 'script' fetch, after it.
    for (const [n, initiator] of entries) if (/^chunk-/.test(n) && n !== clientFile) assert.equal(initiator, "other", name + " " + n);
  }
  // Only the tokenizing (number) frame loads the request code, once it is up.
  await page.frame({ name: names[0] }).waitForFunction((file) => performance.getEntriesByType("resource").some((e) => e.name.endsWith("/" + file)), clientFile);
  const clientLoads = requests.filter((r) => r.url.endsWith("/" + clientFile)).map((r) => r.frame);
  assert.deepEqual(clientLoads, ["braintree-hosted-field-number"]);
  await context.close();
});
