// 3-D Secure 2 in headless Chromium through the merchant test page (hosted
// fields, then verifyCard): frictionless and challenge outcomes with the
// published test cards in the three presentations. Errors and the rest of the
// API: three-d-secure-errors.test.mjs and three-d-secure-api.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, merchantPage, fillCard, result } from "./harness.mjs";

useSandbox();

async function pay(number, version) {
  const page = await merchantPage(browser, sandbox.url);
  await page.selectOption("#tds-version", version);
  await fillCard(page, { number });
  await page.click("#pay");
  return page;
}

test("frictionless: 4000000000001000 shifts liability, 4000000000001018 fails without a challenge", { timeout: 60000 }, async () => {
  let page = await pay("4000000000001000", "2");
  let r = await result(page, "3-D Secure verified");
  assert.equal(r.liabilityShifted, true);
  assert.equal(r.liabilityShiftPossible, true);
  assert.match(r.nonce, /^tokencc_3ds_/);
  assert.equal(r.threeDSecureInfo.status, "authenticate_successful");
  await page.context().close();
  page = await pay("4000000000001018", "2");
  r = await result(page, "3-D Secure verified");
  assert.equal(r.liabilityShifted, false);
  assert.equal(r.liabilityShiftPossible, false);
  await page.context().close();
});

test("challenge in the script modal (frame height 400), submitted", { timeout: 60000 }, async () => {
  const page = await pay("4000000000001091", "2");
  const frame = page.locator("[data-cardinal-modal] iframe");
  await frame.waitFor();
  assert.equal(await frame.getAttribute("height"), "400");
  assert.equal(await page.locator("[data-cardinal-modal] button").isHidden(), true, "close button hidden without displayExitButton");
  await page.frameLocator("[data-cardinal-modal] iframe").locator("#submit").click();
  const r = await result(page, "3-D Secure verified");
  assert.equal(r.liabilityShifted, true);
  assert.equal(r.threeDSecureInfo.status, "authenticate_successful");
  assert.equal(await page.locator("[data-cardinal-modal]").count(), 0);
  await page.context().close();
});

test("challenge in the script's bootstrap3 modal (width 440): failing card, then Escape cancels the challenge", { timeout: 60000 }, async () => {
  let page = await pay("4000000000001109", "2-bootstrap3-modal");
  const dialog = page.locator("[data-cardinal-bootstrap3] .modal-dialog");
  await dialog.waitFor();
  assert.equal(await dialog.evaluate((d) => d.style.width), "440px");
  await page.frameLocator("[data-cardinal-bootstrap3] iframe").locator("#submit").click();
  let r = await result(page, "3-D Secure verified");
  assert.equal(r.liabilityShifted, false);
  assert.equal(r.threeDSecureInfo.status, "authenticate_failed");
  await page.context().close();

  page = await pay("4000000000001091", "2-bootstrap3-modal");
  await page.locator("[data-cardinal-bootstrap3] iframe").waitFor();
  await page.keyboard.press("Escape");
  r = await result(page, "3-D Secure verified");
  assert.equal(r.liabilityShifted, false);
  assert.equal(r.rawCardinalSDKVerificationData.Payment.ExtendedData.ChallengeCancel, "01");
  assert.equal(await page.locator("[data-cardinal-bootstrap3]").count(), 0);
  await page.context().close();
});

test("inline iframe: the merchant places the frame built from the script's HTML; submitting authenticates", { timeout: 60000 }, async () => {
  const page = await pay("4000000000001091", "2-inline-iframe");
  const frame = page.locator("#inline-3ds iframe");
  await frame.waitFor();
  await page.frameLocator("#inline-3ds iframe").locator("#submit").click();
  const r = await result(page, "3-D Secure verified");
  assert.equal(r.liabilityShifted, true);
  assert.equal(r.threeDSecureInfo.status, "authenticate_successful");
  assert.equal(await page.locator("#inline-3ds iframe").count(), 0, "the script removes its frame when done");
  await page.context().close();
});
