// Sandbox stand-in for the bank-login ("Plaid" link) script:
// `Plaid.create({clientName, env, key, product, selectAccount, onSuccess,
// onExit}).open()` shows its own dialog over the page where the customer
// links a checking or a savings account (onSuccess(publicToken, metadata))
// or exits (onExit(null, metadata)).
(function () {
  "use strict";
  var count = 0;
  function create(options) {
    var dialog = null;
    function close() {
      if (dialog) dialog.remove();
      dialog = null;
    }
    function button(label, onClick) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.addEventListener("click", onClick);
      return b;
    }
    function link(subtype) {
      close();
      count += 1;
      var id = "acc-" + subtype + "-" + count;
      options.onSuccess("public-" + options.env + "-" + Date.now().toString(36) + count, {
        account_id: id,
        account: { id: id, name: "Plaid " + subtype, subtype: subtype, type: "depository" },
        institution: { name: "Sandbox Bank", institution_id: "ins_sandbox" },
        link_session_id: "session-" + count,
      });
    }
    return {
      open: function () {
        if (dialog) return;
        dialog = document.createElement("div");
        dialog.id = "plaid-link-sandbox";
        dialog.setAttribute("role", "dialog");
        dialog.setAttribute("aria-modal", "true");
        dialog.setAttribute("aria-label", "Link your bank account");
        dialog.dataset.env = options.env;
        dialog.dataset.key = options.key;
        dialog.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center";
        var box = document.createElement("div");
        box.style.cssText = "background:#fff;padding:24px;border-radius:8px;font:16px sans-serif;display:flex;flex-direction:column;gap:8px";
        var title = document.createElement("h2");
        title.textContent = options.clientName + " uses Sandbox Bank to link your account";
        box.appendChild(title);
        box.appendChild(
          button("Link checking account", function () {
            link("checking");
          }),
        );
        box.appendChild(
          button("Link savings account", function () {
            link("savings");
          }),
        );
        box.appendChild(
          button("Exit", function () {
            close();
            options.onExit(null, { status: "requires_credentials" });
          }),
        );
        dialog.appendChild(box);
        document.body.appendChild(dialog);
      },
      exit: function () {
        if (!dialog) return;
        close();
        options.onExit(null, { status: "exited" });
      },
      destroy: close,
    };
  }
  window.Plaid = { create: create, version: "sandbox" };
})();
