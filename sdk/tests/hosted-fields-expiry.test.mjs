// Hosted Fields' expiration inputs as the reference library's: "MM / YY" and
// "MM / YYYY" typed, pasted or autofilled into a real frame, shown as its
// formatter shows them, judged as card-validator judges them, and tokenized
// with the month and year the sandbox then receives. No date is ever
// rewritten into another valid one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, secondHostedFields } from "./harness.mjs";

useSandbox();

/** A second Hosted Fields instance of `fields` on the merchant test page (containers #x-<key>), as window.expiry. */
const withFields = (fields) => secondHostedFields(browser, sandbox.url, { fields, prefix: "x", as: "expiry" });

function input(page, key) {
  return page.frameLocator(`#x-${key} iframe`).locator("input:not(.autofill)");
}

/** The field as the frame holds it and as the merchant page then sees it. */
async function shown(page, key) {
  const el = input(page, key);
  const [value, frameState] = await el.evaluate((e) => [e.value, window.__hostedField.state()]);
  const want = [frameState.isValid, frameState.isPotentiallyValid];
  await page.waitForFunction(
    ([k, w]) => {
      const f = window.expiry.getState().fields[k];
      return f.isValid === w[0] && f.isPotentiallyValid === w[1];
    },
    [key, want],
    { timeout: 5000 },
  );
  return { value, isValid: want[0], isPotentiallyValid: want[1] };
}

/** Clears the field and waits until its frame has (the clear is a message to the frame, answered in its own time). */
async function clear(page, key) {
  await page.evaluate((k) => window.expiry.clear(k), key);
  const deadline = Date.now() + 5000;
  while (await input(page, key).inputValue()) {
    if (Date.now() > deadline) throw new Error(`${key} not cleared`);
    await page.waitForTimeout(20);
  }
}

/** The ways a value reaches the field: typed key by key, pasted from the clipboard, filled by the browser's autofill. */
const ENTRY = {
  async typed(page, key, text) {
    await input(page, key).click();
    await input(page, key).pressSequentially(text, { delay: 5 });
  },
  async pasted(page, key, text) {
    await input(page, key).click();
    await input(page, key).evaluate((_, t) => navigator.clipboard.writeText(t), text);
    await page.keyboard.press("ControlOrMeta+V");
  },
  // What Chrome's autofill does to an input: set the value, fire input and change (no inputType).
  async autofilled(page, key, text) {
    await input(page, key).evaluate((e, t) => {
      e.value = t;
      e.dispatchEvent(new Event("input", { bubbles: true }));
      e.dispatchEvent(new Event("change", { bubbles: true }));
    }, text);
  },
};

// [entered, shown, isValid, isPotentiallyValid]: the reference's formatter
// ({{99}} / {{9999}}, a leading 2-9 padded to 0M, "1/" January) and
// card-validator's verdict on its month and year.
const CASES = [
  ["12/2030", "12 / 2030", true, true],
  ["122030", "12 / 2030", true, true],
  ["12/30", "12 / 30", true, true],
  ["1230", "12 / 30", true, true],
  ["13/30", "13 / 30", false, false],
  ["0/30", "03 / 0", false, true],
  ["2/30", "02 / 30", true, true],
  ["230", "02 / 30", true, true],
  ["2/2030", "02 / 2030", true, true],
  ["1/2030", "01 / 2030", true, true],
  ["12/20", "12 / 20", false, true],
  ["12/2060", "12 / 2060", false, false],
];

test("expiration date typed, pasted and autofilled: the reference's formatting and verdicts, up to MM / YYYY", async () => {
  const page = await withFields({ expirationDate: {} });
  await page
    .context()
    .grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(await input(page, "expirationDate").evaluate(() => location.href)).origin });
  const seen = [];
  const want = [];
  for (const how of Object.keys(ENTRY)) {
    for (const [text, value, isValid, isPotentiallyValid] of CASES) {
      await clear(page, "expirationDate");
      await ENTRY[how](page, "expirationDate", text);
      seen.push([how, text, await shown(page, "expirationDate")]);
      want.push([how, text, { value, isValid, isPotentiallyValid }]);
    }
  }
  assert.deepEqual(seen, want);
  // The field takes "MM / YYYY" whole: nothing more.
  await clear(page, "expirationDate");
  await ENTRY.typed(page, "expirationDate", "1220301");
  assert.equal((await shown(page, "expirationDate")).value, "12 / 2030");
  await page.context().close();
});

test('expiration date: "1/" is January; deleting does not add the separator back', async () => {
  const page = await withFields({ expirationDate: {} });
  const el = input(page, "expirationDate");
  await ENTRY.typed(page, "expirationDate", "1/");
  assert.equal((await shown(page, "expirationDate")).value, "01 / ");
  await el.press("Backspace");
  assert.equal(await el.inputValue(), "01");
  await ENTRY.typed(page, "expirationDate", "3");
  assert.equal(await el.inputValue(), "01 / 3");
  await page.context().close();
});

test("tokenizing sends the month and year as the reference splits them; the sandbox answers the card's date", async () => {
  const page = await withFields({ number: {}, expirationDate: {}, cvv: {} });
  const sent = [];
  await page.context().route("**/payment_methods/credit_cards", async (route) => {
    const card = JSON.parse(route.request().postData()).creditCard;
    sent.push([card.expirationMonth, card.expirationYear]);
    await route.continue();
  });
  await ENTRY.typed(page, "number", "4111111111111111");
  await ENTRY.typed(page, "cvv", "123");
  const answered = [];
  for (const [how, text] of [
    ["typed", "12/2030"],
    ["typed", "230"],
    ["pasted", "122030"],
    ["autofilled", "11/31"],
  ]) {
    if (how === "pasted")
      await page
        .context()
        .grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(await input(page, "number").evaluate(() => location.href)).origin });
    await clear(page, "expirationDate");
    await ENTRY[how](page, "expirationDate", text);
    const d = await page.evaluate(() => window.expiry.tokenize().then((p) => p.details));
    answered.push([d.expirationMonth, d.expirationYear]);
  }
  assert.deepEqual(sent, [
    ["12", "2030"],
    ["02", "30"],
    ["12", "2030"],
    ["11", "31"],
  ]);
  assert.deepEqual(answered, [
    ["12", "2030"],
    ["02", "2030"],
    ["12", "2030"],
    ["11", "2031"],
  ]);
  await page.context().close();
});

test('autofill into the number frame fills the expiration date as "MM / YYYY"', async () => {
  const page = await withFields({ number: {}, expirationDate: {} });
  const number = page.frameLocator("#x-number iframe");
  for (const [name, value] of [
    ["cc-exp-month", "3"],
    ["cc-exp-year", "31"],
  ]) {
    await number.locator(`input[name="${name}"]`).evaluate((el, v) => {
      el.value = v;
      el.dispatchEvent(new Event("change"));
    }, value);
  }
  await page.waitForFunction(() => window.expiry.getState().fields.expirationDate.isValid);
  assert.equal(await input(page, "expirationDate").inputValue(), "03 / 2031");
  await page.context().close();
});

test("expiration month and year fields: two- and four-digit years, judged together once both are valid", async () => {
  const page = await withFields({ expirationMonth: {}, expirationYear: {} });
  const now = new Date();
  const both = async () => [await shown(page, "expirationMonth"), await shown(page, "expirationYear")].map((s) => [s.value, s.isValid, s.isPotentiallyValid]);
  await ENTRY.typed(page, "expirationMonth", "12");
  await ENTRY.typed(page, "expirationYear", "30");
  assert.deepEqual(await both(), [
    ["12", true, true],
    ["30", true, true],
  ]);
  await clear(page, "expirationYear");
  await ENTRY.typed(page, "expirationYear", "20301");
  assert.deepEqual(await both(), [
    ["12", true, true],
    ["2030", true, true],
  ]);
  await clear(page, "expirationYear");
  await ENTRY.typed(page, "expirationYear", "20");
  assert.deepEqual(await both(), [
    ["12", true, true],
    ["20", false, true],
  ]);
  if (now.getMonth() > 0) {
    // A month already past this year: both fields are invalid (the reference judges the pair).
    const past = String(now.getMonth()).padStart(2, "0");
    await clear(page, "expirationMonth");
    await clear(page, "expirationYear");
    await ENTRY.typed(page, "expirationYear", String(now.getFullYear()));
    await ENTRY.typed(page, "expirationMonth", past);
    assert.deepEqual(await both(), [
      [past, false, false],
      [String(now.getFullYear()), false, false],
    ]);
  }
  await page.context().close();
});
