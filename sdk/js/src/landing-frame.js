// The pages a popup (or the full-screen fallback frame) lands on: the PayPal
// return (paypal-landing-frame), cancel (cancel-frame), and the loading page
// (redirect-frame / dispatch-frame). They report the query parameters to the
// window that opened them, on the channel and at the origin it named.
const kind = document.body.getAttribute('data-frame');
const params = Object.fromEntries(new URL(location.href).searchParams);
const channel = params.channel;
const origin = params.origin;
const target = window.opener || (window.parent !== window ? window.parent : null);
if (target && channel && origin && (kind === 'paypal-landing-frame' || kind === 'cancel-frame')) {
  const result = Object.assign({}, params);
  delete result.channel;
  delete result.origin;
  if (kind === 'cancel-frame') result.cancel = true;
  target.postMessage({ channel, paypalLanding: result }, origin);
}
