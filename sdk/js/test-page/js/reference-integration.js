// The reference library's documented integration of client, hostedFields,
// threeDSecure, paypal, paypalCheckout and vaultManager, written as its
// documentation shows it: a classic script per component, window.braintree
// and Node-style callbacks. The only addition is sandboxUrl (this library's
// explicit sandbox mode). Each step's outcome is listed on the page (and
// kept in window.integration for the test).
/* global braintree */
(function () {
  var sandboxUrl = location.origin + "/sandbox";
  var steps = (window.integration = {});
  var form = document.querySelector("#checkout");
  var submit = document.querySelector("#submit");

  function report(step, err, value) {
    steps[step] = err ? { error: err.code, message: err.message } : { ok: value };
    var item = document.createElement("li");
    item.id = "step-" + step;
    item.textContent = step + ": " + (err ? err.code + " " + err.message : JSON.stringify(value));
    document.querySelector("#steps").appendChild(item);
  }

  function setupCardForm(clientInstance, threeDSecureInstance) {
    braintree.hostedFields.create(
      {
        client: clientInstance,
        styles: { input: { "font-size": "14px" }, "input.invalid": { color: "red" }, "input.valid": { color: "green" } },
        fields: {
          number: { selector: "#card-number", placeholder: "4111 1111 1111 1111" },
          cvv: { selector: "#cvv", placeholder: "123" },
          expirationDate: { selector: "#expiration-date", placeholder: "10/2029" },
        },
      },
      function (hostedFieldsErr, hostedFieldsInstance) {
        report("hostedFields", hostedFieldsErr, hostedFieldsInstance && Object.keys(hostedFieldsInstance.getState().fields));
        if (hostedFieldsErr) return;
        submit.removeAttribute("disabled");
        form.addEventListener("submit", function (event) {
          event.preventDefault();
          hostedFieldsInstance.tokenize(function (tokenizeErr, payload) {
            report("tokenize", tokenizeErr, payload && payload.details.lastFour);
            if (tokenizeErr) return;
            threeDSecureInstance.verifyCard(
              {
                amount: "10.00",
                nonce: payload.nonce,
                bin: payload.details.bin,
                email: "ada@example.com",
                billingAddress: { givenName: "Ada", surname: "Lovelace", postalCode: "60606", countryCodeAlpha2: "US" },
                onLookupComplete: function (data, next) {
                  next();
                },
              },
              function (verifyErr, response) {
                report(
                  "verifyCard",
                  verifyErr,
                  response && { liabilityShifted: response.liabilityShifted, liabilityShiftPossible: response.liabilityShiftPossible },
                );
                if (!verifyErr) document.querySelector("#nonce").value = response.nonce;
              },
            );
          });
        });
      },
    );
  }

  function setupWallets(clientInstance) {
    braintree.paypal.create({ client: clientInstance }, function (paypalErr, paypalInstance) {
      report("paypal", paypalErr, paypalInstance && typeof paypalInstance.tokenize);
    });
    braintree.paypalCheckout.create({ client: clientInstance }, function (paypalCheckoutErr, paypalCheckoutInstance) {
      if (paypalCheckoutErr) return report("paypalCheckout", paypalCheckoutErr);
      paypalCheckoutInstance.createPayment({ flow: "checkout", amount: "10.00", currency: "USD", intent: "capture" }, function (createErr, token) {
        report("paypalCheckout", createErr, token && token.length > 0);
      });
    });
    braintree.vaultManager.create({ client: clientInstance }, function (vaultManagerErr, vaultManagerInstance) {
      if (vaultManagerErr) return report("vaultManager", vaultManagerErr);
      vaultManagerInstance.fetchPaymentMethods(function (fetchErr, paymentMethods) {
        report("vaultManager", fetchErr, paymentMethods && Array.isArray(paymentMethods));
      });
    });
  }

  fetch(sandboxUrl + "/gateway/client_token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ customerId: "customer01" }),
  })
    .then(function (res) {
      return res.json();
    })
    .then(function (body) {
      braintree.client.create({ authorization: body.clientToken, sandboxUrl: sandboxUrl }, function (clientErr, clientInstance) {
        report("client", clientErr, clientInstance && clientInstance.getVersion());
        if (clientErr) return;
        braintree.threeDSecure.create({ version: 2, client: clientInstance }, function (threeDSecureErr, threeDSecureInstance) {
          report("threeDSecure", threeDSecureErr, Boolean(threeDSecureInstance));
          if (!threeDSecureErr) setupCardForm(clientInstance, threeDSecureInstance);
        });
        setupWallets(clientInstance);
      });
    });
})();
