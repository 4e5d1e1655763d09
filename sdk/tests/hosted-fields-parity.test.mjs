// Hosted Fields as the reference library behaves: frame names and titles,
// default max lengths, the networks a number field accepts, the address
// fields a tokenization passes on, input formatting per browser, the iOS
// scroll-into-view after focus, and the expiration rules against
// card-validator (the reference's validator) in the same run.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { startSandbox, launch, merchantPage, secondHostedFields } from "./harness.mjs";

/** The spec's delay before iOS scrolls a focused field into view, as the build bundles it (sdk-constants). */
const { IOS_SCROLL_INTO_VIEW_DELAY } = JSON.parse(readFileSync(new URL("../.build/constants.json", import.meta.url), "utf8"));

const SAMSUNG = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

let sandbox;
let browser;
before(async () => {
  sandbox = await startSandbox();
  browser = await launch();
});
after(async () => {
  await browser.close();
  await sandbox.stop();
});

/** A second Hosted Fields instance of `fields` on the merchant test page (containers #p-<key>), as window.parity. */
const withFields = (fields, contextOptions) => secondHostedFields(browser, sandbox.url, { fields, prefix: "p", as: "parity", contextOptions });

function input(page, key) {
  return page.frameLocator(`#p-${key} iframe[name="braintree-hosted-field-${key}"]`).locator("input:not(.autofill)");
}

test("frames are named after their field key and titled as the reference (or by iframeTitle)", async () => {
  const page = await withFields({ number: { iframeTitle: "Numéro de carte" }, postalCode: {} });
  const frames = await page.$$eval("#p-number iframe, #p-postalCode iframe", (els) => els.map((f) => [f.name, f.id, f.title]));
  assert.deepEqual(frames, [
    ["braintree-hosted-field-number", "braintree-hosted-field-number", "Numéro de carte"],
    ["braintree-hosted-field-postalCode", "braintree-hosted-field-postalCode", "Secure Credit Card Frame - Postal Code"],
  ]);
  await page.context().close();
});

test('postal code keeps to its default max length (8), expiration date to "MM / YYYY"', async () => {
  const page = await withFields({ postalCode: {}, expirationDate: {}, cardholderName: { maxlength: 5 } });
  await input(page, "postalCode").pressSequentially("SW1A 1AAXYZ");
  await input(page, "expirationDate").pressSequentially("1230456");
  await input(page, "cardholderName").pressSequentially("Ada Lovelace");
  assert.equal(await input(page, "postalCode").inputValue(), "SW1A 1AA");
  assert.equal(await input(page, "expirationDate").inputValue(), "12 / 3045");
  assert.equal(await input(page, "cardholderName").inputValue(), "Ada L", "a field's own maxlength wins");
  await page.context().close();
});

test("a CVV typed before the number keeps 4 digits while the card may be an Amex, and is cut to 3 once it is a Visa", async () => {
  const page = await withFields({ number: {}, cvv: {} });
  const cvvState = () => page.evaluate(() => window.parity.getState().fields.cvv);
  await input(page, "cvv").pressSequentially("1234");
  assert.equal(await input(page, "cvv").inputValue(), "1234");
  await input(page, "number").pressSequentially("3782");
  await page.waitForFunction(() => window.parity.getState().cards.length === 1);
  assert.equal(await input(page, "cvv").inputValue(), "1234", "an Amex CID has 4 digits");
  await page.evaluate(() => window.parity.clear("number"));
  await input(page, "number").pressSequentially("4111");
  await page.waitForFunction(() => window.parity.getState().cards.length === 1);
  await page.waitForFunction(() => window.parity.getState().fields.cvv.isValid);
  assert.equal(await input(page, "cvv").inputValue(), "123", "as the reference: the 4th digit goes");
  assert.deepEqual(await cvvState().then((f) => [f.isValid, f.isPotentiallyValid]), [true, true]);
  await page.context().close();
});

test("the frame itself keeps to the attribute allow-list: forbidden attributes posted straight to it change nothing", async () => {
  const page = await withFields({ number: {}, cvv: { type: "password" } });
  const look = () =>
    input(page, "cvv").evaluate(
      (el) =>
        [...el.attributes]
          .map((a) => a.name + "=" + a.value)
          .sort()
          .join(" ") +
        " disabled:" +
        el.disabled,
    );
  const before = await look();
  // A script on the shop's page posting to the CVV frame as the page's API
  // would, on its channel, bypassing the API's own check.
  await page.evaluate(() => {
    const frame = document.querySelector("#p-cvv iframe");
    const channel = new URL(frame.src).hash.slice(1);
    const post = (m) => frame.contentWindow.postMessage(Object.assign({ channel }, m), "*");
    post({ type: "setAttribute", attribute: "type", value: "text" });
    post({ type: "setAttribute", attribute: "onfocus", value: "alert(1)" });
    post({ type: "setAttribute", attribute: "form", value: "elsewhere" });
    post({ type: "setAttribute", attribute: "disabled", value: "yes" });
    post({ type: "setAttribute", attribute: "placeholder", value: { text: "x" } });
    post({ type: "removeAttribute", attribute: "type" });
    post({ type: "removeAttribute", attribute: "name" });
    post({ type: "removeAttribute", attribute: "autocomplete" });
    // Then one the allow-list takes: once it shows, every message before it was handled.
    post({ type: "setAttribute", attribute: "aria-required", value: true });
  });
  const frame = page.frameLocator('#p-cvv iframe[name="braintree-hosted-field-cvv"]');
  await frame.locator('input:not(.autofill)[aria-required="true"]').waitFor();
  const after = await look();
  assert.equal(after.replace(" aria-required=true", ""), before, "only the allowed attribute changed");
  assert.equal(await input(page, "cvv").getAttribute("type"), "password");
  await page.context().close();
});

test("rejectUnsupportedCards: a network the merchant does not take is invalid and marked unsupported", async () => {
  const page = await withFields({ number: { rejectUnsupportedCards: true, supportedCardBrands: { visa: false } }, cvv: {} });
  const seen = page.evaluate(
    () =>
      new Promise((resolve) => {
        window.parity.on("cardTypeChange", (e) => {
          if (e.cards.length === 1) resolve(e.cards[0]);
        });
      }),
  );
  await input(page, "number").pressSequentially("4111111111111111");
  const card = await seen;
  assert.equal(card.type, "visa");
  assert.equal(card.supported, false);
  await page.waitForFunction(() => document.querySelector("#p-number").classList.contains("braintree-hosted-fields-invalid"));
  const state = await page.evaluate(() => window.parity.getState().fields.number);
  assert.deepEqual([state.isValid, state.isPotentiallyValid], [false, false]);
  await input(page, "number").fill("");
  await input(page, "number").pressSequentially("5555555555554444");
  await page.waitForFunction(() => window.parity.getState().fields.number.isValid);
  const mastercard = await page.evaluate(() => window.parity.getState().cards[0]);
  assert.deepEqual([mastercard.type, mastercard.supported], ["master-card", true]);
  await page.context().close();
});

test("tokenize passes on only the allowed billing and shipping address fields", async () => {
  const page = await withFields({ number: {}, expirationDate: {}, cvv: {}, postalCode: {} });
  let sent = null;
  await page.context().route("**/payment_methods/credit_cards", async (route) => {
    sent = JSON.parse(route.request().postData());
    await route.continue();
  });
  await input(page, "number").pressSequentially("4111111111111111");
  await input(page, "expirationDate").pressSequentially("1230");
  await input(page, "cvv").pressSequentially("123");
  await input(page, "postalCode").pressSequentially("60606");
  const nonce = await page.evaluate(() =>
    window.parity
      .tokenize({
        billingAddress: { streetAddress: "1 Main St", locality: "Chicago", postalCode: "99999", phone: "555", onclick: "x" },
        shippingAddress: { firstName: "Ada", countryCodeAlpha2: "GB", email: "ada@example.com" },
      })
      .then((p) => p.nonce),
  );
  assert.ok(nonce);
  assert.deepEqual(sent.creditCard.billingAddress, { streetAddress: "1 Main St", locality: "Chicago", postalCode: "60606" });
  assert.deepEqual(sent.creditCard.shippingAddress, { firstName: "Ada", countryCodeAlpha2: "GB" });
  await page.context().close();
});

test("supportsInputFormatting: false in Samsung Internet, whose fields then take digits unformatted", async () => {
  const chrome = await withFields({ number: {} });
  assert.equal(await chrome.evaluate(async () => (await import("./js/index.js")).hostedFields.supportsInputFormatting()), true);
  await input(chrome, "number").pressSequentially("4111111111111111");
  assert.equal(await input(chrome, "number").inputValue(), "4111 1111 1111 1111");
  await chrome.context().close();

  const samsung = await withFields({ number: {} }, { userAgent: SAMSUNG });
  assert.equal(await samsung.evaluate(async () => (await import("./js/index.js")).hostedFields.supportsInputFormatting()), false);
  await input(samsung, "number").pressSequentially("4111111111111111");
  assert.equal(await input(samsung, "number").inputValue(), "4111111111111111");
  await samsung.context().close();
});

/** Focuses the field of a container far below the fold; which elements were scrolled into view, and when. */
async function focusBelowTheFold(page) {
  return page.evaluate(async (delay) => {
    const box = document.querySelector("#p-cvv");
    // Fixed below the viewport: the browser's own focus scrolling cannot
    // bring it into view (as iOS Safari often does not), so only the
    // library's scrollIntoView (a spy here) is seen.
    Object.assign(box.style, { position: "fixed", top: "3000px", width: "200px" });
    const scrolled = [];
    const t0 = performance.now();
    HTMLElement.prototype.scrollIntoView = function () {
      scrolled.push([this.id, performance.now() - t0]);
    };
    await window.parity.focus("cvv");
    const atOnce = scrolled.length;
    // The library set its timer of this delay during focus: one set now fires after it.
    await new Promise((r) => setTimeout(r, delay));
    return { atOnce, scrolled };
  }, IOS_SCROLL_INTO_VIEW_DELAY);
}

test("on iOS a focused field hidden below the fold is scrolled into view 5 ms later; elsewhere it is left to the browser", async () => {
  const ios = await withFields({ cvv: {} }, { userAgent: IPHONE });
  const onIos = await focusBelowTheFold(ios);
  assert.equal(onIos.atOnce, 0, "not at once");
  assert.equal(onIos.scrolled.length, 1);
  assert.equal(onIos.scrolled[0][0], "p-cvv");
  assert.ok(onIos.scrolled[0][1] >= 5, "after the delay: " + onIos.scrolled[0][1]);
  await ios.context().close();

  const desktop = await withFields({ cvv: {} });
  assert.deepEqual((await focusBelowTheFold(desktop)).scrolled, []);
  await desktop.context().close();
});

const cardValidator = createRequire(import.meta.url)("card-validator");

/**
 * How the reference's Hosted Fields split the expiration field's value before
 * card-validator judges it and before tokenizing (braintree-web 3.130.0,
 * src/hosted-fields/internal/models/credit-card-form.js `splitDate`).
 */
function referenceSplitDate(date) {
  const d = date.replace(/[/\-\s]/g, "");
  if (!d) return { month: "", year: "" };
  if (d[0] === "0" || d[0] === "1") return { month: d.slice(0, 2), year: d.slice(2) };
  return { month: "0" + d[0], year: d.slice(1) };
}

/** Month and year texts around today, with and without separators, as a shopper might enter them. */
function expirationInputs() {
  const now = new Date();
  const yy = String(now.getFullYear() % 100).padStart(2, "0");
  const months = [
    "",
    "0",
    "1",
    "2",
    "9",
    "00",
    "01",
    "09",
    "10",
    "11",
    "12",
    "13",
    "19",
    "20",
    "99",
    String(now.getMonth() + 1).padStart(2, "0"),
    String(now.getMonth()).padStart(2, "0"),
    String(now.getMonth() + 2).padStart(2, "0"),
  ];
  const years = [
    "",
    "0",
    "2",
    "20",
    "202",
    "2a",
    yy,
    String(Number(yy) - 1),
    String(Number(yy) + 1),
    String(Number(yy) + 19),
    String(Number(yy) + 20),
    String(now.getFullYear()),
    String(now.getFullYear() - 1),
    String(now.getFullYear() + 19),
    String(now.getFullYear() + 20),
    "20301",
    "99",
  ];
  const out = [];
  for (const m of months) for (const y of years) for (const sep of ["", "/", " / ", "-"]) out.push(m + sep + y);
  return out;
}

test("expiration rules agree with card-validator: the date field as shown and tokenized, the month and year fields, the pair", async () => {
  const page = await merchantPage(browser, sandbox.url);
  const inputs = expirationInputs();
  // As the frames pass them: trimmed.
  const fieldValues = [
    "",
    "0",
    "1",
    "9",
    "01",
    "12",
    "13",
    "00",
    "1a",
    "2",
    "20",
    "26",
    "27",
    "45",
    "46",
    "99",
    "202",
    "203",
    String(new Date().getFullYear()),
    "2030",
    "2045",
    "2046",
    "20301",
    "123",
  ];
  const ours = await page.evaluate(
    async ([inputs, fieldValues]) => {
      // The rules the hosted-field frames run: their module.
      const w = await (await import("./js/frame-rules.js")).load();
      const d = new Date();
      const [y, m] = [d.getFullYear(), d.getMonth() + 1];
      const dates = inputs.map((text) => {
        const shown = w.formatDate(text, 0);
        return [text, shown, w.validateField("expirationDate", shown, "", y, m), w.splitDate(shown)];
      });
      const fields = fieldValues.map((v) => [v, w.validateField("expirationMonth", v, "", y, m), w.validateField("expirationYear", v, "", y, m)]);
      const pairs = [];
      for (const mm of fieldValues) for (const yy of fieldValues) pairs.push([mm, yy, w.validateMonthYear(mm, yy, y, m)]);
      return { dates, fields, pairs };
    },
    [inputs, fieldValues],
  );
  const bits = (r) => (r.isValid ? 1 : 0) | (r.isPotentiallyValid ? 2 : 0);

  const dateDiffs = ours.dates.filter(([, shown, verdict, split]) => {
    const ref = referenceSplitDate(shown);
    return verdict !== bits(cardValidator.expirationDate(ref)) || split !== ref.month + "\n" + ref.year;
  });
  assert.deepEqual(dateDiffs, [], "the date field: verdict and tokenized month/year as the reference");
  assert.ok(ours.dates.filter(([, , v]) => v === 3).length >= 50, "many valid dates among the cases");

  const fieldDiffs = ours.fields.filter(
    ([v, month, year]) => month !== bits(cardValidator.expirationMonth(v)) || year !== bits(cardValidator.expirationYear(v)),
  );
  assert.deepEqual(fieldDiffs, [], "the month and year fields");

  // Both fields valid on their own: the reference judges the pair as one date.
  const pairDiffs = ours.pairs.filter(
    ([mm, yy, verdict]) =>
      cardValidator.expirationMonth(mm).isValid && cardValidator.expirationYear(yy).isValid && verdict !== bits(cardValidator.expirationDate(mm + yy)),
  );
  assert.deepEqual(pairDiffs, [], "the month and year pair");

  // Never a valid date from a typed month over 12 ("13/30" once became "01 / 33").
  for (const [text, shown, verdict] of ours.dates) {
    if (/^1[3-9]/.test(text)) assert.ok(!(verdict & 1), `${text} -> ${shown}`);
  }
  await page.context().close();
});
