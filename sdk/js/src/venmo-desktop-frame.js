// The desktop QR frame (assets host): shows the QR code of the payment
// context and the status views the page sends, and tells the page when the
// customer cancels or asks for a new code. The page's origin is in the
// query, the channel (`ENV_id`) in the hash.
const origin = new URL(location.href).searchParams.get('origin');
const id = location.hash.slice(1).split('_').slice(1).join('_');
const $ = (s) => document.getElementById(s);
const send = (event, data) => window.parent.postMessage({ venmoDesktop: id, event, data }, origin);

window.addEventListener('message', (e) => {
  const d = e.data;
  if (e.origin !== origin || e.source !== window.parent || !d || d.venmoDesktop !== id) return;
  const data = d.data || {};
  if (d.event === 'qr') {
    $('context').textContent = data.id;
    $('merchant').textContent = data.merchantId;
    $('code').hidden = false;
  }
  if (d.event === 'closed') $('code').hidden = true;
  $('new-qr').hidden = d.event !== 'error';
  $('text').textContent = data.text || '';
});
$('cancel').addEventListener('click', () => send('canceled'));
$('new-qr').addEventListener('click', () => send('new-qr'));
send('ready');
