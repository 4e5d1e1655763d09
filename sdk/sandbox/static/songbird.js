// Sandbox stand-in for the 3-D Secure authentication script. It implements the
// part of the script's interface the SDK uses (see client_api/three_d_secure.rs) and
// behaves as the real script does where the SDK can tell: the inline set-up
// hands an HTML string, bootstrap3 is the script's own Bootstrap 3 modal, and
// the ui.* events fire around its modals and loader.
(function () {
  "use strict";
  var FRAME_ID = "Cardinal-CCA-IFrame";
  var handlers = {};
  var cfg = {};
  var sessionId = "df-" + Math.random().toString(16).slice(2);

  function fire(name) {
    var args = Array.prototype.slice.call(arguments, 1);
    (handlers[name] || []).slice().forEach(function (h) {
      h.apply(null, args);
    });
  }

  function payment() {
    return cfg.payment || {};
  }

  function escapeAttr(s) {
    return String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function challengeSrc(acs) {
    return acs.AcsUrl + "?tx=" + encodeURIComponent(acs.Payload) + "&origin=" + encodeURIComponent(location.origin);
  }

  // The challenge frame as the real script's inline set-up hands it: markup.
  function challengeHtml(acs) {
    return (
      '<iframe id="' +
      FRAME_ID +
      '" name="' +
      FRAME_ID +
      '" src="' +
      escapeAttr(challengeSrc(acs)) +
      '" width="400" height="400" frameborder="0" title="3-D Secure challenge"></iframe>'
    );
  }

  function challengeFrame(acs) {
    var holder = document.createElement("div");
    holder.innerHTML = challengeHtml(acs);
    return holder.firstChild;
  }

  // The script's own modal (the default presentation): frame height 400, close
  // button only when displayExitButton is set.
  function cardinalModal(frame, cancel) {
    var overlay = document.createElement("div");
    overlay.setAttribute("data-cardinal-modal", "");
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    var s = overlay.style;
    s.position = "fixed";
    s.inset = "0";
    s.zIndex = "2147483000";
    s.background = "rgba(0,0,0,0.5)";
    s.display = "flex";
    s.alignItems = "center";
    s.justifyContent = "center";
    var box = document.createElement("div");
    box.style.background = "#fff";
    box.style.padding = "8px";
    box.style.position = "relative";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "\u00d7";
    close.setAttribute("aria-label", "Close");
    close.hidden = !payment().displayExitButton;
    close.addEventListener("click", cancel);
    box.appendChild(close);
    box.appendChild(frame);
    overlay.appendChild(box);
    return overlay;
  }

  function element(tag, attrs, style) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      el.setAttribute(k, attrs[k]);
    });
    Object.assign(el.style, style || {});
    return el;
  }

  // payment.framework 'bootstrap3': a Bootstrap 3 modal (dialog width 440)
  // with its close button and backdrop. Styles go through the CSSOM, so a
  // page whose policy forbids inline styles still shows it.
  function bootstrap3Modal(frame, cancel) {
    var root = element("div", { "data-cardinal-bootstrap3": "" });
    var modal = element(
      "div",
      { class: "modal fade in", tabindex: "-1", role: "dialog", "aria-modal": "true", "aria-label": "Purchase authentication" },
      { display: "block", position: "fixed", inset: "0", zIndex: "2147483001", overflow: "auto" },
    );
    var dialog = element("div", { class: "modal-dialog" }, { width: "440px", maxWidth: "100%", margin: "30px auto" });
    var content = element("div", { class: "modal-content" }, { background: "#fff", borderRadius: "6px", padding: "8px" });
    var header = element("div", { class: "modal-header" });
    var close = element("button", { type: "button", class: "close", "aria-label": "Close" });
    close.textContent = "\u00d7";
    var body = element("div", { class: "modal-body" });
    var backdrop = element("div", { class: "modal-backdrop fade in" }, { position: "fixed", inset: "0", zIndex: "2147483000", background: "rgba(0,0,0,0.5)" });
    header.appendChild(close);
    body.appendChild(frame);
    content.appendChild(header);
    content.appendChild(body);
    dialog.appendChild(content);
    modal.appendChild(dialog);
    root.appendChild(modal);
    root.appendChild(backdrop);
    close.addEventListener("click", cancel);
    backdrop.addEventListener("click", cancel);
    // The modal layer covers the backdrop: a click beside the dialog cancels too.
    modal.addEventListener("click", function (event) {
      if (event.target === modal) cancel();
    });
    return root;
  }

  function setupError(number, description) {
    return { ActionCode: "ERROR", Validated: false, ErrorNumber: number, ErrorDescription: description };
  }

  window.Cardinal = {
    configure: function (c) {
      cfg = c || {};
    },
    on: function (name, h) {
      (handlers[name] = handlers[name] || []).push(h);
    },
    off: function (name) {
      delete handlers[name];
    },
    setup: function (kind, data) {
      setTimeout(function () {
        if (!data || !data.jwt) {
          fire("payments.validated", setupError(10005, "Songbird was started without a request jwt."), null);
          return;
        }
        fire("payments.setupComplete", { sessionId: sessionId, modules: [{ module: "CCA", loaded: true }] });
      }, 5);
    },
    trigger: function (event) {
      return Promise.resolve(event === "bin.process" ? { Status: true } : undefined);
    },
    continue: function (kind, acs) {
      var framework = payment().framework;
      var inline = framework === "inline";
      var modal = null;
      var frame = null;
      var done = false;

      function currentFrame() {
        return frame || document.getElementById(FRAME_ID);
      }
      function finish(data, jwt) {
        if (done) return;
        done = true;
        window.removeEventListener("message", onMessage);
        document.removeEventListener("keydown", onKey);
        var f = currentFrame();
        if (modal) {
          modal.remove();
          fire("ui.close");
        } else if (f) {
          f.remove();
        }
        fire("payments.validated", data, jwt);
      }
      function fromChallenge(r) {
        finish(
          {
            ActionCode: r.actionCode,
            Validated: true,
            ErrorNumber: 0,
            Payment: { Type: "CCA", ExtendedData: { ChallengeCancel: r.challengeCancel || undefined } },
          },
          r.jwt,
        );
      }
      // Closing the script's modal is the cardholder canceling the challenge.
      function cancel() {
        fetch(acs.AcsUrl + "/" + encodeURIComponent(acs.Payload), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ action: "cancel" }),
        })
          .then(function (r) {
            return r.json();
          })
          .then(fromChallenge, function () {
            finish(setupError(10011, "Canceled"), null);
          });
      }
      function onMessage(event) {
        var f = currentFrame();
        if (!f || event.source !== f.contentWindow || event.origin !== new URL(acs.AcsUrl, location.href).origin) return;
        var r = event.data && event.data.cardinalChallenge;
        if (r) fromChallenge(r);
      }
      function onKey(event) {
        if (event.key === "Escape" && modal) cancel();
      }

      window.addEventListener("message", onMessage);
      if (payment().displayLoading) fire("ui.loading.render");
      setTimeout(function () {
        if (payment().displayLoading) fire("ui.loading.close");
        if (inline) {
          fire(
            "ui.inline.setup",
            challengeHtml(acs),
            { paymentType: "CCA", data: { mode: "static" } },
            function () {},
            function () {
              finish(setupError(10000, "Inline set-up rejected"), null);
            },
          );
          return;
        }
        frame = challengeFrame(acs);
        modal = framework === "bootstrap3" ? bootstrap3Modal(frame, cancel) : cardinalModal(frame, cancel);
        document.addEventListener("keydown", onKey);
        document.body.appendChild(modal);
        fire("ui.render");
      }, 5);
    },
  };
})();
