// The pages a popup (or the full-screen fallback frame) lands on: a
// component's return page (*-landing-frame), cancel (cancel-frame), and the
// loading pages (redirect-frame, dispatch-frame, *-loading-frame, ...). They report the query parameters to the
// window that opened them, on the channel and at the origin it named.
const kind = document.body.getAttribute('data-frame');
const params = Object.fromEntries(new URL(location.href).searchParams);
const channel = params.channel;
const origin = params.origin;
const target = window.opener || (window.parent !== window ? window.parent : null);
if (target && channel && origin && (/landing-frame$/.test(kind) || kind === 'cancel-frame')) {
  const result = Object.assign({}, params);
  delete result.channel;
  delete result.origin;
  if (kind === 'cancel-frame') result.cancel = true;
  target.postMessage({ channel, landing: result }, origin);
}
