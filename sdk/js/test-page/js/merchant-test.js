// The merchant test page: a merchant integration written against the
// library's public API, running against the local sandbox.
import * as sdk from "./index.js";
import { SEPA_MANDATE } from "./sepa-mandate.js";

const $ = (id) => document.getElementById(id);
const sandboxUrl = location.origin + "/sandbox";
const show = (label, value) => {
  $("result").textContent = label + "\n" + JSON.stringify(value, null, 2);
  document.body.dataset.lastResult = label;
};
const fail = (err) => show("Error", { name: err.name, type: err.type, code: err.code, message: err.message, details: err.details });

async function main() {
  const res = await fetch(sandboxUrl + "/gateway/client_token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ customerId: "customer01" }),
  });
  const { clientToken } = await res.json();
  const client = await sdk.client.create({ authorization: clientToken, sandboxUrl });
  const hf = await sdk.hostedFields.create({
    client,
    styles: { input: { "font-size": "16px", "font-family": "monospace", color: "#222" }, ".invalid": { color: "#c0392b" }, ".valid": { color: "#2e8b57" } },
    fields: {
      cardholderName: { container: "#cc-name", placeholder: "Name on card" },
      number: { container: "#cc-number", placeholder: "4111 1111 1111 1111" },
      expirationDate: { container: "#cc-expiration", placeholder: "MM / YY" },
      cvv: { container: "#cc-cvv", placeholder: "123" },
      postalCode: { container: "#cc-postal", placeholder: "12345" },
    },
  });
  window.hostedFieldsInstance = hf;
  hf.on("cardTypeChange", (e) => {
    $("card-type").textContent = e.cards.length === 1 ? e.cards[0].niceType : "—";
  });
  $("pay").disabled = false;
  document.body.dataset.hostedFields = "ready";

  let tds = null;
  $("card-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const payload = await hf.tokenize();
      if (!$("use-3ds").checked || !sdk.threeDSecure) return show("Tokenized", payload);
      if (tds) await tds.teardown();
      tds = await sdk.threeDSecure.create({ client, version: $("tds-version").value });
      tds.on("authentication-iframe-available", (event, next) => {
        $("inline-3ds").appendChild(event.element);
        next();
      });
      const result = await tds.verifyCard({
        nonce: payload.nonce,
        bin: payload.details.bin,
        amount: $("amount").value,
        onLookupComplete: (data, next) => next(),
      });
      show("3-D Secure verified", result);
    } catch (err) {
      fail(err);
    }
  });

  if (sdk.paypal) {
    const pp = await sdk.paypal.create({ client });
    const ppc = await sdk.paypalCheckout.create({ client });
    $("paypal-checkout").disabled = false;
    $("paypal-vault").disabled = false;
    $("paypal-vic").disabled = false;
    $("paypal-checkout").addEventListener("click", () => {
      pp.tokenize({ flow: "checkout", amount: $("amount").value, currency: "USD" }).then((p) => show("PayPal tokenized", p), fail);
    });
    $("paypal-vault").addEventListener("click", () => {
      pp.tokenize({ flow: "vault", billingAgreementDescription: "Couture saved PayPal" }).then((p) => show("PayPal tokenized", p), fail);
    });
    $("paypal-vic").addEventListener("click", () => {
      ppc
        .startVaultInitiatedCheckout({ amount: $("amount").value, currency: "USD", vaultInitiatedCheckoutPaymentMethodToken: "token-paypal-01" })
        .then((p) => show("PayPal tokenized", p), fail);
    });
  }
  if (sdk.vaultManager) {
    const vm = await sdk.vaultManager.create({ client });
    $("vault-list").disabled = false;
    $("vault-list").addEventListener("click", async () => {
      const methods = await vm.fetchPaymentMethods({ defaultFirst: true });
      const list = $("vault-methods");
      list.replaceChildren();
      for (const m of methods) {
        const li = document.createElement("li");
        li.textContent = m.type + " " + (m.description || "") + (m.default ? " (default) " : " ");
        const del = document.createElement("button");
        del.type = "button";
        del.textContent = "Delete";
        del.addEventListener("click", () =>
          vm.deletePaymentMethod(m.nonce).then(() => {
            li.remove();
            show("Deleted", m.nonce);
          }, fail),
        );
        li.appendChild(del);
        list.appendChild(li);
      }
      show("Saved methods", methods);
    });
  }
  if (sdk.localPayment) {
    const ideal = {
      paymentType: "ideal",
      amount: "10.00",
      currencyCode: "EUR",
      givenName: "Ada",
      surname: "Lovelace",
      fallback: { url: location.href, buttonText: "Back to the shop" },
    };
    const lp = await sdk.localPayment.create({ client });
    // The full-page flow returns here: its create tokenizes the query.
    const lpRedirect = await sdk.localPayment.create({ client, redirectUrl: location.origin + location.pathname });
    if (lpRedirect.tokenizePayload) show("Local payment tokenized", lpRedirect.tokenizePayload);
    for (const id of ["lp-popup", "lp-redirect", "lp-blik"]) $(id).disabled = false;
    $("lp-popup").addEventListener("click", () => {
      lp.startPayment({ ...ideal, onPaymentStart: (data, go) => go() }).then((p) => show("Local payment tokenized", p), fail);
    });
    $("lp-redirect").addEventListener("click", () => {
      lpRedirect.startPayment(ideal).catch(fail);
    });
    $("lp-blik").addEventListener("click", () => {
      lp.startPayment({
        paymentType: "blik",
        amount: "10.00",
        currencyCode: "PLN",
        givenName: "Ada",
        surname: "Lovelace",
        blikOptions: { level_0: { authCode: "123456" } },
        onPaymentStart: (data) => show("Local payment started", data),
      }).catch(fail);
    });
  }
  if (sdk.unionpay) {
    const up = await sdk.unionpay.create({ client });
    let enrollmentId = "";
    $("up-enroll").disabled = false;
    $("up-tokenize").disabled = false;
    $("up-enroll").addEventListener("click", () => {
      up.enroll({ hostedFields: hf, mobile: { countryCode: "62", number: $("up-mobile").value } }).then((r) => {
        enrollmentId = r.enrollmentId;
        show("UnionPay enrolled", r);
      }, fail);
    });
    $("up-tokenize").addEventListener("click", () => {
      up.tokenize({ hostedFields: hf, enrollmentId, smsCode: $("up-sms").value }).then((p) => show("UnionPay tokenized", p), fail);
    });
  }
  if (sdk.paymentRequest) {
    sdk.paymentRequest.create({ client }).then((pr) => {
      $("payment-request").disabled = false;
      $("payment-request").addEventListener("click", () => {
        pr.tokenize({ details: { total: { label: "Total", amount: { currency: "USD", value: $("amount").value } } } }).then(
          (p) => show("Payment Request tokenized", p),
          fail,
        );
      });
    }, fail);
  }
  if (sdk.sepa) {
    const mandate = SEPA_MANDATE;
    // The redirect flow's instance finishes a mandate the page returns with.
    const redirected = await sdk.sepa.create({ client, redirectUrl: location.origin + location.pathname });
    if (redirected && redirected.tokenizePayload) show("SEPA tokenized", redirected.tokenizePayload);
    history.replaceState(null, "", location.pathname);
    const sepa = await sdk.sepa.create({ client });
    $("sepa-popup").disabled = false;
    $("sepa-redirect").disabled = false;
    $("sepa-popup").addEventListener("click", () => sepa.tokenize(mandate).then((p) => show("SEPA tokenized", p), fail));
    $("sepa-redirect").addEventListener("click", () => redirected.tokenize(mandate).catch(fail));
  }
  // Masterpass refuses browsers whose popups cannot report back (web views).
  if (sdk.masterpass && sdk.masterpass.isSupported()) {
    const mp = await sdk.masterpass.create({ client });
    $("masterpass").disabled = false;
    $("masterpass").addEventListener("click", () => {
      mp.tokenize({ subtotal: $("amount").value, currencyCode: "USD" }).then((p) => show("Masterpass tokenized", p), fail);
    });
  }
  if (sdk.paymentReady) {
    const pr = await sdk.paymentReady.create({ client });
    const ppm = await sdk.preferredPaymentMethods.create({ client });
    const usb = await sdk.usBankAccount.create({ client });
    const owner = {
      ownershipType: "personal",
      firstName: "Ada",
      lastName: "Lovelace",
      billingAddress: { streetAddress: "1 Main St", locality: "Oakland", region: "CA", postalCode: "94607" },
    };
    const mandateText = "I authorize Braintree to debit my bank account on behalf of Couture.";
    for (const id of ["ready-session", "preferred", "usbank-details", "usbank-login"]) $(id).disabled = false;
    $("ready-session").addEventListener("click", async () => {
      try {
        const { sessionId } = await pr.createCustomerSession({ customer: { hashedEmail: "a1b2c3" } });
        pr.sendPresentedEvent({
          paymentReadySessionId: sessionId,
          buttonType: "paypal",
          presentmentDetails: { pageType: "checkout", buttonOrder: "first", experimentType: "control" },
        });
        show("Payment Ready recommendations", await pr.getCustomerRecommendations({ sessionId }));
      } catch (e) {
        fail(e);
      }
    });
    $("preferred").addEventListener("click", () => ppm.fetchPreferredPaymentMethods().then((r) => show("Preferred methods", r), fail));
    $("usbank-details").addEventListener("click", () => {
      usb
        .tokenize({ mandateText, bankDetails: { ...owner, routingNumber: "307075259", accountNumber: "999999999", accountType: "checking" } })
        .then((p) => show("US bank account tokenized", p), fail);
    });
    $("usbank-login").addEventListener("click", () => {
      usb.tokenize({ mandateText, bankLogin: { ...owner, displayName: "Couture" } }).then((p) => show("US bank account tokenized", p), fail);
    });
  }
  if (sdk.venmo) {
    // One instance per flow: the QR code and web login on desktop, the app switch on mobile.
    for (const [id, options] of [
      ["venmo-qr", { allowDesktop: true }],
      ["venmo-web", { allowDesktopWebLogin: true, paymentMethodUsage: "single_use" }],
      ["venmo-app", { paymentMethodUsage: "single_use" }],
    ]) {
      const venmo = await sdk.venmo.create(Object.assign({ client }, options)).catch(fail);
      if (!venmo || !venmo.isBrowserSupported()) continue;
      if (venmo.hasTokenizationResult()) venmo.tokenize().then((p) => show("Venmo tokenized", p), fail);
      $(id).disabled = false;
      $(id).addEventListener("click", () => venmo.tokenize().then((p) => show("Venmo tokenized", p), fail));
    }
  }
  document.body.dataset.ready = "all";
}

main().catch(fail);
