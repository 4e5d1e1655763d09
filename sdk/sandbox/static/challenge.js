// The sandbox bank's challenge page: reports the outcome to the page that
// framed it, at the origin the authentication script named.
(function () {
  "use strict";
  var tx = document.body.getAttribute("data-tx");
  var origin = document.body.getAttribute("data-origin");
  function send(action) {
    fetch("challenge/" + encodeURIComponent(tx), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: action, code: document.getElementById("code").value }),
    })
      .then(function (r) {
        return r.json();
      })
      .then(function (result) {
        window.parent.postMessage({ cardinalChallenge: result }, origin);
      });
  }
  document.getElementById("submit").addEventListener("click", function () {
    send("submit");
  });
  document.getElementById("cancel").addEventListener("click", function () {
    send("cancel");
  });
})();
