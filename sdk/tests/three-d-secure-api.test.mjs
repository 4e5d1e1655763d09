// 3-D Secure's documented API in headless Chromium, against the stand-in that
// behaves like the real authentication script: the lookup request's fields,
// onLookupComplete versus lookup-complete, prepareLookup and a challenge from
// a server-side lookup, the modal and loader events, the inline iframe built
// from the script's HTML, and the customer-canceled event.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useSandbox, sandbox, browser, blankPage } from "./harness.mjs";

useSandbox();

/** Collects the JSON bodies of the page's lookup requests. */
function lookupBodies(page) {
  const bodies = [];
  page.on("request", (r) => {
    if (r.url().includes("/three_d_secure/lookup")) bodies.push(r.postDataJSON());
  });
  return bodies;
}

test("the lookup request carries the browser fields of collectDeviceData, the addresses and the options", { timeout: 60000 }, async () => {
  const page = await blankPage(browser, sandbox.url);
  const bodies = lookupBodies(page);
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const tds = await sdk.threeDSecure.create({ client, version: "2" });
    const next = (d, n) => n();
    await tds.verifyCard({
      ...(await window.kit.nonce(client, "4000000000001000")),
      amount: "12.34",
      collectDeviceData: true,
      email: "ada@example.com",
      mobilePhoneNumber: "5551234567",
      billingAddress: {
        givenName: "Ada",
        surname: "Lovelace",
        phoneNumber: "5550000000",
        streetAddress: "1 Main St",
        extendedAddress: "Apt 2",
        locality: "Oakland",
        region: "CA",
        postalCode: "94607",
        countryCodeAlpha2: "US",
      },
      additionalInformation: {
        shippingGivenName: "Ada",
        shippingAddress: {
          streetAddress: "9 Dock Rd",
          extendedAddress: "Unit 5",
          line3: "Rear",
          locality: "Leeds",
          region: "WYK",
          postalCode: "LS1 1AA",
          countryCodeAlpha2: "GB",
        },
      },
      requestedExemptionType: "low_value",
      cardAddChallengeRequested: true,
      challengeRequested: true,
      merchantName: "Couture",
      onLookupComplete: next,
    });
    await tds.verifyCard({ ...(await window.kit.nonce(client, "4000000000001000")), amount: 5, onLookupComplete: next });
    return {
      colorDepth: screen.colorDepth,
      height: screen.height,
      width: screen.width,
      language: navigator.language,
      timeZone: new Date().getTimezoneOffset(),
      fingerprint: client.getConfiguration().authorizationFingerprint,
    };
  });
  assert.equal(bodies.length, 2);
  const [withDevice, plain] = bodies;
  assert.equal(withDevice.amount, "12.34");
  assert.equal(withDevice.browserColorDepth, out.colorDepth);
  assert.equal(withDevice.browserScreenHeight, out.height);
  assert.equal(withDevice.browserScreenWidth, out.width);
  assert.equal(withDevice.browserLanguage, out.language);
  assert.equal(withDevice.browserTimeZone, out.timeZone);
  assert.equal(withDevice.browserJavaEnabled, false);
  assert.equal(withDevice.browserJavascriptEnabled, true);
  assert.equal(withDevice.deviceChannel, "Browser");
  assert.deepEqual(withDevice.additionalInfo, {
    shippingGivenName: "Ada",
    shippingLine1: "9 Dock Rd",
    shippingLine2: "Unit 5",
    shippingLine3: "Rear",
    shippingCity: "Leeds",
    shippingState: "WYK",
    shippingPostalCode: "LS1 1AA",
    shippingCountryCode: "GB",
    billingLine1: "1 Main St",
    billingLine2: "Apt 2",
    billingCity: "Oakland",
    billingState: "CA",
    billingPostalCode: "94607",
    billingCountryCode: "US",
    billingPhoneNumber: "5550000000",
    billingGivenName: "Ada",
    billingSurname: "Lovelace",
    email: "ada@example.com",
    mobilePhoneNumber: "5551234567",
  });
  assert.equal(withDevice.requestedExemptionType, "low_value");
  assert.equal(withDevice.cardAdd, true);
  assert.equal(withDevice.challengeRequested, true);
  assert.equal(withDevice.merchantName, "Couture");
  assert.equal(withDevice.bin, "400000");
  assert.match(withDevice.dfReferenceId, /^df-/);
  assert.equal(withDevice.clientMetadata.requestedThreeDSecureVersion, "2");
  assert.equal(withDevice.clientMetadata.sdkVersion, "web/3.130.0");
  assert.equal(withDevice.clientMetadata.issuerDeviceDataCollectionResult, true);
  assert.equal(withDevice.braintreeLibraryVersion, "braintree/web/3.130.0");
  assert.equal(withDevice.authorizationFingerprint, out.fingerprint);
  for (const k of ["browserColorDepth", "browserLanguage", "deviceChannel", "browserJavascriptEnabled"]) {
    assert.equal(k in plain, false, k + " only with collectDeviceData");
  }
  assert.equal(plain.amount, 5);
  await page.context().close();
});

test("onLookupComplete and the lookup-complete listener are exclusive; the callback wins", { timeout: 60000 }, async () => {
  const page = await blankPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const tds = await sdk.threeDSecure.create({ client, version: "2" });
    const calls = [];
    tds.on("lookup-complete", (data, next) => {
      calls.push("listener:" + data.requiresUserAuthentication);
      next();
    });
    const both = await tds.verifyCard({
      ...(await window.kit.nonce(client, "4000000000001000")),
      amount: "10",
      onLookupComplete: (data, next) => {
        calls.push(
          "callback:" + data.requiresUserAuthentication + ":" + typeof data.lookup + ":" + typeof data.paymentMethod.nonce + ":" + ("_httpStatus" in data),
        );
        next();
      },
    });
    const afterBoth = calls.slice();
    const listenerOnly = await tds.verifyCard({ ...(await window.kit.nonce(client, "4000000000001000")), amount: "10" });
    return {
      afterBoth,
      calls,
      both: both.liabilityShifted,
      listenerOnly: listenerOnly.liabilityShifted,
      verificationDetails: listenerOnly.verificationDetails,
    };
  });
  // The lookup as the provider answered it: no key of the library's own.
  assert.deepEqual(out.afterBoth, ["callback:false:object:string:false"]);
  assert.deepEqual(out.calls, ["callback:false:object:string:false", "listener:false"]);
  assert.equal(out.both, true);
  assert.equal(out.listenerOnly, true);
  assert.deepEqual(out.verificationDetails, { liabilityShifted: true, liabilityShiftPossible: true });
  await page.context().close();
});

test("prepareLookup, a server-side lookup, then initializeChallengeWithLookupResponse (string or object)", { timeout: 60000 }, async () => {
  const page = await blankPage(browser, sandbox.url);
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const tds = await sdk.threeDSecure.create({ client, version: "2" });
    // The merchant's server would make this call with the prepared data.
    const serverLookup = async (prepared) => {
      const data = JSON.parse(prepared);
      return client.request({ endpoint: "payment_methods/" + data.nonce + "/three_d_secure/lookup", method: "post", data: { ...data, amount: "20.00" } });
    };
    const r = {};
    const frictionless = await window.kit.nonce(client, "4000000000001000");
    const prepared = await tds.prepareLookup(frictionless);
    r.preparedType = typeof prepared;
    r.prepared = JSON.parse(prepared);
    const response = await serverLookup(prepared);
    const result = await tds.initializeChallengeWithLookupResponse(JSON.stringify(response));
    r.frictionless = { shifted: result.liabilityShifted, nonce: result.nonce, details: result.verificationDetails };
    const challenge = await window.kit.nonce(client, "4000000000001091");
    const challengeResponse = await serverLookup(await tds.prepareLookup(challenge));
    window.pendingChallenge = tds
      .initializeChallengeWithLookupResponse(challengeResponse)
      .then((p) => ({ shifted: p.liabilityShifted, status: p.threeDSecureInfo.status }));
    return r;
  });
  assert.equal(out.preparedType, "string");
  assert.match(out.prepared.nonce, /^tokencc_/);
  assert.equal(out.prepared.bin, "400000");
  assert.match(out.prepared.dfReferenceId, /^df-/);
  assert.equal(out.prepared.clientMetadata.requestedThreeDSecureVersion, "2");
  assert.equal(typeof out.prepared.authorizationFingerprint, "string");
  assert.equal(out.prepared.braintreeLibraryVersion, "braintree/web/3.130.0");
  assert.equal(out.frictionless.shifted, true);
  assert.match(out.frictionless.nonce, /^tokencc_3ds_/);
  assert.deepEqual(out.frictionless.details, { liabilityShifted: true, liabilityShiftPossible: true });
  await page.frameLocator("[data-cardinal-modal] iframe").locator("#submit").click();
  const challenged = await page.evaluate(() => window.pendingChallenge);
  assert.deepEqual(challenged, { shifted: true, status: "authenticate_successful" });
  await page.context().close();
});

test("modal and loader events: the script modal with displayLoading, then the bootstrap3 modal (width 440)", { timeout: 60000 }, async () => {
  const page = await blankPage(browser, sandbox.url);
  await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    window.events = [];
    let tds = null;
    const start = async (version, config) => {
      // One instance at a time: instances share the script's listeners.
      if (tds) await tds.teardown();
      tds = await sdk.threeDSecure.create({ client, version, cardinalSDKConfig: config });
      for (const e of [
        "authentication-modal-render",
        "authentication-modal-close",
        "authentication-modal-loader-render",
        "authentication-modal-loader-close",
        "customer-canceled",
      ]) {
        tds.on(e, () => window.events.push(version + ":" + e));
      }
      const card = await window.kit.nonce(client, "4000000000001091");
      window.result = tds.verifyCard({ ...card, amount: "10", onLookupComplete: (d, n) => n() }).then(
        (p) => ({ shifted: p.liabilityShifted, status: p.threeDSecureInfo.status }),
        (e) => e.code,
      );
    };
    window.start = start;
    await start("2", { payment: { displayLoading: true, displayExitButton: true } });
  });
  const exit = page.locator("[data-cardinal-modal] button");
  await exit.waitFor();
  assert.equal(await exit.isVisible(), true, "displayExitButton shows the close button");
  await page.frameLocator("[data-cardinal-modal] iframe").locator("#submit").click();
  assert.deepEqual(await page.evaluate(() => window.result), { shifted: true, status: "authenticate_successful" });
  assert.deepEqual(await page.evaluate(() => window.events), [
    "2:authentication-modal-loader-render",
    "2:authentication-modal-loader-close",
    "2:authentication-modal-render",
    "2:authentication-modal-close",
  ]);

  await page.evaluate(() => {
    window.events = [];
    return window.start("2-bootstrap3-modal");
  });
  const dialog = page.locator("[data-cardinal-bootstrap3] .modal-dialog");
  await dialog.waitFor();
  assert.equal(await dialog.evaluate((d) => d.style.width), "440px");
  await page.keyboard.press("Escape");
  assert.deepEqual(await page.evaluate(() => window.result), { shifted: false, status: "authenticate_failed" });
  // Closing the script's modal is the cardholder canceling: the modal closes,
  // then the canceled challenge is reported.
  assert.deepEqual(await page.evaluate(() => window.events), [
    "2-bootstrap3-modal:authentication-modal-render",
    "2-bootstrap3-modal:authentication-modal-close",
    "2-bootstrap3-modal:customer-canceled",
  ]);
  assert.equal(await page.locator("[data-cardinal-bootstrap3]").count(), 0);
  await page.context().close();
});

test("inline iframe: the script hands HTML, the merchant gets an element holding the frame; Cancel emits customer-canceled", { timeout: 60000 }, async () => {
  const page = await blankPage(browser, sandbox.url);
  await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const tds = await sdk.threeDSecure.create({ client, version: "2-inline-iframe" });
    window.seen = { events: [] };
    tds.on("customer-canceled", () => window.seen.events.push("customer-canceled"));
    tds.on("authentication-modal-render", () => window.seen.events.push("authentication-modal-render"));
    tds.on("authentication-iframe-available", (event, next) => {
      window.seen.isElement = event.element instanceof HTMLElement;
      window.seen.frames = event.element.querySelectorAll("iframe").length;
      document.getElementById("inline-3ds").appendChild(event.element);
      next();
    });
    const card = await window.kit.nonce(client, "4000000000001091");
    await tds.prepareLookup(card); // resolves once the script is set up
    // What the script itself hands to its inline set-up listeners.
    window.Cardinal.on("ui.inline.setup", (html) => {
      window.seen.handed = typeof html;
    });
    window.result = tds.verifyCard({ ...card, amount: "10", onLookupComplete: (d, n) => n() }).then(
      (p) => ({ shifted: p.liabilityShifted, possible: p.liabilityShiftPossible, status: p.threeDSecureInfo.status }),
      (e) => e.code,
    );
  });
  const frame = page.locator("#inline-3ds iframe");
  await frame.waitFor();
  assert.equal(await frame.getAttribute("height"), "400");
  await page.frameLocator("#inline-3ds iframe").locator("#cancel").click();
  assert.deepEqual(await page.evaluate(() => window.result), { shifted: false, possible: true, status: "authenticate_failed" });
  const seen = await page.evaluate(() => window.seen);
  assert.equal(seen.handed, "string", "the script hands an HTML string");
  assert.equal(seen.isElement, true);
  assert.equal(seen.frames, 1);
  assert.deepEqual(seen.events, ["customer-canceled"]);
  await page.context().close();
});

// The stand-in, plus a record of the listeners the SDK registers, so the test
// can call the SDK's inline set-up listener as the script would.
async function recordingScript(route) {
  const response = await route.fetch();
  const body =
    (await response.text()) +
    "\n;(function () { var on = Cardinal.on; Cardinal.listeners = {};" +
    " Cardinal.on = function (n, f) { (Cardinal.listeners[n] = Cardinal.listeners[n] || []).push(f); return on.apply(this, arguments); }; })();";
  await route.fulfill({ response, body });
}

test("inline iframe: details the SDK cannot present are rejected with THREEDS_INLINE_IFRAME_DETAILS_INCORRECT", { timeout: 60000 }, async () => {
  const page = await blankPage(browser, sandbox.url, { "**/3ds/songbird.js": recordingScript });
  const out = await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    const tds = await sdk.threeDSecure.create({ client, version: "2-inline-iframe" });
    await tds.prepareLookup({ nonce: "n", bin: "400000" }); // resolves once the script is set up
    const listeners = window.Cardinal.listeners["ui.inline.setup"];
    const sdkListener = listeners[listeners.length - 1];
    const rejections = [];
    const setup = (html, details) =>
      new Promise((resolve) => {
        sdkListener(
          html,
          details,
          () => resolve("resolved"),
          (e) => {
            rejections.push(e.code + ": " + e.message);
            resolve("rejected");
          },
        );
      });
    const r = {};
    r.noHtml = await setup("", { paymentType: "CCA", data: { mode: "static" } });
    r.wrongType = await setup("<iframe></iframe>", { paymentType: "XYZ", data: { mode: "static" } });
    r.wrongMode = await setup("<iframe></iframe>", { paymentType: "CCA", data: { mode: "modal" } });
    r.suppress = await setup("<iframe data-hidden-collector></iframe>", { paymentType: "CCA", data: { mode: "suppress" } });
    const hidden = document.querySelector("[data-hidden-collector]").parentElement;
    return { r, rejections, suppressed: [hidden.style.display, hidden.parentElement === document.body] };
  });
  assert.deepEqual(out.r, { noHtml: "rejected", wrongType: "rejected", wrongMode: "rejected", suppress: "resolved" });
  assert.deepEqual(
    out.rejections,
    Array(3).fill("THREEDS_INLINE_IFRAME_DETAILS_INCORRECT: Something went wrong when attempting to add the authentication iframe to the page."),
  );
  assert.deepEqual(out.suppressed, ["none", true]);
  await page.context().close();
});

test("under a strict CSP the three presentations complete a challenge with no violation", { timeout: 60000 }, async () => {
  const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; frame-src 'self'; connect-src 'self'";
  const page = await blankPage(browser, sandbox.url, {}, csp);
  const violations = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.evaluate(async () => {
    const sdk = await window.kit.sdk();
    const client = await window.kit.client();
    let tds = null;
    window.start = async (version) => {
      if (tds) await tds.teardown();
      tds = await sdk.threeDSecure.create({ client, version });
      tds.on("authentication-iframe-available", (event, next) => {
        document.getElementById("inline-3ds").appendChild(event.element);
        next();
      });
      const card = await window.kit.nonce(client, "4000000000001091");
      window.result = tds.verifyCard({ ...card, amount: "10", onLookupComplete: (d, n) => n() }).then(
        (p) => p.liabilityShifted,
        (e) => e.code,
      );
    };
  });
  for (const [version, holder] of [
    ["2", "[data-cardinal-modal]"],
    ["2-bootstrap3-modal", "[data-cardinal-bootstrap3]"],
    ["2-inline-iframe", "#inline-3ds"],
  ]) {
    await page.evaluate((v) => window.start(v), version);
    await page
      .frameLocator(holder + " iframe")
      .locator("#submit")
      .click();
    assert.equal(await page.evaluate(() => window.result), true, version);
  }
  await page.evaluate(() => window.start("2-bootstrap3-modal"));
  const dialog = await page.waitForSelector("[data-cardinal-bootstrap3] .modal-dialog");
  const dialogWidth = await dialog.evaluate((d) => getComputedStyle(d).width);
  assert.equal(dialogWidth, "440px", "styles apply under the policy");
  assert.deepEqual(violations, []);
  // The policy is really in force: an inline style attribute is refused.
  const inlineStyle = await page.evaluate(() => {
    const holder = document.createElement("div");
    holder.innerHTML = '<p style="width: 123px"></p>';
    document.body.appendChild(holder);
    return getComputedStyle(holder.firstChild).width;
  });
  assert.notEqual(inlineStyle, "123px");
  await page.context().close();
});
