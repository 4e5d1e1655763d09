// The desktop QR frame (assets host): shows the payment context's QR code
// and the view of each step the page sends, announces it in the alert
// region for screen readers (section 8's texts), and tells the page when the
// customer cancels or asks for a new code. The page's origin is in the
// query, the channel (`ENV_id`) in the hash.
const origin = new URL(location.href).searchParams.get('origin');
const id = location.hash.slice(1).split('_').slice(1).join('_');
const $ = (s) => document.getElementById(s);
const send = (event) => window.parent.postMessage({ venmoDesktop: id, event }, origin);
const WRONG = 'Something went wrong';
const TEXTS = {
  GENERATING: 'Generating a QR code, get your Venmo app ready',
  QR: 'To scan the QR code, open your Venmo app',
  SCANNED: 'Authorize on your Venmo app',
  APPROVED: 'Venmo account authorized',
  CANCELED: 'The authorization was canceled',
  EXPIRED: WRONG,
  FAILED: WRONG,
  ERROR: WRONG,
  '': ''
};

window.addEventListener('message', (e) => {
  const d = e.data;
  if (e.origin !== origin || e.source !== window.parent || !d || d.venmoDesktop !== id || !(d.step in TEXTS)) return;
  if (d.step === 'QR') {
    $('context').textContent = d.data.id;
    $('merchant').textContent = d.data.merchantId;
  }
  $('code').hidden = d.step === 'GENERATING' || d.step === '';
  $('new-qr').hidden = !/CANCELED|EXPIRED|FAILED|ERROR/.test(d.step);
  $('alert').textContent = $('text').textContent = TEXTS[d.step];
});
$('cancel').addEventListener('click', () => send('canceled'));
$('new-qr').addEventListener('click', () => send('new-qr'));
send('ready');
