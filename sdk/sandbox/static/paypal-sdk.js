// Sandbox stand-in for the PayPal JS SDK script: `paypal.Buttons(options)`
// renders one button that calls createOrder (or createBillingAgreement), opens
// the sandbox approval page in a popup and calls onApprove / onCancel when the
// popup reports back: the SDK's landing frame for the payment SDK's flows, or
// the approval page itself for an Orders v2 order the shop's server created
// (`createOrder` resolves to its id; `onApprove({orderID, payerID})` then has
// the server capture it).
(function () {
  "use strict";
  var script = document.currentScript;
  var params = script ? new URL(script.src).searchParams : new URLSearchParams();
  var sandbox = script ? script.src.replace(/\/paypal\/sdk\/js.*$/, "") : "";
  function Buttons(options) {
    options = options || {};
    return {
      isEligible: function () {
        return true;
      },
      render: function (target) {
        var el = typeof target === "string" ? document.querySelector(target) : target;
        if (!el) return Promise.reject(new Error("Container not found"));
        var button = document.createElement("button");
        button.type = "button";
        button.className = "paypal-button";
        button.textContent = "PayPal";
        button.setAttribute("aria-label", "Pay with PayPal");
        button.addEventListener("click", function () {
          var popup = window.open("", "paypal-sandbox", "width=450,height=535");
          var create = options.createBillingAgreement || options.createOrder;
          Promise.resolve(create ? create() : null)
            .then(function (token) {
              if (!popup) throw new Error("popup blocked");
              popup.location.href = sandbox + "/paypal/checkout?token=" + encodeURIComponent(token);
              function onMessage(event) {
                var d = event.data && event.data.paypalLanding;
                if (!d || event.source !== popup) return;
                window.removeEventListener("message", onMessage);
                popup.close();
                if (d.cancel) {
                  if (options.onCancel) options.onCancel({ orderID: token });
                  return;
                }
                options.onApprove &&
                  options.onApprove(
                    {
                      orderID: token,
                      paymentID: token,
                      payerID: d.PayerID,
                      billingToken: d.ba_token || null,
                    },
                    {},
                  );
              }
              window.addEventListener("message", onMessage);
            })
            .catch(function (err) {
              if (popup) popup.close();
              if (options.onError) options.onError(err);
            });
        });
        el.appendChild(button);
        return Promise.resolve();
      },
    };
  }
  window.paypal = { version: "sandbox", Buttons: Buttons, FUNDING: { PAYPAL: "paypal" }, sdkParams: params.toString() };
})();
