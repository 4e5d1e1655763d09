// Sandbox stand-in for the 3-D Secure authentication script. It implements the
// part of the script's interface the SDK uses (see client_api/three_ds.rs).
(function () {
  'use strict';
  var handlers = {};
  var cfg = {};
  var sessionId = 'df-' + Math.random().toString(16).slice(2);

  function fire(name) {
    var args = Array.prototype.slice.call(arguments, 1);
    (handlers[name] || []).slice().forEach(function (h) { h.apply(null, args); });
  }

  function challengeFrame(acs) {
    var frame = document.createElement('iframe');
    frame.src = acs.AcsUrl + '?tx=' + encodeURIComponent(acs.Payload) + '&origin=' + encodeURIComponent(location.origin);
    frame.width = '400';
    frame.height = '400';
    frame.title = '3-D Secure challenge';
    frame.setAttribute('data-cardinal-challenge', '');
    frame.style.border = 'none';
    return frame;
  }

  // The script's own modal (the default presentation): frame height 400, close
  // button only when displayExitButton is set; Escape cancels (error 10011).
  function ownModal(frame, finish) {
    var overlay = document.createElement('div');
    overlay.setAttribute('data-cardinal-modal', '');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    var s = overlay.style;
    s.position = 'fixed'; s.inset = '0'; s.zIndex = '2147483000';
    s.background = 'rgba(0,0,0,0.5)'; s.display = 'flex'; s.alignItems = 'center'; s.justifyContent = 'center';
    var box = document.createElement('div');
    box.style.background = '#fff'; box.style.padding = '8px'; box.style.position = 'relative';
    frame.height = '400';
    var display = cfg.payment && cfg.payment.displayExitButton;
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = '\u00d7';
    close.setAttribute('aria-label', 'Close');
    close.hidden = !display;
    close.addEventListener('click', function () { finish(canceled()); });
    box.appendChild(close);
    box.appendChild(frame);
    overlay.appendChild(box);
    document.body.appendChild(overlay);
    return overlay;
  }

  function canceled() {
    return { data: { ActionCode: 'ERROR', ErrorNumber: 10011, ErrorDescription: 'Canceled' }, jwt: null };
  }

  window.Cardinal = {
    configure: function (c) { cfg = c || {}; },
    on: function (name, h) { (handlers[name] = handlers[name] || []).push(h); },
    off: function (name) { delete handlers[name]; },
    setup: function (kind, data) {
      setTimeout(function () {
        if (!data || !data.jwt) {
          fire('payments.validated', { ActionCode: 'ERROR', ErrorNumber: 10010, ErrorDescription: 'JWT missing' }, null);
          return;
        }
        fire('payments.setupComplete', { sessionId: sessionId, modules: [{ module: 'CCA', loaded: true }] });
      }, 5);
    },
    trigger: function () { return Promise.resolve({ Status: true }); },
    'continue': function (kind, acs) {
      var frame = challengeFrame(acs);
      var acsOrigin = new URL(acs.AcsUrl, location.href).origin;
      var modal = null;
      var done = false;
      function finish(result) {
        if (done) return;
        done = true;
        window.removeEventListener('message', onMessage);
        document.removeEventListener('keydown', onKey);
        if (modal) modal.remove(); else if (frame.parentNode) frame.remove();
        fire('payments.validated', result.data, result.jwt);
      }
      function onMessage(event) {
        if (event.origin !== acsOrigin || event.source !== frame.contentWindow) return;
        var r = event.data && event.data.cardinalChallenge;
        if (!r) return;
        finish({ data: { ActionCode: r.actionCode, Payment: { ExtendedData: { ChallengeCancel: r.challengeCancel } } }, jwt: r.jwt });
      }
      function onKey(event) { if (event.key === 'Escape' && modal) finish(canceled()); }
      window.addEventListener('message', onMessage);
      if (cfg.payment && cfg.payment.framework === 'inline') {
        fire('ui.inline.setup', frame, { paymentType: 'CCA', data: { mode: 'static' } },
          function () {}, function () { finish({ data: { ActionCode: 'ERROR', ErrorNumber: 10000 }, jwt: null }); });
      } else {
        document.addEventListener('keydown', onKey);
        modal = ownModal(frame, finish);
      }
    }
  };
})();
