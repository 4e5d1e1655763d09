// Sandbox stand-in for Masterpass's checkout script (MasterPass.client.js):
// `MasterPass.client.checkout(options)` takes the shopper from the page that
// called it (the SDK's loading page, in its popup) to the sandbox's wallet
// page with the checkout's options, as Masterpass takes them to its own; the
// wallet page returns to `callbackUrl`. Like Masterpass, checkout throws
// without the options a checkout needs.
(function () {
  "use strict";
  var script = document.currentScript;
  // The wallet page sits beside this script.
  var wallet = script ? script.src.replace(/\/[^/]*$/, "/checkout") : "";
  var REQUIRED = ["requestToken", "callbackUrl", "merchantCheckoutId", "allowedCardTypes", "version"];

  function checkout(options) {
    options = options || {};
    REQUIRED.forEach(function (k) {
      if (!options[k]) throw new Error("MasterPass.client.checkout: " + k + " is required");
    });
    // The callbacks stay on the page; every other option travels on.
    var query = Object.keys(options)
      .filter(function (k) {
        return typeof options[k] !== "function";
      })
      .map(function (k) {
        return encodeURIComponent(k) + "=" + encodeURIComponent(options[k]);
      })
      .join("&");
    window.location.assign(wallet + "?" + query);
  }

  window.MasterPass = { client: { checkout: checkout } };
})();
