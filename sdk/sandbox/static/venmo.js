// The Venmo stand-in (app deep link and web login): moves the payment
// context and returns the way Venmo does. The app's page switches the
// browser tab that opened it back to the return URL (and closes); web login
// goes there in its own popup; NOOP return URLs mean manual return.
const q = new URLSearchParams(location.search);
const id = q.get("resource_id") || (q.get("braintree_access_token") || "").split("|pcid:")[1] || "";
const webLogin = location.pathname.endsWith("/go/web");
const base = location.pathname.replace(/\/venmo\/.*$/, "/venmo/");

async function act(status, marker, extra) {
  const res = await fetch(base + "authorize", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id, status }),
  });
  const ctx = await res.json();
  let target = q.get("x-" + marker);
  if (!target || target === "NOOP") {
    document.getElementById("what").textContent = "Done: return to the business to finish.";
    return;
  }
  if (status === "APPROVED") {
    extra = { paymentMethodNonce: ctx.paymentMethodId, username: ctx.userName };
    if (id) extra.resource_id = id;
  }
  for (const k in extra || {}) target += "&" + k + "=" + encodeURIComponent(extra[k]);
  if (!webLogin && window.opener && !window.opener.closed) {
    window.opener.location.href = target;
    window.close();
  } else {
    location.href = target;
  }
}

document.getElementById("approve").addEventListener("click", () => act("APPROVED", "success"));
document.getElementById("cancel").addEventListener("click", () => act("CANCELED", "cancel"));
document.getElementById("error").addEventListener("click", () => act("FAILED", "error", { errorMessage: "Sandbox failure", errorCode: "SANDBOX_ERROR" }));
