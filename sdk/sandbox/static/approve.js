// The sandbox approval page: Approve records the approval and returns to the
// SDK's landing frame with token and PayerID; Cancel returns to the cancel
// frame. For a PayPal Orders v2 order (no return URL) the page reports to its
// opener, the PayPal button script, with postMessage instead.
(function () {
  "use strict";
  var b = document.body;
  var token = b.getAttribute("data-token");
  var vault = b.getAttribute("data-vault") === "1";
  var landing = b.getAttribute("data-return");
  function go(base, params) {
    var url = new URL(base);
    Object.keys(params).forEach(function (k) {
      url.searchParams.set(k, params[k]);
    });
    location.href = url.toString();
  }
  function tell(message) {
    if (window.opener) window.opener.postMessage({ paypalLanding: message }, "*");
  }
  document.getElementById("approve").addEventListener("click", function () {
    fetch("approve", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: token }),
    })
      .then(function (r) {
        return r.json();
      })
      .then(function (res) {
        var params = { token: token, PayerID: res.payerId };
        if (vault) params.ba_token = token;
        if (landing) go(landing, params);
        else tell(params);
      });
  });
  document.getElementById("cancel").addEventListener("click", function () {
    if (landing) go(b.getAttribute("data-cancel"), { token: token });
    else tell({ cancel: true, token: token });
  });
})();
